// The admin page in a real browser, as a manager uses it on the server machine: a pairing code made
// with the form (Chromium's own form post, with its Origin and Sec-Fetch-Site headers), typed on a
// fresh tablet, which is then paired; and revoking that tablet from the device list.

import type { Browser } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openFreshContext } from '../support/browser.ts';
import { tillTest } from '../support/browser-test.ts';

const it = tillTest({ server: { testMode: false } });

async function newPage(browser: Browser, locale = 'en-GB') {
  const context = await openFreshContext(browser, { locale });
  return context.newPage();
}

describe('the admin page on the server machine', () => {
  it('makes a pairing code a tablet pairs with, and revokes that tablet', async ({ browser, server }) => {
    const admin = await newPage(browser);
    await admin.goto(`${server.url}/admin`);
    await admin.getByLabel('Outlet').selectOption('minibar');
    await admin.getByLabel('Tablet name').fill('Floor 2 trolley');
    await admin.getByRole('button', { name: 'Create pairing code' }).click();
    const shown = (await admin.getByTestId('pairing-code').textContent()) ?? '';
    expect(shown).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await admin.locator('.qr svg').count()).toBe(1);

    const tablet = await newPage(browser);
    await tablet.goto(server.url);
    await tablet.getByLabel('Pairing code').fill(shown.toLowerCase());
    await tablet.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect
      .poll(() => server.hub.listDevices().map((device) => [device.name, device.outlet]))
      .toEqual([['Floor 2 trolley', 'minibar']]);

    await admin.goto(`${server.url}/admin`);
    const row = admin.locator('tr', { hasText: 'Floor 2 trolley' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => row.textContent()).toContain('Revoked');
    expect(server.hub.listDevices()[0]?.revokedAt).not.toBeNull();
    const me = await tablet.evaluate(async () => (await fetch('/till/device')).status);
    expect(me).toBe(401);
  });
});
