// An upgrade from the previous release (9fad3f1) keeps a tablet's pending sales (issue 34, item 2):
// a copy of that release's data folder (test/fixtures/upgrade-9fad3f1/, made by
// scripts/upgrade-fixture/make.mjs with the old code) is backed up and migrated by this release, and
// the tablet's outbox as the old app left it (a cash sale and a room charge, never sent, no ledger
// step) gets the ledger's step when this app opens it; both land in the hotel exactly once. A
// database newer than this release knows is refused untouched.
import 'fake-indexeddb/auto';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledgerKindOf } from '../../../src/outbox/intents/ledger-body.ts';
import { RECORD_IN_LEDGER } from '../../../src/outbox/intents/ledger-record.ts';
import { replayOutbox } from '../../../src/outbox/replay.ts';
import { createPmsClient } from '../../../src/pms/client.ts';
import { REQUEST_ID_HEADER } from '../../../src/pms/till-headers.ts';
import { HUB_SCHEMA_VERSION, NewerSchemaError, openHubDb } from '../../../src/server/hub/hub-db.ts';
import { type RunningServer, startServer } from '../../../src/server/listen.ts';
import { guardUpgrade, schemaVersionOf } from '../../../src/server/upgrade-guard.ts';
import { closeTillDb, getTillDb } from '../../../src/storage/db.ts';
import { LEDGER_STEP_NAME, olderLedgerKind } from '../../../src/storage/older-sales.ts';
import type { IntentRecord, SaleRecord } from '../../../src/storage/records.ts';
import { openV2Database } from '../../outbox/fixtures/schema-v2.ts';

const FIXTURE = 'test/fixtures/upgrade-9fad3f1';
const outbox = JSON.parse(readFileSync(join(FIXTURE, 'outbox.json'), 'utf8')) as {
  dbVersion: number;
  sales: SaleRecord[];
  intents: IntentRecord[];
  meta: Record<string, unknown>;
};
const tablet = JSON.parse(readFileSync(join(FIXTURE, 'tablet.json'), 'utf8')) as {
  cookie: string;
  cashSaleId: string;
  roomChargeId: string;
  roomReservationId: number;
};

let dir: string;
let server: RunningServer | undefined;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'till-upgrade-'));
  cpSync(FIXTURE, dir, { recursive: true });
  await closeTillDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeTillDb();
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** The old app's database as it left it: schema 2 (its frozen upgrade code), its rows as they were. */
async function restoreOldOutbox(): Promise<void> {
  expect(outbox.dbVersion).toBe(2);
  const old = await openV2Database();
  const tx = old.transaction(['sales', 'intents', 'meta'], 'readwrite');
  for (const sale of outbox.sales) tx.objectStore('sales').put(sale);
  for (const intent of outbox.intents) tx.objectStore('intents').put(intent);
  for (const [key, value] of Object.entries(outbox.meta)) tx.objectStore('meta').put(value, key);
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  old.close();
}

/** The tablet's fetch: its device cookie (paired by the old release) and a request id. */
const tabletFetch: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('cookie', tablet.cookie);
  if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, crypto.randomUUID());
  return fetch(input, { ...init, headers });
};

