// The fiscal driver per country: what the ledger and the admin page use, whatever the law behind
// it. `none` signs nothing; Germany (de/germany.ts) signs with a TSE; Austria (at/austria.ts) signs
// RKSV receipts in the ledger's order with a signature unit (docs/fiscal.md).
import type { FiscalTseData } from '../../pms/fiscal-wire.ts';
import type { FiscalSale } from './fiscal-sale.ts';

export const FISCAL_COUNTRIES = ['none', 'DE', 'AT'] as const;
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

/** The ledger's records after a position, in its order (sale null: not a sale, e.g. a shift event). */
export interface LedgerFeed {
  after(seq: number, limit: number): { seq: number; saleId: string; sale: FiscalSale | null }[];
  maxSeq(): number;
}

export interface FiscalDriver {
  readonly country: FiscalCountry;
  /** Signs (or marks) a sale within the driver's time budget; a repeat answers the first outcome. */
  sign(sale: FiscalSale): Promise<FiscalMark>;
  /** The fiscal block of an earlier sale, for a reprint. */
  reprint(saleId: string): FiscalMark | undefined;
  /** The ledger in its order (Austria signs records left unsigned in their place). */
  attachLedger?(feed: LedgerFeed): void;
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
