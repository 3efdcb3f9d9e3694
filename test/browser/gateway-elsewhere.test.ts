// A till whose gateway is another Hotel Till server (the gateway address in the settings): the app
// comes from server A, its sales go through server B, each naming the other in TILL_ORIGINS. In
// real Chromium, so the Content-Security-Policy and CORS (preflight for x-till-request-id) are the
// browser's own. The sale must land in B's hotel, and not in A's. Run `npx vite build` first.

import { createServer } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { openTill, pairContext, type Server, startTestHotelServer } from '../support/browser-test.ts';
import { hotelDb, productTile } from './till.ts';

let browser: Browser;
let appServer: Server;
let gatewayServer: Server;
let context: BrowserContext | undefined;

/** A port free right now (bound, then released), so each server can be told the other's origin. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  browser = await launchChromium();
  const [appPort, gatewayPort] = [await freePort(), await freePort()];
  // The page's origin is http://localhost:A, the gateway's http://localhost:B: another origin on the
  // same site, as two servers under one hotel domain are (the device cookie of B goes to B only).
  appServer = await startTestHotelServer({
    port: appPort,
    allowedOrigins: [`http://localhost:${gatewayPort}`],
  });
  gatewayServer = await startTestHotelServer({
    port: gatewayPort,
    staticDir: 'nonexistent',
    allowedOrigins: [`http://localhost:${appPort}`],
  });
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await appServer?.close();
  await gatewayServer?.close();
});

const invoicesWithReference = (server: Server, reference: string) =>
  hotelDb(server).prepare('SELECT id, status FROM invoices WHERE reference = ?').all(reference) as {
    id: number;
    status: string;
  }[];

describe('a gateway on another Hotel Till server', () => {
  it('is found by the settings check, and a cash sale goes through it into its hotel only', async () => {
    const gatewayOrigin = gatewayServer.url;
    const till = await openTill(browser, appServer, { path: '/settings' });
    context = till.context;
    await pairContext(context, gatewayServer); // a tablet is paired with each server it sends to
    const { page } = till;
    await page.getByLabel('Gateway address').fill(gatewayOrigin);
    await page.getByLabel('Gateway address').press('Enter');
    await expect
      .poll(() => page.getByTestId('gateway-check').getByRole('status').textContent())
      .toBe('The gateway answers. It sends sales to: embedded test hotel.');

    await page.locator('nav a[href="/"]').click();
    await productTile(page, 'Espresso').click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    const receipt = page.locator('.receipt-panel');
    await receipt.getByTestId('receipt-reference').waitFor();
    const reference = (await receipt.getByTestId('receipt-reference').textContent()) ?? '';
    expect(reference).not.toBe('');

    await expect
      .poll(() => receipt.getByTestId('receipt-status').textContent(), { timeout: 20_000 })
      .toBe('Confirmed by the PMS');
    expect(invoicesWithReference(gatewayServer, reference)).toEqual([
      { id: expect.any(Number), status: 'closed' },
    ]);
    expect(invoicesWithReference(appServer, reference)).toEqual([]);
    expect(till.errors).toEqual([]);
  });
});
