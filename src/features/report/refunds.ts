// Refunding (cancelling) a confirmed cash sale from the report. Owns the steps around the journal's
// correction (outbox/cancel-sale.ts): a manager's approval when the outlet has staff, who refunds,
// and the refund's record on the sales ledger (its first step) with the approval. The PMS part stays with staff.
// A card sale's money goes back on the terminal that took it: this server's, or a stand-alone one.
import { cancelCashSale } from '../../outbox/cancel-sale';
import type { SaleRecord } from '../../storage/records';
import { requestReplay } from '../device';
import { refundsOnStandalone, returnCardMoney, standaloneRefundOf } from '../payment';
import { saleOrigin } from '../room-charge';
import { approvalFor, signedIn } from '../staff';

/**
 * Refunds a confirmed cash sale: asks for approval (`what` says it in staff words), records the
 * cancellation (the ledger gets it with its approval); answers the cancellation record, or null when the approval was cancelled.
 * @throws OutboxActionRefused when the sale cannot be refunded (not confirmed, refunded before, no reason);
 * PaymentError 'standalone-receipt' for a stand-alone card sale without its refund's receipt number.
 * @example const slip = await refundCashSale(sale, 'wrong drink', 'Refund sale K7QM-1F (€8.40)');
 */
export async function refundCashSale(
  sale: SaleRecord,
  reason: string,
  what: string,
  /** For a sale paid on a stand-alone terminal: the receipt number of its refund there. */
  standaloneReceipt?: string,
): Promise<SaleRecord | null> {
  const standaloneCard = refundsOnStandalone(sale)
    ? standaloneRefundOf(sale, standaloneReceipt ?? '')
    : undefined;
  const need = { action: 'void_sale' as const, subject: sale.id, amountCents: sale.totalCents };
  const approval = await approvalFor(need, what);
  if (approval === null) return null;
  // a card sale's money goes back to the card first, on this server's terminal if it took it
  const card = standaloneCard ? undefined : await returnCardMoney(sale, approval);
  const staff = signedIn();
  const origin = saleOrigin();
  const cancellation = await cancelCashSale({
    ...origin,
    staff: staff?.name ?? origin.staff,
    ...(staff ? { staffId: staff.id } : {}),
    ...(approval ? { approval } : {}),
    saleId: sale.id,
    reason,
    ...(card ? { card } : {}),
    ...(standaloneCard ? { standaloneCard } : {}),
  });
  // no audit report: the refund is a record of the sales ledger, its approval spent there
  requestReplay(); // its record goes to the till server's ledger now
  return cancellation;
}
