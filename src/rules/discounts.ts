// Discounts on a ticket and on one line, pure: what a percentage or an amount takes off (cents, half
// up), the percentage it comes to, the lines re-priced to add up to the discounted total exactly, and a
// line's own per-item discount. Invariants: never a negative price, at most the total; 100 % only with
// a manager's approval. Rules: docs/till-app.md, "Discounts".
import type { Cents } from '../pms/money';
import { linesAt, sumOf } from './split';
import type { Discount, TicketLine } from './ticket-lines';

export type { Discount } from './ticket-lines';

/** Why a discount is refused, for the view to say in words. */
export class DiscountError extends Error {
  override readonly name = 'DiscountError';
  constructor(readonly reason: 'bad-percent' | 'more-than-total') {
    super(reason);
  }
}

/**
 * The cents `discount` takes off `totalCents`.
 * @throws DiscountError for a percentage outside 0–100 or an amount above the total.
 * @example discountCents(2190, { kind: 'percent', percent: 10 }) === 219
 */
export function discountCents(totalCents: Cents, discount: Discount): Cents {
  if (discount.kind === 'percent') {
    if (!Number.isFinite(discount.percent) || discount.percent < 0 || discount.percent > 100) {
      throw new DiscountError('bad-percent');
    }
    return Math.round((totalCents * discount.percent) / 100);
  }
  if (!Number.isSafeInteger(discount.cents) || discount.cents < 0 || discount.cents > totalCents) {
    throw new DiscountError('more-than-total');
  }
  return discount.cents;
}

/**
 * The percentage of `totalCents` that `cents` is (0 for an empty total).
 * @example discountPercent(2190, 219) === 10
 */
export function discountPercent(totalCents: Cents, cents: Cents): number {
  return totalCents === 0 ? 0 : (cents * 100) / totalCents;
}

/**
 * `lines` with `discount` taken off their total, spread over the lines to the cent.
 * @example sumOf(discountedLines(lines, { kind: 'amount', cents: 300 })) === sumOf(lines) - 300
 */
export function discountedLines(lines: readonly TicketLine[], discount: Discount): TicketLine[] {
  const total = sumOf(lines);
  return linesAt(lines, total - discountCents(total, discount));
}

/**
 * `line` with `discount` taken off each of its items: the unit price re-priced to the cent (what the
 * PMS gets as the line's price), the price before kept in `line.discount`; a line discounted before
 * is re-priced from its price before. Without a discount (or one of 0) the line is back at that price.
 * @throws DiscountError for a percentage outside 0–100 or an amount above the unit price.
 * @example withLineDiscount(pils, { kind: 'percent', percent: 10 }).unitPriceCents === 378 // 4.20 - 0.42
 */
export function withLineDiscount(line: TicketLine, discount: Discount | undefined): TicketLine {
  const listPriceCents = listPriceOf(line);
  const { discount: _before, ...plain } = line;
  const off = discount ? discountCents(listPriceCents, discount) : 0;
  if (!discount || off === 0) return { ...plain, unitPriceCents: listPriceCents };
  return { ...plain, unitPriceCents: listPriceCents - off, discount: { given: discount, listPriceCents } };
}

/**
 * A line's unit price before its own discount (its price when it has none).
 * @example listPriceOf(withLineDiscount(pils, tenPercent)) === 420
 */
export function listPriceOf(line: TicketLine): Cents {
  return line.discount?.listPriceCents ?? line.unitPriceCents;
}

/**
 * What a line's own discount takes off the line, all its items (0 without one); a ticket discount
 * spread over the line afterwards is not part of it.
 * @example lineDiscountCents({ ...pilsTimesThree, discount: { given: tenPercent, listPriceCents: 420 } }) === 126
 */
export function lineDiscountCents(line: TicketLine): Cents {
  if (!line.discount) return 0;
  return discountCents(line.discount.listPriceCents, line.discount.given) * line.quantity;
}

/**
 * The percentage a line discount takes off the line's price, from the cents it takes (as for a
 * ticket discount: what the outlet's approval limit is checked against).
 * @throws DiscountError as `discountCents` does.
 * @example lineDiscountPercent(420, { kind: 'amount', cents: 105 }) === 25
 */
export function lineDiscountPercent(listPriceCents: Cents, discount: Discount): number {
  return discountPercent(listPriceCents, discountCents(listPriceCents, discount));
}
