// Money at the wire's edge: decimals in both wire formats become integer cents, and back.
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  includedTax,
  isMoney,
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

  it('absorbs binary floating-point noise instead of truncating', () => {
    expect(parseMoney(0.1 + 0.2)).toBe(30);
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
