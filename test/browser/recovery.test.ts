// A till server outage while the tablet's own network stays up (the server restarted, its machine
// rebooted): no "online" event tells the page when it is back, and after a long outage the backoff
// holds every sale for minutes. With the server unreachable for 90 s (its backoff state as 90 s of
// failed tries leave it), the sales made meanwhile must not wait out their backoff: the recovery
// probe (outbox/triggers.ts) finds the server ready and they are confirmed within 10 s, exactly once.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from '../../src/outbox/backoff.ts';
import { launchChromium } from '../support/browser.ts';
import { FRONT_DESK, openTill, type Server, startTestHotelServer } from '../support/browser-test.ts';
import { checkAgainstHotel, type MadeSale, readTill, tillActivity } from './chaos-support.ts';
import { sellForCash } from './chaos-ui.ts';

let dir: string;
let browser: Browser;
let server: Server;
let context: BrowserContext | undefined;

/** The till server on `port` with its files in `dir`: stopped and started again, it is the same server. */
const start = (port = 0) =>
  startTestHotelServer({ port, dbFile: join(dir, 'hotel.sqlite'), hubFile: join(dir, 'till.sqlite') });

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

/** How long the till server stays unreachable, as far as the till can tell. */
const OUTAGE_MS = 90_000;

/**
 * Where `outageMs` of failed tries leave a sale's first step, by the till's own backoff schedule
 * (outbox/backoff.ts, jitter at its midpoint): how many failures in a row, and how long until the
 * next try. After 90 s: 8 failures, the next try 41.5 s away.
 */
function backoffAfterOutage(outageMs: number): { failures: number; nextTryInMs: number } {
  let elapsed = 0;
  for (let failures = 1; ; failures++) {
    const wait = backoffDelay(failures, DEFAULT_BACKOFF, () => 0.5);
    if (elapsed + wait > outageMs) return { failures, nextTryInMs: elapsed + wait - outageMs };
    elapsed += wait;
  }
}

/**
 * Puts the outbox where a 90 s outage leaves it, instead of waiting 90 s in real time: each sale's
 * first waiting step has failed as often as the backoff allows in that time and waits for its next
 * try, and the "unreachable" hold lasts until then. Nothing else is shortened: the server is really
 * down meanwhile, and the sales' first tries really failed.
 */
const afterLongOutage = (page: Parameters<typeof tillActivity>[0]) =>
  page.evaluate(async ({ failures, nextTryInMs }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('hotel-till');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const heldSteps = await new Promise<number>((resolve, reject) => {
      const tx = db.transaction(['intents', 'meta'], 'readwrite');
      const nextTry = Date.now() + nextTryInMs;
      const firstWaiting = new Map<string, { step: number; seq: number }>();
      const cursor = tx.objectStore('intents').openCursor();
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (at) {
          const intent = at.value as { seq: number; saleId: string; step: number; state: string };
          const first = firstWaiting.get(intent.saleId);
          if (intent.state === 'queued' && (!first || intent.step < first.step))
            firstWaiting.set(intent.saleId, { step: intent.step, seq: intent.seq });
          at.continue();
          return;
        }
        const intents = tx.objectStore('intents');
        for (const { seq } of firstWaiting.values()) {
          const read = intents.get(seq);
          read.onsuccess = () =>
            intents.put({ ...read.result, failuresInRow: failures, attempts: failures, notBefore: nextTry });
        }
        tx.objectStore('meta').put(nextTry, 'unreachable-until');
      };
      tx.oncomplete = () => resolve(firstWaiting.size);
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    return heldSteps;
  }, backoffAfterOutage(OUTAGE_MS));

describe('the till server comes back after an outage', () => {
  it('confirms the sales made during a 90 s outage within 10 s of its return, not after their backoff', async () => {
    const till = await openTill(browser, server, FRONT_DESK);
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
    // without the probe, nothing would be sent for another 41.5 s
    expect(await afterLongOutage(page)).toBe(made.length); // each sale's first step backed off
    expect(backoffAfterOutage(OUTAGE_MS)).toEqual({ failures: 8, nextTryInMs: 41_500 });

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
