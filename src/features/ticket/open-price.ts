// Adding an open price above the outlet's limit (`outletPolicy().openPriceLimitCents`): with managers
// on the till server, one approves it (sale-plan.ts names the ticket's sale in the approval, which
// travels with it); without them, staff are asked to confirm the amount instead.
import type { Cents } from '../../pms/money';
import type { Product } from '../../pms/wire';
import { needsApproval } from '../staff';
import { approveTicketChange, openPriceLimitCents } from './sale-plan';
import { addOpenPriceLine } from './ticket';

export { openPriceLimitCents } from './sale-plan';

/**
 * What adding `amountCents` as an open price takes: nothing, a manager's approval, or staff's confirmation.
 * @example if (openPriceCheck(500000) === 'confirm') askIsThatRight();
 */
export function openPriceCheck(amountCents: Cents): 'none' | 'approval' | 'confirm' {
  if (amountCents <= openPriceLimitCents()) return 'none';
  return needsApproval({ action: 'open_price', subject: '', amountCents }) ? 'approval' : 'confirm';
}

/**
 * Adds the open-price line, asking a manager first when its amount needs approval. Resolves false
 * when the approval was cancelled (nothing is added). Throws TicketLineError or MoneyError on bad input.
 * @example if (!(await addOpenPrice(product, name, 500000, 'Open price €5,000.00'))) showCancelled();
 */
export async function addOpenPrice(product: Product, name: string, amountCents: Cents, what: string) {
  if (openPriceCheck(amountCents) !== 'approval') {
    addOpenPriceLine(product, name, amountCents);
    return true;
  }
  const approval = await approveTicketChange({ action: 'open_price', amountCents }, what);
  if (approval === null) return false;
  addOpenPriceLine(product, name, amountCents, approval);
  return true;
}
