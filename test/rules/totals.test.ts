// Ticket totals: gross prices include VAT, so the tax is what each tax class's gross sum contains,
// rounded once per class.
import { describe, expect, it } from 'vitest';
import { totalsOf } from '../../src/rules/totals.ts';

const TAX_CLASSES = [
  { id: 1, name: 'USt 19 %', rate: 19 },
  { id: 2, name: 'USt 7 %', rate: 7 },
  { id: 3, name: 'Steuerfrei 0 %', rate: 0 },
];

describe('ticket totals', () => {
  it('add up gross line totals and count items', () => {
    const totals = totalsOf(
      [
        { unitPriceCents: 420, quantity: 2, taxClassId: 1 },
        { unitPriceCents: 1050, quantity: 1, taxClassId: 1 },
      ],
      TAX_CLASSES,
    );
    expect(totals.grossCents).toBe(1890);
    expect(totals.items).toBe(3);
  });

  it('extract the VAT per tax class from that class’s gross sum', () => {
    const totals = totalsOf(
      [
        { unitPriceCents: 1190, quantity: 2, taxClassId: 1 }, // 23.80 gross, 3.80 VAT
        { unitPriceCents: 1690, quantity: 1, taxClassId: 2 }, // 16.90 gross, 1.11 VAT (1.1056)
        { unitPriceCents: 350, quantity: 2, taxClassId: 3 }, // city tax, no VAT
      ],
      TAX_CLASSES,
    );
    expect(totals.taxes).toEqual([
      { taxClassId: 1, name: 'USt 19 %', ratePercent: 19, grossCents: 2380, taxCents: 380, netCents: 2000 },
      { taxClassId: 2, name: 'USt 7 %', ratePercent: 7, grossCents: 1690, taxCents: 111, netCents: 1579 },
      { taxClassId: 3, name: 'Steuerfrei 0 %', ratePercent: 0, grossCents: 700, taxCents: 0, netCents: 700 },
    ]);
    expect(totals.taxCents).toBe(491);
    expect(totals.grossCents).toBe(4770);
  });

  it('round the tax once per class, not per line', () => {
    // Three lines of 0.99 at 19 %: per line 0.158 -> 0.16 each (0.48); on the sum 2.97 -> 0.47.
    const line = { unitPriceCents: 99, quantity: 1, taxClassId: 1 };
    expect(totalsOf([line, { ...line }, { ...line }], TAX_CLASSES).taxCents).toBe(47);
  });

  it('show lines of an unknown tax class with no tax rather than guessing a rate', () => {
    const totals = totalsOf([{ unitPriceCents: 500, quantity: 1, taxClassId: 99 }], TAX_CLASSES);
    expect(totals.taxes).toEqual([
      { taxClassId: 99, name: '', ratePercent: null, grossCents: 500, taxCents: 0, netCents: 500 },
    ]);
  });

  it('are zero for an empty ticket', () => {
    expect(totalsOf([], TAX_CLASSES)).toEqual({ grossCents: 0, taxCents: 0, items: 0, taxes: [] });
  });
});