describe('upgrading from the previous release (9fad3f1)', () => {
  it('backs the data folder up, migrates it, and lands the old pending cash sale and room charge exactly once', async () => {
    const hubFile = join(dir, 'till.sqlite');
    const hotelFile = join(dir, 'test-hotel.sqlite');
    const from = schemaVersionOf(hubFile);
    expect(from).toBeGreaterThan(0);
    expect(from).toBeLessThan(HUB_SCHEMA_VERSION);
    const backup = await guardUpgrade(hubFile, [hubFile, hotelFile], join(dir, 'backups'));
    expect(backup).toMatchObject({ from, to: HUB_SCHEMA_VERSION });
    expect(readdirSync(backup!.folder).sort()).toEqual([
      expect.stringMatching(/^test-hotel-.*\.sqlite$/),
      expect.stringMatching(/^till-.*\.sqlite$/),
    ]);
    const copy = new Database(backup!.files[0]!, { readonly: true });
    expect(copy.pragma('user_version', { simple: true })).toBe(from); // the backup is the old schema
    copy.close();

    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dbFile: hotelFile,
      hubFile,
      testMode: false,
      staticDir: 'none',
      demoStaff: true,
    });
    expect(schemaVersionOf(hubFile)).toBe(HUB_SCHEMA_VERSION);
    const hotel = server.hotel!.db;
    const roomItems = () =>
      hotel
        .prepare(
          `SELECT ii.product_id, ii.quantity FROM invoice_items ii JOIN invoices i ON i.id = ii.invoice_id
            WHERE i.room_reservation_id = ? ORDER BY ii.id`,
        )
        .all(tablet.roomReservationId) as { product_id: number; quantity: number }[];
    const roomBefore = roomItems();

    await restoreOldOutbox();
    const db = await getTillDb(); // this app opens it: the v3 upgrade gives old sales their ledger step
    for (const saleId of [tablet.cashSaleId, tablet.roomChargeId]) {
      const steps = await db.getAllFromIndex(
        'intents',
        'by-sale',
        IDBKeyRange.bound([saleId, 0], [saleId, 99]),
      );
      expect(steps[0]).toMatchObject({ step: 0, name: RECORD_IN_LEDGER, state: 'queued' });
      expect(steps.filter((step) => step.step === 0)).toHaveLength(1);
    }

    const client = createPmsClient({ baseUrl: server.url, fetch: tabletFetch, timeoutMs: 5000 });
    await replayOutbox({ client });
    await replayOutbox({ client }); // again: nothing more goes out
    for (const saleId of [tablet.cashSaleId, tablet.roomChargeId])
      expect((await db.get('sales', saleId))?.status).toBe('synced');

    const cash = outbox.sales.find((sale) => sale.id === tablet.cashSaleId)!;
    const invoices = hotel
      .prepare("SELECT id, status FROM invoices WHERE kind = 'cashregister' AND reference = ?")
      .all(cash.reference) as { id: number; status: string }[];
    const holding = invoices.filter(
      (invoice) =>
        (hotel
          .prepare('SELECT COUNT(*) FROM invoice_items WHERE invoice_id = ?')
          .pluck()
          .get(invoice.id) as number) > 0,
    );
    expect(holding).toHaveLength(1);
    expect(holding[0]!.status).toBe('closed');
    const cashItems = hotel
      .prepare(
        'SELECT product_id, quantity, price_cents FROM invoice_items WHERE invoice_id = ? ORDER BY product_id',
      )
      .all(holding[0]!.id);
    expect(cashItems).toEqual(
      cash.lines
        .map((line) => ({
          product_id: line.productId,
          quantity: line.quantity,
          price_cents: line.unitPriceCents,
        }))
        .sort((a, b) => a.product_id - b.product_id),
    );
    const charge = outbox.sales.find((sale) => sale.id === tablet.roomChargeId)!;
    expect(roomItems().slice(roomBefore.length)).toEqual(
      charge.lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })),
    );
    // Both are on the till server's ledger once, for the tablet the old release paired.
    const recorded = server.hub.db
      .prepare('SELECT sale_id, kind FROM ledger_sales WHERE sale_id IN (?, ?) ORDER BY kind')
      .all(tablet.cashSaleId, tablet.roomChargeId);
    expect(recorded).toEqual([
      { sale_id: tablet.roomChargeId, kind: 'room-charge' },
      { sale_id: tablet.cashSaleId, kind: 'sale' },
    ]);
  }, 60_000);

  it('refuses a database newer than this release knows, and leaves it as it is', async () => {
    const hubFile = join(dir, 'till.sqlite');
    const newer = new Database(hubFile);
    newer.pragma(`user_version = ${HUB_SCHEMA_VERSION + 1}`);
    newer.close();
    const bytes = readFileSync(hubFile);
    await expect(guardUpgrade(hubFile, [hubFile], join(dir, 'backups'))).rejects.toBeInstanceOf(
      NewerSchemaError,
    );
    expect(() => openHubDb(hubFile)).toThrow(NewerSchemaError);
    expect(readFileSync(hubFile).equals(bytes)).toBe(true);
    expect(existsSync(join(dir, 'backups'))).toBe(false);
  });

  it('main.ts does not start on a newer database: one line naming it, exit 1, the file unchanged', async () => {
    const hubFile = join(dir, 'till.sqlite');
    const newer = new Database(hubFile);
    newer.pragma(`user_version = ${HUB_SCHEMA_VERSION + 1}`);
    newer.close();
    const bytes = readFileSync(hubFile);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATA_DIR: dir, PORT: '0', HTTP_PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.resume();
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^Hotel Till cannot start: .*till\.sqlite has schema \d+, newer than this release knows/m,
    );
    expect(readFileSync(hubFile).equals(bytes)).toBe(true);
    expect(existsSync(join(dir, 'backups'))).toBe(false);
  }, 60_000);

  it("maps older entries to the ledger's kinds as the outbox does", () => {
    expect(LEDGER_STEP_NAME).toBe(RECORD_IN_LEDGER);
    const entries: Pick<SaleRecord, 'kind' | 'takeBack'>[] = [
      { kind: 'cash-sale' },
      { kind: 'room-charge' },
      { kind: 'late-charge' },
      { kind: 'charge-reversal' },
      { kind: 'charge-reversal', takeBack: { line: 0, quantity: 1 } },
      { kind: 'cash-cancellation' },
      { kind: 'product-creation' },
    ];
    for (const entry of entries) expect(olderLedgerKind(entry)).toBe(ledgerKindOf(entry));
  });
});
