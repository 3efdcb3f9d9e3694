// The VAT rule the tablet and the till server share (issue 19, item 5; issue 30): a receipt's VAT
// per rate, and its lines' shares of it. Pure; imports only pms/money.ts (`shared-is-pure`).
// Invariants: integer cents; prices gross; rates in basis points (19 % = 1900); a receipt's VAT of a
// rate is extracted once from its gross at that rate, half away from zero (a reversal holds minus its
// sale's); its lines' VAT adds up to exactly that, so receipts, X/Z and export agree. docs/ledger.md, "VAT".
import { type Cents, includedTax } from '../pms/money.ts';

/** A gross amount split into net and VAT. */
export interface NetAndVat {
  netCents: Cents;
  vatCents: Cents;
}

/** One VAT rate's share of a sale or a day. */
export interface VatShare extends NetAndVat {
  /** Basis points; null where the product has no known tax class (no VAT worked out). */
  vatRateBp: number | null;
  grossCents: Cents;
}

/**
 * A VAT rate in percent (the PMS's tax classes give 19 or 7) in basis points.
 * @example rateBp(19) === 1900; rateBp(5.5) === 550
 */
export function rateBp(ratePercent: number): number {
  return Math.round(ratePercent * 100);
}

/**
 * The net and VAT contained in `grossCents` at `vatRateBp` (no VAT for an unknown rate).
 * @example netAndVat(1190, 1900) // { netCents: 1000, vatCents: 190 }
 */
export function netAndVat(grossCents: Cents, vatRateBp: number | null): NetAndVat {
  const vat = vatRateBp === null ? 0 : includedTax(Math.abs(grossCents), vatRateBp);
  const vatCents = grossCents < 0 && vat !== 0 ? -vat : vat;
  return { netCents: grossCents - vatCents, vatCents };
}

/**
 * The gross of a line: unit price times quantity (negative quantities on reversals).
 * @example lineGross({ unitPriceCents: 420, quantity: -2 }) === -840
 */
export function lineGross(line: { unitPriceCents: Cents; quantity: number }): Cents {
  return line.unitPriceCents * line.quantity;
}

/**
 * Gross, net and VAT per rate of one receipt's `amounts` (its lines), one rounding per rate, highest rate first (unknown last).
 * @example vatByRate([{ grossCents: 1190, vatRateBp: 1900 }, { grossCents: 1070, vatRateBp: 700 }])
 *   // [{ vatRateBp: 1900, grossCents: 1190, netCents: 1000, vatCents: 190 }, { vatRateBp: 700, ... }]
 */
export function vatByRate(amounts: readonly { grossCents: Cents; vatRateBp: number | null }[]): VatShare[] {
  const grossByRate = new Map<number | null, Cents>();
  for (const { grossCents, vatRateBp } of amounts)
    grossByRate.set(vatRateBp, (grossByRate.get(vatRateBp) ?? 0) + grossCents);
  const shares = [...grossByRate].map(([vatRateBp, grossCents]) => ({
    vatRateBp,
    grossCents,
    ...netAndVat(grossCents, vatRateBp),
  }));
  return shares.sort((a, b) => (b.vatRateBp ?? -1) - (a.vatRateBp ?? -1));
}

/**
 * Each line's net and VAT on one receipt: per rate, the lines' VAT adds up to the receipt's VAT of
 * that rate (`vatByRate`); each line holds its exact VAT rounded down or up, the cents left over going
 * to the lines with the largest fractions (the earlier line on a tie). Negating every line of a rate
 * negates its lines' VAT, so a void takes back exactly what its sale held.
 * @example linesNetAndVat([{ grossCents: 840, vatRateBp: 1900 }, { grossCents: 360, vatRateBp: 1900 }])
 *   // [{ netCents: 706, vatCents: 134 }, { netCents: 302, vatCents: 58 }]: 192 cents, as the receipt's 1200 holds
 */
export function linesNetAndVat(
  lines: readonly { grossCents: Cents; vatRateBp: number | null }[],
): NetAndVat[] {
  const vat = lines.map(() => 0);
  for (const share of vatByRate(lines)) {
    const rateBp = share.vatRateBp;
    if (rateBp === null) continue;
    const sign = share.grossCents < 0 ? -1 : 1;
    const divisor = 10_000 + rateBp;
    const ofRate = lines.flatMap((line, index) => {
      if (line.vatRateBp !== rateBp) return [];
      const tenThousandths = sign * line.grossCents * rateBp;
      const fraction = ((tenThousandths % divisor) + divisor) % divisor;
      return [{ index, whole: (tenThousandths - fraction) / divisor, fraction }];
    });
    let left = sign * share.vatCents - ofRate.reduce((sum, line) => sum + line.whole, 0);
    const byFraction = [...ofRate].sort((a, b) => b.fraction - a.fraction || a.index - b.index);
    for (const line of byFraction) {
      const cents = line.whole + (left > 0 ? 1 : 0);
      left -= left > 0 ? 1 : 0;
      vat[line.index] = sign * cents === 0 ? 0 : sign * cents;
    }
  }
  return lines.map((line, index) => ({ netCents: line.grossCents - vat[index]!, vatCents: vat[index]! }));
}
