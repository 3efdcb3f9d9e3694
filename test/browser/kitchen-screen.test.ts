// The kitchen screen (issue 31, item 6), Chromium, with a waiter's tablet and a kitchen screen paired
// to the restaurant on a server with its files on disk. A round of starters the waiter sends shows on
// the kitchen within a second-scale wait (the latency is printed; its target is the bench's), Done
// stores one bump and the waiter's floor says Ready. Then the server stops: the kitchen (reloaded)
// still shows its cards, a Done made meanwhile is kept, and once the server is back on the same port
// and files it lands once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { openTill, type Server, startTestHotelServer } from '../support/browser-test.ts';
import { addProduct, restaurantPlan, sendFrom } from './tables-ui.ts';

let dir: string;
let browser: Browser;
let server: Server;
const start = (port = 0) =>
  startTestHotelServer({ port, dbFile: join(dir, 'hotel.sqlite'), hubFile: join(dir, 'till.sqlite') });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'till-kitchen-'));
  browser = await launchChromium();
  server = await start();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The bumps in the server's log (its database, not the page): round and course of each. */
const bumpsStored = () =>
  (
    server.hub.db
      .prepare('SELECT op FROM table_ops WHERE op LIKE \'%"kind":"bump"%\' ORDER BY seq')
      .all() as {
      op: string;
    }[]
  ).map((row) => (JSON.parse(row.op) as { body: { roundId: string; course: number } }).body);

/** The tables of the kitchen's open cards, in the order shown. */
const openCards = (kitchen: Page) =>
  kitchen
    .locator('.kitchen-courses .kitchen-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-table')));

async function sendStarter(waiter: Page, tableId: string, search: string, name: string, quantity: number) {
  await waiter.locator(`[data-table="${tableId}"]`).click();
  await waiter.locator('.table-courses').getByRole('button', { name: 'Starters' }).click();
  await addProduct(waiter, search, name, quantity);
  const sentAt = Date.now();
  await sendFrom(waiter);
  await waiter.getByRole('button', { name: 'Back to the floor' }).click();
  return sentAt;
}

it('shows a sent round within a second, bumps it once, and the waiter sees it ready; through a restart too', {
  timeout: 180_000,
}, async () => {
  restaurantPlan(server);
  const waiter = await openTill(browser, server, {
    path: '/tables',
    pair: { outlet: 'restaurant', name: 'Waiter 1' },
    settings: { staffName: 'Mia' },
  });
  const kitchen = await openTill(browser, server, {
    path: '/kitchen',
    until: 'service-worker',
    pair: { outlet: 'restaurant', name: 'Küche', role: 'kitchen' },
  });
  const screen = kitchen.page;
  await expect.poll(() => screen.getByTestId('kitchen-connection').getAttribute('data-state')).toBe('live');
  await expect.poll(() => screen.locator('.kitchen-nothing').isVisible()).toBe(true);
  expect(new URL(screen.url()).pathname).toBe('/kitchen');

  // A round of starters: on the kitchen within a second-scale wait.
  const sentAt = await sendStarter(waiter.page, 't10', 'Tagessuppe', 'Tagessuppe / Soup of the day', 2);
  await expect.poll(() => openCards(screen), { timeout: 3_000, interval: 50 }).toEqual(['t10']);
  console.info(`the kitchen showed the round ${Date.now() - sentAt} ms after Send was tapped`);
  const card = screen.locator('.kitchen-card[data-table="t10"]');
  await expect.poll(() => card.textContent()).toMatch(/Table 10.*Round 1 · Starters · Mia.*2Tagessuppe/);
  // Its age counts up on the screen.
  const age = Number(await card.locator('.kitchen-age').getAttribute('data-seconds'));
  await expect
    .poll(() => card.locator('.kitchen-age').getAttribute('data-seconds').then(Number))
    .toBeGreaterThan(age);
  const done = card.getByRole('button', { name: 'Done: Table 10, Starters, round 1' });
  expect((await done.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await done.click();
  await expect.poll(() => openCards(screen)).toEqual([]);
  await expect.poll(bumpsStored).toEqual([{ kind: 'bump', roundId: expect.any(String), course: 1 }]);
  await expect
    .poll(() => waiter.page.locator('[data-table="t10"] .floor-ready').textContent(), { timeout: 5_000 })
    .toBe('Ready: Starters');

  // Two more rounds, then the server stops.
  await sendStarter(waiter.page, 't11', 'Caesar', 'Caesar Salad', 1);
  await sendStarter(waiter.page, 't12', 'Kaiserschm', 'Kaiserschmarrn', 1);
  await expect.poll(() => openCards(screen), { timeout: 5_000 }).toEqual(['t11', 't12']);
  const port = server.port;
  await server.close();
  await expect
    .poll(() => screen.getByTestId('kitchen-connection').getAttribute('data-state'))
    .toBe('offline');
  await screen.reload(); // from the service worker's copy, with the cards this screen kept
  await expect.poll(() => openCards(screen)).toEqual(['t11', 't12']);
  await screen.locator('.kitchen-card[data-table="t11"]').getByRole('button', { name: /^Done/ }).click();
  await expect.poll(() => openCards(screen)).toEqual(['t12']);
  await expect.poll(() => screen.getByTestId('kitchen-waiting').getAttribute('data-count')).toBe('1');

  server = await start(port);
  await expect
    .poll(() => screen.getByTestId('kitchen-connection').getAttribute('data-state'), { timeout: 30_000 })
    .toBe('live');
  await expect.poll(() => screen.getByTestId('kitchen-waiting').count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => bumpsStored().length).toBe(2);
  expect(bumpsStored().map((bump) => bump.course)).toEqual([1, 1]);
  await expect.poll(() => openCards(screen)).toEqual(['t12']);
  await expect
    .poll(() => waiter.page.locator('[data-table="t11"] .floor-ready').textContent(), { timeout: 30_000 })
    .toBe('Ready: Starters');
  await waiter.context.close();
  await kitchen.context.close();
});

it('speaks German on a German kitchen screen, with its cards', { timeout: 60_000 }, async () => {
  const kitchen = await openTill(browser, server, {
    path: '/kitchen',
    until: 'service-worker',
    locale: 'de-DE',
    settings: { language: 'de' },
    pair: { outlet: 'restaurant', name: 'Küche 2', role: 'kitchen' },
  });
  const screen = kitchen.page;
  await expect.poll(() => screen.locator('h1').textContent()).toBe('Küche');
  await expect.poll(() => screen.getByTestId('kitchen-connection').textContent()).toBe('Verbunden');
  // Table 12's starters are still open from the test before.
  const done = screen.getByRole('button', { name: 'Fertig: Tisch 12, Starters, Runde 1' });
  await expect.poll(() => done.isVisible()).toBe(true);
  await expect.poll(() => screen.locator('.kitchen-recent').textContent()).toContain('Runde 1');
  await kitchen.context.close();
});
