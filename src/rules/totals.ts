// What a ticket comes to: the gross total and the VAT contained in it per tax class. Pure, so the
// ticket, the receipt and the room charge all compute it the same way. Invariants: money is integer
// cents; prices are gross (VAT included), so the tax is extracted per tax class from that class's
// gross sum (one rounding per class, as a German receipt shows it) with the VAT rule the till server
// shares (src/shared/vat.ts).
import type { Cents } from '../pms/money';
import type { TaxClass } from '../pms/wire';
import { netAndVat, rateBp } from '../shared/vat';

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
  const grossByClass = new Map<number | null, Cents>();
  let grossCents = 0;
  let items = 0;
  for (const line of lines) {
    const gross = line.unitPriceCents * line.quantity;
    grossCents += gross;
    items += line.quantity;
    grossByClass.set(line.taxClassId, (grossByClass.get(line.taxClassId) ?? 0) + gross);
  }
  const taxes = [...grossByClass].map(([taxClassId, gross]) => taxLine(taxClassId, gross, taxClasses));
  taxes.sort((a, b) => (b.ratePercent ?? -1) - (a.ratePercent ?? -1));
  return { grossCents, taxCents: taxes.reduce((sum, tax) => sum + tax.taxCents, 0), items, taxes };
}

function taxLine(taxClassId: number | null, grossCents: Cents, taxClasses: readonly TaxClass[]): TaxLine {
  const taxClass = taxClassId === null ? undefined : taxClasses.find((c) => c.id === taxClassId);
  if (!taxClass) {
    return { taxClassId, name: '', ratePercent: null, grossCents, taxCents: 0, netCents: grossCents };
  }
  const { netCents, vatCents } = netAndVat(grossCents, rateBp(taxClass.rate));
  return {
    taxClassId,
    name: taxClass.name,
    ratePercent: taxClass.rate,
    grossCents,
    taxCents: vatCents,
    netCents,
  };
}
