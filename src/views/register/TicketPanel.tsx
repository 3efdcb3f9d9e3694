// The ticket being rung up: its name when it is a recalled tab, the lines, the note, the totals
// and the actions; a ticket another tab paid says so, with the way to a new one. On a narrow
// screen it is a bottom sheet the register opens and closes. Owns the quantity pad's dialog and the
// line discount's.
import { createEffect, createSignal, For, on, Show } from 'solid-js';
import { lastReceipt } from '../../features/payment';
import {
  clearTicket,
  currentTicket,
  type TicketLine,
  ticketLines,
  ticketTotals,
} from '../../features/ticket';
import { formatMoment } from '../../words/format';
import { t } from '../../words/i18n';
import { lazyDialog, OpenedOnce } from '../common/lazy-dialog';
import { NoteField } from './NoteField';
import { TicketActions } from './TicketActions';
import { TicketLineRow } from './TicketLineRow';
import './ticket.css';
import { TotalsBox } from './TotalsBox';

/** Not part of the first screen: loaded after it (see lazy-dialog.tsx). */
const QuantityDialog = lazyDialog(['payment'], () =>
  import('./QuantityDialog').then((m) => m.QuantityDialog),
);
const LineDiscountDialog = lazyDialog(['payment'], () =>
  import('./LineDiscountDialog').then((m) => m.LineDiscountDialog),
);

export function TicketPanel(props: {
  onPay: () => void;
  onMessage: (text: string) => void;
  onReceipt: () => void;
}) {
  const [padKey, setPadKey] = createSignal<string>();
  const padLine = () => ticketLines().find((line) => line.key === padKey());
  const [discountKey, setDiscountKey] = createSignal<string>();
  const discountLine = () => ticketLines().find((line) => line.key === discountKey());
  /** A long ticket scrolls in its list: a line just added (at the end) is scrolled into view. */
  const keepNewestInView = (list: HTMLUListElement) => {
    createEffect(
      on(
        () => ticketLines().length,
        (count, before) => {
          if (before !== undefined && count > before) list.scrollTop = list.scrollHeight;
        },
      ),
    );
  };
  return (
    <>
      <div class="panel-header">
        <h2>
          {currentTicket().label ? t('ticket.tab', { detail: currentTicket().label }) : t('ticket.title')}
        </h2>
        <Show when={lastReceipt()}>
          <button type="button" class="link-button" onClick={() => props.onReceipt()}>
            {t('ticket.lastReceipt')}
          </button>
        </Show>
      </div>
      <Show when={currentTicket().paidAt}>
        {(paidAt) => (
          <p class="ticket-ended" role="status">
            {t('ticket.ended.paid', { time: formatMoment(paidAt()) })}
            <button type="button" onClick={() => clearTicket()}>
              {t('ticket.newTicket')}
            </button>
          </p>
        )}
      </Show>
      <Show
        when={ticketLines().length > 0}
        fallback={<p class="view-note ticket-empty">{t('ticket.empty')}</p>}
      >
        <ul class="ticket-lines" aria-label={t('ticket.lines')} ref={keepNewestInView}>
          <For each={ticketLines()}>
            {(line) => (
              <TicketLineRow
                line={line}
                onQuantityPad={(picked: TicketLine) => setPadKey(picked.key)}
                onDiscount={(picked: TicketLine) => setDiscountKey(picked.key)}
                onMessage={props.onMessage}
              />
            )}
          </For>
        </ul>
      </Show>
      <NoteField />
      <TotalsBox totals={ticketTotals()} />
      <TicketActions onPay={props.onPay} onMessage={props.onMessage} />
      <OpenedOnce open={padKey() !== undefined}>
        <QuantityDialog line={padLine()} onClose={() => setPadKey(undefined)} onMessage={props.onMessage} />
      </OpenedOnce>
      <OpenedOnce open={discountKey() !== undefined}>
        <LineDiscountDialog line={discountLine()} onClose={() => setDiscountKey(undefined)} />
      </OpenedOnce>
    </>
  );
}
