// The till's IndexedDB database 'hotel-till': its one typed schema, its migrations (they only add, as
// `if (oldVersion < N)` steps) and the shared connection. The only module that imports `idb`; nothing
// above the storage layer sees a transaction. Journal and outbox writes are `strict`; inside a
// transaction only its own requests are awaited. why: docs/outbox.md, "Storage".
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, unwrap } from 'idb';
import { addLedgerSteps, addWakeFields } from './older-sales.ts';
import type {
  CachedReservation,
  CatalogueMetaKey,
  CatalogueMetaValues,
  CatalogueProduct,
  IntentRecord,
  IntentState,
  MetaKey,
  MetaValues,
  SaleRecord,
  SaleStatus,
  TicketRecord,
} from './records.ts';

export const DB_NAME = 'hotel-till';
/** The schema version this code writes. */
export const DB_VERSION = 4;

/** Every store, key and index of the database. */
export interface TillSchema extends DBSchema {
  /** v1. The sales journal: everything ever sold, kept whatever happens in the PMS. */
  sales: {
    key: string;
    value: SaleRecord;
    /**
     * v3 adds `by-ledger-unreported`: sales with outcome reports the sales ledger has not taken yet.
     * v4 adds `by-wake-at` and `by-waiting-since`: pending sales by when they are due (sale-wake.ts).
     */
    indexes: {
      'by-status': [SaleStatus, number];
      'by-created': number;
      'by-ledger-unreported': number;
      'by-wake-at': number;
      'by-waiting-since': number;
    };
  };
  /** v1. The outbox: one row per PMS write; the autoIncrement key is the global order. */
  intents: {
    key: number;
    value: IntentRecord;
    indexes: { 'by-sale': [string, number]; 'by-state': IntentState };
  };
  /** v1. Small settings and bookkeeping, typed per key by `MetaValues`. */
  meta: { key: MetaKey; value: MetaValues[MetaKey] };
  /** v2. Products bookable through the interface, for selling offline. */
  catalogue: { key: number; value: CatalogueProduct; indexes: { 'by-number': string; 'by-ean': string } };
  /** v2. Payment options, tax classes and when the catalogue was last refreshed. */
  catalogue_meta: { key: CatalogueMetaKey; value: CatalogueMetaValues[CatalogueMetaKey] };
  /** v2. Parked tickets (open tabs). */
  tickets: { key: string; value: TicketRecord; indexes: { 'by-updated': number } };
  /** v2. In-house room reservations, for room charges while offline. */
  reservations_cache: { key: number; value: CachedReservation; indexes: { 'by-room-number': string } };
}

export type TillDb = IDBPDatabase<TillSchema>;
/** A read-write transaction over the journal, the outbox and the settings. */
export type JournalWriteTx = IDBPTransaction<TillSchema, ('sales' | 'intents' | 'meta')[], 'readwrite'>;

/**
 * The plain IndexedDB transaction behind `tx`, for the replay's hot path: requests on it skip the
 * promise wrapper `idb` puts around each one (a Proxy, two listeners), and are part of `tx` itself.
 */
export function plainTransaction(tx: JournalWriteTx): IDBTransaction {
  return unwrap(tx);
}

/** The plain IndexedDB transaction behind a read-only `tx` (as `plainTransaction`). */
export function unwrapReadTx(
  tx: IDBPTransaction<TillSchema, ('sales' | 'intents')[], 'readonly'>,
): IDBTransaction {
  return unwrap(tx);
}

/** Transaction options for every write to the journal and the outbox. */
export const STRICT: { durability: 'strict' } = { durability: 'strict' };

let connection: Promise<TillDb> | undefined;

/**
 * The shared connection, opened (and migrated) on first use.
 * @example const db = await getTillDb(); const sale = await db.get('sales', id);
 */
export function getTillDb(): Promise<TillDb> {
  connection ??= openTillDb().catch((error: unknown) => {
    connection = undefined;
    throw error;
  });
  return connection;
}

/** Closes the shared connection; the next `getTillDb()` opens a new one. Tests call this between cases. */
export async function closeTillDb(): Promise<void> {
  const open = connection;
  connection = undefined;
  if (open) (await open.catch(() => undefined))?.close();
}

