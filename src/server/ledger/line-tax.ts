// Recorded lines get their VAT rate and group from the server (issue 30, item 4): a line sent without
// them (a minibar count) gets its product's from the server's copy of the PMS catalogue; a correction
// or late charge gets its referred record's, so it takes back exactly what its sale booked. Owns that
// copy (read through the gateway, kept 30 s, the last good one kept while the PMS is out) and
// `taxOfLines`, the one function the ledger calls; the pricing module of item 1 (every line priced by
// the server, whatever the tablet names) replaces `taxOf` once it lands.
import * as v from 'valibot';
import { serverLog } from '../../node-http/log.ts';
import type { LedgerLine, LedgerRecord } from '../../pms/ledger-wire.ts';
import { Responses } from '../../pms/wire.ts';

/** What the server says a product is booked as. */
export interface LineTax {
  taxClassId: number | null;
  vatRateBp: number | null;
  commodityGroupId: number | null;
  commodityGroupName: string;
}

export interface TaxSource {
  /** Reads the catalogue when the copy is older than its limit (never throws: the last copy stays). */
  ready(): Promise<void>;
  /** The product's tax data in the server's copy; undefined for a product it does not know. */
  taxOf(productId: number): LineTax | undefined;
}

export const PRODUCTS_PATH = '/api/get/products/available';
export const TAX_CLASSES_PATH = '/api/get/hotel/taxclasses_accounts';

/** The server's copy of the catalogue's tax data, read through `read` (the gateway's own read). */
export function createTaxSource(
  read: (path: string) => Promise<{ status: number; json: unknown }>,
  options: { maxAgeMs?: number; now?: () => number } = {},
): TaxSource {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const now = options.now ?? Date.now;
  let byId = new Map<number, LineTax>();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;

  async function readCatalogue(): Promise<void> {
    const startedAt = now();
    try {
      const [products, tax] = await Promise.all([read(PRODUCTS_PATH), read(TAX_CLASSES_PATH)]);
      const list = v.safeParse(Responses.productsAvailable, products.json);
      const classes = v.safeParse(Responses.taxClassesAccounts, tax.json);
      if (!list.success || !classes.success) throw new Error('the PMS answered no catalogue');
      const rates = new Map(classes.output.data.tax_classes.map((c) => [c.id, Math.round(c.rate * 100)]));
      byId = new Map(
        list.output.data.map((product) => [
          product.id,
          {
            taxClassId: product.tax_class_id,
            vatRateBp: product.tax_class_id === null ? null : (rates.get(product.tax_class_id) ?? null),
            commodityGroupId: product.commodity_group_id,
            commodityGroupName: product.commodity_group_name.slice(0, 120),
          },
        ]),
      );
      readAt = startedAt;
    } catch (error) {
      // The last good copy stays; a line of a product it does not know keeps the tablet's data.
      serverLog().warn({ component: 'ledger', err: error }, 'the catalogue’s tax data could not be read');
      readAt = startedAt - maxAgeMs + 5_000; // try again in 5 s, not on every sale
    }
  }

  return {
    ready() {
      if (now() - readAt < maxAgeMs) return Promise.resolve();
      reading ??= readCatalogue().finally(() => {
        reading = undefined;
      });
      return reading;
    },
    taxOf: (productId) => byId.get(productId),
  };
}

/**
 * `record`'s lines with the server's tax data: the referred record's for a correction or late
 * charge (by product); else, for a line sent without a rate or group, the catalogue's. A line
 * neither knows keeps what the tablet sent.
 * @example taxOfLines(minibarCount, undefined, source).lines[0].vatRateBp === 1900
 */
export function taxOfLines(
  record: LedgerRecord,
  referred: LedgerRecord | undefined,
  source: TaxSource | undefined,
): LedgerRecord {
  const fromReferred = new Map<number, LineTax>();
  for (const line of referred?.lines ?? [])
    if (!fromReferred.has(line.productId)) fromReferred.set(line.productId, taxPart(line));
  const lines = record.lines.map((line) => {
    const unknown = line.vatRateBp === null || line.commodityGroupId === null;
    const tax = fromReferred.get(line.productId) ?? (unknown ? source?.taxOf(line.productId) : undefined);
    return tax ? { ...line, ...tax } : line;
  });
  return { ...record, lines };
}

const taxPart = (line: LedgerLine): LineTax => ({
  taxClassId: line.taxClassId,
  vatRateBp: line.vatRateBp,
  commodityGroupId: line.commodityGroupId,
  commodityGroupName: line.commodityGroupName,
});
