// The till server's own copy of the PMS catalogue: products with their prices, tax classes' VAT
// rates and commodity groups, read from the PMS through the gateway with the hotel's key (kept
// `maxAgeMs`) and taken from every product list the gateway serves a tablet. Each differing copy
// is a new version (catalogue-versions.ts); the gateway tells the tablet the version it served.
import * as v from 'valibot';
import { type Product, Responses } from '../../pms/wire.ts';
import { rateBp } from '../../shared/vat.ts';
import type { HubDb } from '../hub/hub-db.ts';
import {
  type CatalogueItem,
  type CatalogueVersion,
  type CatalogueVersions,
  createCatalogueVersions,
} from './catalogue-versions.ts';

export const PRODUCTS_PATH = '/api/get/products/available';
export const TAX_CLASSES_PATH = '/api/get/hotel/taxclasses_accounts';

/** The PMS's answer to one of the server's own reads (the gateway's `PmsRead`). */
export interface PmsRead {
  status: number;
  /** The parsed JSON body; undefined where it is not JSON. */
  json: unknown;
}

/** The catalogue could not be read from the PMS; `message` says why. */
export class CatalogueUnavailableError extends Error {
  override readonly name = 'CatalogueUnavailableError';
}

export interface CatalogueOptions {
  db: HubDb;
  now: () => Date;
  /** The server's own read of a PMS path (the gateway's); none: only what was served is known. */
  read?: (path: string) => Promise<PmsRead>;
  /** How long a read copy stands before the next sale asks for a fresh one. Default 30 s. */
  maxAgeMs?: number;
}

/** The catalogue items of a PMS product list, at `taxRates`. */
export function itemsOf(
  products: readonly Product[],
  taxRates: ReadonlyMap<number, number>,
): CatalogueItem[] {
  return products.map((product) => ({
    productId: product.id,
    name: product.name,
    priceCents: product.open_price ? null : product.price,
    taxClassId: product.tax_class_id,
    vatRateBp: product.tax_class_id === null ? null : (taxRates.get(product.tax_class_id) ?? null),
    commodityGroupId: product.commodity_group_id,
    commodityGroupName: product.commodity_group_name,
  }));
}

export function createCatalogue({ db, now, read, maxAgeMs = 30_000 }: CatalogueOptions) {
  const versions: CatalogueVersions = createCatalogueVersions(db, now);
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<CatalogueVersion> | undefined;

  async function readJson<T>(path: string, schema: v.GenericSchema<unknown, { data: T }>): Promise<T> {
    if (!read) throw new CatalogueUnavailableError('this server reads no PMS');
    let answer: PmsRead;
    try {
      answer = await read(path);
    } catch (error) {
      throw new CatalogueUnavailableError(`the PMS could not be reached (${(error as Error).message})`);
    }
    if (answer.status < 200 || answer.status > 299)
      throw new CatalogueUnavailableError(`the PMS answered ${answer.status} to GET ${path}`);
    const parsed = v.safeParse(schema, answer.json);
    if (!parsed.success)
      throw new CatalogueUnavailableError(`the PMS's answer to GET ${path} could not be read`);
    return parsed.output.data;
  }

  async function readTaxRates(): Promise<Map<number, number>> {
    const { tax_classes } = await readJson(TAX_CLASSES_PATH, Responses.taxClassesAccounts);
    return new Map(tax_classes.map((tax) => [tax.id, rateBp(tax.rate)]));
  }

  async function readCurrent(): Promise<CatalogueVersion> {
    const startedAt = now().getTime();
    const [products, taxRates] = await Promise.all([
      readJson(PRODUCTS_PATH, Responses.productsAvailable),
      readTaxRates(),
    ]);
    const version = versions.keep(itemsOf(products, taxRates), taxRates);
    readAt = startedAt;
    return version;
  }

  return {
    ...versions,
    /**
     * The PMS's catalogue now: the copy read within `maxAgeMs`, else read again (also when `fresh`).
     * @throws CatalogueUnavailableError when the PMS cannot be read.
     */
    current(fresh = false): Promise<CatalogueVersion> {
      const latest = versions.latest();
      if (!fresh && latest && now().getTime() - readAt < maxAgeMs) return Promise.resolve(latest);
      reading ??= readCurrent().finally(() => {
        reading = undefined;
      });
      return reading;
    },
    /**
     * The version of a product list the gateway serves a tablet (its parsed JSON answer), with the
     * latest tax rates known (read once where none is); undefined when it is not a product list.
     */
    async served(json: unknown): Promise<CatalogueVersion | undefined> {
      const parsed = v.safeParse(Responses.productsAvailable, json);
      if (!parsed.success) return undefined;
      const taxRates = versions.latest()?.taxRates ?? (await readTaxRates());
      return versions.keep(itemsOf(parsed.output.data, taxRates), taxRates);
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
