// The tablet's reports for the till server's audit log (sign-ins, wrong PINs, voids, catalogue
// changes, shift closes) not yet delivered, and the ones the server refused: kept in IndexedDB
// (`meta`, strict durability), where the outbox keeps its sales, instead of localStorage. Owns
// appending and removing reports atomically (one transaction each, so two tabs lose none), and
// moving a queue an older app version left in localStorage over once.
import type { TabletAuditEvent } from '../pms/staff-calls.ts';
import { getTillDb, STRICT } from './db.ts';
import { LOCAL_KEYS, readLocal, writeLocal } from './local.ts';

/** Most reports kept waiting; the oldest go first beyond it (the sales are in the ledger, not here). */
export const MAX_QUEUED_REPORTS = 5000;

/** A refused report, kept for the sync view (most recent last, at most 50). */
export interface RefusedReport {
  event: TabletAuditEvent;
  code: string;
}

/**
 * Appends reports to the queue (and, the first time, what localStorage still held).
 * @example await queueAuditEvents([event]);
 */
export async function queueAuditEvents(events: readonly TabletAuditEvent[]): Promise<void> {
  const legacy = readLocal(LOCAL_KEYS.auditQueue);
  const moved = Array.isArray(legacy) ? (legacy as TabletAuditEvent[]) : [];
  const db = await getTillDb();
  const tx = db.transaction('meta', 'readwrite', STRICT);
  const queued = ((await tx.store.get('audit-queue')) as TabletAuditEvent[] | undefined) ?? [];
  const ids = new Set(queued.map((event) => event.id));
  const next = [...queued, ...[...moved, ...events].filter((event) => !ids.has(event.id))];
  await Promise.all([tx.store.put(next.slice(-MAX_QUEUED_REPORTS), 'audit-queue'), tx.done]);
  if (moved.length > 0) writeLocal(LOCAL_KEYS.auditQueue, undefined);
}

/** The oldest `limit` reports waiting. */
export async function readAuditQueue(limit = Number.POSITIVE_INFINITY): Promise<TabletAuditEvent[]> {
  const db = await getTillDb();
  const queued = ((await db.get('meta', 'audit-queue')) as TabletAuditEvent[] | undefined) ?? [];
  return queued.slice(0, limit);
}

/** Removes the answered reports (those queued meanwhile stay) and keeps the refused ones for the sync view. */
export async function settleAuditEvents(
  answered: ReadonlySet<string>,
  refused: RefusedReport[],
): Promise<void> {
  const db = await getTillDb();
  const tx = db.transaction('meta', 'readwrite', STRICT);
  const [queued, kept] = (await Promise.all([
    tx.store.get('audit-queue'),
    tx.store.get('audit-refused'),
  ])) as [TabletAuditEvent[] | undefined, RefusedReport[] | undefined];
  await Promise.all([
    tx.store.put(
      (queued ?? []).filter((event) => !answered.has(event.id)),
      'audit-queue',
    ),
    refused.length > 0 ? tx.store.put([...(kept ?? []), ...refused].slice(-50), 'audit-refused') : undefined,
    tx.done,
  ]);
}

/** Reports the server refused (for the sync view). */
export async function readRefusedReports(): Promise<RefusedReport[]> {
  const db = await getTillDb();
  return ((await db.get('meta', 'audit-refused')) as RefusedReport[] | undefined) ?? [];
}
