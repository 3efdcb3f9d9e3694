// Prices a ledger record's lines from the server's catalogue: each line's catalogue price, VAT rate,
// tax class and commodity group come from the version the tablet sold from (or, for a void,
// take-back, refund or late charge, from the record it refers to), never from the tablet; the
// product, quantity, price charged and the line's name are the tablet's. docs/ledger.md, "Pricing".
import { ApiError } from '../../node-http/errors.ts';
import type { LedgerLine, LedgerRecord } from '../../pms/ledger-wire.ts';
import { type Catalogue, CatalogueUnavailableError } from './catalogue.ts';
import type { CatalogueItem, CatalogueVersion } from './catalogue-versions.ts';

/** The catalogue fields of a line, as the ledger stores them. */
type CatalogueFields = Pick<
  LedgerLine,
  'cataloguePriceCents' | 'vatRateBp' | 'taxClassId' | 'commodityGroupId' | 'commodityGroupName'
>;

/** A line's catalogue fields from a catalogue item. */
export function fieldsOfItem(item: CatalogueItem): CatalogueFields {
  return {
    cataloguePriceCents: item.priceCents,
    vatRateBp: item.vatRateBp,
    taxClassId: item.taxClassId,
    commodityGroupId: item.commodityGroupId,
    commodityGroupName: item.commodityGroupName.slice(0, 120),
  };
}

const fieldsOfLine = (line: LedgerLine): CatalogueFields => ({
  cataloguePriceCents: line.cataloguePriceCents,
  vatRateBp: line.vatRateBp,
  taxClassId: line.taxClassId,
  commodityGroupId: line.commodityGroupId,
  commodityGroupName: line.commodityGroupName,
});

/**
 * `record` with every line's catalogue fields set by the server; `referred` is the stored record it
 * refers to (its lines priced when it was recorded), if any.
 * @throws ApiError 422 `product_unknown` for a product no catalogue version lists, 503
 * `catalogue_unavailable` when the PMS must be read and cannot be.
 * @example const priced = await priceRecord(catalogue, body, referredBody);
 */
export async function priceRecord(
  catalogue: Catalogue,
  record: LedgerRecord,
  referred?: LedgerRecord,
): Promise<LedgerRecord> {
  if (record.lines.length === 0) return record;
  const fromReferred = new Map((referred?.lines ?? []).map((line) => [line.productId, fieldsOfLine(line)]));
  let sold: CatalogueVersion | undefined;
  let current: CatalogueVersion | undefined;
  try {
    const lines: LedgerLine[] = [];
    for (const [index, line] of record.lines.entries()) {
      let fields = fromReferred.get(line.productId);
      if (!fields) {
        sold ??= await versionSoldFrom(catalogue, record);
        let item = sold.items.get(line.productId);
        // A product made at the till after the tablet's copy was read: the PMS's catalogue now.
        if (!item) {
          current ??= await catalogue.current(true);
          item = current.items.get(line.productId);
        }
        if (!item)
          throw new ApiError(
            422,
            `lines.${index}.productId: product ${line.productId} is in none of the hotel's catalogues`,
            `lines.${index}.productId`,
            'product_unknown',
          );
        fields = fieldsOfItem(item);
      }
      lines.push({ ...line, ...fields });
    }
    return { ...record, lines };
  } catch (error) {
    if (!(error instanceof CatalogueUnavailableError)) throw error;
    throw new ApiError(
      503,
      `the hotel's catalogue cannot be read: ${error.message}`,
      'lines',
      'catalogue_unavailable',
    );
  }
}

/**
 * The version a record is judged against: the one it names, else the one in force when it was made,
 * else the PMS's catalogue now.
 */
export async function versionSoldFrom(catalogue: Catalogue, record: LedgerRecord): Promise<CatalogueVersion> {
  const named =
    record.catalogueVersion === undefined ? undefined : catalogue.version(record.catalogueVersion);
  return (
    named ?? catalogue.inForceAt(new Date(record.createdAt).toISOString()) ?? (await catalogue.current())
  );
}
