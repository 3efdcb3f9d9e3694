// Money: the one place that turns the PMS's decimal amounts into integer cents and back.
// Inside the till and the test hotel every amount is an integer number of cents; the wire
// carries decimals, sometimes as JSON numbers (64.95) and sometimes as strings ("1450.00").

/** An amount of money in the hotel's currency, as a whole number of cents. */
export type Cents = number;

const DECIMAL_STRING = /^(-)?(\d{1,9})(?:[.,](\d{1,2}))?$/;

/**
 * Parses a wire amount (number or decimal string) into cents.
 * @throws RangeError when the value is not a finite amount with at most two decimals.
 * @example parseMoney('1450.00') === 145000; parseMoney(64.95) === 6495
 */
export function parseMoney(value: number | string): Cents {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
    const cents = Math.round(value * 100);
    if (Math.abs(cents - value * 100) > 1e-6) throw new RangeError(`more than two decimals: ${value}`);
    if (!Number.isSafeInteger(cents)) throw new RangeError(`amount out of range: ${value}`);
    return cents;
  }
  const match = DECIMAL_STRING.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal amount: "${value}"`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
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
