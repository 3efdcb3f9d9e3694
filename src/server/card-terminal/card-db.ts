// The card terminal's own tables in the server's database (till.sqlite), apart from the hub's
// migrations: the terminals (admin page), card payments keyed by sale and payment number (a row
// first, then attempts), the attempts' log (append-only), reversals and refunds, and end-of-day
// results. Its schema version is kept in hub_settings under `card_schema`. These rows are the
// terminal's side; the sales ledger (ledger_*) is the till's record of card money, checked against
// them (ledger/card-check.ts) and set beside the terminal's totals at the end-of-day.
import type { HubDb } from '../hub/hub-db.ts';

const CARD_MIGRATIONS: readonly string[] = [
  `CREATE TABLE card_terminals (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     outlet TEXT,
     device_id TEXT,
     host TEXT NOT NULL,
     port INTEGER NOT NULL,
     password TEXT NOT NULL,
     currency INTEGER NOT NULL,
     prints_own_slips INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     removed_at TEXT,
     CHECK ((outlet IS NULL) <> (device_id IS NULL))
   ) STRICT;
   CREATE TABLE card_payments (
     sale_id TEXT NOT NULL,
     payment_no INTEGER NOT NULL,
     device_id TEXT NOT NULL,
     terminal_id TEXT NOT NULL REFERENCES card_terminals(id),
     amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
     till_tip_cents INTEGER NOT NULL CHECK (till_tip_cents >= 0),
     ask_tip INTEGER NOT NULL,
     state TEXT NOT NULL CHECK (state IN ('new', 'sent', 'approved', 'declined', 'unknown', 'reversed')),
     reason TEXT,
     charged_cents INTEGER,
     terminal_tip_cents INTEGER NOT NULL DEFAULT 0,
     card_name TEXT,
     masked_pan TEXT,
     terminal_tid TEXT,
     trace_number INTEGER,
     receipt_number INTEGER,
     trace_before INTEGER,
     slip TEXT,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     PRIMARY KEY (sale_id, payment_no)
   ) STRICT;
   CREATE INDEX card_payments_terminal ON card_payments (terminal_id, state);
   CREATE TABLE card_attempts (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     sale_id TEXT NOT NULL,
     payment_no INTEGER NOT NULL,
     kind TEXT NOT NULL,
     started_at TEXT NOT NULL,
     ended TEXT NOT NULL,
     result_code INTEGER,
     note TEXT
   ) STRICT;
   CREATE TRIGGER card_attempts_no_update BEFORE UPDATE ON card_attempts
     BEGIN SELECT RAISE(ABORT, 'card attempts are append-only'); END;
   CREATE TRIGGER card_attempts_no_delete BEFORE DELETE ON card_attempts
     BEGIN SELECT RAISE(ABORT, 'card attempts are append-only'); END;
   CREATE TABLE card_operations (
     id TEXT PRIMARY KEY,
     kind TEXT NOT NULL CHECK (kind IN ('reversal', 'refund')),
     terminal_id TEXT NOT NULL REFERENCES card_terminals(id),
     sale_id TEXT NOT NULL,
     payment_no INTEGER,
     amount_cents INTEGER NOT NULL,
     state TEXT NOT NULL CHECK (state IN ('approved', 'declined', 'unknown')),
     reason TEXT,
     trace_number INTEGER,
     receipt_number INTEGER,
     approved_by TEXT,
     device_id TEXT NOT NULL,
     created_at TEXT NOT NULL
   ) STRICT;
   CREATE TABLE card_end_of_day (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     terminal_id TEXT NOT NULL REFERENCES card_terminals(id),
     at TEXT NOT NULL,
     terminal_total_cents INTEGER NOT NULL,
     till_total_cents INTEGER NOT NULL,
     till_tips_cents INTEGER NOT NULL,
     till_count INTEGER NOT NULL,
     terminal_totals TEXT NOT NULL
   ) STRICT;`,
  // The sales ledger's card money on the terminal beside the terminal's total (issue 19 with 25).
  `ALTER TABLE card_end_of_day ADD COLUMN ledger_total_cents INTEGER;
   ALTER TABLE card_end_of_day ADD COLUMN ledger_tips_cents INTEGER;
   ALTER TABLE card_end_of_day ADD COLUMN ledger_count INTEGER;`,
];

/** Creates or migrates the card tables in the hub's database. */
export function migrateCardTables(db: HubDb): void {
  db.transaction(() => {
    const row = db.prepare(`SELECT value FROM hub_settings WHERE key = 'card_schema'`).get() as
      | { value: string }
      | undefined;
    const version = row ? Number(row.value) : 0;
    for (let step = version; step < CARD_MIGRATIONS.length; step += 1) db.exec(CARD_MIGRATIONS[step]!);
    db.prepare(
      `INSERT INTO hub_settings (key, value) VALUES ('card_schema', ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ).run(String(CARD_MIGRATIONS.length));
  })();
}
