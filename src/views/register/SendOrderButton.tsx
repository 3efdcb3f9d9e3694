// "Send order" under the ticket, where the outlet has order printers at the till server: prints the
// ticket's lines added since its last send at the printers their groups route to (the server keeps
// what each ticket sent), and says where they went, what no printer takes, or that the server is
// out of reach. Loaded apart from the first screen (it brings the printing code).
import { createSignal, Show } from 'solid-js';
import { printStatus, sendTicketOrder } from '../../features/payment';
import { ticketLines } from '../../features/ticket';
import { t } from '../../words/i18n';

export default function SendOrderButton(props: { onMessage: (text: string) => void }) {
  const [busy, setBusy] = createSignal(false);
  const send = async () => {
    if (busy()) return;
    setBusy(true);
    try {
      const { printers, unrouted } = await sendTicketOrder();
      const parts = [
        printers.length > 0
          ? t('print.orderSent', { printers: printers.join(', ') })
          : t('print.orderNothingNew'),
      ];
      if (unrouted.length > 0) parts.push(t('print.orderUnrouted', { lines: unrouted.join(', ') }));
      props.onMessage(parts.join(' '));
    } catch {
      props.onMessage(t('print.orderFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Show when={(printStatus()?.orderPrinters ?? 0) > 0}>
      <button
        type="button"
        data-testid="send-order"
        disabled={busy() || ticketLines().length === 0}
        onClick={() => void send()}
      >
        {t('print.sendOrder')}
      </button>
    </Show>
  );
}
