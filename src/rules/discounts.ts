// Discounts on a ticket, pure. Owns: what a discount of a percentage or an amount takes off a total
// (cents, rounded half up), the percentage it comes to (for the outlet's approval limit), and the
// lines re-priced so they add up to the discounted total exactly (sent to the PMS as each line's
// price). Invariants: a discount never makes a price negative; it is at most the total; 100 % is
// a valid discount only with a manager's approval (the pay screen asks for it).
import type { Cents } from '../pms/money';
import { linesAt, sumOf } from './split';
import type { TicketLine } from './ticket-lines';

export type Discount = { kind: 'percent'; percent: number } | { kind: 'amount'; cents: Cents };

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
