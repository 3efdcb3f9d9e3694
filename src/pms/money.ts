// Money: the one place that turns the PMS's decimal amounts into integer cents and back.
// Inside the till and the test hotel every amount is an integer number of cents; the wire
// carries decimals, sometimes as JSON numbers (64.95) and sometimes as strings ("1450.00").
// Owns the one money rule for every amount typed or received: at most two decimals, exactly as
// written, within limits; a refusal is a MoneyError whose code says which limit was broken.

/** An amount of money in the hotel's currency, as a whole number of cents. */
export type Cents = number;

/** Why an amount was refused: not an amount at all, too precise, or past a limit (`limitCents`). */
export type MoneyProblem = 'not-an-amount' | 'too-many-decimals' | 'not-above' | 'below' | 'above';

/** An amount refused by the money rule; `limitCents` is the limit it broke, if any. */
export class MoneyError extends RangeError {
  override readonly name = 'MoneyError';
  constructor(
    readonly problem: MoneyProblem,
    readonly limitCents: Cents | null,
    value: unknown,
  ) {
    super(`${moneyProblemText(problem, limitCents)}: ${JSON.stringify(value) ?? String(value)}`);
  }
}

/** The range an amount must lie in: from `min` (or above it, when `minExclusive`) to `max`. */
export interface AmountLimits {
  min: Cents;
  minExclusive?: boolean;
  max: Cents;
}

/** Highest price or price override the till and the test hotel take: 100,000.00 (our limit). */
export const MAX_PRICE_CENTS = 10_000_000;
/** A price or override: 0.00 to 100,000.00. */
export const PRICE_LIMITS: AmountLimits = { min: 0, max: MAX_PRICE_CENTS };
/** An amount that must be something (open price, cash tendered): more than 0.00, at most 100,000.00. */
export const POSITIVE_AMOUNT_LIMITS: AmountLimits = { min: 0, minExclusive: true, max: MAX_PRICE_CENTS };
/** What any wire amount can be at all: nine digits before the point. */
const WIRE_LIMITS: AmountLimits = { min: -99_999_999_999, max: 99_999_999_999 };

const DECIMAL_STRING = /^(-)?(\d+)(?:[.,](\d+))?$/;

/**
 * Parses an amount (JSON number or decimal string with a point or a comma) into cents. The rule
 * is the same for both: at most two decimals, exactly as written (`1e-9` or `0.001` are refused,
 * never rounded to 0.00), within `limits` (default: any wire amount).
 * @throws MoneyError naming the problem and the limit broken.
 * @example parseMoney('1450.00') === 145000; parseMoney(64.95) === 6495; parseMoney('1,50') === 150
 */
export function parseMoney(value: number | string, limits: AmountLimits = WIRE_LIMITS): Cents {
  return checkAmount(centsOf(value), limits);
}

function centsOf(value: number | string): Cents {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new MoneyError('not-an-amount', null, value);
    const cents = Math.round(value * 100);
    // cents / 100 is the double nearest to the two-decimal amount: equal only if that is what was sent.
    if (cents / 100 !== value) throw new MoneyError('too-many-decimals', null, value);
    if (Math.abs(cents) > WIRE_LIMITS.max) throw new MoneyError('above', WIRE_LIMITS.max, value);
    return cents === 0 ? 0 : cents; // no -0
  }
  const match = typeof value === 'string' ? DECIMAL_STRING.exec(value.trim()) : null;
  if (!match) throw new MoneyError('not-an-amount', null, value);
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > 2) throw new MoneyError('too-many-decimals', null, value);
  if (whole.length > 9)
    throw new MoneyError(sign ? 'below' : 'above', sign ? WIRE_LIMITS.min : WIRE_LIMITS.max, value);
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign && cents !== 0 ? -cents : cents;
}

/**
 * `cents` when it lies within `limits`.
 * @throws MoneyError naming the limit it broke.
 * @example checkAmount(0, POSITIVE_AMOUNT_LIMITS) // throws: not-above 0
 */
export function checkAmount(cents: Cents, limits: AmountLimits): Cents {
  if (!Number.isSafeInteger(cents)) throw new MoneyError('not-an-amount', null, cents);
  if (limits.minExclusive ? cents <= limits.min : cents < limits.min)
    throw new MoneyError(limits.minExclusive ? 'not-above' : 'below', limits.min, toDecimalString(cents));
  if (cents > limits.max) throw new MoneyError('above', limits.max, toDecimalString(cents));
  return cents;
}

/**
 * The money rule's refusal in plain English for the wire (the test hotel's and the server's JSON
 * errors); staff read the same codes in their language (words/money-error.ts).
 * @example moneyProblemText('above', 10_000_000) === 'must be at most 100000.00'
 */
export function moneyProblemText(problem: MoneyProblem, limitCents: Cents | null): string {
  const limit = limitCents === null ? '' : toDecimalString(limitCents);
  switch (problem) {
    case 'not-an-amount':
      return 'must be an amount with at most two decimals, such as 12.50';
    case 'too-many-decimals':
      return 'must have at most two decimals';
    case 'not-above':
      return `must be more than ${limit}`;
    case 'below':
      return `must be at least ${limit}`;
    case 'above':
      return `must be at most ${limit}`;
  }
}

/** Returns true when the value parses as money. */
export function isMoney(value: unknown): value is number | string {
  if (typeof value !== 'number' && typeof value !== 'string') return false;
  try {
    parseMoney(value);
    return true;
  } catch {
    return false;
  }
}

/** Cents as the wire's decimal string, e.g. 145000 -> "1450.00". */
export function toDecimalString(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as the wire's JSON number, e.g. 6495 -> 64.95. */
export function toDecimalNumber(cents: Cents): number {
  return Number(toDecimalString(cents));
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats cents for people, e.g. formatMoney(1250, 'de-DE', 'EUR') === '12,50 €'. */
export function formatMoney(cents: Cents, locale: string, currency: string): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

/** The tax contained in a gross amount at a rate given in basis points (1900 = 19 %), rounded half up. */
export function includedTax(grossCents: Cents, rateBasisPoints: number): Cents {
  return Math.round((grossCents * rateBasisPoints) / (10000 + rateBasisPoints));
}
