// The printing tables in the server's own database (till.sqlite): printers, print jobs and their
// attempts, and what each ticket has sent to the order printers. Versioned on its own
// (hub_settings 'printing_schema'), so it migrates apart from hub-db.ts's steps. A job is a row
// before any byte goes out; an attempt row records each try; a job's bytes never change.
import type { HubDb } from '../hub/hub-db.ts';

const STEPS: readonly string[] = [
  `CREATE TABLE printers (
     id TEXT PRIMARY KEY,
     outlet TEXT NOT NULL,
     role TEXT NOT NULL CHECK (role IN ('receipt', 'order')),
     name TEXT NOT NULL,
     host TEXT NOT NULL,
     port INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535),
     width_mm INTEGER NOT NULL CHECK (width_mm IN (58, 80)),
     codepage TEXT NOT NULL,
     groups TEXT NOT NULL DEFAULT '[]',
     created_at TEXT NOT NULL
   ) STRICT;
   CREATE UNIQUE INDEX one_receipt_printer ON printers (outlet) WHERE role = 'receipt';
   CREATE TABLE print_jobs (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     job_key TEXT NOT NULL UNIQUE,
     printer_id TEXT NOT NULL,
     kind TEXT NOT NULL,
     title TEXT NOT NULL,
     bytes BLOB NOT NULL,
     state TEXT NOT NULL CHECK (state IN ('queued', 'printing', 'printed', 'unsure', 'given_up')),
     created_at TEXT NOT NULL,
     printed_at TEXT,
     given_up_by TEXT
   ) STRICT;
   CREATE INDEX print_jobs_waiting ON print_jobs (printer_id, state, id);
   CREATE TABLE print_attempts (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     job_id INTEGER NOT NULL REFERENCES print_jobs(id),
     at TEXT NOT NULL,
     outcome TEXT NOT NULL,
     state_before TEXT,
     state_after TEXT,
     detail TEXT
   ) STRICT;
   CREATE TABLE order_lines_sent (
     ticket_id TEXT NOT NULL,
     line_key TEXT NOT NULL,
     quantity INTEGER NOT NULL,
     PRIMARY KEY (ticket_id, line_key)
   ) STRICT;
   CREATE TABLE order_sends (
     ticket_id TEXT PRIMARY KEY,
     rounds INTEGER NOT NULL
   ) STRICT;`,
  // A table's line moved to another table: what its other tickets printed (order-tickets.ts).
  'CREATE INDEX order_lines_sent_line ON order_lines_sent (line_key);',
];

/** Creates or migrates the printing tables; safe to call on every start. */
export function migratePrintTables(db: HubDb): void {
  db.transaction(() => {
    const row = db.prepare("SELECT value FROM hub_settings WHERE key = 'printing_schema'").get() as
      | { value: string }
      | undefined;
    const version = row ? Number(row.value) : 0;
    for (let step = version; step < STEPS.length; step += 1) db.exec(STEPS[step]!);
    db.prepare(
      `INSERT INTO hub_settings (key, value) VALUES ('printing_schema', ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ).run(String(STEPS.length));
  })();
}
