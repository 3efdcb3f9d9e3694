// What a ticket comes to: the gross total and the VAT contained in it per tax class. Pure, so the
// ticket, the receipt and the room charge all compute it the same way. Invariants: money is integer
// cents; prices are gross (VAT included), so the tax is extracted per VAT rate from that rate's gross
// sum (one rounding per rate, as a German receipt shows it) by the function the till server's
// ledger, X/Z and export use (src/shared/vat.ts `vatByRate`).
import type { Cents } from '../pms/money';
import type { TaxClass } from '../pms/wire';
import { rateBp, vatByRate } from '../shared/vat';

/** The part of a ticket line the totals need. */
export interface PricedLine {
  unitPriceCents: Cents;
  quantity: number;
  taxClassId: number | null;
}

export interface TaxLine {
  /** null: the product has no (known) tax class. */
  taxClassId: number | null;
  name: string;
  /** Percent, e.g. 19; null when unknown. */
  ratePercent: number | null;
  grossCents: Cents;
  taxCents: Cents;
  netCents: Cents;
}

export interface Totals {
  grossCents: Cents;
  taxCents: Cents;
  /** Item count (sum of quantities). */
  items: number;
  /** One entry per tax class on the ticket, highest rate first. */
  taxes: TaxLine[];
}

export const EMPTY_TOTALS: Totals = { grossCents: 0, taxCents: 0, items: 0, taxes: [] };

/**
 * Totals of `lines` with the hotel's tax classes.
 * @example totalsOf([{ unitPriceCents: 1190, quantity: 2, taxClassId: 1 }], [{ id: 1, name: '19 %', rate: 19 }])
 *   // { grossCents: 2380, taxCents: 380, items: 2, taxes: [{ taxClassId: 1, grossCents: 2380, taxCents: 380, ... }] }
 */
export function totalsOf(lines: readonly PricedLine[], taxClasses: readonly TaxClass[]): Totals {
  if (lines.length === 0) return EMPTY_TOTALS;
  const classOf = (taxClassId: number | null) =>
    taxClassId === null ? undefined : taxClasses.find((c) => c.id === taxClassId);
  let grossCents = 0;
  let items = 0;
  const amounts = lines.map((line) => {
    const gross = line.unitPriceCents * line.quantity;
    grossCents += gross;
    items += line.quantity;
    const taxClass = classOf(line.taxClassId);
    return { grossCents: gross, vatRateBp: taxClass ? rateBp(taxClass.rate) : null };
  });
  const taxes = vatByRate(amounts).map((share): TaxLine => {
    // The first of the ticket's classes at this rate names it (two classes of one rate are one VAT line).
    const taxClass = lines
      .map((line) => classOf(line.taxClassId))
      .find((c) => c !== undefined && rateBp(c.rate) === share.vatRateBp);
    const unknown = lines.find((line) => classOf(line.taxClassId) === undefined);
    return {
      taxClassId: taxClass?.id ?? unknown?.taxClassId ?? null,
      name: taxClass?.name ?? '',
      ratePercent: taxClass?.rate ?? null,
      grossCents: share.grossCents,
      taxCents: share.vatCents,
      netCents: share.netCents,
    };
  });
  return { grossCents, taxCents: taxes.reduce((sum, tax) => sum + tax.taxCents, 0), items, taxes };
}
