// The cancellation slip of a refunded cash sale, for the 80 mm printer: the hotel's header, the sale
// it cancels, the lines and the amount refunded, the reason and who refunded it, and what staff must
// still do in the PMS (cancel the invoice there: the interface has no refund).
import { For, Show } from 'solid-js';
import { settings } from '../../features/device';
import { formatMoney } from '../../pms/money';
import type { SaleRecord } from '../../storage/records';
import { formatDateTime, locale } from '../../words/format';
import { t } from '../../words/i18n';
import { ReceiptHeaderLines } from '../register/Receipt';

export function CancellationSlip(props: {
  cancellation: SaleRecord;
  original: SaleRecord;
  methodName: string;
}) {
  const money = (cents: number) => formatMoney(cents, locale(), settings().currency);
  const c = () => props.cancellation;
  return (
    <article class="receipt cancellation-slip" aria-label={t('slip.title')} data-testid="cancellation-slip">
      <ReceiptHeaderLines header={settings()} />
      <p class="receipt-copy">{t('slip.title')}</p>
      <div class="receipt-head">
        <span>{formatDateTime(c().createdAt)}</span>
        <span>
          {t('receipt.reference')} {c().reference}
        </span>
        <span>
          {t('slip.cancels', {
            reference: props.original.reference,
            time: formatDateTime(props.original.createdAt),
          })}
        </span>
      </div>
      <table class="receipt-lines">
        <tbody>
          <For each={c().lines}>
            {(line) => (
              <tr>
                <td>{line.quantity} ×</td>
                <td>{line.name}</td>
                <td class="amount">{money(line.quantity * line.unitPriceCents)}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      <dl class="receipt-totals">
        <dt class="grand">{t('slip.refund')}</dt>
        <dd class="grand" data-testid="slip-total">
          {money(c().totalCents)}
        </dd>
        <dt>{t('receipt.paidWith')}</dt>
        <dd>{props.methodName}</dd>
        <dt>{t('slip.reason')}</dt>
        <dd>{c().reason}</dd>
        <dt>{t('receipt.staff')}</dt>
        <dd>{c().staff || '—'}</dd>
      </dl>
      <Show when={c().cancels}>
        {(cancels) => (
          <p class="receipt-invoice" data-testid="slip-in-pms">
            {t('slip.inPms', { invoice: cancels().invoiceId ?? cancels().reference })}
          </p>
        )}
      </Show>
    </article>
  );
}
