// The tables of every outlet on the server: its floor plan, and table operations stored once each (by
// opId, in table_ops) and folded into the outlet's floor (shared/table-fold.ts). An operation that
// arrives in order is applied to the kept fold; one from the past (an offline tablet) refolds the
// outlet from its log. Listeners hear each stored batch, for the live channel (table-routes.ts). A
// settle is checked against the ledger first (table-settles.ts), held until its sale is recorded.

import type { FloorPlanArea, TableOpsAnswer, TableOpsRequest } from '../../pms/table-calls.ts';
import { createFloorFold, type Floor, type FloorFold } from '../../shared/table-fold.ts';
import { type Course, compareOps, DEFAULT_COURSES, type TableOp, tablesOf } from '../../shared/table-ops.ts';
import type { HubDb } from '../hub/hub-db.ts';
import { migrateTableTables } from './table-db.ts';
import { TableError } from './table-errors.ts';
import { createSettleChecks } from './table-settles.ts';

export { TableError };

/** Operations stored in one batch, with the outlet's log position of each. */
export interface StoredBatch {
  outlet: string;
  revision: number;
  ops: (TableOp & { rev: number })[];
  /** The batch as the live channel sends it (made once for every listener). */
  data: () => string;
}

export type TableStore = ReturnType<typeof createTableStore>;

