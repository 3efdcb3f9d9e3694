// A till server outage while the tablet's own network stays up (the server restarted, its machine
// rebooted): no "online" event tells the page when it is back, and after a long outage the backoff
// holds every sale for minutes. The sales made meanwhile must not
// wait out their backoff: the recovery probe (outbox/triggers.ts) finds the server ready within a
// few seconds and everything is sent at once, exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/listen.ts';
import { launchChromium } from '../support/browser.ts';
import { checkAgainstHotel, type MadeSale, readTill, tillActivity } from './chaos-support.ts';
import { sellForCash } from './chaos-ui.ts';
import { BUILT_APP, openTill, type Server } from './front-desk.ts';

let dir: string;
let browser: Browser;
let server: Server;
let context: BrowserContext | undefined;

/** The till server on `port` with its files in `dir`: stopped and started again, it is the same server. */
const start = (port = 0) =>
  startServer({
    port,
    host: '127.0.0.1',
    dbFile: join(dir, 'hotel.sqlite'),
    hubFile: join(dir, 'till.sqlite'),
    testMode: true,
    staticDir: BUILT_APP,
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'till-recovery-'));
  browser = await launchChromium();
  server = await start();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Puts the outbox where a long outage leaves it: every sale held behind the "unreachable" hold for
 * another two minutes (rather than waiting out the growing backoff in real time).
 */
const afterLongOutage = (page: Parameters<typeof tillActivity>[0]) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('hotel-till');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('meta', 'readwrite');
      tx.objectStore('meta').put(Date.now() + 120_000, 'unreachable-until');
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });

describe('the till server comes back after an outage', () => {
  it('sends the sales made meanwhile within seconds, not after their backoff', async () => {
    const till = await openTill(browser, server, '/register');
    context = till.context;
    const { page } = till;
    const since = {
      itemId: server
        .hotel!.db.prepare('SELECT COALESCE(MAX(id), 0) FROM invoice_items')
        .pluck()
        .get() as number,
    };
    const port = server.port;
    await server.close();
    // the products' names and prices, read from the hotel's file while its server is down
    const hotelFile = new Database(join(dir, 'hotel.sqlite'), { readonly: true });
    const catalogue = { hotel: { db: hotelFile } } as unknown as Server;

    const made: MadeSale[] = [await sellForCash(page, catalogue, ['B-100'])];
    await expect.poll(async () => (await tillActivity(page)).inFlight).toBe(0); // its first try failed
    made.push(await sellForCash(page, catalogue, ['B-122']));
    hotelFile.close();
    await afterLongOutage(page); // without the probe, nothing would be sent for two minutes

    server = await start(port);
    const back = performance.now();
    await expect
      .poll(() => tillActivity(page), { timeout: 10_000, interval: 250 })
      .toEqual({ inFlight: 0, notDone: 0 });
    const confirmedAfterMs = performance.now() - back;
    console.log(`recovery: confirmed ${Math.round(confirmedAfterMs)} ms after the server was back`);
    expect(confirmedAfterMs).toBeLessThan(10_000);
    expect(checkAgainstHotel(server.hotel!.db, await readTill(page), made, since).problems).toEqual([]);
  }, 90_000);
});
