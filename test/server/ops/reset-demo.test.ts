// `npm run reset-demo` (main.ts --reset: the test hotel reseeded) while the till server keeps its
// ledger: a sale made after the reset is confirmed, because the test hotel never hands out an
// invoice or item id again (issue 34, item 3: new sales reused ids the till server held for older
// sales and stayed in "Needs attention").
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordCashSale } from '../../../src/outbox/journal.ts';
import { replayOutbox } from '../../../src/outbox/replay.ts';
import { createPmsClient } from '../../../src/pms/client.ts';
import { type RunningServer, startServer } from '../../../src/server/listen.ts';
import { closeTillDb, getTillDb } from '../../../src/storage/db.ts';
import { createTestHotel } from '../../../src/test-hotel/index.ts';
import { tabletFetch } from '../tablet-app.ts';

let dir: string;
let server: RunningServer | undefined;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'till-reset-'));
  await closeTillDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeTillDb();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = () =>
  startServer({
    port: 0,
    host: '127.0.0.1',
    dbFile: join(dir, 'test-hotel.sqlite'),
    hubFile: join(dir, 'till.sqlite'),
    testMode: false,
    staticDir: 'none',
  });

/** Records a cash sale of two of product 1 on the tablet and replays it; answers its status and invoice. */
async function sellAndSend(running: RunningServer, fetch: typeof globalThis.fetch) {
  const hotel = running.hotel!.db;
  const product = hotel.prepare('SELECT id, name, price_cents FROM products WHERE id = 1').get() as {
    id: number;
    name: string;
    price_cents: number;
  };
  const sale = await recordCashSale({
    staff: 'Mia',
    till: 'Bar 1',
    lines: [{ productId: product.id, name: product.name, quantity: 2, unitPriceCents: product.price_cents }],
    payment: { templateId: 1, paymentMethodId: 1, sendInvoice: false },
  });
  await replayOutbox({ client: createPmsClient({ baseUrl: running.url, fetch, timeoutMs: 5000 }) });
  const invoice = hotel
    .prepare("SELECT id, status FROM invoices WHERE kind = 'cashregister' AND reference = ?")
    .get(sale.reference) as { id: number; status: string } | undefined;
  return { status: (await (await getTillDb()).get('sales', sale.id))?.status, invoice };
}

describe('reset-demo', () => {
  it('a sale after the reset is confirmed, on an invoice id never used before', async () => {
    server = await start();
    const fetch = tabletFetch(server);
    const before = await sellAndSend(server, fetch);
    expect(before).toMatchObject({ status: 'synced', invoice: { status: 'closed' } });
    const { cookieName } = server.hub;
    await server.close();
    server = undefined;

    // npm run reset-demo: the test hotel reseeded in place, the till server's ledger kept.
    createTestHotel({ dbFile: join(dir, 'test-hotel.sqlite'), testMode: false, reset: true }).close();

    server = await start();
    expect(server.hub.cookieName).toBe(cookieName); // the same till server, the tablet still paired
    const after = await sellAndSend(server, fetch);
    expect(after).toMatchObject({ status: 'synced', invoice: { status: 'closed' } });
    expect(after.invoice!.id).toBeGreaterThan(before.invoice!.id);
    const hotel = server.hotel!.db;
    expect(hotel.prepare("SELECT COUNT(*) FROM invoices WHERE reference = 'reset'").pluck().get()).toBe(0);
  }, 60_000);
});
