// The fiscal driver per country: what the ledger and the admin page use, whatever the law behind
// it. `none` signs nothing; Germany (de/germany.ts) signs with a TSE. Austria (RKSV) would be a
// third driver with the same face (docs/fiscal.md, "Austria later").
import type { FiscalTseData } from '../../pms/fiscal-wire.ts';
import type { FiscalSale } from './fiscal-sale.ts';

export const FISCAL_COUNTRIES = ['none', 'DE'] as const;
export type FiscalCountry = (typeof FISCAL_COUNTRIES)[number];

/** A sale's fiscal outcome as the receipt and the ledger need it, country-neutral. */
export interface FiscalMark {
  saleId: string;
  /** signed: the receipt carries the fiscal data; unsigned: an outage, marked on the receipt;
   * not-required: no fiscal country is set. */
  status: 'signed' | 'unsigned' | 'not-required';
  /** The receipt's fiscal lines (the driver's language choice). */
  lines: string[];
  /** The QR code's text, where the law has one. */
  qrCode: string | null;
  /** Germany: the TSE's data of a signed sale. */
  tse?: FiscalTseData;
  /** An outage: when the till recorded the sale and since when the TSE was out. */
  outage?: { recordedAt: string; since: string };
}

export interface FiscalDriver {
  readonly country: FiscalCountry;
  /** Signs (or marks) a sale within the driver's time budget; a repeat answers the first outcome. */
  sign(sale: FiscalSale): Promise<FiscalMark>;
  /** The fiscal block of an earlier sale, for a reprint. */
  reprint(saleId: string): FiscalMark | undefined;
  close(): void;
}

/** The driver of a till with no fiscal law to follow. */
export function noFiscalDriver(): FiscalDriver {
  return {
    country: 'none',
    sign: async (sale) => ({ saleId: sale.saleId, status: 'not-required', lines: [], qrCode: null }),
    reprint: () => undefined,
    close: () => {},
  };
}
