// Odoo issue 138664 with the till server restarted in the middle: both waiters hold table 12 with
// its water, the server stops, waiter 1 adds 2 beers and waiter 2 the food and both send while it is
// down, and it starts again on the same port and files. Every item once on both tablets and in the
// server's log, all sent, and on the bar's and kitchen's tickets (printers set up before the restart).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { openTill, type Server, startTestHotelServer } from '../support/browser-test.ts';
import {
  addBeers,
  addFood,
  addProduct,
  EVERY_ITEM,
  EVERY_ITEM_PRINTED,
  linesOn,
  restaurantPlan,
  restaurantPrinters,
  sendFrom,
  serverLines,
} from './tables-ui.ts';

let dir: string;
let browser: Browser;
let server: Server;
const start = (port = 0) =>
  startTestHotelServer({ port, dbFile: join(dir, 'hotel.sqlite'), hubFile: join(dir, 'till.sqlite') });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'till-two-waiters-'));
  browser = await launchChromium();
  server = await start();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('keeps every item once when the server restarts while both waiters edit and send', {
  timeout: 180_000,
}, async () => {
  restaurantPlan(server);
  const printers = await restaurantPrinters(server);
  const open = (name: string, staffName: string) =>
    openTill(browser, server, {
      path: '/tables',
      pair: { outlet: 'restaurant', name },
      settings: { staffName },
    });
  const one = await open('Waiter 1', 'Mia');
  const two = await open('Waiter 2', 'Jonas');
  await one.page.locator('[data-table="t12"]').click();
  await addProduct(one.page, 'Mineralw', 'Mineralwasser 0,25 l', 1);
  await sendFrom(one.page);
  await two.page.locator('[data-table="t12"]').click();
  await expect.poll(() => linesOn(two.page), { timeout: 10_000 }).toEqual({ 'Mineralwasser 0,25 l': 1 });

  const port = server.port;
  await server.close();
  await addBeers(one.page);
  await addFood(two.page);
  await sendFrom(one.page, two.page);
  server = await start(port);

  await expect.poll(() => linesOn(one.page), { timeout: 30_000 }).toEqual(EVERY_ITEM);
  await expect.poll(() => linesOn(two.page), { timeout: 30_000 }).toEqual(EVERY_ITEM);
  await expect
    .poll(() => serverLines(server, 't12'), { timeout: 30_000 })
    .toEqual({ items: EVERY_ITEM, allSent: true });
  await expect.poll(() => printers.items(), { timeout: 30_000 }).toEqual(EVERY_ITEM_PRINTED);
  await printers.close();
  await one.context.close();
  await two.context.close();
});
