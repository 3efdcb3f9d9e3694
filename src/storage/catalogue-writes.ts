// Single-row changes to the offline catalogue cache (schema v2 store `catalogue` and the one-value
// product list in `catalogue_meta`), next to the wholesale replacement in caches.ts. Owns: adding
// a product the till just created in the PMS, so it can be sold at once (also offline) without
// waiting for the next full refresh.
import { getTillDb } from './db.ts';
import type { CatalogueMetaValues, CatalogueProduct } from './records.ts';

/**
 * Adds or replaces one cached product, in the rows and in the one-value list (caches.ts), in one
 * transaction.
 * @example await putCatalogueProduct(await pms.createProduct(input));
 */
export async function putCatalogueProduct(product: CatalogueProduct): Promise<void> {
  const db = await getTillDb();
  const tx = db.transaction(['catalogue', 'catalogue_meta'], 'readwrite');
  const rows = tx.objectStore('catalogue');
  const meta = tx.objectStore('catalogue_meta');
  const [existing, snapshot] = await Promise.all([
    rows.get(product.id),
    meta.get('products-snapshot') as Promise<CatalogueMetaValues['products-snapshot'] | undefined>,
  ]);
  const writes: Promise<unknown>[] = [rows.put(product)];
  if (snapshot) {
    const others = snapshot.products.filter((p) => p.id !== product.id);
    const count = snapshot.count + (existing ? 0 : 1);
    writes.push(meta.put({ ...snapshot, count, products: [...others, product] }, 'products-snapshot'));
  }
  await Promise.all([...writes, tx.done]);
}
