// Transactions over the sales journal and the outbox (stores `sales`, `intents`, `meta`). Owns:
// atomic recording of a sale with its intents and its reference, and atomic read-decide-write of one
// sale's state. The decisions themselves (what a state change means) are made by the outbox layer as
// pure functions passed in here; this module only guarantees they see a consistent snapshot and that
// what they return is written in one strict-durability transaction, or not at all.
import { getTillDb, type JournalWriteTx, STRICT } from './db.ts';
import type { IntentRecord, IntentState, SaleRecord } from './records.ts';

/** A sale with all its intents, in step order (revisions of one step in the order written). */
export interface SaleEntry {
  sale: SaleRecord;
  intents: IntentRecord[];
}

/** A sale to record: the journal entry and its ordered intents (without `seq`). */
export type NewSale = SaleEntry;

/** What a decision about one or more sales writes. Anything left out is left as it was. */
export interface SaleWrite<T> {
  /** Changed journal entries. */
  sales?: SaleRecord[];
  /** Changed intents (with `seq`) and new ones (without). */
  intents?: IntentRecord[];
  /** A further sale to record in the same transaction, e.g. the reversal a void queues. */
  newSale?: (reference: string) => NewSale;
  /** What `changeSales` hands back to its caller. */
  value: T;
}

const ACTIVE_STATES: readonly IntentState[] = ['queued', 'in-flight', 'unsure'];
/** Letters for device tags: no 0/O, 1/I/L, so staff can read a reference out over the phone. */
const TAG_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * Records a sale and its intents, drawing the next reference of this device, in one transaction.
 * @example const { sale } = await insertSale((reference) => ({ sale: {...}, intents: [...] }));
 */
export async function insertSale(compose: (reference: string) => NewSale): Promise<SaleEntry> {
  const db = await getTillDb();
  const tx = db.transaction(['sales', 'intents', 'meta'], 'readwrite', STRICT);
  const entry = await writeNewSale(tx, compose);
  await tx.done;
  return entry;
}

/**
 * Reads sales with their intents, lets `decide` choose what to write, and writes it, atomically.
 * `decide` must be synchronous and pure: it may run against a snapshot another writer just changed,
 * and it may run twice (see group commit below).
 * @example const ok = await changeSales([id], ([entry]) => ({ sales: [{ ...entry!.sale, notes }], value: true }));
 */
export function changeSales<T>(
  saleIds: readonly string[],
  decide: (entries: (SaleEntry | undefined)[]) => SaleWrite<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    waitingChanges.push({ saleIds, decide, resolve: resolve as (value: unknown) => void, reject });
    if (!committing) void commitWaitingChanges();
  });
}

// Group commit. Every strict transaction costs a flush to disk, and read-write transactions over
// the same stores run one after another anyway, so while one commits, the changes that arrive are
// gathered and then applied together in the next transaction, each `decide` seeing the writes of
// the ones before it. Each caller still resumes only once its change is on disk. When a batch's
// transaction fails, its changes are applied again one per transaction, so a change that cannot be
// written fails alone.

interface WaitingChange {
  saleIds: readonly string[];
  decide: (entries: (SaleEntry | undefined)[]) => SaleWrite<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Most changes in one transaction: enough for every sale a replay run sends at once, and more. */
const MAX_CHANGES_PER_COMMIT = 64;
const waitingChanges: WaitingChange[] = [];
let committing = false;

async function commitWaitingChanges(): Promise<void> {
  committing = true;
  try {
    while (waitingChanges.length > 0) {
      const batch = waitingChanges.splice(0, MAX_CHANGES_PER_COMMIT);
      let outcomes: ChangeOutcome[];
      try {
        outcomes = await applyChanges(batch);
      } catch (batchError) {
        if (batch.length === 1) {
          batch[0]!.reject(batchError);
          continue;
        }
        outcomes = [];
        for (const change of batch) {
          outcomes.push(
            await applyChanges([change]).then(
              (one) => one[0]!,
              (error: unknown) => ({ error }),
            ),
          );
        }
      }
      batch.forEach((change, i) => {
        const outcome = outcomes[i]!;
        if ('error' in outcome) change.reject(outcome.error);
        else change.resolve(outcome.value);
      });
    }
  } finally {
    committing = false;
  }
}

type ChangeOutcome = { value: unknown } | { error: unknown };

/**
 * Applies the changes in order in one strict transaction and answers each one's outcome once the
 * transaction is on disk. A `decide` that throws fails its own change and writes nothing of it.
 */
async function applyChanges(changes: readonly WaitingChange[]): Promise<ChangeOutcome[]> {
  const db = await getTillDb();
  const tx = db.transaction(['sales', 'intents', 'meta'], 'readwrite', STRICT);
  const sales = tx.objectStore('sales');
  const intents = tx.objectStore('intents');
  const outcomes: ChangeOutcome[] = [];
  try {
    for (const change of changes) {
      const entries = await Promise.all(
        change.saleIds.map(async (id) => {
          const [sale, saleIntents] = await Promise.all([
            sales.get(id),
            intents.index('by-sale').getAll(saleRange(id)),
          ]);
          return sale ? { sale, intents: saleIntents } : undefined;
        }),
      );
      let write: SaleWrite<unknown>;
      try {
        write = change.decide(entries);
      } catch (error) {
        outcomes.push({ error });
        continue;
      }
      // A request refused at once (e.g. a bad key) throws before Promise.all sees the earlier ones,
      // whose abort would then go unhandled: each is marked handled as it is made.
      const requests: Promise<unknown>[] = [];
      const issue = (request: Promise<unknown>) => {
        request.catch(() => undefined);
        requests.push(request);
      };
      for (const sale of write.sales ?? []) issue(sales.put(sale));
      for (const intent of write.intents ?? []) issue(intents.put(intent));
      if (write.newSale) issue(writeNewSale(tx, write.newSale));
      await Promise.all(requests);
      outcomes.push({ value: write.value });
    }
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // already aborted by the failed request
    }
    await tx.done.catch(() => undefined);
    throw error;
  }
  await tx.done;
  return outcomes;
}

