// The receipt's fiscal block: Germany's TSE lines and DSFinV-K QR code, or Austria's RKSV lines and
// QR code (drawn with uqr, as the admin page draws the pairing code), or the outage line of the
// hub's country ("TSE ausgefallen" / "Sicherheitseinrichtung ausgefallen") with no transaction number. On the receipt itself the block is fixed once decided (features/payment/fiscal-receipt.ts):
// the server's answer; or an outage when the tablet is offline, or no answer came in time. A copy
// shows "signed later" with the TSE's data where the receipt said the TSE was out (asking the server
// when the tablet's answer does not have it).
import { createEffect, createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import { renderSVG } from 'uqr';
import {
  copyBlock,
  fiscalRequired,
  noteLedgerAnswer,
  type ReceiptData,
  type SaleProgress,
  serverFiscal,
  stampFiscal,
  tabletOutage,
} from '../../features/payment';
import { FISCAL_ANSWER_WAIT_MS, type FiscalReceipt } from '../../pms/fiscal-wire';

export { FISCAL_ANSWER_WAIT_MS };

export function FiscalBlock(props: {
  receipt: ReceiptData;
  progress: SaleProgress | undefined;
  copy?: boolean;
}) {
  const [fixed, setFixed] = createSignal<FiscalReceipt | undefined>(props.receipt.fiscal);
  const fix = (fiscal: FiscalReceipt) => {
    if (!fixed()) setFixed(stampFiscal(props.receipt.saleId, fiscal));
  };
  const answered = () => {
    const ledger = props.progress?.ledger;
    return ledger?.recorded ? ledger.fiscal : undefined;
  };
  // The server's answer: remembered (does this till sign?) and, on the receipt, fixed once.
  createEffect(() => {
    const ledger = props.progress?.ledger;
    if (!ledger?.recorded) return;
    noteLedgerAnswer(ledger);
    if (!props.copy && ledger.fiscal) fix(ledger.fiscal);
  });
  // No answer: offline now, or none in time, on a till that signs: the receipt says the TSE is out.
  onMount(() => {
    if (props.copy || fixed() || !fiscalRequired()) return;
    const outage = () => {
      if (!fixed() && !answered()) fix(tabletOutage(props.receipt.createdAt));
    };
    if (!navigator.onLine) {
      outage();
      return;
    }
    const timer = setTimeout(outage, FISCAL_ANSWER_WAIT_MS);
    window.addEventListener('offline', outage);
    onCleanup(() => {
      clearTimeout(timer);
      window.removeEventListener('offline', outage);
    });
  });
  // A copy of a receipt that said the TSE was out asks the server whether the sale is signed now.
  const [fromServer, setFromServer] = createSignal<FiscalReceipt>();
  createEffect(() => {
    const ledger = props.progress?.ledger;
    if (
      !props.copy ||
      !ledger?.recorded ||
      fixed()?.status !== 'unsigned' ||
      ledger.fiscal?.status === 'signed'
    )
      return;
    void serverFiscal(props.receipt.saleId, ledger.seq).then((fiscal) => {
      if (fiscal) setFromServer(fiscal);
    });
  });
  const shown = () => (props.copy ? copyBlock(fixed(), fromServer() ?? answered()) : fixed());
  return (
    <Show when={shown()}>
      {(block) => (
        <div class="receipt-fiscal" data-testid="receipt-fiscal" data-status={block().status}>
          <For each={block().lines}>{(line) => <span>{line}</span>}</For>
          {/* innerHTML: uqr's SVG of the QR text, no markup of ours */}
          <Show when={block().qrCode}>
            {(qr) => (
              <div
                class="receipt-qr"
                data-testid="receipt-qr"
                data-qr={qr()}
                innerHTML={renderSVG(qr(), { border: 1 })}
              />
            )}
          </Show>
        </div>
      )}
    </Show>
  );
}
