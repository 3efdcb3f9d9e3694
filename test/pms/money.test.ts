// Money at the wire's edge: decimals in both wire formats become integer cents, and back.
import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  formatMoney,
  includedTax,
  isMoney,
  MoneyError,
  moneyProblemText,
  POSITIVE_AMOUNT_LIMITS,
  PRICE_LIMITS,
  parseMoney,
  toDecimalNumber,
  toDecimalString,
} from '../../src/pms/money.ts';

describe('parseMoney', () => {
  it('reads JSON numbers as cents', () => {
    expect(parseMoney(64.95)).toBe(6495);
    expect(parseMoney(12)).toBe(1200);
    expect(parseMoney(0.1)).toBe(10);
    expect(parseMoney(0)).toBe(0);
    expect(parseMoney(-3.5)).toBe(-350);
  });

  it('reads two-decimal numbers exactly although their binary value is not', () => {
    expect(parseMoney(1.15)).toBe(115); // 1.15 * 100 is 114.99999999999999
    expect(parseMoney(19.99)).toBe(1999); // 19.99 * 100 is 1998.9999999999998
    expect(parseMoney(4.35)).toBe(435); // 4.35 * 100 is 434.99999999999994
  });

  it('reads decimal strings with a point or a comma, zero to two decimals', () => {
    expect(parseMoney('1450.00')).toBe(145000);
    expect(parseMoney('64.9')).toBe(6490);
    expect(parseMoney('7')).toBe(700);
    expect(parseMoney('12,50')).toBe(1250);
    expect(parseMoney(' 3.20 ')).toBe(320);
    expect(parseMoney('-0.05')).toBe(-5);
  });

  it('refuses more than two decimals rather than rounding money away', () => {
    expect(() => parseMoney(64.955)).toThrow(RangeError);
    expect(() => parseMoney('1.005')).toThrow(RangeError);
  });

  it('refuses a number that is not exactly what two decimals say (no tolerance)', () => {
    // 0.1 + 0.2 travels as 0.30000000000000004 in JSON: more than two decimals.
    for (const bad of [1e-9, 0.001, 12.345, 0.1 + 0.2, -1e-9, 100000.001]) {
      expect(problemOf(bad), String(bad)).toBe('too-many-decimals');
    }
  });
});

/** The problem code parseMoney refuses `value` with, or 'ok'. */
function problemOf(value: number | string, limits?: Parameters<typeof parseMoney>[1]): string {
  try {
    parseMoney(value, limits);
    return 'ok';
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    return `${error.problem}${error.limitCents === null ? '' : ` ${toDecimalString(error.limitCents)}`}`;
  }
}

describe('the money rule, as strings and as numbers, within limits', () => {
  const cases: [value: number | string, price: string, positive: string][] = [
    ['12.50', 'ok', 'ok'],
    [12.5, 'ok', 'ok'],
    ['1,50', 'ok', 'ok'], // German decimal comma
    ['0', 'ok', 'not-above 0.00'],
    [0, 'ok', 'not-above 0.00'],
    ['0.00', 'ok', 'not-above 0.00'],
    [0.01, 'ok', 'ok'],
    ['100000.00', 'ok', 'ok'],
    [100000, 'ok', 'ok'],
    ['100000.01', 'above 100000.00', 'above 100000.00'],
    [100000.01, 'above 100000.00', 'above 100000.00'],
    ['999999', 'above 100000.00', 'above 100000.00'],
    [999999, 'above 100000.00', 'above 100000.00'],
    ['-1', 'below 0.00', 'not-above 0.00'],
    [-1, 'below 0.00', 'not-above 0.00'],
    [1e-9, 'too-many-decimals', 'too-many-decimals'],
    [0.001, 'too-many-decimals', 'too-many-decimals'],
    ['0.001', 'too-many-decimals', 'too-many-decimals'],
    [12.345, 'too-many-decimals', 'too-many-decimals'],
    ['12.345', 'too-many-decimals', 'too-many-decimals'],
    ['1e-9', 'not-an-amount', 'not-an-amount'],
    ['1.234,50', 'not-an-amount', 'not-an-amount'],
    ['', 'not-an-amount', 'not-an-amount'],
    [Number.NaN, 'not-an-amount', 'not-an-amount'],
  ];
  it.each(cases)('%j: as a price %s, as a positive amount %s', (value, price, positive) => {
    expect(problemOf(value, PRICE_LIMITS)).toBe(price);
    expect(problemOf(value, POSITIVE_AMOUNT_LIMITS)).toBe(positive);
  });

  it('says which limit was broken, in plain English for the wire', () => {
    expect(moneyProblemText('above', 10_000_000)).toBe('must be at most 100000.00');
    expect(moneyProblemText('not-above', 0)).toBe('must be more than 0.00');
    expect(moneyProblemText('below', 0)).toBe('must be at least 0.00');
    expect(moneyProblemText('too-many-decimals', null)).toBe('must have at most two decimals');
    expect(() => checkAmount(0, POSITIVE_AMOUNT_LIMITS)).toThrow('must be more than 0.00');
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1.2.3', '1e3', '.5', '12.', '1 000', '€5', '0x10', '+5']) {
      expect(() => parseMoney(bad), bad).toThrow(RangeError);
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 1e20]) {
      expect(() => parseMoney(bad), String(bad)).toThrow(RangeError);
    }
  });
});

describe('isMoney', () => {
  it('says whether a value parses, without throwing', () => {
    expect(isMoney('1450.00')).toBe(true);
    expect(isMoney(64.95)).toBe(true);
    expect(isMoney('64.955')).toBe(false);
    expect(isMoney(null)).toBe(false);
    expect(isMoney(undefined)).toBe(false);
    expect(isMoney({ amount: 1 })).toBe(false);
  });
});

describe('toDecimalString and toDecimalNumber', () => {
  it('write cents as the wire decimal with two places', () => {
    expect(toDecimalString(145000)).toBe('1450.00');
    expect(toDecimalString(5)).toBe('0.05');
    expect(toDecimalString(0)).toBe('0.00');
    expect(toDecimalString(-1250)).toBe('-12.50');
    expect(toDecimalNumber(6495)).toBe(64.95);
    expect(toDecimalNumber(-5)).toBe(-0.05);
  });

  it('round-trip with parseMoney for every cent value in a range', () => {
    for (let cents = -2000; cents <= 2000; cents++) {
      expect(parseMoney(toDecimalString(cents))).toBe(cents);
      expect(parseMoney(toDecimalNumber(cents))).toBe(cents);
    }
  });
});

describe('formatMoney', () => {
  it('formats cents for people in the given locale and currency', () => {
    expect(formatMoney(1250, 'de-DE', 'EUR')).toBe('12,50\u00a0€');
    expect(formatMoney(1250, 'en-GB', 'EUR')).toBe('€12.50');
  });
});

describe('includedTax', () => {
  it('extracts the tax contained in a gross amount', () => {
    expect(includedTax(1190, 1900)).toBe(190);
    expect(includedTax(1070, 700)).toBe(70);
    expect(includedTax(500, 0)).toBe(0);
  });

  it('rounds to the nearest cent', () => {
    expect(includedTax(420, 1900)).toBe(67); // 67.06
    expect(includedTax(350, 700)).toBe(23); // 22.90
  });
});
