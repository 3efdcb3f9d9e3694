import { describe, expect, it } from 'vitest';
import {
  DiscountError,
  discountCents,
  discountedLines,
  discountPercent,
  lineDiscountCents,
  lineDiscountPercent,
  listPriceOf,
  withLineDiscount,
} from '../../src/rules/discounts.ts';
import { partByLines, sumOf } from '../../src/rules/split.ts';
import { type TicketLine, withProduct, withQuantity } from '../../src/rules/ticket-lines.ts';
import { product } from '../support/catalogue.ts';

const line = (key: string, unitPriceCents: number, quantity: number): TicketLine => ({
  key,
  productId: Number(key.slice(1)),
  name: key,
  unitPriceCents,
  quantity,
  taxClassId: 1,
  commodityGroupId: null,
  openPrice: false,
});

describe('ticket discounts', () => {
  it('takes a percentage or an amount off, rounded half up to the cent', () => {
    expect(discountCents(2190, { kind: 'percent', percent: 10 })).toBe(219);
    expect(discountCents(1005, { kind: 'percent', percent: 50 })).toBe(503);
    expect(discountCents(2190, { kind: 'amount', cents: 190 })).toBe(190);
    expect(discountPercent(2190, 219)).toBe(10);
  });

  it('refuses a percentage outside 0–100 and an amount above the total, so no price turns negative', () => {
    expect(() => discountCents(1000, { kind: 'percent', percent: 101 })).toThrow(DiscountError);
    expect(() => discountCents(1000, { kind: 'percent', percent: -1 })).toThrow(DiscountError);
    expect(() => discountCents(1000, { kind: 'amount', cents: 1001 })).toThrow(DiscountError);
  });

  it('spreads a ticket discount over the lines so they add up exactly, prices never negative', () => {
    const lines = [line('p1', 420, 3), line('p2', 1050, 1), line('p3', 280, 1)]; // 2590
    for (const discount of [
      { kind: 'percent', percent: 10 } as const,
      { kind: 'amount', cents: 333 } as const,
      { kind: 'percent', percent: 100 } as const,
    ]) {
      const after = discountedLines(lines, discount);
      expect(sumOf(after)).toBe(2590 - discountCents(2590, discount));
      expect(after.every((l) => l.unitPriceCents >= 0 && l.quantity >= 1)).toBe(true);
      expect(after.reduce((n, l) => n + l.quantity, 0)).toBe(5);
    }
  });
});

describe('line discounts', () => {
  const tenPercent = { kind: 'percent', percent: 10 } as const;

  it('re-prices each item of the line to the cent and keeps the price before', () => {
    const pils = withLineDiscount(line('p1', 420, 3), tenPercent);
    expect(pils).toMatchObject({
      unitPriceCents: 378,
      quantity: 3,
      discount: { given: tenPercent, listPriceCents: 420 },
    });
    expect(lineDiscountCents(pils)).toBe(126);
    expect(listPriceOf(pils)).toBe(420);
    // half a cent is rounded up: 15 % of 2.90 is 0.435
    expect(withLineDiscount(line('p2', 290, 1), { kind: 'percent', percent: 15 }).unitPriceCents).toBe(246);
    expect(withLineDiscount(line('p3', 1550, 2), { kind: 'amount', cents: 250 }).unitPriceCents).toBe(1300);
  });

  it('gives a new discount from the price before, and takes it off again at 0 or none', () => {
    const once = withLineDiscount(line('p1', 420, 1), tenPercent);
    const twice = withLineDiscount(once, { kind: 'percent', percent: 50 });
    expect([twice.unitPriceCents, twice.discount?.listPriceCents]).toEqual([210, 420]);
    for (const none of [undefined, { kind: 'percent', percent: 0 } as const]) {
      const back = withLineDiscount(twice, none);
      expect(back).toEqual(line('p1', 420, 1));
      expect('discount' in back).toBe(false);
    }
  });

  it('refuses more than 100 % or more than the price of an item, leaving no negative price', () => {
    expect(() => withLineDiscount(line('p1', 420, 2), { kind: 'percent', percent: 100.5 })).toThrow(
      DiscountError,
    );
    expect(() => withLineDiscount(line('p1', 420, 2), { kind: 'amount', cents: 421 })).toThrow(DiscountError);
    const free = withLineDiscount(line('p1', 420, 2), { kind: 'amount', cents: 420 });
    expect([free.unitPriceCents, lineDiscountCents(free)]).toEqual([0, 840]);
  });

  it('says the percentage from the cents taken off, as a ticket discount does', () => {
    expect(lineDiscountPercent(420, { kind: 'amount', cents: 105 })).toBe(25);
    expect(lineDiscountPercent(420, tenPercent)).toBe(10);
    expect(lineDiscountPercent(283, { kind: 'percent', percent: 20 })).toBeGreaterThan(20); // 0.566 -> 0.57
    expect(lineDiscountPercent(0, tenPercent)).toBe(0);
  });

  it('stays on the line when its quantity changes or the product is tapped again', () => {
    const lines = [withLineDiscount(line('p1', 420, 1), tenPercent)];
    const more = withQuantity(lines, 'p1', 4);
    expect([more[0]!.unitPriceCents, more[0]!.quantity, lineDiscountCents(more[0]!)]).toEqual([378, 4, 168]);
    const tapped = withProduct(
      more,
      product(1, 'p1', 420, { number: '', commodity_group_id: null, commodity_group_name: '' }),
    );
    expect([tapped[0]!.unitPriceCents, tapped[0]!.quantity]).toEqual([378, 5]);
  });

  it('adds up to the cent with a ticket discount on top, which is taken off the discounted lines', () => {
    // 3 x 4.20 at 10 % off each = 11.34, plus 15.50 = 26.84; 10 % off the ticket = 2.68
    const lines = [withLineDiscount(line('p1', 420, 3), tenPercent), line('p2', 1550, 1)];
    expect(sumOf(lines)).toBe(2684);
    const after = discountedLines(lines, tenPercent);
    expect(sumOf(after)).toBe(2684 - 268);
    // the line keeps what its own discount was, for the receipt
    expect(after.filter((l) => l.productId === 1).every((l) => lineDiscountCents(l) > 0)).toBe(true);
    expect(after.filter((l) => l.productId === 1).reduce((n, l) => n + lineDiscountCents(l), 0)).toBe(126);
  });

  it('travels with the line into a part of a split', () => {
    const lines = [withLineDiscount(line('p1', 420, 3), tenPercent), line('p2', 1550, 1)];
    const part = partByLines(lines, new Map([['p1', 2]]));
    expect(part.totalCents).toBe(756);
    expect(part.rest.map((l) => [l.key, l.quantity, l.unitPriceCents])).toEqual([
      ['p1', 1, 378],
      ['p2', 1, 1550],
    ]);
  });
});
