// The till server's own database (`<data>/till.sqlite`), apart from any PMS data: paired devices,
// one-time pairing codes, admin sessions, staff, outlet policies, used approvals, the audit log and
// the sales ledger, the hotel's outlets and the day's closings (docs/ledger.md). Owns the schema and its migrations (`user_version`
// steps). Secrets are never stored: devices and sessions keep the SHA-256 of their random token,
// pairing codes the SHA-256 of the code, staff a scrypt hash of their PIN. The audit log is
// append-only: triggers refuse any UPDATE or DELETE of its rows.
import Database from 'better-sqlite3';

export type HubDb = Database.Database;

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE devices (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     outlet TEXT NOT NULL,
     token_hash TEXT NOT NULL UNIQUE,
     paired_at TEXT NOT NULL,
     last_seen_at TEXT,
     last_seen_address TEXT,
     revoked_at TEXT
   );
   CREATE TABLE pairing_codes (
     code_hash TEXT PRIMARY KEY,
     outlet TEXT NOT NULL,
     device_name TEXT NOT NULL,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL,
     used_at TEXT,
     device_id TEXT REFERENCES devices(id)
   );
   CREATE TABLE hub_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE admin_sessions (
     token_hash TEXT PRIMARY KEY,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL
   );`,
  `CREATE TABLE staff (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     role TEXT NOT NULL CHECK (role IN ('waiter', 'manager')),
     pin_hash TEXT NOT NULL,
     pin_length INTEGER NOT NULL,
     public_key TEXT NOT NULL,
     sealed_key TEXT NOT NULL,
     key_version INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     disabled_at TEXT
   );
   CREATE UNIQUE INDEX staff_name ON staff (name COLLATE NOCASE);
   CREATE TABLE outlet_policies (
     outlet TEXT PRIMARY KEY,
     policy TEXT NOT NULL
   );
   CREATE TABLE used_approvals (
     id TEXT PRIMARY KEY,
     action TEXT NOT NULL,
     subject TEXT NOT NULL,
     used_at TEXT NOT NULL,
     write_done INTEGER NOT NULL DEFAULT 0
   );
   CREATE TABLE audit_log (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     event_id TEXT NOT NULL UNIQUE,
     at TEXT NOT NULL,
     recorded_at TEXT NOT NULL,
     kind TEXT NOT NULL,
     staff_id TEXT,
     staff_name TEXT,
     device_id TEXT,
     device_name TEXT,
     approved_by TEXT,
     subject TEXT,
     amount_cents INTEGER,
     note TEXT
   );
   CREATE INDEX audit_log_at ON audit_log (at);
   ALTER TABLE admin_sessions ADD COLUMN staff_id TEXT REFERENCES staff(id);
   CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
     BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
   CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
     BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;`,
  // What writes have used of an approval spent per sale (a discount: cents of it given so far).
  `ALTER TABLE used_approvals ADD COLUMN amount_used_cents INTEGER NOT NULL DEFAULT 0;`,
  // The sales ledger (docs/ledger.md): every record a tablet makes, append-only.
  `CREATE TABLE ledger_sales (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     sale_id TEXT NOT NULL UNIQUE,
     reference TEXT NOT NULL,
     kind TEXT NOT NULL,
     device_id TEXT NOT NULL,
     device_name TEXT NOT NULL,
     outlet TEXT NOT NULL,
     receipt_number INTEGER NOT NULL,
     staff_id TEXT,
     staff_name TEXT,
     created_at TEXT NOT NULL,
     recorded_at TEXT NOT NULL,
     refers_to TEXT,
     total_cents INTEGER NOT NULL,
     body_sha256 TEXT NOT NULL,
     body TEXT NOT NULL,
     UNIQUE (outlet, receipt_number)
   ) STRICT;
   CREATE INDEX ledger_sales_outlet ON ledger_sales (outlet, seq);
   CREATE INDEX ledger_sales_refers_to ON ledger_sales (refers_to);
   CREATE TABLE ledger_lines (
     sale_seq INTEGER NOT NULL REFERENCES ledger_sales(seq),
     line_no INTEGER NOT NULL,
     product_id INTEGER NOT NULL,
     name TEXT NOT NULL,
     quantity INTEGER NOT NULL,
     unit_price_cents INTEGER NOT NULL,
     catalogue_price_cents INTEGER,
     discount_cents INTEGER NOT NULL,
     gross_cents INTEGER NOT NULL,
     vat_rate_bp INTEGER,
     net_cents INTEGER NOT NULL,
     vat_cents INTEGER NOT NULL,
     commodity_group_id INTEGER,
     commodity_group_name TEXT NOT NULL,
     PRIMARY KEY (sale_seq, line_no)
   ) STRICT;
   CREATE TABLE ledger_payments (
     sale_seq INTEGER NOT NULL REFERENCES ledger_sales(seq),
     payment_no INTEGER NOT NULL,
     method TEXT NOT NULL CHECK (method IN ('cash', 'card', 'room', 'invoice')),
     amount_cents INTEGER NOT NULL,
     tendered_cents INTEGER,
     change_cents INTEGER,
     tip_cents INTEGER NOT NULL DEFAULT 0,
     card TEXT,
     PRIMARY KEY (sale_seq, payment_no)
   ) STRICT;
   CREATE TABLE ledger_approvals (
     approval_id TEXT PRIMARY KEY,
     sale_seq INTEGER NOT NULL REFERENCES ledger_sales(seq),
     action TEXT NOT NULL,
     manager_id TEXT NOT NULL,
     manager_name TEXT NOT NULL,
     amount_cents INTEGER
   ) STRICT;
   CREATE TABLE ledger_outcomes (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     sale_id TEXT NOT NULL REFERENCES ledger_sales(sale_id),
     step INTEGER NOT NULL,
     intent TEXT NOT NULL,
     outcome TEXT NOT NULL CHECK (outcome IN ('done', 'refused', 'needs-attention', 'voided')),
     invoice_id INTEGER,
     invoice_number TEXT,
     charge_ids TEXT,
     message TEXT,
     at TEXT NOT NULL,
     reported_at TEXT NOT NULL
   ) STRICT;
   CREATE INDEX ledger_outcomes_sale ON ledger_outcomes (sale_id, step, seq);
   CREATE TABLE ledger_invoices (
     invoice_id INTEGER PRIMARY KEY,
     sale_id TEXT NOT NULL REFERENCES ledger_sales(sale_id),
     created_at TEXT NOT NULL
   ) STRICT;
   CREATE TRIGGER ledger_sales_no_update BEFORE UPDATE ON ledger_sales
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
   CREATE TRIGGER ledger_sales_no_delete BEFORE DELETE ON ledger_sales
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
   CREATE TRIGGER ledger_lines_no_update BEFORE UPDATE ON ledger_lines
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
   CREATE TRIGGER ledger_lines_no_delete BEFORE DELETE ON ledger_lines
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
   CREATE TRIGGER ledger_payments_no_update BEFORE UPDATE ON ledger_payments
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
   CREATE TRIGGER ledger_payments_no_delete BEFORE DELETE ON ledger_payments
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
   CREATE TRIGGER ledger_approvals_no_update BEFORE UPDATE ON ledger_approvals
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
   CREATE TRIGGER ledger_approvals_no_delete BEFORE DELETE ON ledger_approvals
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
   CREATE TRIGGER ledger_outcomes_no_update BEFORE UPDATE ON ledger_outcomes
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
   CREATE TRIGGER ledger_outcomes_no_delete BEFORE DELETE ON ledger_outcomes
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
   CREATE TRIGGER ledger_invoices_no_update BEFORE UPDATE ON ledger_invoices
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
   CREATE TRIGGER ledger_invoices_no_delete BEFORE DELETE ON ledger_invoices
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;`,
  // The hotel's own outlets (name, drawers, cash-count limit), seeded with the three the till
  // always had; the day's closing (docs/ledger.md, "The Z report"): drawer counts and Z closings,
  // append-only like the ledger (a correction is a new count or a later day's record).
  `CREATE TABLE outlets (
     id TEXT PRIMARY KEY CHECK (id GLOB '[a-z]*' AND id NOT GLOB '*[^a-z0-9-]*' AND length(id) <= 40),
     name TEXT NOT NULL,
     drawers TEXT NOT NULL,
     cash_difference_limit_cents INTEGER NOT NULL DEFAULT 500,
     retention_days INTEGER NOT NULL DEFAULT 30,
     position INTEGER NOT NULL,
     created_at TEXT NOT NULL
   ) STRICT;
   INSERT INTO outlets (id, name, drawers, position, created_at) VALUES
     ('bar', 'Bar', '["Bar"]', 1, strftime('%Y-%m-%dT%H:%M:%fZ')),
     ('restaurant', 'Restaurant', '["Restaurant"]', 2, strftime('%Y-%m-%dT%H:%M:%fZ')),
     ('minibar', 'Minibar', '["Minibar"]', 3, strftime('%Y-%m-%dT%H:%M:%fZ'));
   CREATE INDEX ledger_sales_kind ON ledger_sales (kind, seq);
   CREATE INDEX ledger_sales_device_kind ON ledger_sales (device_id, kind, seq);
   CREATE INDEX ledger_approvals_sale ON ledger_approvals (sale_seq);
   CREATE INDEX ledger_lines_discounted ON ledger_lines (sale_seq) WHERE discount_cents != 0;
   CREATE TABLE cash_counts (
     count_id INTEGER PRIMARY KEY AUTOINCREMENT,
     outlet TEXT NOT NULL,
     drawer TEXT NOT NULL,
     after_z_id INTEGER,
     up_to_seq INTEGER NOT NULL,
     float_cents INTEGER NOT NULL,
     cash_sales_cents INTEGER NOT NULL,
     refunds_cents INTEGER NOT NULL,
     expected_cents INTEGER NOT NULL,
     counted_cents INTEGER NOT NULL,
     difference_cents INTEGER NOT NULL,
     denominations TEXT NOT NULL,
     counted_by_id TEXT,
     counted_by_name TEXT NOT NULL,
     approved_by_id TEXT,
     approved_by_name TEXT,
     approval_id TEXT UNIQUE,
     device_id TEXT,
     counted_at TEXT NOT NULL
   ) STRICT;
   CREATE INDEX cash_counts_drawer ON cash_counts (outlet, drawer, count_id);
   CREATE TABLE z_closings (
     z_id INTEGER PRIMARY KEY AUTOINCREMENT,
     scope TEXT NOT NULL,
     z_number INTEGER NOT NULL,
     hotel_z_id INTEGER REFERENCES z_closings(z_id),
     business_day TEXT NOT NULL,
     after_seq INTEGER NOT NULL,
     up_to_seq INTEGER NOT NULL,
     last_count_id INTEGER NOT NULL,
     closed_at TEXT NOT NULL,
     closed_by_id TEXT,
     closed_by_name TEXT NOT NULL,
     device_id TEXT,
     approval_id TEXT,
     gross_cents INTEGER NOT NULL,
     report TEXT NOT NULL,
     report_sha256 TEXT NOT NULL,
     UNIQUE (scope, z_number),
     CHECK (up_to_seq >= after_seq)
   ) STRICT;
   CREATE TRIGGER cash_counts_no_update BEFORE UPDATE ON cash_counts
     BEGIN SELECT RAISE(ABORT, 'cash counts are append-only'); END;
   CREATE TRIGGER cash_counts_no_delete BEFORE DELETE ON cash_counts
     BEGIN SELECT RAISE(ABORT, 'cash counts are append-only'); END;
   CREATE TRIGGER z_closings_no_update BEFORE UPDATE ON z_closings
     BEGIN SELECT RAISE(ABORT, 'a closed day is immutable'); END;
   CREATE TRIGGER z_closings_no_delete BEFORE DELETE ON z_closings
     BEGIN SELECT RAISE(ABORT, 'a closed day is immutable'); END;`,
];

/** Opens (and migrates) the hub database; ':memory:' for tests. */
export function openHubDb(file: string): HubDb {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // The day's report groups a day's lines (250,000 on a busy day): sort in memory, not in temp files.
  db.pragma('temp_store = MEMORY');
  const version = db.pragma('user_version', { simple: true }) as number;
  db.transaction(() => {
    for (let step = version; step < MIGRATIONS.length; step += 1) db.exec(MIGRATIONS[step]!);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  })();
  return db;
}
