// The catalogue the till sells from: products, commodity groups, tax classes and payment options,
// cached in IndexedDB so the till starts and sells offline. Owns: loading the cache once at start
// (its first screen, then all of it), refreshing it from the PMS at start, every 10 minutes while
// online and when the connection comes back (those two once per device: refresh-once.ts), and the
// time of the last refresh. A failed refresh keeps the cached catalogue. Invariant: `catalogue()`
// is always one consistent snapshot (products, search index, groups); it changes only as a whole.
import { createSignal } from 'solid-js';
import { catalogueVersionSeen } from '../../pms/till-headers';
import type { CommodityGroup, PaymentOptions, Product, TaxClass } from '../../pms/wire';
import { buildSearchIndex, indexInOrder, type SearchIndex } from '../../rules/search';
import { getCatalogueMeta, readCatalogue, replaceCatalogue, setCatalogueMeta } from '../../storage/caches';
import { putCatalogueProduct } from '../../storage/catalogue-writes';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';
import { deviceState, pms, whenDeviceChecked } from '../device';
import { type FirstPage, forgetFirstPage, keepFirstPage, readFirstPage } from './catalogue-first-page';
import { refreshOncePerDevice } from './refresh-once';

/** How often the catalogue is refreshed while online. */
export const REFRESH_INTERVAL_MS = 10 * 60 * 1000;

export interface GroupEntry {
  id: number;
  name: string;
  productCount: number;
}

export interface Catalogue {
  /** 'loading' until the cache was read at start; 'first-page' while only its first page is
   * (catalogue-first-page.ts: the first products in display order, every group): no search yet. */
  status: 'loading' | 'first-page' | 'ready';
  index: SearchIndex;
  groups: GroupEntry[];
  taxClasses: TaxClass[];
  paymentOptions: PaymentOptions;
  /** When the PMS last answered a refresh; null: never on this device. */
  refreshedAt: number | null;
}

export interface RefreshState {
  running: boolean;
  /** The last refresh's failure, cleared by a successful one. */
  error: unknown;
}

const NO_PAYMENT_OPTIONS: PaymentOptions = { invoice_templates: [], payment_methods: [] };

const [catalogue, setCatalogue] = createSignal<Catalogue>(
  snapshot([], [], NO_PAYMENT_OPTIONS, null, 'loading'),
);
const [refreshState, setRefreshState] = createSignal<RefreshState>({ running: false, error: null });
/** Whether the catalogue has been shown: products from the cache, or the first refresh settled (or
 * was not tried, offline). Never goes back to false. */
const [shown, setShown] = createSignal(false);

/**
 * The current catalogue (reactive).
 * @example <For each={catalogue().groups}>{(group) => <button>{group.name}</button>}</For>
 */
export { catalogue, refreshState };

/** Whether the till has shown its catalogue since it started (reactive); the first screen is then up. */
export function catalogueShown(): boolean {
  return shown();
}

/** The hotel's tax classes (reactive), for ticket totals. */
export function taxClasses(): TaxClass[] {
  return catalogue().taxClasses;
}

let loading: Promise<void> | undefined;
/** The till server's number of the catalogue version cached here (undefined: none named it). */
let heldVersion: number | undefined;

/** The catalogue version this till sells from, as the till server numbered it; sales name it. */
export function catalogueVersion(): number | undefined {
  return heldVersion;
}
let stopRefresh: (() => void) | undefined;

/**
 * Reads the cached catalogue (once): its first page at once (synchronously, so the first frame shows
 * it), then, once `readAllAfter` resolves (the next frame by default), all of it. The start passes
 * `afterFirstScreen`: behind the lock screen, that screen is loaded and painted first. Resolves when
 * all of it is in `catalogue()`; later calls return the same promise.
 * @example void loadCatalogue(afterFirstScreen);
 */
export function loadCatalogue(readAllAfter: () => Promise<void> = nextFrame): Promise<void> {
  if (loading) return loading;
  const first = readFirstPage();
  if (first && first.products.length > 0) {
    const { products, taxClasses: tax, paymentOptions, refreshedAt } = first;
    // In display order already: indexed as it is.
    const groups = withCreatedGroups(first.groups);
    setCatalogue({
      status: 'first-page',
      index: indexInOrder(products),
      groups,
      taxClasses: tax,
      paymentOptions,
      refreshedAt,
    });
    performance.mark('till:catalogue-first-page');
    setShown(true);
  }
  loading = (async () => {
    if (first) await readAllAfter(); // thousands of products are read after the first page is painted
    performance.mark('till:catalogue-read-start');
    const [products, payment, tax, refreshedAt, version] = await Promise.all([
      readCatalogue(),
      getCatalogueMeta('payment-options'),
      getCatalogueMeta('tax-classes-accounts'),
      getCatalogueMeta('last-refreshed-at'),
      getCatalogueMeta('catalogue-version'),
    ]);
    heldVersion ??= version;
    performance.mark('till:catalogue-read');
    // A refresh that finished first is newer than the cache: keep it.
    if (catalogue().status === 'ready') return;
    const taxList = tax?.tax_classes ?? [];
    const all = sameObjects(products, first);
    setCatalogue(snapshot(all, taxList, payment ?? NO_PAYMENT_OPTIONS, refreshedAt ?? null, 'ready'));
    performance.mark('till:catalogue-ready');
    if (products.length > 0) setShown(true);
  })().catch((error: unknown) => {
    console.error('[catalogue] could not read the cache', error);
    setCatalogue((current) => ({ ...current, status: 'ready' }));
  });
  return loading;
}