export function createTableStore(options: {
  db: HubDb;
  now?: () => Date;
  courses?: (outlet: string) => readonly Course[];
}) {
  const { db } = options;
  migrateTableTables(db);
  const now = options.now ?? (() => new Date());
  const coursesOf = options.courses ?? (() => DEFAULT_COURSES);
  // Per outlet: its fold, its log position, and its operations in compareOps order (kept, so a
  // late operation refolds from memory, not from the database).
  const folds = new Map<string, { fold: FloorFold; revision: number; ops: TableOp[] }>();
  const listeners = new Set<(batch: StoredBatch) => void>();

  const insert = db.prepare(
    `INSERT INTO table_ops (op_id, outlet, device_id, op, received_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (op_id) DO NOTHING`,
  );
  const existing = db.prepare('SELECT outlet, device_id AS deviceId FROM table_ops WHERE op_id = ?');
  const opsOf = db.prepare('SELECT seq, op FROM table_ops WHERE outlet = ? AND seq > ? ORDER BY seq');
  const lastSeq = db.prepare('SELECT MAX(seq) AS seq FROM table_ops WHERE outlet = ?');
  const tableIds = db.prepare('SELECT table_id AS tableId FROM floor_tables WHERE outlet = ?');
  const settles = createSettleChecks(db);

  const readOps = (outlet: string, since = 0) =>
    (opsOf.all(outlet, since) as { seq: number; op: string }[]).map((row) => ({
      ...(JSON.parse(row.op) as TableOp),
      rev: row.seq,
    }));

  function refold(outlet: string, ops: TableOp[], revision: number) {
    const fold = createFloorFold(coursesOf(outlet));
    for (const op of ops) fold.apply(op);
    const kept = { fold, revision, ops };
    folds.set(outlet, kept);
    return kept;
  }
  const load = (outlet: string) => {
    const ops = readOps(outlet);
    return refold(outlet, ops.map(({ rev: _, ...op }) => op).sort(compareOps), ops.at(-1)?.rev ?? 0);
  };
  /** Where `op` goes in `sorted` (compareOps order). */
  const placeOf = (sorted: TableOp[], op: TableOp) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareOps(sorted[middle]!, op) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const kept = (outlet: string) => folds.get(outlet) ?? load(outlet);

  function plan(outlet: string): FloorPlanArea[] {
    const areas = db
      .prepare('SELECT area_id AS areaId, name FROM floor_areas WHERE outlet = ? ORDER BY position, area_id')
      .all(outlet) as { areaId: string; name: string }[];
    const tables = db
      .prepare(
        `SELECT area_id AS areaId, table_id AS tableId, name, seats, x, y
           FROM floor_tables WHERE outlet = ? ORDER BY y, x, table_id`,
      )
      .all(outlet) as ({ areaId: string } & FloorPlanArea['tables'][number])[];
    return areas.map((area) => ({
      ...area,
      tables: tables.filter((table) => table.areaId === area.areaId).map(({ areaId: _, ...table }) => table),
    }));
  }

  const store = {
    plan,

    /** Replaces the outlet's floor plan (the admin page). Tables with guests keep their operations. */
    setPlan(outlet: string, areas: FloorPlanArea[]): FloorPlanArea[] {
      const ids = new Set<string>();
      for (const area of areas)
        for (const table of area.tables) {
          if (ids.has(table.tableId))
            throw new TableError(400, 'plan_invalid', `table ${table.tableId} twice`, 'tables.tableId');
          if (table.tableId.startsWith('tab-'))
            throw new TableError(400, 'plan_invalid', 'tab- names bar tabs', 'tables.tableId');
          ids.add(table.tableId);
        }
      db.transaction(() => {
        db.prepare('DELETE FROM floor_tables WHERE outlet = ?').run(outlet);
        db.prepare('DELETE FROM floor_areas WHERE outlet = ?').run(outlet);
        areas.forEach((area, position) => {
          db.prepare('INSERT INTO floor_areas (outlet, area_id, name, position) VALUES (?, ?, ?, ?)').run(
            outlet,
            area.areaId,
            area.name,
            position,
          );
          for (const table of area.tables)
            db.prepare(
              `INSERT INTO floor_tables (outlet, table_id, area_id, name, seats, x, y)
               VALUES (?, ?, ?, ?, ?, ?, ?)`,
            ).run(outlet, table.tableId, area.areaId, table.name, table.seats, table.x, table.y);
        });
      })();
      return plan(outlet);
    },

    courses: coursesOf,

    /**
     * Stores `ops` from `deviceId` of `outlet`, each once: an opId already stored from the same device
     * is a duplicate (answered, not stored again); from another device or outlet it is refused, as is
     * a table that is neither the outlet's nor a bar tab. A settle is checked against the ledger, or
     * held until its sale is recorded (answered `held`). All or nothing.
     * @throws TableError 400 table_unknown, 409 op_id_taken or a settle's refusal (table-settles.ts)
     */
    receive(outlet: string, deviceId: string, ops: TableOpsRequest['ops'], release = false): TableOpsAnswer {
      const known = new Set((tableIds.all(outlet) as { tableId: string }[]).map((row) => row.tableId));
      ops.forEach((op, index) => {
        for (const tableId of tablesOf(op.body))
          if (!known.has(tableId) && !tableId.startsWith('tab-'))
            throw new TableError(
              400,
              'table_unknown',
              `no table ${tableId} in this outlet`,
              `ops.${index}.body`,
            );
      });
      const state = kept(outlet); // folded before this batch is stored, so the batch is applied once
      const screened = settles.screen(
        outlet,
        deviceId,
        ops.map((op) => ({ ...op, deviceId }) as TableOp),
        state.fold.floor,
        (opId) => existing.get(opId) !== undefined,
        release,
      );
      const fresh: (TableOp & { rev: number })[] = [];
      const stored = db.transaction(() =>
        screened.map(({ as: full, held, heldBefore }, index) => {
          if (heldBefore) return { opId: full.opId, duplicate: true, held: true as const };
          if (held) {
            settles.hold(outlet, full, now().toISOString());
            return { opId: full.opId, duplicate: false, held: true as const };
          }
          const result = insert.run(full.opId, outlet, deviceId, JSON.stringify(full), now().toISOString());
          if (result.changes === 1) {
            fresh.push({ ...full, rev: Number(result.lastInsertRowid) });
            return { opId: full.opId, duplicate: false };
          }
          const before = existing.get(full.opId) as { outlet: string; deviceId: string };
          if (before.outlet !== outlet || before.deviceId !== deviceId)
            throw new TableError(
              409,
              'op_id_taken',
              'another device sent this operation id',
              `ops.${index}.opId`,
            );
          return { opId: full.opId, duplicate: true };
        }),
      )();
      if (fresh.length > 0) {
        const inOrder = fresh.map(({ rev: _, ...op }) => op as TableOp).sort(compareOps);
        const revision = fresh.at(-1)!.rev;
        const last = state.fold.last;
        if (last && compareOps(inOrder[0]!, last) < 0) {
          for (const op of inOrder) state.ops.splice(placeOf(state.ops, op), 0, op);
          refold(outlet, state.ops, revision);
        } else {
          for (const op of inOrder) {
            state.fold.apply(op);
            state.ops.push(op);
          }
          state.revision = revision;
        }
        let data: string | undefined;
        const batch: StoredBatch = {
          outlet,
          revision,
          ops: fresh,
          data: () => (data ??= JSON.stringify({ revision, ops: fresh })),
        };
        for (const listener of listeners) {
          try {
            listener(batch);
          } catch {
            // a listener's trouble (a printer's) never undoes or fails the stored batch
          }
        }
      }
      return { stored, revision: kept(outlet).revision };
    },

    /**
     * Decides the settles held for `saleId` (all held ones when not given), now that the ledger
     * recorded it: stored in the log when they pass, refused for good (their code kept) when not.
     */
    releaseHeld(saleId?: string): void {
      for (const held of settles.waiting(saleId)) {
        const { deviceId: _, ...op } = held.op;
        try {
          const answer = store.receive(
            held.outlet,
            held.deviceId,
            [op as TableOpsRequest['ops'][number]],
            true,
          );
          if (answer.stored[0]?.held) continue; // its sale is still not recorded
          settles.decide(held.opId, 'released', now().toISOString());
        } catch (error) {
          if (!(error instanceof TableError)) throw error;
          settles.decide(held.opId, error.code, now().toISOString());
        }
      }
    },

    /** Which of `opIds` are not stored yet. */
    unknown(opIds: readonly string[]): Set<string> {
      return new Set(opIds.filter((opId) => !existing.get(opId)));
    },

    /** The outlet's floor as every stored operation makes it. */
    floor(outlet: string): { floor: Floor; revision: number } {
      const { fold, revision } = kept(outlet);
      return { floor: fold.floor, revision };
    },

    /** The outlet's operations stored after log position `since` (a tablet catching up). */
    opsSince(outlet: string, since: number): (TableOp & { rev: number })[] {
      return readOps(outlet, since);
    },

    revision(outlet: string): number {
      return (lastSeq.get(outlet) as { seq: number | null }).seq ?? 0;
    },

    /** Hears every stored batch; returns the unsubscribe. */
    listen(listener: (batch: StoredBatch) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
