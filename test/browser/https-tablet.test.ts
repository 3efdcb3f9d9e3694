// A tablet as a hotel sets it up (issue 11): the hotel CA installed, the till opened by name over
// HTTPS (https://till.test, never localhost), paired by the QR code's link, installed (its service
// worker in control). Then the network goes: two cash sales and a room charge are made offline, the
// till is reloaded offline from the service worker, and when the network is back every sale reaches
// the test hotel exactly once.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, waitForServiceWorkerControl } from '../support/browser.ts';
import { type Server, startTestHotelServer } from '../support/browser-test.ts';
import { launchTrustingChromium, TILL_HOST } from '../support/trusted-chromium.ts';
import { checkAgainstHotel, type MadeSale, readTill, tillActivity } from './chaos-support.ts';
import { chargeMinibar, chooseMinibarGuest, guestListShown, sellForCash } from './chaos-ui.ts';

let dataDir: string;
let server: Server;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'till-https-'));
  server = await startTestHotelServer({ tls: { dir: join(dataDir, 'tls') }, hostNames: [TILL_HOST] });
  browser = await launchTrustingChromium(server.tls!.ca!.pem);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A tablet in the hotel's time zone with a staff name set, as the other browser tests have it. */
async function newTablet(): Promise<Page> {
  context = await browser.newContext({
    viewport: { width: 768, height: 1024 },
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
    serviceWorkers: 'allow',
  });
  await context.addInitScript(
    (saved) => {
      if (!localStorage.getItem('hotel-till.settings')) localStorage.setItem('hotel-till.settings', saved);
    },
    JSON.stringify({ staffName: 'Mia', tillName: 'Bar 1', outletName: 'Lobby bar' }),
  );
  return context.newPage();
}

describe('a tablet on the hotel network, over HTTPS with the hotel CA', () => {
  it('pairs by the QR link, sells cash and to a room offline, reloads offline, and every sale lands once', async () => {
    const page = await newTablet();
    const errors = collectPageErrors(page);
    const origin = `https://${TILL_HOST}:${server.httpsPort}`;
    const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'Lobby bar tablet' });

    // The QR code on the admin page leads here; the certificate is trusted through the hotel CA.
    const response = await page.goto(`${origin}/pair?code=${code}`);
    expect(response?.ok()).toBe(true);
    expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.randomUUID])).toEqual([
      true,
      'function',
    ]);
    await waitForServiceWorkerControl(page);
    await expect
      .poll(() => server.hub.listDevices().map((device) => device.name))
      .toEqual(['Lobby bar tablet']);
    await expect.poll(() => page.getByTestId('refresh-status').getAttribute('data-refreshed')).toBe('true');
    expect(await page.evaluate(async () => (await fetch('/manifest.webmanifest')).ok)).toBe(true);

    // The guest list is fetched while online, as at the start of a shift.
    await page.getByRole('link', { name: 'Room charge', exact: true }).click();
    await guestListShown(page);
    await page.locator('nav a[href="/"]').click();

    const since = {
      itemId: server
        .hotel!.db.prepare('SELECT COALESCE(MAX(id), 0) FROM invoice_items')
        .pluck()
        .get() as number,
    };
    await context.setOffline(true);
    const made: MadeSale[] = [];
    made.push(await sellForCash(page, server, ['B-100', 'B-122']));
    made.push(await sellForCash(page, server, ['B-131']));
    await chooseMinibarGuest(page, ['104', 'Bauer']);
    made.push(await chargeMinibar(page, server, ['M-201', 'M-202'], undefined));

    await page.reload(); // offline: from the service worker's precache
    await expect.poll(() => page.locator('header').textContent()).toContain('Hotel Till');
    expect((await tillActivity(page)).notDone).toBeGreaterThanOrEqual(5);
    expect(made.every((sale) => sale.reference)).toBe(true);

    await context.setOffline(false);
    await expect.poll(() => tillActivity(page), { timeout: 30_000 }).toEqual({ inFlight: 0, notDone: 0 });
    const check = checkAgainstHotel(server.hotel!.db, await readTill(page), made, since);
    expect(check.problems).toEqual([]);
    expect(check.figures).toMatchObject({ cashSales: 2, roomCharges: 1 });
    expect(
      errors.filter((error) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(error)),
    ).toEqual([]);
  }, 90_000);
});
