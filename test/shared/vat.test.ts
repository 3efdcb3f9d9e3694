// The VAT rule the tablet's totals and the server's ledger share (src/shared/vat.ts): VAT extracted
// from gross amounts, per line and once per rate, to the cent, with figures worked out by hand.
import { describe, expect, it } from 'vitest';
import { totalsOf } from '../../src/rules/totals.ts';
import { lineGross, netAndVat, rateBp, vatByRate } from '../../src/shared/vat.ts';

describe('VAT in gross amounts', () => {
  it('splits a gross amount into net and VAT at 19 % and 7 %, and none at an unknown rate', () => {
    expect(netAndVat(1190, 1900)).toEqual({ netCents: 1000, vatCents: 190 });
    expect(netAndVat(1070, 700)).toEqual({ netCents: 1000, vatCents: 70 });
    // 4.20 at 19 %: 420 × 19 / 119 = 67.06 → 67
    expect(netAndVat(420, 1900)).toEqual({ netCents: 353, vatCents: 67 });
    expect(netAndVat(420, null)).toEqual({ netCents: 420, vatCents: 0 });
    expect(netAndVat(-420, 1900)).toEqual({ netCents: -353, vatCents: -67 });
  });

  it('rounds once per rate, not once per line', () => {
    // Three lines of 0.10 at 19 %: per line 0.02 VAT each (0.06), once per rate 0.30 × 19/119 = 0.05.
    const lines = [1, 2, 3].map(() => ({
      grossCents: lineGross({ unitPriceCents: 10, quantity: 1 }),
      vatRateBp: 1900,
    }));
    expect(vatByRate(lines)).toEqual([{ vatRateBp: 1900, grossCents: 30, netCents: 25, vatCents: 5 }]);
    expect(
      vatByRate([
        { grossCents: 1070, vatRateBp: 700 },
        { grossCents: 500, vatRateBp: null },
        { grossCents: 1190, vatRateBp: 1900 },
      ]).map((share) => share.vatRateBp),
    ).toEqual([1900, 700, null]);
  });

  it("is the rule the tablet's ticket totals use", () => {
    const totals = totalsOf(
      [1, 2, 3].map(() => ({ unitPriceCents: 10, quantity: 1, taxClassId: 1 })),
      [{ id: 1, name: '19 %', rate: 19 }],
    );
    expect(totals.taxCents).toBe(vatByRate([{ grossCents: 30, vatRateBp: rateBp(19) }])[0]!.vatCents);
  });
});
