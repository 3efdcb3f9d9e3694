// Transactions over the sales journal and the outbox (stores `sales`, `intents`, `meta`). Owns:
// atomic recording of a sale with its intents and its reference, and atomic read-decide-write of one
// sale's state. The decisions themselves (what a state change means) are made by the outbox layer as
// pure functions passed in here; this module only guarantees they see a consistent snapshot and that
// what they return is written in one strict-durability transaction, or not at all.
import { getTillDb, type JournalWriteTx, plainTransaction, STRICT } from './db.ts';
import type { IntentRecord, IntentState, SaleRecord, TicketRecord } from './records.ts';
import { wakeChanged, withWake } from './sale-wake.ts';
import { closeTicketFor, type TicketClaim } from './ticket-store.ts';

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

/** Letters for device tags: no 0/O, 1/I/L, so staff can read a reference out over the phone. */
const TAG_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * Records a sale and its intents, drawing the next reference of this device, in one transaction;
 * with `ticket`, that transaction also closes the ticket the sale was paid from, or aborts when the
 * ticket is no longer open as claimed (`TicketClaimRefused`: nothing is recorded).
 * @example const { sale } = await insertSale((reference) => ({ sale: {...}, intents: [...] }));
 */
export async function insertSale(
  compose: (reference: string) => NewSale,
  ticket?: { claim: TicketClaim; record: Omit<TicketRecord, 'staff'> },
): Promise<SaleEntry> {
  const db = await getTillDb();
  if (!ticket) {
    const tx = db.transaction(['sales', 'intents', 'meta'], 'readwrite', STRICT);
    const entry = await writeNewSale(tx, compose);
    await tx.done;
    return entry;
  }
  // The sale and its ticket's check-and-close in one transaction: a refused claim aborts both.
  const tx = db.transaction(['sales', 'intents', 'meta', 'tickets'], 'readwrite', STRICT);
  try {
    const entry = await writeNewSale(tx as unknown as JournalWriteTx, compose);
    const { id, createdAt, staff } = entry.sale;
    await closeTicketFor(tx.objectStore('tickets'), ticket.claim, {
      saleId: id,
      at: createdAt,
      staff,
      record: ticket.record,
    });
    await tx.done;
    return entry;
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // it has already ended
    }
    await tx.done.catch(() => undefined);
    throw error;
  }
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
//
// During a burst of writers (a replay run settles a step of one of its sales every few ms) a
// transaction also starts at most every MIN_COMMIT_INTERVAL_MS, so more changes share one: each
// transaction costs Chromium ~2-3 ms of CPU besides the flush, and in the outbox benchmark the
// window cuts ~330 transactions per 1,000 changes to ~110. A lone writer (the last transaction held
// one change: one sale replayed, a staff action) is never held back.

