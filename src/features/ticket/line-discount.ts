// Giving one line of the ticket its own discount (issue 14), loaded with its dialog, not with the
// first screen. The line is re-priced per item by rules/discounts.ts and the discount stays on the
// ticket. Above the outlet's discount limit (percent, as for a ticket discount) a manager approves
// it: the token names the ticket's sale (sale-plan.ts) and is kept in the ticket's approvals, sent
// with its sale. 100 % is given only with an approval; cancelled, nothing changes.
import type { Cents } from '../../pms/money';
import {
  type Discount,
  discountCents,
  lineDiscountPercent,
  listPriceOf,
  withLineDiscount,
} from '../../rules/discounts';
import type { TicketLine } from '../../rules/ticket-lines';
import { approveTicketChange } from './sale-plan';
import { changeLine } from './ticket';

/** What became of a line discount: given, or refused (approval cancelled; 100 % without a manager). */
export type LineDiscountOutcome = 'given' | 'cancelled' | 'full-needs-manager';

/**
 * What `discount` on `line` would take off the line (all its items) and its percentage of the price.
 * @throws DiscountError for a percentage outside 0–100 or an amount above the price of one item.
 * @example lineDiscountOf(pilsTimesThree, { kind: 'percent', percent: 10 }) // { cents: 126, percent: 10 }
 */
export function lineDiscountOf(line: TicketLine, discount: Discount): { cents: Cents; percent: number } {
  const listPriceCents = listPriceOf(line);
  return {
    cents: discountCents(listPriceCents, discount) * line.quantity,
    percent: lineDiscountPercent(listPriceCents, discount),
  };
}

/**
 * Gives `line` the `discount` (undefined takes its discount off), asking a manager first when it is
 * above the outlet's limit; `what` says it in the approval dialog.
 * @throws DiscountError for a discount the line cannot take; nothing changes then.
 * @example if ((await giveLineDiscount(line, { kind: 'percent', percent: 30 }, what)) === 'cancelled') sayNotApproved();
 */
export async function giveLineDiscount(
  line: TicketLine,
  discount: Discount | undefined,
  what: string,
): Promise<LineDiscountOutcome> {
  const taken = discount ? lineDiscountOf(line, discount) : { cents: 0, percent: 0 };
  if (!discount || taken.cents === 0) {
    changeLine(line.key, (current) => withLineDiscount(current, undefined));
    return 'given';
  }
  const need = { action: 'discount' as const, amountCents: taken.cents, percent: taken.percent };
  const token = await approveTicketChange(need, what);
  if (token === null) return 'cancelled';
  if (token === undefined && taken.percent >= 100) return 'full-needs-manager';
  changeLine(line.key, (current) => withLineDiscount(current, discount), token);
  return 'given';
}
