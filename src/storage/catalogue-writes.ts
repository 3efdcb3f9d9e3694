// Single-row changes to the offline catalogue cache (schema v2 store `catalogue`), next to the
// wholesale replacement in caches.ts. Owns: adding a product the till just created in the PMS, so
// it can be sold at once (also offline) without waiting for the next full refresh.
import { getTillDb } from './db.ts';
import type { CatalogueProduct } from './records.ts';

/**
 * Adds or replaces one cached product.
 * @example await putCatalogueProduct(await pms.createProduct(input));
 */
export async function putCatalogueProduct(product: CatalogueProduct): Promise<void> {
  await (await getTillDb()).put('catalogue', product);
}
