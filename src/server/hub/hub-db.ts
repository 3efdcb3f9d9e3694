// The till server's own database (`<data>/till.sqlite`), apart from any PMS data: paired devices,
// one-time pairing codes, admin sessions, staff, outlet policies, used approvals and the audit log. Owns the schema and its migrations (`user_version`
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
];

/** Opens (and migrates) the hub database; ':memory:' for tests. */
export function openHubDb(file: string): HubDb {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  const version = db.pragma('user_version', { simple: true }) as number;
  db.transaction(() => {
    for (let step = version; step < MIGRATIONS.length; step += 1) db.exec(MIGRATIONS[step]!);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  })();
  return db;
}
