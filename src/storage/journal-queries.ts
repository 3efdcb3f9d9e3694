// Read-only views of the journal for the status line and the staff views: the newest sales (all, or
// of one status) and the counts behind the outbox summary, each read in one snapshot.
import { getTillDb } from './db.ts';
import type { SaleRecord } from './records.ts';

/**
 * The newest journal entries first (or the oldest), optionally of one status, at most `limit`.
 * @example const attention = await listSales({ status: 'needs-attention' });
 */
export async function listSales(
  options: { status?: SaleRecord['status']; limit?: number; oldestFirst?: boolean } = {},
): Promise<SaleRecord[]> {
  const db = await getTillDb();
  const tx = db.transaction('sales', 'readonly');
  const source = options.status ? tx.store.index('by-status') : tx.store.index('by-created');
  const range = options.status
    ? IDBKeyRange.bound([options.status, -Infinity], [options.status, Infinity])
    : null;
  const found: SaleRecord[] = [];
  for await (const cursor of source.iterate(range, options.oldestFirst ? 'next' : 'prev')) {
    found.push(cursor.value);
    if (options.limit !== undefined && found.length >= options.limit) break;
  }
  await tx.done;
  return found;
}

/** Counts for the outbox summary, read in one snapshot. */
export interface OutboxCounts {
  pending: number;
  needsAttention: number;
  sending: number;
  /** Creation time of the oldest sale not yet (fully) in the PMS, pending or needing attention. */
  oldestOpenAt: number | null;
}

export async function readOutboxCounts(): Promise<OutboxCounts> {
  const db = await getTillDb();
  const tx = db.transaction(['sales', 'intents'], 'readonly');
  const byStatus = tx.objectStore('sales').index('by-status');
  const byState = tx.objectStore('intents').index('by-state');
  const statusRange = (status: SaleRecord['status']) =>
    IDBKeyRange.bound([status, -Infinity], [status, Infinity]);
  const [pending, needsAttention, sending, oldestPending, oldestAttention] = await Promise.all([
    byStatus.count(statusRange('pending')),
    byStatus.count(statusRange('needs-attention')),
    byState.count('in-flight'),
    byStatus.get(statusRange('pending')),
    byStatus.get(statusRange('needs-attention')),
  ]);
  await tx.done;
  const openTimes = [oldestPending?.createdAt, oldestAttention?.createdAt].filter((t) => t !== undefined);
  return {
    pending,
    needsAttention,
    sending,
    oldestOpenAt: openTimes.length ? Math.min(...openTimes) : null,
  };
}
