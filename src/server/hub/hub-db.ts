// The till server's own database (`<data>/till.sqlite`), apart from any PMS data: paired devices,
// one-time pairing codes and admin sessions. Owns the schema and its migrations (`user_version`
// steps). Secrets are never stored: devices and sessions keep the SHA-256 of their random token,
// pairing codes the SHA-256 of the code.
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
