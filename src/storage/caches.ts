// The offline caches the staff views sell from (schema v2): the product catalogue with payment
// options and tax classes, and the in-house room reservations (tickets: ticket-store.ts). Owns:
// replacing a cache wholesale after a refresh (old rows never linger) and reading it back. These are
// copies of PMS data, not records of sales, so default durability is enough.
import { getTillDb } from './db.ts';
import type {
  CachedReservation,
  CatalogueMetaKey,
  CatalogueMetaValues,
  CatalogueProduct,
} from './records.ts';

/**
 * Replaces the catalogue with a fresh product list and notes when. Pass the products in display
 * order: they are also kept as one value in that order, which makes the next start fast.
 * @example await replaceCatalogue(await pms.getAvailableProducts(), Date.now());
 */
export async function replaceCatalogue(
  products: readonly CatalogueProduct[],
  refreshedAt: number,
): Promise<void> {
  const db = await getTillDb();
  const tx = db.transaction(['catalogue', 'catalogue_meta'], 'readwrite');
  const catalogue = tx.objectStore('catalogue');
  const meta = tx.objectStore('catalogue_meta');
  const snapshot = { refreshedAt, count: products.length, products: [...products] };
  await Promise.all([
    catalogue.clear(),
    ...products.map((product) => catalogue.put(product)),
    meta.put(refreshedAt, 'last-refreshed-at'),
    meta.put(snapshot, 'products-snapshot'),
    tx.done,
  ]);
}

/**
 * Every cached product: the one-value list when it matches the rows (same refresh, same number of
 * products), else the rows (a cache written by an older version of the app).
 */
export async function readCatalogue(): Promise<CatalogueProduct[]> {
  const db = await getTillDb();
  const tx = db.transaction(['catalogue', 'catalogue_meta']);
  const meta = tx.objectStore('catalogue_meta');
  const rows = tx.objectStore('catalogue');
  const [snapshot, refreshedAt, count] = await Promise.all([
    meta.get('products-snapshot') as Promise<CatalogueMetaValues['products-snapshot'] | undefined>,
    meta.get('last-refreshed-at'),
    rows.count(),
  ]);
  if (snapshot && snapshot.refreshedAt === refreshedAt && snapshot.count === count) return snapshot.products;
  return rows.getAll();
}

/**
 * Finds a product by article number or EAN (a barcode scan).
 * @example const product = await findProductByCode('4001234567890');
 */
export async function findProductByCode(code: string): Promise<CatalogueProduct | undefined> {
  const db = await getTillDb();
  return (
    (await db.getFromIndex('catalogue', 'by-number', code)) ??
    (await db.getFromIndex('catalogue', 'by-ean', code))
  );
}

export async function getCatalogueMeta<K extends CatalogueMetaKey>(
  key: K,
): Promise<CatalogueMetaValues[K] | undefined> {
  return (await (await getTillDb()).get('catalogue_meta', key)) as CatalogueMetaValues[K] | undefined;
}

export async function setCatalogueMeta<K extends CatalogueMetaKey>(
  key: K,
  value: CatalogueMetaValues[K],
): Promise<void> {
  await (await getTillDb()).put('catalogue_meta', value, key);
}

/** Replaces the cached in-house reservations. */
export async function replaceReservations(reservations: readonly CachedReservation[]): Promise<void> {
  const db = await getTillDb();
  const tx = db.transaction('reservations_cache', 'readwrite');
  await Promise.all([tx.store.clear(), ...reservations.map((r) => tx.store.put(r)), tx.done]);
}

/**
 * Cached reservations, all or those of one room.
 * @example const guests = await readReservations('204');
 */
export async function readReservations(roomNumber?: string): Promise<CachedReservation[]> {
  const db = await getTillDb();
  return roomNumber === undefined
    ? db.getAll('reservations_cache')
    : db.getAllFromIndex('reservations_cache', 'by-room-number', roomNumber);
}
