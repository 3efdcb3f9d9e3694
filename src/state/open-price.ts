// Adding an open price above the outlet's limit (`outletPolicy().openPriceLimitCents`): with managers
// on the till server, one approves it (the token names the ticket's sale and travels with it, so the
// gateway lets the line through); without them, staff are asked to confirm the amount instead.
import type { Cents } from '../pms/money';
import type { Product } from '../pms/wire';
import { approvalFor } from './approval-request';
import { needsApproval, outletPolicy } from './staff-session';
import { addOpenPriceLine, ticketSaleId } from './ticket';

/** The limit when the server has not told one yet: the server's default policy (100.00). */
const DEFAULT_OPEN_PRICE_LIMIT_CENTS = 10_000;

/** Above this amount an open price is approved or confirmed (reactive). */
export function openPriceLimitCents(): Cents {
  return outletPolicy()?.openPriceLimitCents ?? DEFAULT_OPEN_PRICE_LIMIT_CENTS;
}

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
  const approval = await approvalFor({ action: 'open_price', subject: ticketSaleId(), amountCents }, what);
  if (approval === null) return false;
  addOpenPriceLine(product, name, amountCents, approval);
  return true;
}
