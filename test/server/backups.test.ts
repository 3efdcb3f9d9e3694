// Backups of the server's databases as hotel IT takes and restores them: `npm run backup` while
// the server runs writes copies that pass PRAGMA integrity_check; stopping the server, copying a
// backup over the database and starting again brings back exactly the backed-up state (the paired
// tablet is still paired, its sale is there, a sale made after the backup is not). The folder keeps
// the newest 14 per database, and the nightly run is planned for the next 03:30 local time.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SALE_HEADER } from '../../src/pms/till-headers.ts';
import { backupDatabases, msUntil, pruneBackups } from '../../src/server/db-backups.ts';
import { ledgerLine, recordSale, saleBody } from './ledger/ledger-support.ts';
import { type MainProcess, pairTablet, startMain, stopMain, tabletWithCookie } from './main-process.ts';

const dirs: string[] = [];
const running: MainProcess[] = [];
afterEach(() => {
  for (const main of running.splice(0)) main.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'till-backup-'));
  dirs.push(dir);
  return dir;
}

const WRITE_PATH = '/api/set/create/servicecashregister/invoice';

/** Records a sale in the ledger, then opens its cash invoice in the hotel, as the till does. */
async function sell(tablet: typeof fetch, url: string, reference: string): Promise<number> {
  const { saleId } = await recordSale(
    { request: (path, init) => tablet(`${url}${path}`, init) },
    saleBody([ledgerLine(1, 1, 420)]),
  );
  const response = await tablet(`${url}${WRITE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SALE_HEADER]: saleId },
    body: JSON.stringify({ reference }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { invoice_id: number } }).data.invoice_id;
}

describe('npm run backup', () => {
  it('copies the running server consistently, and a restored copy brings back the tablet and its sale', async () => {
    const dataDir = tempDir();
    let main = await startMain(dataDir);
    running.push(main);
    const tablet = await pairTablet(main.url);
    const sale = await sell(tablet, main.url, 'sold before the backup');

    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/server/backup.ts'],
      { env: { ...process.env, DATA_DIR: dataDir } },
    );
    const written = stdout.trim().split('\n');
    // The Innsbruck demo signs (RKSV): its DEP and test signature unit are backed up too.
    expect(written.map((file) => file.replace(/-\d{4}-[\dT-]+Z\.sqlite$/, ''))).toEqual([
      join(dataDir, 'backups', 'till'),
      join(dataDir, 'backups', 'test-hotel'),
      join(dataDir, 'backups', 'rksv'),
      join(dataDir, 'backups', 'rksv-test-unit'),
    ]);
    for (const file of written) {
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
      const copy = new Database(file, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete'); // one self-contained file
      copy.close();
    }
    const lost = await sell(tablet, main.url, 'sold after the backup');
    expect(await stopMain(main)).toBe(0);

    // the restore, as docs/operations.md says it
    for (const [name, file] of [
      ['till', 'till.sqlite'],
      ['test-hotel', 'test-hotel.sqlite'],
    ] as const) {
      for (const suffix of ['-wal', '-shm']) rmSync(join(dataDir, `${file}${suffix}`), { force: true });
      copyFileSync(written.find((path) => path.includes(`/${name}-`))!, join(dataDir, file));
    }
    main = await startMain(dataDir);
    running.push(main);
    const again = tabletWithCookie(tablet.cookie);
    const device = await again(`${main.url}/till/device`);
    expect(device.status).toBe(200);
    expect(await device.json()).toMatchObject({ device: { name: 'Stop test', outlet: 'bar' } });
    const kept = await again(`${main.url}/api/get/invoice/${sale}`);
    expect(kept.status).toBe(200);
    expect(JSON.stringify(await kept.json())).toContain('sold before the backup');
    const gone = await again(`${main.url}/api/get/invoice/${lost}`);
    expect(JSON.stringify(await gone.json())).not.toContain('sold after the backup');
    expect(await stopMain(main)).toBe(0);
  }, 60_000);

  it('says so in one line and exits 1 before the server has ever started', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/backup.ts'], {
      env: { ...process.env, DATA_DIR: tempDir() },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Hotel Till backup failed: no database in .+\n$/),
    });
  }, 20_000);
});

describe('the backups folder', () => {
  it('keeps the newest 14 backups of each database, whole and 0600, and no half-written one', async () => {
    const dir = tempDir();
    const file = join(dir, 'till.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE t (n INTEGER)');
    let at = Date.UTC(2026, 10, 1, 2, 30);
    for (let n = 1; n <= 16; n += 1) {
      db.prepare('INSERT INTO t VALUES (?)').run(n);
      at += 86_400_000;
      await backupDatabases([file], join(dir, 'backups'), { now: () => new Date(at) });
    }
    db.close();
    const kept = readdirSync(join(dir, 'backups')).sort();
    expect(kept).toHaveLength(14);
    expect(kept[0]).toBe('till-2026-11-04T02-30-00-000Z.sqlite');
    expect(kept.at(-1)).toBe('till-2026-11-17T02-30-00-000Z.sqlite');
    const newest = new Database(join(dir, 'backups', kept.at(-1)!), { readonly: true });
    expect(newest.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 16 });
    newest.close();
  });

  it("clears a crashed backup's .partial after a day, and leaves one being written alone", () => {
    const dir = tempDir();
    const crashed = join(dir, 'till-2026-11-01T02-30-00-000Z.sqlite.partial');
    const writing = join(dir, 'till-2026-11-02T02-30-00-000Z.sqlite.partial');
    writeFileSync(crashed, '');
    writeFileSync(writing, '');
    const dayAgo = (Date.now() - 25 * 3_600_000) / 1000;
    utimesSync(crashed, dayAgo, dayAgo);
    pruneBackups(dir, 'till', 14);
    expect(readdirSync(dir)).toEqual(['till-2026-11-02T02-30-00-000Z.sqlite.partial']);
  });
});

describe('the nightly backup time', () => {
  it('is the next 03:30 local time: later today, or tomorrow once past', () => {
    expect(msUntil('03:30', new Date(2026, 10, 24, 1, 0))).toBe(150 * 60_000);
    expect(msUntil('03:30', new Date(2026, 10, 24, 3, 30))).toBe(24 * 3_600_000);
    expect(msUntil('03:30', new Date(2026, 10, 24, 22, 0))).toBe(5.5 * 3_600_000);
  });
});
