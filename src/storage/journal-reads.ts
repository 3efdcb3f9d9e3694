// Read-only views of the sales journal for the shift report and the room-charge view (store
// `sales`). Owns: reading the sales of a time window in one snapshot, oldest first. Writes to the
// journal stay with outbox-store.ts; nothing here changes a row.
import { getTillDb } from './db.ts';
import type { SaleRecord } from './records.ts';

/**
 * Every journal entry created at or after `since` (epoch ms), oldest first.
 * @example const shiftSales = await listSalesSince(lastCloseAt);
 */
export async function listSalesSince(since: number): Promise<SaleRecord[]> {
  const db = await getTillDb();
  return db.getAllFromIndex('sales', 'by-created', IDBKeyRange.lowerBound(since));
}
