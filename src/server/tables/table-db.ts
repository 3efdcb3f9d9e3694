// The table tables in the server's own database (till.sqlite): each outlet's floor plan (areas,
// tables with seats and a grid place; the admin page edits them), the append-only log of table
// operations (triggers refuse UPDATE and DELETE; an operation is stored once, by its id), settles
// held for their sale, and the modifier groups. Versioned on its own (hub_settings
// 'tables_schema'), apart from hub-db.ts.

import type { HubDb } from '../hub/hub-db.ts';
import { applySchemaSteps } from '../hub/schema-steps.ts';

const STEPS: readonly string[] = [
  `CREATE TABLE floor_areas (
     outlet TEXT NOT NULL,
     area_id TEXT NOT NULL,
     name TEXT NOT NULL,
     position INTEGER NOT NULL,
     PRIMARY KEY (outlet, area_id)
   ) STRICT;
   CREATE TABLE floor_tables (
     outlet TEXT NOT NULL,
     table_id TEXT NOT NULL,
     area_id TEXT NOT NULL,
     name TEXT NOT NULL,
     seats INTEGER NOT NULL CHECK (seats BETWEEN 1 AND 99),
     x INTEGER NOT NULL,
     y INTEGER NOT NULL,
     PRIMARY KEY (outlet, table_id)
   ) STRICT;
   CREATE TABLE table_ops (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     op_id TEXT NOT NULL UNIQUE,
     outlet TEXT NOT NULL,
     device_id TEXT NOT NULL,
     op TEXT NOT NULL,
     received_at TEXT NOT NULL
   ) STRICT;
   CREATE INDEX table_ops_outlet ON table_ops (outlet, seq);
   CREATE TRIGGER table_ops_no_update BEFORE UPDATE ON table_ops
     BEGIN SELECT RAISE(ABORT, 'table operations are never changed'); END;
   CREATE TRIGGER table_ops_no_delete BEFORE DELETE ON table_ops
     BEGIN SELECT RAISE(ABORT, 'table operations are never deleted'); END;`,
  // Settles whose sale the ledger had not recorded when they came (table-settles.ts): kept, then
  // decided once (outcome 'released' into table_ops, or the refusal's code); never deleted.
  `CREATE TABLE table_settles_held (
     op_id TEXT PRIMARY KEY,
     outlet TEXT NOT NULL,
     device_id TEXT NOT NULL,
     sale_id TEXT NOT NULL,
     op TEXT NOT NULL,
     received_at TEXT NOT NULL,
     outcome TEXT,
     decided_at TEXT
   ) STRICT;
   CREATE INDEX table_settles_held_sale ON table_settles_held (sale_id);
   CREATE TRIGGER table_settles_held_decided_once BEFORE UPDATE ON table_settles_held
     WHEN OLD.outcome IS NOT NULL OR NEW.op IS NOT OLD.op OR NEW.sale_id IS NOT OLD.sale_id
     BEGIN SELECT RAISE(ABORT, 'a held settle is decided once'); END;
   CREATE TRIGGER table_settles_held_no_delete BEFORE DELETE ON table_settles_held
     BEGIN SELECT RAISE(ABORT, 'held settles are never deleted'); END;`,
  // Modifier groups per product (modifier-store.ts), edited on the admin page.
  `CREATE TABLE modifier_groups (
     group_id TEXT PRIMARY KEY,
     position INTEGER NOT NULL,
     body TEXT NOT NULL
   ) STRICT;`,
];

/** Creates or migrates the table tables; safe to call on every start. */
export function migrateTableTables(db: HubDb): void {
  applySchemaSteps(db, 'tables_schema', STEPS);
}
