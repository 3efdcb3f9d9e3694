import { describe, expect, it } from 'vitest';
import { equalPart, partByLines, shareOut, sumOf } from '../../src/rules/split.ts';
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

const TICKET = [line('p1', 420, 2), line('p2', 1590, 1), line('p3', 390, 3)]; // 840 + 1590 + 1170 = 3600

describe('splitting the bill', () => {
  it('takes the picked quantities into the part and leaves the rest on the ticket', () => {
    const part = partByLines(
      TICKET,
      new Map([
        ['p1', 1],
        ['p3', 3],
      ]),
    );
    expect(part.lines.map((l) => [l.key, l.quantity])).toEqual([
      ['p1', 1],
      ['p3', 3],
    ]);
    expect(part.rest.map((l) => [l.key, l.quantity])).toEqual([
      ['p1', 1],
      ['p2', 1],
    ]);
    expect(part.totalCents).toBe(420 + 1170);
    expect(part.totalCents + sumOf(part.rest)).toBe(sumOf(TICKET));
  });

  it('never picks more than a line has, nor a negative amount', () => {
    const part = partByLines(
      TICKET,
      new Map([
        ['p1', 9],
        ['p2', -2],
      ]),
    );
    expect(part.lines.map((l) => [l.key, l.quantity])).toEqual([['p1', 2]]);
    expect(sumOf(part.rest)).toBe(1590 + 1170);
  });

  it('splits into equal parts that add up exactly, paid one after another', () => {
    let lines = [line('p1', 333, 1), line('p2', 1000, 1)]; // 13.33 in 3 parts: 4.45, 4.44, 4.44
    const paid: number[] = [];
    for (let parts = 3; parts >= 1; parts--) {
      const part = equalPart(lines, parts);
      expect(part.totalCents).toBe(sumOf(part.lines));
      expect(part.totalCents + sumOf(part.rest)).toBe(sumOf(lines));
      for (const l of [...part.lines, ...part.rest]) {
        expect(Number.isInteger(l.quantity) && l.quantity >= 1).toBe(true);
        expect(Number.isInteger(l.unitPriceCents) && l.unitPriceCents >= 0).toBe(true);
      }
      paid.push(part.totalCents);
      lines = part.rest;
    }
    expect(paid).toEqual([445, 444, 444]);
    expect(lines).toEqual([]);
  });

  it('keeps line keys unique however often a rest is split again', () => {
    let lines = [line('p1', 425, 3), line('p2', 199, 7)];
    for (let parts = 5; parts > 1; parts--) {
      lines = equalPart(lines, parts).rest;
      expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
    }
  });

  it('prices a share that does not divide by the quantity as two lines a cent apart', () => {
    const part = equalPart([line('p1', 425, 3)], 2); // 12.75 -> 6.38: 1 x 2.12 + 2 x 2.13
    expect(part.totalCents).toBe(638);
    expect(part.lines.map((l) => [l.quantity, l.unitPriceCents])).toEqual([
      [1, 212],
      [2, 213],
    ]);
    expect(sumOf(part.lines)).toBe(638);
  });

  it('shares an amount out in proportion, to the cent', () => {
    expect(shareOut([840, 1590], 1215)).toEqual([420, 795]);
    expect(shareOut([1, 1, 1], 100)).toEqual([34, 33, 33]);
    expect(shareOut([0, 0], 5)).toEqual([5, 0]);
  });
});