async function openTillDb(): Promise<TillDb> {
  let opened: TillDb | undefined;
  opened = await openDB<TillSchema>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        const sales = db.createObjectStore('sales', { keyPath: 'id' });
        sales.createIndex('by-status', ['status', 'createdAt']);
        sales.createIndex('by-created', 'createdAt');
        const intents = db.createObjectStore('intents', { keyPath: 'seq', autoIncrement: true });
        intents.createIndex('by-sale', ['saleId', 'step']);
        intents.createIndex('by-state', 'state');
        db.createObjectStore('meta');
      }
      if (oldVersion < 2) {
        const catalogue = db.createObjectStore('catalogue', { keyPath: 'id' });
        catalogue.createIndex('by-number', 'number');
        catalogue.createIndex('by-ean', 'ean');
        db.createObjectStore('catalogue_meta');
        const tickets = db.createObjectStore('tickets', { keyPath: 'id' });
        tickets.createIndex('by-updated', 'updatedAt');
        const reservations = db.createObjectStore('reservations_cache', { keyPath: 'id' });
        reservations.createIndex('by-room-number', 'room_number');
      }
      if (oldVersion < 3) {
        // sparse: only sales that carry `ledgerUnreported` are in it
        transaction.objectStore('sales').createIndex('by-ledger-unreported', 'ledgerUnreported');
        // Sales an app before the ledger queued get its step (older-sales.ts).
        addLedgerSteps(unwrap(transaction));
      }
      if (oldVersion < 4) {
        const sales = transaction.objectStore('sales');
        // sparse: only pending sales carry them
        sales.createIndex('by-wake-at', 'wakeAt');
        sales.createIndex('by-waiting-since', 'waitingSince');
        // Pending sales queued by an older app get them (older-sales.ts); just given the ledger's
        // step (from v2 and older), they are due at once.
        addWakeFields(unwrap(transaction), { dueNow: oldVersion < 3 });
      }
    },
    // A newer version of the app (another tab, or the updated service worker) wants to upgrade:
    // step aside so it is not blocked; the next getTillDb() here reopens at the new version.
    blocking() {
      opened?.close();
      connection = undefined;
    },
    terminated() {
      connection = undefined;
    },
  });
  return opened;
}

/**
 * Reads one setting.
 * @example const tag = await getMeta('device-tag');
 */
export async function getMeta<K extends MetaKey>(key: K): Promise<MetaValues[K] | undefined> {
  const db = await getTillDb();
  return (await db.get('meta', key)) as MetaValues[K] | undefined;
}

/**
 * Writes one setting (strict durability).
 * @example await setMeta('gateway-base-url', 'https://till.hotel.example');
 */
export async function setMeta<K extends MetaKey>(key: K, value: MetaValues[K]): Promise<void> {
  const db = await getTillDb();
  const tx = db.transaction('meta', 'readwrite', STRICT);
  await Promise.all([tx.store.put(value, key), tx.done]);
}

/**
 * Writes several settings in one transaction (strict durability).
 * @example await setMetas({ 'unreachable-until': 0, 'all-due-at': Date.now() });
 */
export async function setMetas(values: { [K in MetaKey]?: MetaValues[K] }): Promise<void> {
  const db = await getTillDb();
  const tx = db.transaction('meta', 'readwrite', STRICT);
  const puts = Object.entries(values).map(([key, value]) =>
    tx.store.put(value as MetaValues[MetaKey], key as MetaKey),
  );
  await Promise.all([...puts, tx.done]);
}

/**
 * Every kept receipt (`receipt:<sale id>` in the meta store), in no particular order.
 * @example const receipts = await readKeptReceipts();
 */
export async function readKeptReceipts(): Promise<{ key: string; value: object }[]> {
  const db = await getTillDb();
  const range = IDBKeyRange.bound('receipt:', 'receipt:\uffff');
  const tx = db.transaction('meta', 'readonly');
  const [keys, values] = await Promise.all([tx.store.getAllKeys(range), tx.store.getAll(range), tx.done]);
  return keys.map((key, index) => ({ key: String(key), value: values[index] as object }));
}

/** Deletes kept receipts by their keys (the oldest beyond what the till keeps). */
export async function dropKeptReceipts(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const db = await getTillDb();
  const tx = db.transaction('meta', 'readwrite');
  await Promise.all([...keys.map((key) => tx.store.delete(key as MetaKey)), tx.done]);
}