/** `products` with the first page's own objects where they are the same product of the same
 * refresh, so the grid keeps the tiles it already shows. */
function sameObjects(products: Product[], first: FirstPage | undefined): Product[] {
  if (!first) return products;
  const shown = new Map(first.products.map((product) => [product.id, product]));
  return products.map((product) => {
    const same = shown.get(product.id);
    return same && JSON.stringify(same) === JSON.stringify(product) ? same : product;
  });
}

/**
 * Fetches products, payment options and tax classes from the PMS and replaces the cache.
 * Never rejects: a failure is kept in `refreshState().error` and the cached catalogue stays.
 * @example await refreshCatalogue(); refreshState().error ?? 'fresh'
 */
export async function refreshCatalogue(): Promise<void> {
  if (refreshState().running) return;
  setRefreshState({ running: true, error: refreshState().error });
  try {
    const client = await pms();
    const fresh = await readChanged(client);
    if (!fresh) {
      // Nothing changed (304 to each read): the catalogue on screen and in the cache stays as it is.
      const now = Date.now();
      setCatalogue((current) => ({ ...current, refreshedAt: now }));
      await setCatalogueMeta('last-refreshed-at', now);
      setRefreshState({ running: false, error: null });
      return;
    }
    const { products, payment, tax, etags } = fresh;
    const now = Date.now();
    const version = catalogueVersionSeen();
    const bookable = products.filter((p) => p.bookable_via_api !== false);
    const next = snapshot(bookable, tax.tax_classes, payment, now, 'ready');
    setCatalogue(next);
    setShown(true);
    // Still "running" until it is cached: only then does the till sell it offline too. Cached in
    // display order, so that sorting it again at the next start costs next to nothing.
    await Promise.all([
      replaceCatalogue(next.index.products, now),
      setCatalogueMeta('payment-options', payment),
      setCatalogueMeta('tax-classes-accounts', tax),
      ...(version === undefined ? [] : [setCatalogueMeta('catalogue-version', version)]),
    ]);
    // only once what they name is cached: a tag never stands for a list the cache does not hold
    await setCatalogueMeta('catalogue-etags', etags);
    heldVersion = version;
    const { groups, taxClasses: taxList, paymentOptions } = next;
    keepFirstPage({
      refreshedAt: now,
      products: next.index.products,
      groups,
      taxClasses: taxList,
      paymentOptions,
    });
    setRefreshState({ running: false, error: null });
  } catch (error) {
    setRefreshState({ running: false, error });
  } finally {
    setShown(true);
  }
}

/**
 * The three catalogue reads: conditionally (naming the cached answers' ETags) where the client can
 * and a whole catalogue is on screen, each unchanged part taken from what the till holds; undefined
 * when nothing changed at all.
 */
async function readChanged(client: Awaited<ReturnType<typeof pms>>) {
  const held = catalogue();
  const plainly = async () => {
    const [products, payment, tax] = await Promise.all([
      client.getAvailableProducts(),
      client.getPaymentOptions(),
      client.getTaxClassesAccounts(),
    ]);
    return { products, payment, tax, etags: {} };
  };
  const [cachedTax, etags] = await Promise.all([
    getCatalogueMeta('tax-classes-accounts'),
    getCatalogueMeta('catalogue-etags'),
  ]);
  if (!client.readCatalogueIfChanged) return plainly();
  // tags are named only for what the till holds whole (a 304 keeps it)
  const whole = held.status === 'ready' && held.refreshedAt !== null && held.index.products.length > 0;
  const named = whole && cachedTax ? (etags ?? {}) : {};
  const { products, payment, tax } = await client.readCatalogueIfChanged(named);
  if (!products.changed && !payment.changed && !tax.changed) return undefined;
  return {
    products: products.changed ? products.data : held.index.products,
    payment: payment.changed ? payment.data : held.paymentOptions,
    tax: tax.changed ? tax.data : cachedTax!,
    etags: {
      ...named,
      ...(products.changed ? { products: products.etag } : {}),
      ...(payment.changed ? { payment: payment.etag } : {}),
      ...(tax.changed ? { tax: tax.etag } : {}),
    },
  };
}

/**
 * Loads the cache and keeps it fresh: now, every 10 minutes while online, and on reconnecting.
 * Idempotent; the returned function stops the timer (tests).
 * @example startCatalogue();
 */
