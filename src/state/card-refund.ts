// Giving a card sale's money back when it is refunded (issue 25): the server reverses the payment
// on the terminal if it is still the terminal's last one, else refunds what the card was charged
// (the guest presents the card). The refund's manager approval (void_sale, naming the sale) covers
// it; the server checks it. If the terminal does not give the money back, this throws and the
// refund is not recorded.
import { refundToCard, reverseCardPayment } from '../pms/card-calls';
import { TillServerError } from '../pms/device-calls';
import type { SaleRecord } from '../storage/records';
import { settings } from './settings';

/**
 * Returns a card sale's money on the terminal; does nothing for a sale not paid by card.
 * @example await returnCardMoney(sale, approval); // then record the cancellation
 */
export async function returnCardMoney(sale: SaleRecord, approval: string | undefined): Promise<void> {
  const card = sale.card;
  if (!card) return;
  const base = settings().gatewayUrl;
  try {
    await reverseCardPayment(base, sale.id, card.paymentNo, approval);
  } catch (error) {
    if (!(error instanceof TillServerError) || error.code !== 'not_last_payment') throw error;
    const refunded = await refundToCard(base, sale.id, card.amountCents + card.tipCents, approval);
    if (refunded.state !== 'approved')
      throw new TillServerError('card_refund_failed', 409, 'The terminal did not refund the card');
  }
}
