// What a replay run reads: the pending sales that may be due now, found by the wake indexes (v4,
// sale-wake.ts), never the whole backlog, and when the next one wakes. Each sale is read with its
// intents in one snapshot, in transactions of DUE_CHUNK sales, so a sale being recorded waits for
// one chunk at most. Whether a sale read here is really due is the outbox's decision (schedule.ts).
import { getTillDb, unwrapReadTx } from './db.ts';
import { readEntry, type SaleEntry } from './outbox-store.ts';
import { isLedgerStep } from './sale-wake.ts';

/** Sales read per transaction: a sale recorded meanwhile waits for one chunk only. */
const DUE_CHUNK = 200;

/**
 * Where a run's look at what was due stood: its time and the outbox's last intent key then. What
 * woke, began to wait or was queued after it is what a PMS-failing hold reads (schedule.ts).
 */
export interface DueMark {
  at: number;
  seq: number;
}

/**
 * The pending sales whose open step is due by `now` (`wakeAt`), and those waiting since
 * `waitingUpTo` or earlier (`waitingSince`: a retry pass or a bring-forward made them due without
 * rewriting them), oldest first (sales made in the same millisecond in the order they were recorded).
 * With `after` (the PMS failing: schedule.ts), only what came after that mark: sales with a ledger
 * step queued since (a key, not a clock: a clock set back loses none), and steps that failed or woke
 * since; of the others only the first `probe` to wake and to wait (none without `probe`). Also
 * answers the mark of this read (its time, the last intent key in the same snapshot).
 * @example const { entries, mark } = await readDueSales(Date.now(), allDueAt);
 */
export async function readDueSales(
  now: number,
  waitingUpTo: number,
  { after, probe }: { after?: DueMark; probe?: number } = {},
): Promise<{ entries: SaleEntry[]; mark: DueMark }> {
  const db = await getTillDb();
  const keys = db.transaction(['sales', 'intents'], 'readonly');
  const sales = keys.objectStore('sales');
  const byWake = sales.index('by-wake-at');
  const byWaiting = sales.index('by-waiting-since');
  const none = Promise.resolve([] as string[]);
  // the backlog: all of it, or (after a mark) only the first `probe` of it, or none
  const backlog = after === undefined || Boolean(probe);
  const limit = after === undefined ? undefined : probe;
  const [last, waking, waiting, wokenSince, waitingSinceAfter, queuedSince] = await Promise.all([
    keys.objectStore('intents').openKeyCursor(null, 'prev'),
    backlog ? byWake.getAllKeys(IDBKeyRange.upperBound(now), limit) : none,
    waitingUpTo > 0 && backlog ? byWaiting.getAllKeys(IDBKeyRange.upperBound(waitingUpTo), limit) : none,
    after !== undefined && after.at < now
      ? byWake.getAllKeys(IDBKeyRange.bound(after.at, now, true, false))
      : none,
    after !== undefined ? byWaiting.getAllKeys(IDBKeyRange.lowerBound(after.at, true)) : none,
    after !== undefined ? keys.objectStore('intents').getAll(IDBKeyRange.lowerBound(after.seq, true)) : [],
    keys.done,
  ]);
  const ledgerQueued = queuedSince
    .filter((intent) => isLedgerStep(intent.name) && intent.state !== 'done' && intent.state !== 'voided')
    .map((intent) => intent.saleId);
  const saleIds = [...new Set([...waking, ...waiting, ...wokenSince, ...waitingSinceAfter, ...ledgerQueued])];
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
  entries.sort((a, b) => a.sale.createdAt - b.sale.createdAt || firstSeq(a) - firstSeq(b));
  return { entries, mark: { at: now, seq: last ? last.key : 0 } };
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