export function startCatalogue(): () => void {
  if (stopRefresh) return stopRefresh;
  const refreshIfOnline = () => {
    if (globalThis.navigator?.onLine === false) {
      setShown(true); // offline: what the cache holds is all there is to show
    } else if (deviceState().kind === 'unknown') {
      // Never told whether it is paired: the server is asked at once (app/Shell.tsx) and the first
      // screen waits for the answer; paired, the catalogue is refreshed; else (unpaired, or the
      // server unreachable) what the cache holds is what there is to show.
      void whenDeviceChecked().then(() => {
        if (deviceState().kind === 'paired') void refreshCatalogue();
        else setShown(true);
      });
    } else if (deviceState().kind !== 'paired') {
      setShown(true); // unpaired or revoked: an unpaired tablet asks nothing else
    } else void refreshCatalogue();
  };
  // With a cached catalogue on screen, the refresh (a big answer to parse) waits for that screen's
  // first frame; with none, the refresh is what the first screen waits for.
  void loadCatalogue().then(() =>
    catalogue().index.products.length > 0 ? nextFrame().then(refreshIfOnline) : refreshIfOnline(),
  );
  // Later refreshes (the timer, back online) once per device, however many tabs are open.
  const refreshOnce = () => {
    if (globalThis.navigator?.onLine === false || deviceState().kind !== 'paired') refreshIfOnline();
    else void refreshOncePerDevice(refreshCatalogue, reloadFromCache);
  };
  const timer = setInterval(refreshOnce, REFRESH_INTERVAL_MS);
  globalThis.addEventListener?.('online', refreshOnce);
  stopRefresh = () => {
    clearInterval(timer);
    globalThis.removeEventListener?.('online', refreshOnce);
    stopRefresh = undefined;
  };
  return stopRefresh;
}

/** Reads the cache again when another tab refreshed it after this one's catalogue was made. */
async function reloadFromCache(refreshedAt: number): Promise<void> {
  if ((catalogue().refreshedAt ?? 0) >= refreshedAt) return;
  const [products, payment, tax] = await Promise.all([
    readCatalogue(),
    getCatalogueMeta('payment-options'),
    getCatalogueMeta('tax-classes-accounts'),
  ]);
  const taxList = tax?.tax_classes ?? [];
  setCatalogue(snapshot(products, taxList, payment ?? NO_PAYMENT_OPTIONS, refreshedAt, 'ready'));
}

/** Adds a product just created in the PMS, so it sells at once; also cached for offline. */
export async function addCreatedProduct(product: Product): Promise<void> {
  await loadCatalogue(); // all of it, not the first screen only
  const { index, taxClasses: tax, paymentOptions, refreshedAt } = catalogue();
  const others = index.products.filter((p) => p.id !== product.id);
  setCatalogue(snapshot([...others, product], tax, paymentOptions, refreshedAt, 'ready'));
  forgetFirstPage(); // it may belong on the first page: the whole catalogue is read at the next start
  await putCatalogueProduct(product);
}

/** Remembers a commodity group just created here: the PMS lists groups only through their products. */
export function addCreatedGroup(group: CommodityGroup): void {
  writeLocal(LOCAL_KEYS.createdGroups, [...createdGroups().filter((g) => g.id !== group.id), group]);
  setCatalogue((current) => ({ ...current, groups: withCreatedGroups(current.groups) }));
}

function createdGroups(): CommodityGroup[] {
  const saved = readLocal(LOCAL_KEYS.createdGroups);
  return Array.isArray(saved)
    ? saved.filter((g): g is CommodityGroup => typeof g?.id === 'number' && typeof g?.name === 'string')
    : [];
}

/** Resolves after the next frame was rendered (at once where there are no frames, e.g. Node). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve));
    else setTimeout(resolve);
  });
}

function snapshot(
  products: readonly Product[],
  tax: TaxClass[],
  paymentOptions: PaymentOptions,
  refreshedAt: number | null,
  status: Catalogue['status'],
): Catalogue {
  return {
    status,
    index: buildSearchIndex(products),
    groups: groupsOf(products),
    taxClasses: tax,
    paymentOptions,
    refreshedAt,
  };
}

function groupsOf(products: readonly Product[]): GroupEntry[] {
  const groups = new Map<number, GroupEntry>();
  for (const product of products) {
    const id = product.commodity_group_id;
    if (id === null) continue;
    const group = groups.get(id);
    if (group) group.productCount++;
    else groups.set(id, { id, name: product.commodity_group_name || `#${id}`, productCount: 1 });
  }
  return withCreatedGroups([...groups.values()]);
}

/** `groups` with those created on this till that have no products yet, by id. */
function withCreatedGroups(groups: readonly GroupEntry[]): GroupEntry[] {
  const byId = new Map(groups.map((group) => [group.id, group]));
  for (const created of createdGroups()) {
    if (!byId.has(created.id)) byId.set(created.id, { id: created.id, name: created.name, productCount: 0 });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
