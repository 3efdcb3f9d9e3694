// The tablet's table operations (issue 31) in IndexedDB, in a database of their own (`hotel-till-
// tables`, apart from the sales' `hotel-till`): operations made here and not yet stored by the server
// (`pending`, strict durability: recorded before anything is sent), the outlet's operations as the
// server logged them (`server`, with their log position), and the device's counter and clock (`meta`).
// Only this module opens it; a tablet's floor is the fold of both stores (features/tables/).
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { TableOp, TableOpBody } from '../shared/table-ops.ts';

export const TABLE_DB_NAME = 'hotel-till-tables';
const TABLE_DB_VERSION = 1;
const STRICT: { durability: 'strict' } = { durability: 'strict' };

/** An operation made on this tablet: queued until the server stored it; refused with the server's code. */
export interface PendingTableOp {
  op: Omit<TableOp, 'deviceId'>;
  state: 'queued' | 'stored' | 'refused';
  code?: string;
}

interface TableSchema extends DBSchema {
  pending: {
    key: string;
    value: PendingTableOp & { opId: string; seq: number };
    indexes: { 'by-seq': number };
  };
  server: { key: string; value: TableOp & { rev: number } };
  meta: { key: string; value: number };
}

type TableDb = IDBPDatabase<TableSchema>;
const connections = new Map<string, Promise<TableDb>>();

/** The table database (named per tablet in tests, where two tablets share one browser). */
export function getTableDb(name = TABLE_DB_NAME): Promise<TableDb> {
  let connection = connections.get(name);
  if (!connection) {
    connection = openDB<TableSchema>(name, TABLE_DB_VERSION, {
      upgrade(db, oldVersion) {
        if (oldVersion < 1) {
          db.createObjectStore('pending', { keyPath: 'opId' }).createIndex('by-seq', 'seq');
          db.createObjectStore('server', { keyPath: 'opId' });
          db.createObjectStore('meta');
        }
      },
    });
    connections.set(name, connection);
  }
  return connection;
}

/**
 * Records `bodies` as operations of this tablet, in one strict transaction: each gets an id, the next
 * counter value and a clock that never goes back. Nothing is sent here.
 * @example await recordTableOps([{ kind: 'ask_bill', tableId: 't10' }], 'Mia');
 */
export async function recordTableOps(
  bodies: readonly TableOpBody[],
  staffName: string,
  options: { dbName?: string; now?: number } = {},
): Promise<Omit<TableOp, 'deviceId'>[]> {
  const db = await getTableDb(options.dbName);
  const tx = db.transaction(['pending', 'meta'], 'readwrite', STRICT);
  const meta = tx.objectStore('meta');
  let seq = (await meta.get('seq')) ?? 0;
  let at = Math.max(((await meta.get('at')) ?? 0) + 1, options.now ?? Date.now());
  const ops = bodies.map((body) => {
    const op = { opId: crypto.randomUUID(), seq: seq++, at: at++, staffName, body };
    return op;
  });
  await Promise.all([
    ...ops.map((op) => tx.objectStore('pending').put({ opId: op.opId, seq: op.seq, op, state: 'queued' })),
    meta.put(seq, 'seq'),
    meta.put(at - 1, 'at'),
    tx.done,
  ]);
  return ops;
}

/** This tablet's operations the server has not confirmed or refused, oldest first. */
export async function readPendingTableOps(dbName?: string): Promise<PendingTableOp[]> {
  const db = await getTableDb(dbName);
  return (await db.getAllFromIndex('pending', 'by-seq')).map(({ op, state, code }) => ({
    op,
    state,
    ...(code ? { code } : {}),
  }));
}

/** Marks operations stored (answered by the server) or refused (with its code). */
export async function settlePendingTableOps(
  opIds: readonly string[],
  state: 'stored' | 'refused',
  code?: string,
  dbName?: string,
): Promise<void> {
  const db = await getTableDb(dbName);
  const tx = db.transaction('pending', 'readwrite', STRICT);
  await Promise.all([
    ...opIds.map(async (opId) => {
      const row = await tx.store.get(opId);
      if (row) await tx.store.put({ ...row, state, ...(code ? { code } : {}) });
    }),
    tx.done,
  ]);
}

/** Keeps operations of the server's log; a pending one it now holds is let go. Answers the log position. */
export async function keepServerTableOps(
  ops: readonly (TableOp & { rev: number })[],
  dbName?: string,
): Promise<number> {
  const db = await getTableDb(dbName);
  const tx = db.transaction(['server', 'pending', 'meta'], 'readwrite', STRICT);
  let revision = (await tx.objectStore('meta').get('revision')) ?? 0;
  for (const op of ops) {
    revision = Math.max(revision, op.rev);
    await tx.objectStore('server').put(op);
    const mine = await tx.objectStore('pending').get(op.opId);
    if (mine && mine.state !== 'refused') await tx.objectStore('pending').delete(op.opId);
  }
  await tx.objectStore('meta').put(revision, 'revision');
  await tx.done;
  return revision;
}

/** The server's operations kept here, and the log position they reach. */
export async function readServerTableOps(dbName?: string): Promise<{ ops: TableOp[]; revision: number }> {
  const db = await getTableDb(dbName);
  const [ops, revision] = await Promise.all([db.getAll('server'), db.get('meta', 'revision')]);
  return { ops, revision: revision ?? 0 };
}
