// The shift's cash sales with their receipts: a copy of any of them printed again (marked as a
// copy; at the till server's receipt printer where the outlet has one, else with the browser's
// dialog), a confirmed one refunded (RefundForm), and a refunded one's cancellation slip printed.
// Each row says what was sold; a voided sale is marked and offers nothing; what a row opens shows
// right under it, scrolled into view (issue 33: the refund form opened below the whole list).
import { createMemo, createSignal, For, Match, onMount, Show, Switch } from 'solid-js';
import {
  keptReceipts,
  loadKeptReceipts,
  printCancellationSlip,
  printCopy,
  printStatus,
} from '../../features/payment';
import type { ShiftReport } from '../../features/report';
import type { SaleRecord } from '../../storage/records';
import { clockTime } from '../../words/calendar';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { Receipt } from '../register/Receipt';
import { PrintableSlip } from '../register/ReceiptPrint';
import { CancellationSlip } from './CancellationSlip';
import { RefundForm } from './RefundForm';

type Opened = { kind: 'copy' | 'refund' | 'slip'; saleId: string } | null;

export function ShiftReceipts(props: { report: ShiftReport }) {
  const [opened, setOpened] = createSignal<Opened>(null);
  onMount(() => {
    loadKeptReceipts().catch((error: unknown) =>
      console.error('[report] could not read the receipts', error),
    );
  });
  const receipts = createMemo(() => {
    void props.report; // read again with the report: a sale made since has its receipt now
    return new Map(keptReceipts().map((receipt) => [receipt.saleId, receipt]));
  });
  const byId = () => new Map(props.report.sales.map((sale) => [sale.id, sale]));
  const cashSales = () => props.report.sales.filter((sale) => sale.kind === 'cash-sale').reverse();
  const methodName = (sale: SaleRecord) =>
    props.report.paymentMethods.find((m) => m.id === sale.payment?.paymentMethodId)?.name ?? '';
  const openedSale = () => {
    const open = opened();
    return open ? byId().get(open.saleId) : undefined;
  };
  const close = () => {
    setSaid('');
    setOpened(null);
  };
  const [said, setSaid] = createSignal('');
  /** A copy or a refund's slip goes to the receipt printer where there is one, else to the dialog. */
  const print = async () => {
    const sale = openedSale();
    const open = opened();
    const receipt = sale ? receipts().get(sale.id) : undefined;
    const cancellation = sale ? byId().get(sale.cancelledBy ?? '') : undefined;
    let printer: string | null = null;
    if (sale && printStatus()?.receiptPrinter) {
      if (open?.kind === 'copy' && receipt) printer = await printCopy(receipt);
      if (open?.kind === 'slip' && cancellation) printer = await printCancellationSlip(cancellation);
    }
    if (printer) setSaid(t(open?.kind === 'slip' ? 'print.slipQueued' : 'print.copyQueued', { printer }));
    else window.print();
  };
  return (
    <section
      class="desk-panel report-receipts"
      aria-label={t('report.receipts')}
      data-testid="shift-receipts"
    >
      <h2>{t('report.receipts')}</h2>
      <ul class="report-receipt-list">
        <For each={cashSales()}>
          {(sale) => (
            <li data-reference={sale.reference}>
              <span class="report-receipt-head">
                <span>
                  {clockTime(sale.createdAt)} · {sale.reference}
                </span>
                <span class="report-receipt-lines" data-testid="receipt-row-lines">
                  {soldLines(sale)}
                </span>
              </span>
              <span class="num">{formatCents(sale.totalCents)}</span>
              <Show when={sale.status === 'voided'}>
                <span class="desk-badge" data-tone="error">
                  {t('receipt.voided')}
                </span>
              </Show>
              <Show when={sale.cancelledBy}>
                <span class="desk-badge" data-tone="warn">
                  {t('report.refunded')}
                </span>
              </Show>
              <span class="desk-actions">
                <Show when={receipts().has(sale.id) && sale.status !== 'voided'}>
                  <button type="button" onClick={() => setOpened({ kind: 'copy', saleId: sale.id })}>
                    {t('report.printCopy')}
                  </button>
                </Show>
                <Show when={sale.status === 'synced' && !sale.cancelledBy}>
                  <button
                    type="button"
                    class="desk-danger"
                    onClick={() => setOpened({ kind: 'refund', saleId: sale.id })}
                  >
                    {t('report.refund')}
                  </button>
                </Show>
                <Show when={sale.cancelledBy}>
                  <button type="button" onClick={() => setOpened({ kind: 'slip', saleId: sale.id })}>
                    {t('slip.open')}
                  </button>
                </Show>
              </span>
              <Show when={opened()?.saleId === sale.id}>
                <div
                  class="report-slip"
                  ref={(el) => queueMicrotask(() => el.scrollIntoView?.({ block: 'nearest' }))}
                >
                  <Switch>
                    <Match when={opened()?.kind === 'copy' && receipts().get(sale.id)}>
                      {(receipt) => <PrintableSlip slip={() => <Receipt receipt={receipt()} copy />} />}
                    </Match>
                    <Match when={opened()?.kind === 'refund'}>
                      <RefundForm
                        sale={sale}
                        onRefunded={() => setOpened({ kind: 'slip', saleId: sale.id })}
                        onBack={close}
                      />
                    </Match>
                    <Match when={opened()?.kind === 'slip' && byId().get(sale.cancelledBy ?? '')}>
                      {(cancellation) => (
                        <PrintableSlip
                          slip={() => (
                            <CancellationSlip
                              cancellation={cancellation()}
                              original={sale}
                              methodName={methodName(sale)}
                            />
                          )}
                        />
                      )}
                    </Match>
                  </Switch>
                  <Show when={opened()?.kind !== 'refund'}>
                    <Show when={said()}>
                      <p role="status" data-testid="print-said">
                        {said()}
                      </p>
                    </Show>
                    <div class="desk-actions">
                      <button type="button" class="primary" onClick={() => void print()}>
                        {t('receipt.print')}
                      </button>
                      <button type="button" onClick={close}>
                        {t('report.refundBack')}
                      </button>
                    </div>
                  </Show>
                </div>
              </Show>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}

/** What a sale sold, as a row of the list says it: "2 × Helles 0,5 l, Espresso". */
function soldLines(sale: SaleRecord): string {
  return sale.lines
    .map((line) => (line.quantity === 1 ? line.name : `${line.quantity} × ${line.name}`))
    .join(', ');
}
