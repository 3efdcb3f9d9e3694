// Ticket records (store `tickets`): the ticket being rung up, parked tabs and paid tickets, one
// record each that every browser tab reads. Owns: atomic read-decide-write of ticket records
// (strict durability), and the check-and-close a payment runs inside the sale's own transaction
// (`closeTicketFor`), so one ticket becomes at most one sale however many tabs pay it.
// Invariant: a record that is paid never changes again; only a record's own version + 1 replaces it.
import { getTillDb, STRICT, type TillDb } from './db.ts';
import type { TicketRecord } from './records.ts';

/** Paid tickets are kept this long (to tell a late tab when it was paid), then dropped. */
const PAID_KEPT_MS = 24 * 60 * 60 * 1000;

/** What a decision over ticket records writes: records to put, ids to delete, and its answer. */
export interface TicketWrite<T> {
  put?: TicketRecord[];
  remove?: string[];
  value: T;
}

/** A payment's claim on a ticket: the ticket and the version staff saw when they paid. */
export interface TicketClaim {
  id: string;
  version: number;
}

/** The ticket a payment claimed is no longer open as claimed: paid, parked or changed elsewhere. */
export class TicketClaimRefused extends Error {
  override readonly name = 'TicketClaimRefused';
  constructor(readonly stored: TicketRecord) {
    super(`ticket ${stored.id} is ${stored.status ?? 'parked'} at version ${stored.version ?? 0}`);
  }
}

/** A record's status; rows from before statuses existed are parked tabs. */
export function ticketStatus(record: TicketRecord): NonNullable<TicketRecord['status']> {
  return record.status ?? 'parked';
}

/**
 * One ticket record, or undefined.
 * @example const stored = await readTicketRecord(ticket.id);
 */
export async function readTicketRecord(id: string): Promise<TicketRecord | undefined> {
  return (await getTillDb()).get('tickets', id);
}

/**
 * Parked tabs, most recently changed first.
 * @example const tabs = await listParkedTickets();
 */
export async function listParkedTickets(): Promise<TicketRecord[]> {
  const records = await (await getTillDb()).getAllFromIndex('tickets', 'by-updated');
  return records.filter((record) => ticketStatus(record) === 'parked').reverse();
}

/**
 * Reads the records `ids`, lets `decide` (synchronous, pure) choose what to write, and writes it,
 * all in one strict transaction; paid records past their keeping time are dropped in it too.
 * @example await changeTicketRecords([id], ([stored]) => ({ put: [{ ...stored!, status: 'parked' }], value: true }));
 */
export async function changeTicketRecords<T>(
  ids: readonly string[],
  decide: (stored: (TicketRecord | undefined)[]) => TicketWrite<T>,
  now = Date.now(),
): Promise<T> {
  const db: TillDb = await getTillDb();
  const tx = db.transaction('tickets', 'readwrite', STRICT);
  const stored = await Promise.all(ids.map((id) => tx.store.get(id)));
  const write = decide(stored);
  const paidBefore = now - PAID_KEPT_MS;
  const stale = (await tx.store.index('by-updated').getAll(IDBKeyRange.upperBound(paidBefore)))
    .filter((record) => record.status === 'paid')
    .map((record) => record.id);
  await Promise.all([
    ...(write.put ?? []).map((record) => tx.store.put(record)),
    ...[...(write.remove ?? []), ...stale].map((id) => tx.store.delete(id)),
    tx.done,
  ]);
  return write.value;
}

/**
 * Inside a sale's transaction: marks the claimed ticket paid by `saleId`, or throws
 * `TicketClaimRefused` when it is paid, parked or at a newer version than claimed (the caller's
 * transaction then aborts: no sale is recorded). A ticket with no record yet is taken as open.
 */
export async function closeTicketFor(
  store: { get(id: string): Promise<TicketRecord | undefined>; put(record: TicketRecord): Promise<unknown> },
  claim: TicketClaim,
  paid: { saleId: string; at: number; staff: string; record: Omit<TicketRecord, 'staff'> },
): Promise<void> {
  const stored = await store.get(claim.id);
  if (stored && (ticketStatus(stored) !== 'open' || (stored.version ?? 0) > claim.version)) {
    throw new TicketClaimRefused(stored);
  }
  await store.put({
    ...paid.record,
    staff: paid.staff,
    id: claim.id,
    status: 'paid',
    version: Math.max(claim.version, stored?.version ?? 0) + 1,
    paidAt: paid.at,
    saleId: paid.saleId,
    updatedAt: paid.at,
  });
}
