// The till server's own database (`<data>/till.sqlite`), apart from any PMS data: paired devices,
// one-time pairing codes, admin sessions, staff, outlet policies, used approvals, the audit log and
// the sales ledger, the hotel's outlets and the day's closings (docs/ledger.md). Owns the schema and its migrations (`user_version`
// steps). Secrets are never stored: devices and sessions keep the SHA-256 of their random token,
// pairing codes the SHA-256 of the code, staff a scrypt hash of their PIN. The audit log is
// append-only: triggers refuse any DELETE, and any UPDATE but a flood row's count growing.
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
  // Hardening (issue 20, docs/security.md): per-device signing keys, sealed under the PIN's PBKDF2
  // key (kept here, as the scrypt hash is); managers' admin passwords; wrong tries kept across a
  // restart; audit rows counted per address and minute under a flood (only `count` may grow).
  `ALTER TABLE staff ADD COLUMN pin_wrap_key TEXT;
   ALTER TABLE staff ADD COLUMN pin_salt TEXT;
   ALTER TABLE staff ADD COLUMN pin_rounds INTEGER;
   ALTER TABLE staff ADD COLUMN admin_password_hash TEXT;
   CREATE TABLE staff_device_keys (
     staff_id TEXT NOT NULL REFERENCES staff(id),
     device_id TEXT NOT NULL REFERENCES devices(id),
     key_version INTEGER NOT NULL,
     public_key TEXT NOT NULL,
     sealed_key TEXT NOT NULL,
     PRIMARY KEY (staff_id, device_id)
   );
   CREATE TABLE wrong_tries (scope TEXT NOT NULL, address TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE INDEX wrong_tries_scope_at ON wrong_tries (scope, at);
   ALTER TABLE audit_log ADD COLUMN count INTEGER NOT NULL DEFAULT 1;
   DROP TRIGGER audit_log_no_update;
   CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
     WHEN NEW.count <= OLD.count OR NEW.seq IS NOT OLD.seq OR NEW.event_id IS NOT OLD.event_id
       OR NEW.at IS NOT OLD.at OR NEW.recorded_at IS NOT OLD.recorded_at OR NEW.kind IS NOT OLD.kind
       OR NEW.staff_id IS NOT OLD.staff_id OR NEW.staff_name IS NOT OLD.staff_name
       OR NEW.device_id IS NOT OLD.device_id OR NEW.device_name IS NOT OLD.device_name
       OR NEW.approved_by IS NOT OLD.approved_by OR NEW.subject IS NOT OLD.subject
       OR NEW.amount_cents IS NOT OLD.amount_cents OR NEW.note IS NOT OLD.note
     BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;`,
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
  // The day's report's sums per block of 1024 seqs (seq >> 10), kept as records are written, so a
  // report over a day of 100,000 sales adds up ~100 blocks instead of grouping 250,000 lines
  // (docs/ledger.md, "The Z report": how the report reads them). Keys are never NULL (upserts).
  `CREATE TABLE report_line_blocks (
     block INTEGER NOT NULL,
     outlet TEXT NOT NULL,
     vat_key INTEGER NOT NULL,
     group_key TEXT NOT NULL,
     vat_rate_bp INTEGER,
     group_id INTEGER,
     group_name TEXT NOT NULL,
     quantity INTEGER NOT NULL,
     net_cents INTEGER NOT NULL,
     vat_cents INTEGER NOT NULL,
     gross_cents INTEGER NOT NULL,
     discount_cents INTEGER NOT NULL,
     PRIMARY KEY (block, outlet, vat_key, group_key)
   ) STRICT, WITHOUT ROWID;
   CREATE TRIGGER report_line_blocks_add AFTER INSERT ON ledger_lines BEGIN
     INSERT INTO report_line_blocks (block, outlet, vat_key, group_key, vat_rate_bp, group_id, group_name,
       quantity, net_cents, vat_cents, gross_cents, discount_cents)
     SELECT NEW.sale_seq >> 10, s.outlet, COALESCE(NEW.vat_rate_bp, -1),
            COALESCE('i' || NEW.commodity_group_id, 'n' || NEW.commodity_group_name),
            NEW.vat_rate_bp, NEW.commodity_group_id, NEW.commodity_group_name, NEW.quantity, NEW.net_cents,
            NEW.vat_cents, NEW.gross_cents, NEW.discount_cents
       FROM ledger_sales s
      WHERE s.seq = NEW.sale_seq AND s.kind IN ('sale', 'room-charge', 'void', 'take-back', 'refund')
     ON CONFLICT (block, outlet, vat_key, group_key) DO UPDATE SET
       group_name = MAX(group_name, excluded.group_name), quantity = quantity + excluded.quantity,
       net_cents = net_cents + excluded.net_cents, vat_cents = vat_cents + excluded.vat_cents,
       gross_cents = gross_cents + excluded.gross_cents, discount_cents = discount_cents + excluded.discount_cents;
   END;
   INSERT INTO report_line_blocks (block, outlet, vat_key, group_key, vat_rate_bp, group_id, group_name,
     quantity, net_cents, vat_cents, gross_cents, discount_cents)
   SELECT l.sale_seq >> 10, s.outlet, COALESCE(l.vat_rate_bp, -1),
          COALESCE('i' || l.commodity_group_id, 'n' || l.commodity_group_name),
          l.vat_rate_bp, l.commodity_group_id, MAX(l.commodity_group_name), SUM(l.quantity), SUM(l.net_cents),
          SUM(l.vat_cents), SUM(l.gross_cents), SUM(l.discount_cents)
     FROM ledger_lines l JOIN ledger_sales s ON s.seq = l.sale_seq
    WHERE s.kind IN ('sale', 'room-charge', 'void', 'take-back', 'refund')
    GROUP BY 1, 2, 3, 4;
   CREATE TABLE report_record_blocks (
     block INTEGER NOT NULL,
     outlet TEXT NOT NULL,
     late INTEGER NOT NULL,
     staff_key TEXT NOT NULL,
     device_id TEXT NOT NULL,
     hour_utc TEXT NOT NULL,
     staff_id TEXT,
     staff_name TEXT,
     device_name TEXT NOT NULL,
     records INTEGER NOT NULL,
     total_cents INTEGER NOT NULL,
     PRIMARY KEY (block, outlet, late, staff_key, device_id, hour_utc)
   ) STRICT, WITHOUT ROWID;
   CREATE TRIGGER report_record_blocks_add AFTER INSERT ON ledger_sales
     WHEN NEW.kind IN ('sale', 'room-charge', 'late-charge', 'void', 'take-back', 'refund') BEGIN
     INSERT INTO report_record_blocks (block, outlet, late, staff_key, device_id, hour_utc, staff_id,
       staff_name, device_name, records, total_cents)
     SELECT NEW.seq >> 10, NEW.outlet, NEW.kind = 'late-charge', COALESCE('i' || NEW.staff_id, 'n'),
            NEW.device_id,
            CASE WHEN substr(NEW.created_at, -1) = 'Z' THEN substr(NEW.created_at, 1, 13)
              ELSE strftime('%Y-%m-%dT%H', NEW.created_at) END,
            NEW.staff_id, NEW.staff_name, NEW.device_name, 1, NEW.total_cents
      WHERE true
     ON CONFLICT (block, outlet, late, staff_key, device_id, hour_utc) DO UPDATE SET
       staff_name = CASE WHEN staff_name IS NULL OR excluded.staff_name > staff_name THEN excluded.staff_name
                    ELSE staff_name END,
       device_name = MAX(device_name, excluded.device_name), records = records + 1,
       total_cents = total_cents + excluded.total_cents;
   END;
   INSERT INTO report_record_blocks (block, outlet, late, staff_key, device_id, hour_utc, staff_id,
     staff_name, device_name, records, total_cents)
   SELECT s.seq >> 10, s.outlet, s.kind = 'late-charge', COALESCE('i' || s.staff_id, 'n'), s.device_id,
          CASE WHEN substr(s.created_at, -1) = 'Z' THEN substr(s.created_at, 1, 13)
            ELSE strftime('%Y-%m-%dT%H', s.created_at) END,
          s.staff_id, MAX(s.staff_name), MAX(s.device_name), COUNT(*), SUM(s.total_cents)
     FROM ledger_sales s
    WHERE s.kind IN ('sale', 'room-charge', 'late-charge', 'void', 'take-back', 'refund')
    GROUP BY 1, 2, 3, 4, 5, 6;`,
  // Records no PMS outcome has been reported for yet, kept as records and outcomes are written, so
  // the day's report finds the few pending without looking up an outcome for every record.
  `CREATE TABLE ledger_pending (seq INTEGER PRIMARY KEY, sale_id TEXT NOT NULL UNIQUE) STRICT;
   CREATE TRIGGER ledger_pending_add AFTER INSERT ON ledger_sales
     WHEN NEW.kind NOT IN ('shift-open', 'shift-close') BEGIN
     INSERT INTO ledger_pending (seq, sale_id) SELECT NEW.seq, NEW.sale_id
      WHERE NOT EXISTS (SELECT 1 FROM ledger_outcomes o WHERE o.sale_id = NEW.sale_id);
   END;
   CREATE TRIGGER ledger_pending_done AFTER INSERT ON ledger_outcomes BEGIN
     DELETE FROM ledger_pending WHERE sale_id = NEW.sale_id;
   END;
   INSERT INTO ledger_pending (seq, sale_id)
   SELECT s.seq, s.sale_id FROM ledger_sales s
    WHERE s.kind NOT IN ('shift-open', 'shift-close')
      AND NOT EXISTS (SELECT 1 FROM ledger_outcomes o WHERE o.sale_id = s.sale_id);`,
  // The payments' sums per block of 1024 seqs (as report_line_blocks): by outlet, method and staff, with
  // the records counted once per method however many payments of that method they have.
  `CREATE TABLE report_payment_blocks (
     block INTEGER NOT NULL,
     outlet TEXT NOT NULL,
     method TEXT NOT NULL,
     staff_key TEXT NOT NULL,
     staff_id TEXT,
     records INTEGER NOT NULL,
     amount_cents INTEGER NOT NULL,
     tip_cents INTEGER NOT NULL,
     PRIMARY KEY (block, outlet, method, staff_key)
   ) STRICT, WITHOUT ROWID;
   CREATE TRIGGER report_payment_blocks_add AFTER INSERT ON ledger_payments BEGIN
     INSERT INTO report_payment_blocks (block, outlet, method, staff_key, staff_id, records, amount_cents,
       tip_cents)
     SELECT NEW.sale_seq >> 10, s.outlet, NEW.method, COALESCE('i' || s.staff_id, 'n'), s.staff_id,
            NOT EXISTS (SELECT 1 FROM ledger_payments o WHERE o.sale_seq = NEW.sale_seq
                         AND o.method = NEW.method AND o.payment_no != NEW.payment_no),
            NEW.amount_cents, NEW.tip_cents
       FROM ledger_sales s
      WHERE s.seq = NEW.sale_seq AND s.kind IN ('sale', 'room-charge', 'late-charge', 'void', 'take-back', 'refund')
     ON CONFLICT (block, outlet, method, staff_key) DO UPDATE SET records = records + excluded.records,
       amount_cents = amount_cents + excluded.amount_cents, tip_cents = tip_cents + excluded.tip_cents;
   END;
   INSERT INTO report_payment_blocks (block, outlet, method, staff_key, staff_id, records, amount_cents, tip_cents)
   SELECT p.sale_seq >> 10, s.outlet, p.method, COALESCE('i' || s.staff_id, 'n'), s.staff_id,
          COUNT(DISTINCT p.sale_seq), SUM(p.amount_cents), SUM(p.tip_cents)
     FROM ledger_payments p JOIN ledger_sales s ON s.seq = p.sale_seq
    WHERE s.kind IN ('sale', 'room-charge', 'late-charge', 'void', 'take-back', 'refund')
    GROUP BY 1, 2, 3, 4;`,
  // Cash per drawer per block of 1024 seqs (as report_payment_blocks): each cash payment in the drawer
  // its tablet's latest shift opened on before it (null: the outlet's first drawer), taken and paid out apart.
  `CREATE TABLE report_cash_blocks (
     block INTEGER NOT NULL,
     outlet TEXT NOT NULL,
     drawer_key TEXT NOT NULL,
     drawer TEXT,
     sales_cents INTEGER NOT NULL,
     refunds_cents INTEGER NOT NULL,
     PRIMARY KEY (block, outlet, drawer_key)
   ) STRICT, WITHOUT ROWID;
   CREATE TRIGGER report_cash_blocks_add AFTER INSERT ON ledger_payments WHEN NEW.method = 'cash' BEGIN
     INSERT INTO report_cash_blocks (block, outlet, drawer_key, drawer, sales_cents, refunds_cents)
     SELECT NEW.sale_seq >> 10, c.outlet, COALESCE('d' || c.drawer, 'n'), c.drawer, MAX(NEW.amount_cents, 0),
            -MIN(NEW.amount_cents, 0)
       FROM (SELECT s.outlet,
                    (SELECT json_extract(o.body, '$.shift.drawer') FROM ledger_sales o
                      WHERE o.device_id = s.device_id AND o.kind = 'shift-open' AND o.seq < s.seq
                      ORDER BY o.seq DESC LIMIT 1) AS drawer
               FROM ledger_sales s
              WHERE s.seq = NEW.sale_seq
                AND s.kind IN ('sale', 'room-charge', 'late-charge', 'void', 'take-back', 'refund')) c
      WHERE true
     ON CONFLICT (block, outlet, drawer_key) DO UPDATE SET sales_cents = sales_cents + excluded.sales_cents,
       refunds_cents = refunds_cents + excluded.refunds_cents;
   END;
   INSERT INTO report_cash_blocks (block, outlet, drawer_key, drawer, sales_cents, refunds_cents)
   SELECT c.block, c.outlet, COALESCE('d' || c.drawer, 'n'), c.drawer, SUM(MAX(c.cents, 0)), -SUM(MIN(c.cents, 0))
     FROM (SELECT p.sale_seq >> 10 AS block, s.outlet, p.amount_cents AS cents,
                  (SELECT json_extract(o.body, '$.shift.drawer') FROM ledger_sales o
                    WHERE o.device_id = s.device_id AND o.kind = 'shift-open' AND o.seq < s.seq
                    ORDER BY o.seq DESC LIMIT 1) AS drawer
             FROM ledger_payments p JOIN ledger_sales s ON s.seq = p.sale_seq
            WHERE p.method = 'cash'
              AND s.kind IN ('sale', 'room-charge', 'late-charge', 'void', 'take-back', 'refund')) c
    GROUP BY 1, 2, 3;`,
  // Equal splits (docs/ledger.md, "Equal splits"): a line's quantity in thousandths (a part of a bill
  // sells a share of each item; NULL on the records written before: their quantity × 1000), the
  // report's blocks summing it, and each part recorded against its bill (one part k per bill).
  `ALTER TABLE ledger_lines ADD COLUMN quantity_milli INTEGER;
   ALTER TABLE report_line_blocks ADD COLUMN quantity_milli INTEGER NOT NULL DEFAULT 0;
   UPDATE report_line_blocks SET quantity_milli = quantity * 1000;
   DROP TRIGGER report_line_blocks_add;
   CREATE TRIGGER report_line_blocks_add AFTER INSERT ON ledger_lines BEGIN
     INSERT INTO report_line_blocks (block, outlet, vat_key, group_key, vat_rate_bp, group_id, group_name,
       quantity, quantity_milli, net_cents, vat_cents, gross_cents, discount_cents)
     SELECT NEW.sale_seq >> 10, s.outlet, COALESCE(NEW.vat_rate_bp, -1),
            COALESCE('i' || NEW.commodity_group_id, 'n' || NEW.commodity_group_name),
            NEW.vat_rate_bp, NEW.commodity_group_id, NEW.commodity_group_name, NEW.quantity,
            COALESCE(NEW.quantity_milli, NEW.quantity * 1000), NEW.net_cents, NEW.vat_cents, NEW.gross_cents,
            NEW.discount_cents
       FROM ledger_sales s
      WHERE s.seq = NEW.sale_seq AND s.kind IN ('sale', 'room-charge', 'void', 'take-back', 'refund')
     ON CONFLICT (block, outlet, vat_key, group_key) DO UPDATE SET
       group_name = MAX(group_name, excluded.group_name), quantity = quantity + excluded.quantity,
       quantity_milli = quantity_milli + excluded.quantity_milli,
       net_cents = net_cents + excluded.net_cents, vat_cents = vat_cents + excluded.vat_cents,
       gross_cents = gross_cents + excluded.gross_cents, discount_cents = discount_cents + excluded.discount_cents;
   END;
   CREATE TABLE ledger_shares (
     sale_seq INTEGER PRIMARY KEY REFERENCES ledger_sales(seq),
     outlet TEXT NOT NULL,
     bill_id TEXT NOT NULL,
     part INTEGER NOT NULL,
     parts INTEGER NOT NULL,
     bill_cents INTEGER NOT NULL,
     bill_sha256 TEXT NOT NULL,
     UNIQUE (outlet, bill_id, part)
   ) STRICT;
   CREATE TRIGGER ledger_shares_no_update BEFORE UPDATE ON ledger_shares
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
   CREATE TRIGGER ledger_shares_no_delete BEFORE DELETE ON ledger_shares
     BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;`,
  // The day's open prices (lines with no catalogue price), listed on the X/Z with their approvers.
  `CREATE INDEX ledger_lines_open_price ON ledger_lines (sale_seq) WHERE catalogue_price_cents IS NULL;`,
];

/** The schema version this code writes (`user_version` after the last migration). */
export const HUB_SCHEMA_VERSION = MIGRATIONS.length;

/** A database written by a newer release: this one must not open it (nor migrate it down). */
export class NewerSchemaError extends Error {
  override readonly name = 'NewerSchemaError';
  constructor(
    readonly file: string,
    readonly version: number,
    readonly known: number,
  ) {
    super(
      `${file} has schema ${version}, newer than this release knows (${known}): run the release that wrote it, or restore a backup taken before the upgrade (docs/operations.md, "Upgrading")`,
    );
  }
}

/** Opens (and migrates) the hub database; ':memory:' for tests. Refuses a newer schema. */
export function openHubDb(file: string): HubDb {
  const db = new Database(file);
  // Before anything is changed (even the journal mode): a newer release's database stays as it is.
  if ((db.pragma('user_version', { simple: true }) as number) > MIGRATIONS.length) {
    const newer = db.pragma('user_version', { simple: true }) as number;
    db.close();
    throw new NewerSchemaError(file, newer, MIGRATIONS.length);
  }
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
