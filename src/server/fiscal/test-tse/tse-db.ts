// The test TSE's SQLite file: TSSs with their key, PIN, PUK and counters, clients, transaction
// revisions (each stored answer, for idempotent repeats), every signed log message (for exports)
// and exports. Counters live in the TSS row and rise inside the signing transaction, so they survive
// restarts and never repeat. STRICT tables; log messages are never changed or deleted (triggers).
import { chmodSync } from 'node:fs';
import Database from 'better-sqlite3';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tss (
  id TEXT PRIMARY KEY,
  state TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  private_key TEXT NOT NULL,
  public_key BLOB NOT NULL,
  certificate TEXT NOT NULL,
  admin_puk TEXT NOT NULL,
  admin_pin TEXT,
  pin_failures INTEGER NOT NULL DEFAULT 0,
  puk_failures INTEGER NOT NULL DEFAULT 0,
  signature_counter INTEGER NOT NULL DEFAULT 0,
  transaction_counter INTEGER NOT NULL DEFAULT 0,
  time_creation INTEGER NOT NULL,
  time_update INTEGER NOT NULL,
  time_uninit INTEGER,
  time_init INTEGER,
  time_disable INTEGER
) STRICT;
CREATE TABLE IF NOT EXISTS client (
  tss_id TEXT NOT NULL REFERENCES tss(id),
  id TEXT NOT NULL,
  serial_number TEXT NOT NULL,
  state TEXT NOT NULL,
  time_creation INTEGER NOT NULL,
  time_update INTEGER NOT NULL,
  PRIMARY KEY (tss_id, id),
  UNIQUE (tss_id, serial_number)
) STRICT;
CREATE TABLE IF NOT EXISTS tx_revision (
  tss_id TEXT NOT NULL REFERENCES tss(id),
  tx_id TEXT NOT NULL,
  revision INTEGER NOT NULL,
  request TEXT NOT NULL,
  answer TEXT NOT NULL,
  PRIMARY KEY (tss_id, tx_id, revision)
) STRICT;
CREATE TABLE IF NOT EXISTS log_message (
  tss_id TEXT NOT NULL REFERENCES tss(id),
  signature_counter INTEGER NOT NULL,
  tx_id TEXT NOT NULL,
  tx_number INTEGER NOT NULL,
  operation TEXT NOT NULL,
  client_serial TEXT NOT NULL,
  log_time INTEGER NOT NULL,
  message BLOB NOT NULL,
  signature BLOB NOT NULL,
  PRIMARY KEY (tss_id, signature_counter)
) STRICT;
CREATE TRIGGER IF NOT EXISTS log_message_no_update BEFORE UPDATE ON log_message
  BEGIN SELECT RAISE(ABORT, 'log messages are never changed'); END;
CREATE TRIGGER IF NOT EXISTS log_message_no_delete BEFORE DELETE ON log_message
  BEGIN SELECT RAISE(ABORT, 'log messages are never deleted'); END;
CREATE TABLE IF NOT EXISTS export (
  tss_id TEXT NOT NULL REFERENCES tss(id),
  id TEXT NOT NULL,
  start_counter INTEGER,
  end_counter INTEGER,
  time_request INTEGER NOT NULL,
  PRIMARY KEY (tss_id, id)
) STRICT;
`;

export interface TssRow {
  id: string;
  state: string;
  description: string;
  private_key: string;
  public_key: Buffer;
  certificate: string;
  admin_puk: string;
  admin_pin: string | null;
  pin_failures: number;
  puk_failures: number;
  signature_counter: number;
  transaction_counter: number;
  time_creation: number;
  time_update: number;
  time_uninit: number | null;
  time_init: number | null;
  time_disable: number | null;
}

export interface ClientRow {
  tss_id: string;
  id: string;
  serial_number: string;
  state: string;
  time_creation: number;
  time_update: number;
}

export interface LogMessageRow {
  tss_id: string;
  signature_counter: number;
  tx_id: string;
  tx_number: number;
  operation: string;
  client_serial: string;
  log_time: number;
  message: Buffer;
  signature: Buffer;
}

export type TseDb = Database.Database;

export function openTseDb(file: string): TseDb {
  const db = new Database(file);
  // It holds the TSS's private key: readable by the server only (as the data folder's secrets).
  if (file !== ':memory:') chmodSync(file, 0o600);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA);
  return db;
}
