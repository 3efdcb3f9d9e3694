// The ticket being rung up: its name when it is a recalled tab, the lines, the note, the totals
// and the actions. On a narrow screen it is a bottom sheet the register opens and closes.
import { For, Show } from 'solid-js';
import { lastReceipt } from '../../state/receipt';
import { currentTicket, ticketLines, ticketTotals } from '../../state/ticket';
import { t } from '../../words/i18n';
import { NoteField } from './NoteField';
import { TicketActions } from './TicketActions';
import { TicketLineRow } from './TicketLineRow';
import './ticket.css';
import { TotalsBox } from './TotalsBox';

export function TicketPanel(props: {
  onPay: () => void;
  onMessage: (text: string) => void;
  onReceipt: () => void;
}) {
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
      <Show
        when={ticketLines().length > 0}
        fallback={<p class="view-note ticket-empty">{t('ticket.empty')}</p>}
      >
        <ul class="ticket-lines" aria-label={t('ticket.lines')}>
          <For each={ticketLines()}>{(line) => <TicketLineRow line={line} />}</For>
        </ul>
      </Show>
      <NoteField />
      <TotalsBox totals={ticketTotals()} />
      <TicketActions onPay={props.onPay} onMessage={props.onMessage} />
    </>
  );
}
