// The app shell in real Chromium against the built app (run `npm run build` first): the service
// worker takes over, the till starts and navigates with the network gone, /api never comes from a
// cache, and a new version waits for the cashier's "Update" instead of reloading by itself.

import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, waitForServiceWorkerControl } from '../support/browser.ts';
import { BUILT_APP, openTill, type Server, startTestHotelServer } from '../support/browser-test.ts';

const SECTIONS = ['Register', 'Tables', 'Room charge', 'Sync', 'Report', 'Catalogue', 'Settings'];

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
});

/** A first visit on a fresh tablet, returned once the service worker controls the page. */
async function openControlledTill(server: Server, path = '/'): Promise<Page> {
  const tablet = await openTill(browser, server, { path, until: 'service-worker' });
  context = tablet.context;
  return tablet.page;
}

async function expectShell(page: Page): Promise<void> {
  await expect.poll(() => page.locator('header').textContent()).toContain('Hotel Till');
  const links = page.getByRole('navigation').getByRole('link');
  expect(await links.allTextContents()).toEqual(SECTIONS);
  for (const box of await Promise.all((await links.all()).map((link) => link.boundingBox()))) {
    expect(box?.height ?? 0, 'navigation touch target height').toBeGreaterThanOrEqual(44);
  }
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
const connectionState = (page: Page) => page.getByTestId('connection-state').getAttribute('data-state');

describe('the app shell', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startTestHotelServer({ testMode: false });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('starts with the till name, the sections and the connection state once the worker controls it', async () => {
    const tablet = await openTill(browser, server, { until: 'service-worker' });
    context = tablet.context;
    const { page, errors } = tablet;

    await expectShell(page);
    expect(await heading(page)).toBe('Register'); // the register is the start screen (issue 14, problem 11)
    expect(await connectionState(page)).toBe('online');
    expect(await page.getByTestId('connection-state').textContent()).toBe('Online');
    expect(errors).toEqual([]);
  });

  it('reloads from the precache and opens other sections with the network gone', async () => {
    const page = await openControlledTill(server);
    await context!.setOffline(true);
    await expect.poll(() => connectionState(page)).toBe('offline');

    await page.reload();
    await expectShell(page);
    expect(await heading(page)).toBe('Register'); // the register is the start screen (issue 14, problem 11)
    expect(await connectionState(page)).toBe('offline');

    // A lazy-loaded section whose chunk was never requested online comes from the precache.
    await page.getByRole('link', { name: 'Room charge' }).click();
    await expect.poll(() => heading(page)).toBe('Room charge');
    expect(page.url()).toBe(new URL('/room-charge', server.url).href);
  });

  it('opens a deep link offline through the navigation fallback', async () => {
    const page = await openControlledTill(server);
    await context!.setOffline(true);

    await page.goto(new URL('/register', server.url).href);
    await expectShell(page);
    expect(await heading(page)).toBe('Register');
    expect(await page.getByRole('link', { name: 'Register' }).getAttribute('aria-current')).toBe('page');
  });

  it('never answers /api from a cache: offline, API requests fail', async () => {
    const page = await openControlledTill(server);
    const apiUrl = new URL('/api/no-such-endpoint', server.url).href;
    const onlineStatus = await page.evaluate(
      (url) => fetch(url, { headers: { 'x-till-request-id': crypto.randomUUID() } }).then((r) => r.status),
      apiUrl,
    );
    expect(onlineStatus).toBe(404); // answered by the server, as JSON, not by the app shell

    await context!.setOffline(true);
    const offlineOutcome = await page.evaluate(
      (url) =>
        fetch(url, { headers: { 'x-till-request-id': crypto.randomUUID() } }).then(
          (response) => `status ${response.status}`,
          () => 'network error',
        ),
      apiUrl,
    );
    expect(offlineOutcome).toBe('network error');
  });
});

describe('the update prompt', () => {
  let server: Server;
  let appCopy: string;

  beforeAll(async () => {
    // A private copy of the build, so this test can publish a "new version" of the worker.
    appCopy = await mkdtemp(join(tmpdir(), 'hotel-till-app-'));
    await cp(BUILT_APP, appCopy, { recursive: true });
    server = await startTestHotelServer({ testMode: false, staticDir: appCopy });
  });

  afterAll(async () => {
    await server?.close();
    await rm(appCopy, { recursive: true, force: true });
  });

  it('offers a new version, waits for the cashier, and switches to it on "Update"', async () => {
    const page = await openControlledTill(server, '/register');
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    const banner = page.getByRole('alert');
    expect(await banner.count(), 'no update banner while this is the newest version').toBe(0);

    // Publish a new worker that can say which version it is.
    await appendFile(
      join(appCopy, 'sw.js'),
      `\nself.addEventListener('message', (event) => {
        if (event.data === 'which version?') event.ports[0].postMessage('next version');
      });\n`,
    );
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    await expect.poll(() => banner.textContent(), { timeout: 15_000 }).toContain('New version available');
    // It waits: no automatic reload, the old worker stays in control, the new one is waiting.
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
    ).toBe('installed');

    await banner.getByRole('button', { name: 'Update' }).click();
    await page.waitForFunction(() => !('beforeUpdate' in window), undefined, { timeout: 15_000 });
    await waitForServiceWorkerControl(page);

    const version = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(String(event.data));
          navigator.serviceWorker.controller!.postMessage('which version?', [channel.port2]);
          setTimeout(() => resolve('no answer: the old version is still in control'), 5_000);
        }),
    );
    expect(version).toBe('next version');
    expect(await heading(page)).toBe('Register');
    expect(await banner.count(), 'no update banner once updated').toBe(0);
  });
});