/** `changeSales` for one sale. */
export function changeSale<T>(
  saleId: string,
  decide: (entry: SaleEntry | undefined) => SaleWrite<T>,
): Promise<T> {
  return changeSales([saleId], ([entry]) => decide(entry));
}

/**
 * One sale with its intents, or undefined.
 * @example const entry = await readSale(id); entry?.intents.map((i) => i.state);
 */
export async function readSale(saleId: string): Promise<SaleEntry | undefined> {
  const db = await getTillDb();
  const tx = db.transaction(['sales', 'intents'], 'readonly');
  const [sale, intents] = await Promise.all([
    tx.objectStore('sales').get(saleId),
    tx.objectStore('intents').index('by-sale').getAll(saleRange(saleId)),
  ]);
  await tx.done;
  return sale ? { sale, intents } : undefined;
}

/** Every sale that has an intent still to send, check or finish, in the order they were recorded. */
export async function readActiveSales(): Promise<SaleEntry[]> {
  const db = await getTillDb();
  const tx = db.transaction(['sales', 'intents'], 'readonly');
  const byState = tx.objectStore('intents').index('by-state');
  const active = (await Promise.all(ACTIVE_STATES.map((state) => byState.getAll(state)))).flat();
  const saleIds = [...new Set(active.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)).map((i) => i.saleId))];
  const entries = await Promise.all(
    saleIds.map(async (id) => {
      const [sale, intents] = await Promise.all([
        tx.objectStore('sales').get(id),
        tx.objectStore('intents').index('by-sale').getAll(saleRange(id)),
      ]);
      return sale ? { sale, intents } : undefined;
    }),
  );
  await tx.done;
  return entries.filter((entry): entry is SaleEntry => entry !== undefined);
}

/** Every intent left `in-flight` (by a sender that died mid-request). */
export async function readInFlightIntents(): Promise<IntentRecord[]> {
  const db = await getTillDb();
  return db.getAllFromIndex('intents', 'by-state', 'in-flight');
}

// ---------------------------------------------------------------------------------------------

function saleRange(saleId: string): IDBKeyRange {
  return IDBKeyRange.bound([saleId, -Infinity], [saleId, Infinity]);
}

async function writeNewSale(tx: JournalWriteTx, compose: (reference: string) => NewSale): Promise<SaleEntry> {
  const meta = tx.objectStore('meta');
  const [storedTag, storedCounter] = await Promise.all([
    meta.get('device-tag'),
    meta.get('reference-counter'),
  ]);
  const deviceTag = typeof storedTag === 'string' ? storedTag : newDeviceTag();
  const counter = (typeof storedCounter === 'number' ? storedCounter : 0) + 1;
  const entry = compose(`${deviceTag}-${counter.toString(36).toUpperCase()}`);
  const intents = tx.objectStore('intents');
  const [, , , ...seqs] = await Promise.all([
    meta.put(deviceTag, 'device-tag'),
    meta.put(counter, 'reference-counter'),
    tx.objectStore('sales').add(entry.sale),
    ...entry.intents.map((intent) => intents.add(intent)),
  ]);
  return {
    sale: entry.sale,
    intents: entry.intents.map((intent, i) => ({ ...intent, seq: seqs[i] as number })),
  };
}

function newDeviceTag(): string {
  const random = crypto.getRandomValues(new Uint8Array(4));
  return Array.from(random, (byte) => TAG_ALPHABET[byte % TAG_ALPHABET.length]).join('');
}