interface WaitingChange {
  saleIds: readonly string[];
  decide: (entries: (SaleEntry | undefined)[]) => SaleWrite<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Most changes in one transaction: enough for every sale a replay run sends at once, and more (its
 * ledger round has 200 under way: on a busy disk a strict commit costs about the same for 1 change
 * or 200, so the round's pace is the changes per commit).
 */
const MAX_CHANGES_PER_COMMIT = 256;
/** During a burst, a transaction starts at most this often (ms). */
const MIN_COMMIT_INTERVAL_MS = 25;
const waitingChanges: WaitingChange[] = [];
let committing = false;
/** When the last transaction started (performance.now()) and how many changes it held. */
let lastCommit = { at: Number.NEGATIVE_INFINITY, changes: 0 };

async function commitWaitingChanges(): Promise<void> {
  committing = true;
  try {
    while (waitingChanges.length > 0) {
      const wait = lastCommit.changes > 1 ? lastCommit.at + MIN_COMMIT_INTERVAL_MS - performance.now() : 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const batch = waitingChanges.splice(0, MAX_CHANGES_PER_COMMIT);
      lastCommit = { at: performance.now(), changes: batch.length };
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
 * Requests of one transaction run in the order they are made, so the puts of a change are not
 * awaited: the next change's reads see them, and a failed one aborts the transaction (`tx.done`).
 */
async function applyChanges(changes: readonly WaitingChange[]): Promise<ChangeOutcome[]> {
  const db = await getTillDb();
  const tx = db.transaction(['sales', 'intents', 'meta'], 'readwrite', STRICT);
  const plain = plainTransaction(tx);
  const sales = plain.objectStore('sales');
  const intents = plain.objectStore('intents');
  const bySale = intents.index('by-sale');
  const outcomes: ChangeOutcome[] = [];
  try {
    for (const change of changes) {
      const entries = await Promise.all(change.saleIds.map((id) => readEntry(sales, bySale, id)));
      let write: SaleWrite<unknown>;
      try {
        write = change.decide(entries);
      } catch (error) {
        outcomes.push({ error });
        continue;
      }
      for (const intent of write.intents ?? []) intents.put(intent);
      for (const sale of await wokenSales(sales, bySale, change.saleIds, entries, write)) sales.put(sale);
      if (write.newSale) await writeNewSale(tx, write.newSale);
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

/**
 * The journal entries a write leaves, each with its wake fields (sale-wake.ts) as its intents after
 * the write imply them: the entries it writes, and any other whose intents it changes and whose
 * wake fields that moves (a step settled: the next one is the open one).
 */
async function wokenSales(
  sales: IDBObjectStore,
  bySale: IDBIndex,
  saleIds: readonly string[],
  entries: readonly (SaleEntry | undefined)[],
  write: SaleWrite<unknown>,
): Promise<SaleRecord[]> {
  const touched = new Set([
    ...(write.sales ?? []).map((sale) => sale.id),
    ...(write.intents ?? []).map((intent) => intent.saleId),
  ]);
  const woken: SaleRecord[] = [];
  for (const saleId of touched) {
    const index = saleIds.indexOf(saleId);
    // a sale the write touches without having read it: read after the write's puts (in order)
    const entry = index >= 0 ? entries[index] : await readEntry(sales, bySale, saleId);
    const written = write.sales?.find((sale) => sale.id === saleId);
    const before = written ?? entry?.sale;
    if (!before) continue;
    const changed = new Map((write.intents ?? []).filter((i) => i.saleId === saleId).map((i) => [i.seq, i]));
    const kept = (entry?.intents ?? []).map((intent) => changed.get(intent.seq) ?? intent);
    const added = (write.intents ?? []).filter((i) => i.saleId === saleId && i.seq === undefined);
    const after = withWake(before, [...kept, ...added]);
    if (written || wakeChanged(before, after)) woken.push(after);
  }
  return woken;
}

/** One sale with its intents, read in `sales`' transaction with two plain requests. */
export function readEntry(
  sales: IDBObjectStore,
  bySale: IDBIndex,
  saleId: string,
): Promise<SaleEntry | undefined> {
  return new Promise((resolve, reject) => {
    const sale = sales.get(saleId) as IDBRequest<SaleRecord | undefined>;
    const saleIntents = bySale.getAll(saleRange(saleId)) as IDBRequest<IntentRecord[]>;
    sale.onerror = () => reject(sale.error);
    saleIntents.onerror = () => reject(saleIntents.error);
    // Requests of one transaction complete in order: the sale is read when its intents are.
    saleIntents.onsuccess = () =>
      resolve(sale.result ? { sale: sale.result, intents: saleIntents.result } : undefined);
  });
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

/**
 * The intents named `name` in one of `states`, of every sale (e.g. this till's room charges done
 * or on their way); for a read-back, which is rare.
 * @example const charges = await readIntentsIn('room.add-products@1', ['done', 'in-flight']);
 */
export async function readIntentsIn(name: string, states: readonly IntentState[]): Promise<IntentRecord[]> {
  return (await readIntentsInStates(states)).filter((intent) => intent.name === name);
}

/**
 * Every sale's intents in one of `states` (few: e.g. the steps whose outcome is not known).
 * @example const inDoubt = await readIntentsInStates(['in-flight', 'unsure']);
 */
export async function readIntentsInStates(states: readonly IntentState[]): Promise<IntentRecord[]> {
  const db = await getTillDb();
  const byState = db.transaction('intents').store.index('by-state');
  return (await Promise.all(states.map((state) => byState.getAll(state)))).flat();
}

/** How many sales have outcome reports the sales ledger has not taken yet (an index count). */
export async function countLedgerUnreported(): Promise<number> {
  const db = await getTillDb();
  return db.countFromIndex('sales', 'by-ledger-unreported');
}

/**
 * Sales with outcome reports the sales ledger has not taken yet, oldest first (made after `after`), at most `limit`.
 * @example for (const { sale } of await readLedgerUnreported(200)) send(sale.ledgerOutcomes);
 */
export async function readLedgerUnreported(limit: number, after?: number): Promise<SaleEntry[]> {
  const db = await getTillDb();
  const tx = db.transaction(['sales', 'intents'], 'readonly');
  const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
  const sales = await tx.objectStore('sales').index('by-ledger-unreported').getAll(range, limit);
  const entries = await Promise.all(
    sales.map(async (sale) => ({
      sale,
      intents: await tx.objectStore('intents').index('by-sale').getAll(saleRange(sale.id)),
    })),
  );
  await tx.done;
  return entries;
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
  const composed = compose(`${deviceTag}-${counter.toString(36).toUpperCase()}`);
  const entry = { ...composed, sale: withWake(composed.sale, composed.intents) };
  const intents = tx.objectStore('intents');
  const [, , , ...seqs] = await Promise.all([
    // The tag is drawn once per profile; rewriting it on every sale would only cost a put.
    deviceTag === storedTag ? undefined : meta.put(deviceTag, 'device-tag'),
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

/** Whether any confirmed or voided sale was made before `before` (pruning asks before anything else). */
export async function hasSalesBefore(before: number): Promise<boolean> {
  const db = await getTillDb();
  const index = db.transaction('sales').store.index('by-status');
  const counts = await Promise.all(
    (['synced', 'voided'] as const).map((status) =>
      index.count(IDBKeyRange.bound([status, -Infinity], [status, before], false, true)),
    ),
  );
  return counts.some((count) => count > 0);
}

/** Sales that are never let go however old: they still wait for the PMS or for staff. */
const OPEN_STATUSES = ['pending', 'needs-attention'] as const;

/**
 * Lets go of sales the tablet no longer needs (docs/outbox.md "Pruning"): confirmed or voided, made
 * before `before`, whose record the till server's ledger holds (`holdsInLedger`: its step there is
 * done) and whose outcome reports it has taken, and that no open sale refers to. Each is deleted
 * with its intents in one strict transaction; at most `limit` per call. Answers how many went.
 * @example await pruneSales(Date.now() - 30 * DAY, (intents) => intents.some(...));
 */
export async function pruneSales(
  before: number,
  holdsInLedger: (intents: readonly IntentRecord[]) => boolean,
  limit = 500,
): Promise<number> {
  const db = await getTillDb();
  const tx = db.transaction(['sales', 'intents'], 'readwrite', STRICT);
  const sales = tx.objectStore('sales');
  const bySale = tx.objectStore('intents').index('by-sale');
  const open = (
    await Promise.all(
      OPEN_STATUSES.map((status) =>
        sales.index('by-status').getAll(IDBKeyRange.bound([status, -Infinity], [status, Infinity])),
      ),
    )
  ).flat();
  const referred = new Set(
    open.flatMap((sale) =>
      [...(sale.dependsOn ?? []), sale.reverses, sale.lateChargeOf, sale.cancels?.saleId].filter(
        (id): id is string => typeof id === 'string',
      ),
    ),
  );
  let pruned = 0;
  for (const status of ['synced', 'voided'] as const) {
    const old = await sales
      .index('by-status')
      .getAll(IDBKeyRange.bound([status, -Infinity], [status, before], false, true), limit);
    // Every read, then every delete, is queued at once: one transaction's requests run in order,
    // and not awaiting each in turn keeps a batch from costing a round trip per sale.
    const candidates = old
      .filter((sale) => sale.ledgerUnreported === undefined && !referred.has(sale.id))
      .slice(0, limit - pruned);
    const intentsOf = await Promise.all(candidates.map((sale) => bySale.getAll(saleRange(sale.id))));
    const deletes: Promise<unknown>[] = [];
    candidates.forEach((sale, i) => {
      const intents = intentsOf[i]!;
      if (!holdsInLedger(intents)) return;
      deletes.push(sales.delete(sale.id));
      for (const intent of intents) deletes.push(tx.objectStore('intents').delete(intent.seq!));
      pruned += 1;
    });
    await Promise.all(deletes);
  }
  await tx.done;
  return pruned;
}
