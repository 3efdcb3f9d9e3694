// After a sale: the receipt with Print and New sale. Printing uses the browser's print dialogue;
// a copy of the receipt is portalled to <body> so the print stylesheet can show it alone, on a
// page sized to it (print-page.ts).
import { Portal } from 'solid-js/web';
import type { ReceiptData } from '../../state/receipt';
import { t } from '../../words/i18n';
import { useReceiptPageSize } from './print-page';
import { Receipt } from './Receipt';

export function ReceiptPanel(props: { receipt: ReceiptData; onNewSale: () => void }) {
  let slip: HTMLDivElement | undefined;
  useReceiptPageSize(() => slip);
  return (
    <div class="receipt-panel">
      <div ref={slip}>
        <Receipt receipt={props.receipt} />
      </div>
      <div class="receipt-actions">
        <button type="button" onClick={() => window.print()}>
          {t('receipt.print')}
        </button>
        <button type="button" class="primary" onClick={() => props.onNewSale()}>
          {t('receipt.newSale')}
        </button>
      </div>
      <Portal mount={document.body} ref={(el) => el.classList.add('print-root')}>
        <Receipt receipt={props.receipt} />
      </Portal>
    </div>
  );
}
