// The receipt of a cash sale, laid out for an 80 mm receipt printer (receipt.css) and shown on
// screen the same way: reference, lines, total, VAT per class, payment, tendered and change, and
// whether the PMS has confirmed the sale yet.
import { For, Show } from 'solid-js';
import { formatMoney } from '../../pms/money';
import { createSaleStatus, type ReceiptData } from '../../state/receipt';
import { formatDateTime, locale } from '../../words/format';
import { t } from '../../words/i18n';
import './receipt.css';

export function Receipt(props: { receipt: ReceiptData }) {
  const money = (cents: number) => formatMoney(cents, locale(), props.receipt.currency);
  const status = createSaleStatus(() => props.receipt.saleId);
  return (
    <article class="receipt" aria-label={t('receipt.title')} data-testid="receipt">
      <div class="receipt-head">
        <strong>{props.receipt.outletName || props.receipt.tillName}</strong>
        <span>{formatDateTime(props.receipt.createdAt)}</span>
        <span>
          {t('receipt.reference')} <span data-testid="receipt-reference">{props.receipt.reference}</span>
        </span>
      </div>
      <table class="receipt-lines">
        <tbody>
          <For each={props.receipt.lines}>
            {(line) => (
              <tr>
                <td>{line.quantity} ×</td>
                <td>
                  {line.name}
                  <Show when={line.quantity > 1}>
                    <small> à {money(line.unitPriceCents)}</small>
                  </Show>
                </td>
                <td class="amount">{money(line.totalCents)}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      <ReceiptTotals receipt={props.receipt} money={money} />
      <Show when={props.receipt.note}>
        <p class="receipt-note">
          {t('receipt.note')}: {props.receipt.note}
        </p>
      </Show>
      <p
        class="receipt-status"
        data-status={status() ?? 'pending'}
        data-testid="receipt-status"
        role="status"
      >
        {t(`receipt.${status() ?? 'pending'}`)}
      </p>
      <div class="receipt-foot">
        <span>
          {t('receipt.till')} {props.receipt.tillName}
          <Show when={props.receipt.staffName}>
            {' '}
            · {t('receipt.staff')} {props.receipt.staffName}
          </Show>
        </span>
        <span>{t('receipt.thanks')}</span>
      </div>
    </article>
  );
}

function ReceiptTotals(props: { receipt: ReceiptData; money: (cents: number) => string }) {
  const r = () => props.receipt;
  return (
    <dl class="receipt-totals">
      <dt class="grand">{t('receipt.total')}</dt>
      <dd class="grand" data-testid="receipt-total">
        {props.money(r().totals.grossCents)}
      </dd>
      <For each={r().totals.taxes}>
        {(tax) => (
          <>
            <dt>
              {t('receipt.vat')}{' '}
              {tax.ratePercent === null ? '–' : `${tax.ratePercent.toLocaleString(locale())} %`} (
              {t('receipt.net')} {props.money(tax.netCents)})
            </dt>
            <dd>{props.money(tax.taxCents)}</dd>
          </>
        )}
      </For>
      <dt>{t('receipt.paidWith')}</dt>
      <dd>{r().paymentMethodName}</dd>
      <Show when={r().tenderedCents !== null}>
        <dt>{t('receipt.tendered')}</dt>
        <dd data-testid="receipt-tendered">{props.money(r().tenderedCents ?? 0)}</dd>
        <dt>{t('receipt.change')}</dt>
        <dd data-testid="receipt-change">{props.money(r().changeCents ?? 0)}</dd>
      </Show>
    </dl>
  );
}
