// Notices that outlived their cause (issue 22, minors), in Chromium on a server with the demo staff:
// where staff sign in, nothing asks for a staff name (the Settings field is gone, Room charge does
// not remind); after a till server outage, the room-charge list is fetched again once the server
// answers, without an `online` event; the header says which server is down, and when it is back.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { staffBrowserTest as it, openTill } from '../support/browser-test.ts';
import { MIA } from '../support/staff.ts';
import { tillActivity } from './chaos-support.ts';

/** Bar 5 at `path`, Mia signed in. */
const bar5At = (path: string) =>
  ({ path, until: 'service-worker', pair: { name: 'Bar 5' }, signIn: MIA }) as const;

const header = (page: Page) => page.getByTestId('connection-state');

describe('stale notices', () => {
  it('where staff sign in, nothing asks for a staff name', async ({ browser, server }) => {
    const { page } = await openTill(browser, server, bar5At('/room-charge'));
    await expect.poll(() => page.getByTestId('guest-list-age').textContent()).toMatch(/Guest list from/);
    expect(await page.getByText('No staff name is set').count()).toBe(0);
    await page.locator('nav a[href="/settings"]').click();
    await page.getByLabel('Gateway address').waitFor();
    expect(await page.getByLabel('Staff name', { exact: true }).count()).toBe(0);
  });

  it('after a till server outage the guest list is fetched again, and the header says which server was down', async ({
    browser,
    server,
  }) => {
    const { context, page } = await openTill(browser, server, bar5At('/room-charge'));
    const age = page.getByTestId('guest-list-age');
    await expect.poll(() => age.textContent()).toMatch(/Guest list from/);
    const failed = page.getByText('Could not refresh the list; the saved list is shown.');
    // what signing in recorded (the shift's opening float) is sent before the server goes away
    await expect.poll(() => tillActivity(page), { timeout: 15_000 }).toEqual({ inFlight: 0, notDone: 0 });

    await context.route(
      (url) => url.pathname !== '/' && !url.pathname.includes('.'),
      (route) => route.abort('connectionrefused'),
    );
    await page.getByRole('button', { name: 'Refresh list' }).click();
    await expect.poll(() => failed.count()).toBe(1);
    await expect.poll(() => header(page).textContent()).toBe('Till server unreachable');

    // The server answers again; the browser never went offline, so no `online` event fires.
    await context.unrouteAll();
    await expect
      .poll(() => age.textContent(), { timeout: 12_000 })
      .not.toContain('Could not refresh the list');
    await expect.poll(() => header(page).textContent(), { timeout: 12_000 }).toBe('Online');
  });

  it('says the till server is down within 20 s, with no sale and no tap to find it out', async ({
    browser,
    server,
  }) => {
    const { context, page } = await openTill(browser, server, bar5At('/'));
    await expect.poll(() => header(page).textContent()).toBe('Online');
    // what signing in recorded (the shift's opening float) is sent before the server goes away
    await expect.poll(() => tillActivity(page), { timeout: 15_000 }).toEqual({ inFlight: 0, notDone: 0 });
    await context.route(
      (url) => url.pathname !== '/' && !url.pathname.includes('.'),
      (route) => route.abort('connectionrefused'),
    );
    await expect.poll(() => header(page).textContent(), { timeout: 20_000 }).toBe('Till server unreachable');
  });

  it('says the PMS is down when the till server answers but the PMS does not', async ({
    browser,
    server,
  }) => {
    const { context, page } = await openTill(browser, server, { ...bar5At('/sync'), locale: 'de-DE' });
    await expect.poll(() => tillActivity(page), { timeout: 15_000 }).toEqual({ inFlight: 0, notDone: 0 });
    await context.route('**/readyz', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"status":"not ready","reason":"pms: timeout"}',
      }),
    );
    await page.getByRole('button', { name: 'Jetzt abgleichen' }).click();
    await expect.poll(() => header(page).textContent()).toBe('PMS nicht erreichbar');
  });
});
