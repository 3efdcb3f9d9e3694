// Giving a card sale's money back when it is refunded (issue 25): the server reverses the payment
// on the terminal if it is still the terminal's last one, else refunds what the card was charged
// (the guest presents the card). The refund's manager approval (void_sale, naming the sale) covers
// it; the server checks it. If the terminal does not give the money back, this throws and the
// refund is not recorded. A sale paid on a stand-alone terminal is never given back on this server's
// terminal: staff refund it on the stand-alone one and type its receipt number (issue 30).
import { refundToCard, reverseCardPayment } from '../../pms/card-calls';
import { TillServerError } from '../../pms/device-calls';
import { PaymentError } from '../../rules/payment-errors';
import { readStandaloneReceipt } from '../../shared/standalone-card';
import type { CardPaymentRecord, SaleRecord, StandaloneCardRecord } from '../../storage/records';
import { settings } from '../device';

/**
 * Returns a card sale's money on the terminal, and answers the card data of the giving back (for the
 * refund's ledger record: the sale's amount and tip, the reversal's or refund's trace and receipt);
 * does nothing and answers undefined for a sale not paid by card.
 * @example const card = await returnCardMoney(sale, approval); // then record the cancellation with it
 */
export async function returnCardMoney(
  sale: SaleRecord,
  approval: string | undefined,
): Promise<CardPaymentRecord | undefined> {
  const card = sale.card;
  if (!card) return undefined;
  const base = settings().gatewayUrl;
  try {
    const reversed = await reverseCardPayment(base, sale.id, card.paymentNo, approval);
    return {
      ...card,
      traceNumber: reversed.card?.traceNumber ?? card.traceNumber,
      receiptNumber: reversed.card?.receiptNumber ?? card.receiptNumber,
    };
  } catch (error) {
    if (!(error instanceof TillServerError) || error.code !== 'not_last_payment') throw error;
    const refunded = await refundToCard(base, sale.id, card.amountCents + card.tipCents, approval);
    if (refunded.state !== 'approved')
      throw new TillServerError('card_refund_failed', 409, 'The terminal did not refund the card');
    return {
      ...card,
      traceNumber: refunded.traceNumber ?? card.traceNumber,
      receiptNumber: refunded.receiptNumber ?? card.receiptNumber,
    };
  }
}

/** Whether `sale`'s card money goes back on a stand-alone terminal: it was taken on one (or by card
 * with no terminal data at all, as before issue 30), never through this server's terminal. */
export function refundsOnStandalone(sale: SaleRecord): boolean {
  return !sale.card && (!!sale.standaloneCard || sale.tender?.method === 'card');
}

/**
 * The stand-alone giving back of `sale` for its refund's record: the receipt number staff typed from
 * the stand-alone terminal's refund, and the sale's tip, given back whole as a terminal refund does.
 * @throws PaymentError 'standalone-receipt' when `typed` is not 1 to 10 digits
 * @example standaloneRefundOf(sale, '0057') // { receiptNumber: '0057', tipCents: 160 }
 */
export function standaloneRefundOf(sale: SaleRecord, typed: string): StandaloneCardRecord {
  const receiptNumber = readStandaloneReceipt(typed);
  if (!receiptNumber) throw new PaymentError('standalone-receipt');
  const tipCents = sale.standaloneCard?.tipCents ?? 0;
  return { receiptNumber, ...(tipCents > 0 ? { tipCents } : {}) };
}
