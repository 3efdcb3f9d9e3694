// Issue 20 in real Chromium (build first: `npx vite build`), against a server with the demo staff:
// the service worker never answers the server's own pages (a manager opens /admin on a tablet that
// runs the till), and pairing always leads to "Who is working?" when the hotel has staff: by a
// typed code, and by the QR link opened while the app is already open and unpaired (the start-up
// check's late "not paired" answer must not send the tablet back to the pairing form).
import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openFreshContext, waitForServiceWorkerControl } from '../support/browser.ts';
import type { Server } from '../support/browser-test.ts';
import { staffBrowserTest as it } from '../support/browser-test.ts';

async function openUnpaired(browser: Browser, server: Server, path = '/'): Promise<Page> {
  const context = await openFreshContext(browser, { locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const newCode = (server: Server) => server.hub.createPairingCode({ outlet: 'bar', name: 'Bar tablet' }).code;

/** The heading shows `title` and keeps showing it for `holdMs` (a late answer must not undo it). */
async function staysOn(page: Page, title: string, holdMs = 2_000): Promise<void> {
  await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe(title);
  const until = Date.now() + holdMs;
  while (Date.now() < until) {
    expect(await heading(page).textContent()).toBe(title);
    await page.waitForTimeout(100);
  }
}

describe('the service worker and the server’s own pages', () => {
  it('lets /admin, /readyz and /healthz through to the server once the till has loaded', async ({
    browser,
    server,
  }) => {
    const page = await openUnpaired(browser, server);
    await heading(page).waitFor();
    await waitForServiceWorkerControl(page);

    await page.goto(`${server.url}/admin`);
    // The admin page (the server machine needs no sign-in), not the till's screen.
    await expect.poll(() => page.title()).toMatch(/Hotel Till – administration/);
    expect(await page.getByRole('heading', { name: 'Pair a tablet' }).count()).toBe(1);
    expect(await page.locator('#root').count()).toBe(0);
    await page.reload();
    expect(await page.getByRole('heading', { name: 'Pair a tablet' }).count()).toBe(1);

    for (const path of ['/readyz', '/healthz']) {
      const answer = await page.goto(`${server.url}${path}`);
      expect(answer?.headers()['content-type'], path).toContain('application/json');
      expect(await page.locator('#root').count(), path).toBe(0);
    }
    // The till itself is still the app shell.
    await page.goto(`${server.url}/register`);
    await page.locator('#root').waitFor({ state: 'attached' });
  });
});

describe('pairing when the hotel has staff', () => {
  it('by a typed code leads to "Who is working?", never the register', async ({ browser, server }) => {
    const page = await openUnpaired(browser, server);
    await expect.poll(() => heading(page).textContent()).toBe('Pair this tablet');
    await page.getByLabel('Pairing code').fill(newCode(server));
    await page.getByRole('button', { name: 'Pair', exact: true }).click();
    await staysOn(page, 'Who is working?');
    expect(await page.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
  });

  it('by the QR link opened while the app is open and unpaired, three times in a row', async ({
    browser,
    server,
  }) => {
    for (let round = 0; round < 3; round += 1) {
      const page = await openUnpaired(browser, server);
      await expect.poll(() => heading(page).textContent()).toBe('Pair this tablet');
      const before = server.hub.listDevices().length;
      await page.goto(`${server.url}/pair?code=${newCode(server)}`);
      await staysOn(page, 'Who is working?');
      expect(server.hub.listDevices()).toHaveLength(before + 1);
      await page.context().close();
    }
  });
});
