// The receipt of a cash sale, laid out for an 80 mm receipt printer (receipt.css) and shown on
// screen the same way: the hotel's header, reference, lines (a discounted one with its price before
// and its discount), a ticket discount, total, VAT per class, payment,
// tendered and change, whether the PMS has confirmed the sale yet and then its invoice number,
// the fiscal block where the till signs (FiscalBlock.tsx); a copy printed again says so at the top.
import { For, Show } from 'solid-js';
import { createSaleProgress, type ReceiptData } from '../../features/payment';
import { formatMoney } from '../../pms/money';
import { discountCents } from '../../rules/discounts';
import type { LineDiscount } from '../../rules/ticket-lines';
import { formatDateTime, locale } from '../../words/format';
import { t } from '../../words/i18n';
import { CardReceiptLines } from './CardReceiptLines';
import './receipt.css';
import { FiscalBlock } from './FiscalBlock';

export function Receipt(props: { receipt: ReceiptData; copy?: boolean }) {
  const money = (cents: number) => formatMoney(cents, locale(), props.receipt.currency);
  const progress = createSaleProgress(() => props.receipt.saleId);
  const status = () => progress()?.status;
  const invoiceId = () => (status() === 'synced' ? progress()?.invoiceId : undefined);
  return (
    <article class="receipt" aria-label={t('receipt.title')} data-testid="receipt">
      <Show when={props.copy}>
        <p class="receipt-copy" data-testid="receipt-copy">
          {t('receipt.copy')}
        </p>
      </Show>
      <Show when={props.receipt.header}>{(header) => <ReceiptHeaderLines header={header()} />}</Show>
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
                  <Show when={line.discount}>
                    {(discount) => (
                      <LineDiscountNote discount={discount()} quantity={line.quantity} money={money} />
                    )}
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
      <Show when={invoiceId()}>
        {(invoice) => (
          <p class="receipt-invoice" data-testid="receipt-invoice">
            {t('receipt.invoice', { invoice: invoice() })}
          </p>
        )}
      </Show>
      <FiscalBlock receipt={props.receipt} progress={progress()} copy={props.copy ?? false} />
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

/** The hotel's name, address and VAT ID, as the settings had them when the sale was made. */
export function ReceiptHeaderLines(props: { header: NonNullable<ReceiptData['header']> }) {
  return (
    <div class="receipt-hotel" data-testid="receipt-hotel">
      <Show when={props.header.hotelName}>
        <strong>{props.header.hotelName}</strong>
      </Show>
      <Show when={props.header.hotelAddress}>
        <span>{props.header.hotelAddress}</span>
      </Show>
      <Show when={props.header.vatId}>
        <span>{t('receipt.vatId', { vatId: props.header.vatId })}</span>
      </Show>
    </div>
  );
}

/** Under a discounted line: its price of one item before the discount, and what the discount took off the line. */
function LineDiscountNote(props: {
  discount: LineDiscount;
  quantity: number;
  money: (cents: number) => string;
}) {
  const given = () => props.discount.given;
  const label = () => {
    const discount = given();
    return discount.kind === 'percent'
      ? `${discount.percent.toLocaleString(locale())}\u00a0%`
      : t('lineDiscount.each', { amount: props.money(discount.cents) });
  };
  const cents = () => discountCents(props.discount.listPriceCents, given()) * props.quantity;
  return (
    <small class="receipt-line-discount" data-testid="receipt-line-discount">
      {t('lineDiscount.receipt', {
        price: props.money(props.discount.listPriceCents),
        discount: label(),
        cents: props.money(cents()),
      })}
    </small>
  );
}

function ReceiptTotals(props: { receipt: ReceiptData; money: (cents: number) => string }) {
  const r = () => props.receipt;
  return (
    <dl class="receipt-totals">
      <Show when={r().discount}>
        {(discount) => (
          <>
            <dt>{t('discount.before')}</dt>
            <dd>{props.money(discount().beforeCents)}</dd>
            <dt>{t('discount.title')}</dt>
            <dd data-testid="receipt-discount">−{props.money(discount().cents)}</dd>
          </>
        )}
      </Show>
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
      <Show when={r().card}>{(card) => <CardReceiptLines card={card()} money={props.money} />}</Show>
      <Show when={r().standaloneCard}>
        {(standalone) => (
          <dd class="receipt-card-line" data-testid="receipt-card-standalone">
            {t('card.receipt.standalone', { receipt: standalone().receiptNumber })}
          </dd>
        )}
      </Show>
      <Show when={r().standaloneCard?.tipCents}>
        {(tipCents) => (
          <>
            <dt>{t('card.receipt.tip')}</dt>
            <dd data-testid="receipt-tip">{props.money(tipCents())}</dd>
          </>
        )}
      </Show>
      <Show when={r().tenderedCents !== null}>
        <dt>{t('receipt.tendered')}</dt>
        <dd data-testid="receipt-tendered">{props.money(r().tenderedCents ?? 0)}</dd>
        <dt>{t('receipt.change')}</dt>
        <dd data-testid="receipt-change">{props.money(r().changeCents ?? 0)}</dd>
      </Show>
    </dl>
  );
}
