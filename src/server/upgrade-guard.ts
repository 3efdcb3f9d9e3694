// Before the server opens its databases (main.ts): reads the till database's schema version without
// changing it. Newer than this release knows: the start stops (NewerSchemaError), nothing touched.
// Older: every database is backed up first, into `backups/before-upgrade-<from>-to-<to>-<time>/`
// (never pruned by the nightly backups), then the start migrates. docs/operations.md, "Upgrading".
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { backupDatabases, backupStamp, existingFiles } from './db-backups.ts';
import { HUB_SCHEMA_VERSION, NewerSchemaError } from './hub/hub-db.ts';

/** The schema version of the till database at `file`; 0 when there is none yet. */
export function schemaVersionOf(file: string): number {
  if (!existsSync(file)) return 0;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

/** The highest ledger seq in the till database at `file`; 0 without one (or before the ledger). */
export function lastLedgerSeq(file: string): number {
  if (!existsSync(file)) return 0;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COALESCE(MAX(seq), 0) FROM ledger_sales').pluck().get() as number) ?? 0;
  } catch {
    return 0;
  } finally {
    db.close();
  }
}

export interface UpgradeBackup {
  from: number;
  to: number;
  folder: string;
  files: string[];
}

/**
 * Checks the till database at `hubFile` against this release; backs up `databases` (the till
 * database among them) into `backupDir` when it is older. Answers the backup, or undefined when
 * nothing is to migrate.
 * @throws NewerSchemaError when the database is newer than this release
 */
export async function guardUpgrade(
  hubFile: string,
  databases: readonly string[],
  backupDir: string,
  now = new Date(),
): Promise<UpgradeBackup | undefined> {
  const from = schemaVersionOf(hubFile);
  if (from > HUB_SCHEMA_VERSION) throw new NewerSchemaError(hubFile, from, HUB_SCHEMA_VERSION);
  if (from === 0 || from === HUB_SCHEMA_VERSION) return undefined;
  const folder = join(backupDir, `before-upgrade-${from}-to-${HUB_SCHEMA_VERSION}-${backupStamp(now)}`);
  const files = await backupDatabases(existingFiles(databases), folder, { now: () => now });
  return { from, to: HUB_SCHEMA_VERSION, folder, files };
}
