// After a sale: the receipt with Print and New sale (after a part of a split: what stays open, and
// back to that rest). With a receipt printer at the till server, the receipt goes to its queue as
// the panel opens (once per sale: the server keys it by the sale id, and a reopened panel finds it
// there), and the key prints a copy there. Without one, or with the server out of reach, printing
// uses the browser's print dialogue; a copy of the receipt is portalled to <body> so the print
// stylesheet can show it alone, on a page sized to it (print-page.ts).
import { createSignal, onMount, Show, untrack } from 'solid-js';
import { Portal } from 'solid-js/web';
import type { ReceiptData } from '../../features/payment';
import { printCopy, printStatus, queueReceiptPrint } from '../../features/payment';
import { nextSplit, ticketLines, ticketTotals } from '../../features/ticket';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { useReceiptPageSize } from './print-page';
import { Receipt } from './Receipt';

export function ReceiptPanel(props: { receipt: ReceiptData; onNewSale: () => void }) {
  let slip: HTMLDivElement | undefined;
  useReceiptPageSize(() => slip);
  const [said, setSaid] = createSignal('');
  onMount(() => void queueReceiptPrint(props.receipt));
  /** What a split bill leaves on the ticket once this part is paid, and in how many equal parts. A
   * whole sale leaves an empty ticket: lines another tab taps onto the new ticket are no rest. */
  const restLeft = untrack(() => ticketLines().length > 0);
  const restCents = () => (restLeft && ticketLines().length > 0 ? ticketTotals().grossCents : 0);
  const partsLeft = () => {
    const next = nextSplit();
    return next.mode === 'equal' ? next.parts : 0;
  };
  const atPrinter = () => printStatus()?.receiptPrinter === true;
  const print = async () => {
    if (!atPrinter()) return window.print();
    const printer = await printCopy(props.receipt);
    if (printer) setSaid(t('print.copyQueued', { printer }));
    else window.print();
  };
  return (
    <div class="receipt-panel">
      <div ref={slip}>
        <Receipt receipt={props.receipt} />
      </div>
      <Show when={said()}>
        <p role="status" data-testid="print-said">
          {said()}
        </p>
      </Show>
      <Show when={restCents() > 0}>
        <p class="receipt-rest" data-testid="receipt-rest">
          {partsLeft() > 1
            ? t('receipt.restParts', { amount: formatCents(restCents()), count: partsLeft() })
            : t('receipt.rest', { amount: formatCents(restCents()) })}
        </p>
      </Show>
      <div class="receipt-actions">
        <button type="button" data-testid="receipt-print" onClick={() => void print()}>
          {atPrinter() ? t('print.copy') : t('receipt.print')}
        </button>
        <button type="button" class="primary" onClick={() => props.onNewSale()}>
          {restCents() > 0 ? t('pay.done.rest') : t('receipt.newSale')}
        </button>
      </div>
      <Portal mount={document.body} ref={(el) => el.classList.add('print-root')}>
        <Receipt receipt={props.receipt} />
      </Portal>
    </div>
  );
}
