// The buttons under the ticket: open-price item, park, parked tabs, send order (with order
// printers at the till server), clear (tap twice) and pay. Owns the dialogs they open.
import { createAsync, revalidate } from '@solidjs/router';
import { createEffect, createSignal, lazy, on, onCleanup, onMount, Show, Suspense } from 'solid-js';
import { afterFirstScreen } from '../../features/catalogue';
import { clearTicket, ticketLines, ticketNewsHeard, ticketTotals } from '../../features/ticket';
import { formatCents } from '../../words/format';
import { t, withTexts } from '../../words/i18n';
import { getParkedTickets } from './data';
import { OpenPriceDialog } from './OpenPriceDialog';
import { ParkDialog } from './ParkDialog';
import { TabsDialog } from './TabsDialog';

type Open = 'none' | 'open-price' | 'park' | 'tabs';

/** Shown only where the outlet has order printers; brings the printing code, so loaded apart,
 * after the first screen. */
const SendOrderButton = lazy(() => withTexts(['device'], () => import('./SendOrderButton')));

export function TicketActions(props: { onPay: () => void; onMessage: (text: string) => void }) {
  const [open, setOpen] = createSignal<Open>('none');
  const [confirmClear, setConfirmClear] = createSignal(false);
  const [firstScreenUp, setFirstScreenUp] = createSignal(false);
  onMount(() => void afterFirstScreen().then(() => setFirstScreenUp(true)));
  const tabs = createAsync(() => getParkedTickets());
  const empty = () => ticketLines().length === 0;
  // Another tab parked or recalled a tab: re-read the list, but not under an open list (a tap on a
  // tab another tab took meanwhile is then refused in words, rather than the tab vanishing under it).
  createEffect(
    on(ticketNewsHeard, () => open() !== 'tabs' && void revalidate(getParkedTickets.key), { defer: true }),
  );
  const openTabs = () => {
    void revalidate(getParkedTickets.key);
    setOpen('tabs');
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));
  const clear = () => {
    if (!confirmClear()) {
      setConfirmClear(true);
      timer = setTimeout(() => setConfirmClear(false), 4000);
      return;
    }
    clearTimeout(timer);
    setConfirmClear(false);
    clearTicket();
  };
  const close = () => setOpen('none');
  const parked = (label: string) => {
    close();
    props.onMessage(t('park.parked', { detail: label }));
  };
  return (
    <div class="ticket-actions">
      <button type="button" onClick={() => setOpen('open-price')}>
        {t('ticket.openPrice')}
      </button>
      <button type="button" disabled={empty()} onClick={() => setOpen('park')}>
        {t('ticket.park')}
      </button>
      <button type="button" onClick={openTabs}>
        {t('ticket.tabs')} <span class="badge">{tabs()?.length ?? 0}</span>
      </button>
      <Show when={firstScreenUp()}>
        <Suspense>
          <SendOrderButton onMessage={props.onMessage} />
        </Suspense>
      </Show>
      <button
        type="button"
        class="danger"
        classList={{ confirm: confirmClear() }}
        disabled={empty()}
        onClick={clear}
      >
        {confirmClear() ? t('ticket.clearConfirm') : t('ticket.clear')}
      </button>
      <button type="button" class="primary pay-button" disabled={empty()} onClick={() => props.onPay()}>
        {t('ticket.pay')} <span class="pay-amount">{formatCents(ticketTotals().grossCents)}</span>
      </button>
      <OpenPriceDialog open={open() === 'open-price'} onClose={close} />
      <ParkDialog open={open() === 'park'} onClose={close} onParked={parked} />
      <TabsDialog open={open() === 'tabs'} onClose={close} />
    </div>
  );
}
