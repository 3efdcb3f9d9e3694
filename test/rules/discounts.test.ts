import { describe, expect, it } from 'vitest';
import { DiscountError, discountCents, discountedLines, discountPercent } from '../../src/rules/discounts.ts';
import { sumOf } from '../../src/rules/split.ts';
import type { TicketLine } from '../../src/rules/ticket-lines.ts';

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
