// Moving from the embedded TEST-TSE to a real fiskaly account (docs/operations.md, "From the test
// TSE to fiskaly"): at a start with a fiskaly account (TSE_URL, TSE_API_KEY, TSE_API_SECRET) and the
// test TSE's records still in the data folder, those records (fiscal.sqlite, test-tse.sqlite with
// their -wal/-shm, fiscal-secrets.json) move to `fiscal-archive/test-tse-<UTC time>/` with a
// switch.json, before anything opens them; the admin page then offers the real TSE's set-up form
// and records only real signatures. Nothing is deleted; the archive is never read again.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backupStamp } from './db-backups.ts';

/** The fiscal store's setting: the last ledger seq the test TSE signed (Z reports up to it are not exported). */
export const TEST_TSE_THROUGH_SEQ = 'test_tse_through_seq';

/** The embedded test TSE's own database: where it exists, the fiscal records are the test's. */
const TEST_TSE_FILE = 'test-tse.sqlite';
const MOVED = ['fiscal.sqlite', TEST_TSE_FILE, 'fiscal-secrets.json'].flatMap((name) =>
  name.endsWith('.sqlite') ? [name, `${name}-wal`, `${name}-shm`] : [name],
);

export interface TestFiscalArchive {
  folder: string;
  files: string[];
}

/**
 * Archives the test TSE's fiscal records in `dataDir` when there are any; answers what moved, or
 * undefined. Call only with a fiskaly account configured, before the fiscal records are opened.
 */
export function archiveTestFiscalData(
  dataDir: string,
  lastLedgerSeq: number,
  now = new Date(),
): TestFiscalArchive | undefined {
  if (!existsSync(join(dataDir, TEST_TSE_FILE))) return undefined;
  const folder = join(dataDir, 'fiscal-archive', `test-tse-${backupStamp(now)}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const files = MOVED.filter((name) => existsSync(join(dataDir, name)));
  for (const name of files) renameSync(join(dataDir, name), join(folder, name));
  writeFileSync(
    join(folder, 'switch.json'),
    `${JSON.stringify({ archivedAt: now.toISOString(), reason: 'a fiskaly account was configured', signedByTheTestTseThroughLedgerSeq: lastLedgerSeq, files }, null, 2)}\n`,
    { mode: 0o600 },
  );
  return { folder, files };
}
