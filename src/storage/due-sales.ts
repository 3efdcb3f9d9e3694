// What a replay run reads: the pending sales that may be due now, found by the wake indexes (v4,
// sale-wake.ts), never the whole backlog, and when the next one wakes. Each sale is read with its
// intents in one snapshot, in transactions of DUE_CHUNK sales, so a sale being recorded waits for
// one chunk at most. Whether a sale read here is really due is the outbox's decision (schedule.ts).
import { getTillDb, unwrapReadTx } from './db.ts';
import { readEntry, type SaleEntry } from './outbox-store.ts';

/** Sales read per transaction: a sale recorded meanwhile waits for one chunk only. */
const DUE_CHUNK = 200;

/**
 * The pending sales whose open step is due by `now` (`wakeAt`), and those waiting since
 * `waitingUpTo` or earlier (`waitingSince`: a retry pass or a bring-forward made them due without
 * rewriting them), oldest first (sales made in the same millisecond in the order they were recorded).
 * @example const entries = await readDueSales(Date.now(), allDueAt);
 */
export async function readDueSales(now: number, waitingUpTo: number): Promise<SaleEntry[]> {
  const db = await getTillDb();
  const keys = db.transaction('sales', 'readonly');
  const [waking, waiting] = await Promise.all([
    keys.store.index('by-wake-at').getAllKeys(IDBKeyRange.upperBound(now)),
    waitingUpTo > 0
      ? keys.store.index('by-waiting-since').getAllKeys(IDBKeyRange.upperBound(waitingUpTo))
      : [],
    keys.done,
  ]);
  const saleIds = [...new Set([...waking, ...waiting])];
  const entries: SaleEntry[] = [];
  for (let start = 0; start < saleIds.length; start += DUE_CHUNK) {
    const plain = unwrapReadTx(db.transaction(['sales', 'intents'], 'readonly'));
    const sales = plain.objectStore('sales');
    const bySale = plain.objectStore('intents').index('by-sale');
    const chunk = await Promise.all(
      saleIds.slice(start, start + DUE_CHUNK).map((id) => readEntry(sales, bySale, id)),
    );
    for (const entry of chunk) if (entry?.sale.status === 'pending') entries.push(entry);
  }
  return entries.sort((a, b) => a.sale.createdAt - b.sale.createdAt || firstSeq(a) - firstSeq(b));
}

/** The order a sale was recorded in: its first intent's key, drawn in its recording transaction. */
function firstSeq(entry: SaleEntry): number {
  return entry.intents[0]?.seq ?? Number.MAX_SAFE_INTEGER;
}

/** When the pending sales not due by `now` wake, and whether any waits since `waitingUpTo` or earlier. */
export interface LaterWakes {
  /** The earliest `wakeAt` after `now`; null when no pending sale has one. */
  nextWakeAt: number | null;
  waitingSinceBefore: boolean;
}

export async function readLaterWakes(now: number, waitingUpTo: number): Promise<LaterWakes> {
  const db = await getTillDb();
  const tx = db.transaction('sales', 'readonly');
  const byWake = tx.store.index('by-wake-at');
  const [next, waiting] = await Promise.all([
    byWake.openKeyCursor(IDBKeyRange.lowerBound(now, true)),
    waitingUpTo > 0
      ? tx.store.index('by-waiting-since').getKey(IDBKeyRange.upperBound(waitingUpTo))
      : undefined,
  ]);
  const nextWakeAt = next ? (next.key as number) : null;
  await tx.done;
  return { nextWakeAt, waitingSinceBefore: waiting !== undefined };
}
