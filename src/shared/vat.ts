// The VAT rules the tablet and the till server share (issue 19, item 5): how much VAT a gross
// amount contains, per line and per rate. Pure; imports only pms/money.ts (dependency rule
// `shared-is-pure`). Invariants: integer cents; prices are gross (VAT included); VAT rates are basis
// points (19 % = 1900); a rate's VAT is extracted once from that rate's gross sum (as a German
// receipt shows it), so a receipt's VAT lines and the ledger's per-rate sums agree to the cent.
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
  const vatCents = vatRateBp === null ? 0 : includedTax(grossCents, vatRateBp);
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
 * Gross, net and VAT per rate of `amounts`, one rounding per rate, highest rate first (unknown last).
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
