// The one way a Chromium browser test starts: `tillTest(options)` gives each test file one till
// server (test hotel in memory, test mode, the built app, loopback only) and one Chromium, stopped
// after the file's last test; `openTill` opens a tablet on them (paired, on a path, signed in). After
// each test its tablets are closed and the faults it injected into the test hotel cleared; a file's
// shared `tablet` (a story played in order) is closed after the file.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { OutletPolicy } from '../../src/pms/staff-calls.ts';
import type { StartOptions } from '../../src/server/listen.ts';
import {
  collectPageErrors,
  launchChromium,
  openFreshContext,
  TABLET_VIEWPORT,
  waitForServiceWorkerControl,
} from './browser.ts';
import { signIn } from './staff.ts';
import {
  DEMO_STAFF,
  type PairOptions,
  pairContext,
  type Server,
  startTestHotelServer,
} from './till-server.ts';

export * from './till-server.ts';

/** What a tablet is and waits for when it opens. */
export interface TabletOptions {
  /** Where it ends up; default '/'. */
  path?: string;
  /**
   * What it waits for: 'catalogue' (default: fetched from the PMS and cached, then `path` is reached
   * through the nav), 'guest-list' (at `path`, the guest list fetched) or 'service-worker' (at `path`, controlled).
   */
  until?: 'catalogue' | 'guest-list' | 'service-worker';
  viewport?: { width: number; height: number };
  /** Default 'en-GB'. */
  locale?: string;
  timezoneId?: string;
  /** Saved before the first load: settings (staff Mia, till Bar 1, outlet Lobby bar) and the UI language (en). */
  settings?: { staffName?: string; language?: 'en' | 'de' };
  /** Pairing (default: paired as "Test tablet" at the bar); false leaves it unpaired. */
  pair?: PairOptions | false;
  /** Runs on the page before it loads (e.g. installing a fake clock). */
  before?: (page: Page) => Promise<void>;
  /** Signs this person in on the lock screen once it has opened (a server with the demo staff), before waiting `until`. */
  signIn?: { name: string; pin: string };
}

/** The front desk's tablet: in the hotel's time zone (Europe/Berlin), settings saved, opened straight at its path. */
export const FRONT_DESK: TabletOptions = {
  timezoneId: 'Europe/Berlin',
  settings: {},
  until: 'service-worker',
};

/** The front desk's tablet at the room charge, once the guest list is there. */
export const ROOM_CHARGE: TabletOptions = { ...FRONT_DESK, path: '/room-charge', until: 'guest-list' };

/** An open tablet: its browser context and page, the page's errors so far, and its device when paired. */
export interface Tablet {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors so far. */
  errors: string[];
  deviceId: string | undefined;
}

/**
 * Opens a fresh tablet (new context, empty storage) on the server, as `options` say.
 * @example const { page } = await openTill(browser, server, { path: '/catalogue' });
 */
export async function openTill(
  browser: Browser,
  server: Server,
  options: TabletOptions = {},
): Promise<Tablet> {
  const { path = '/', until = 'catalogue' } = options;
  const context = await openFreshContext(browser, {
    locale: options.locale ?? 'en-GB',
    viewport: options.viewport ?? TABLET_VIEWPORT,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const deviceId = options.pair === false ? undefined : (await pairContext(context, server, options.pair)).id;
  if (options.settings) {
    const settings = {
      staffName: options.settings.staffName ?? 'Mia',
      tillName: 'Bar 1',
      outletName: 'Lobby bar',
    };
    await context.addInitScript(
      ([saved, language]) => {
        if (!localStorage.getItem('hotel-till.settings')) localStorage.setItem('hotel-till.settings', saved);
        if (!localStorage.getItem('hotel-till.language'))
          localStorage.setItem('hotel-till.language', language);
      },
      [JSON.stringify(settings), options.settings.language ?? 'en'] as const,
    );
  }
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await options.before?.(page);
  await page.goto(until === 'catalogue' ? server.url : new URL(path, server.url).href);
  await waitForServiceWorkerControl(page);
  if (options.signIn) await signIn(page, options.signIn.name, options.signIn.pin);
  if (until === 'catalogue') await catalogueCached(page, path);
  if (until === 'guest-list') {
    await expect.poll(() => page.getByTestId('guest-list-age').textContent()).toMatch(/Guest list from/);
  }
  return { context, page, errors, deviceId };
}

/** Waits until the catalogue is fetched and cached (its refresh counts as running until then), then goes to `path`. */
async function catalogueCached(page: Page, path: string): Promise<void> {
  const status = page.getByTestId('refresh-status');
  await expect
    .poll(
      async () => [await status.getAttribute('data-refreshed'), await status.getAttribute('data-running')],
      { timeout: 15_000 },
    )
    .toEqual(['true', 'false']);
  if (path === '/') return;
  await page.locator(`nav a[href="${path}"]`).click();
  // The section's code and texts load on the way: its view has replaced the register's.
  await page.locator('main .view:not(.register-view)').waitFor();
}

/** How a test file's server and shared tablet are set up. */
export interface TillTestOptions {
  /** Server options over startTestHotelServer's. */
  server?: StartOptions;
  /** The demo staff: the till opens on the lock screen. */
  staff?: boolean;
  /** The bar's policy over the default (limits, idle lock). */
  policy?: Partial<Omit<OutletPolicy, 'outlet'>>;
  /** Runs once the server listens (printers, a TSE); what it returns runs after the file, before the server stops. */
  setUp?: (server: Server) => Promise<(() => Promise<void>) | void> | void;
  /** The file's one tablet (`tablet`), opened when a test first asks for it and kept for the file. */
  tablet?: TabletOptions;
}

/**
 * A test with the file's Chromium (`browser`), till server (`server`) and, for stories played in
 * order, shared tablet (`tablet`), each started once per file.
 * @example const it = tillTest({ staff: true, tablet: { pair: { name: 'Bar 1' } } });
 */
export function tillTest(options: TillTestOptions = {}) {
  const kept = new WeakSet<BrowserContext>();
  return (
    test
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
      .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
        const browser = await launchChromium();
        onCleanup(() => browser.close());
        return browser;
      })
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
      .extend('server', { scope: 'file' }, async ({}, { onCleanup }) => {
        const server = await startTestHotelServer({
          ...(options.staff ? DEMO_STAFF : {}),
          ...options.server,
        });
        let tearDown: (() => Promise<void>) | void;
        onCleanup(async () => {
          await tearDown?.();
          await server.close();
        });
        if (options.policy) {
          server.hub.staff.setPolicy('bar', { ...server.hub.staff.policy('bar'), ...options.policy });
        }
        tearDown = await options.setUp?.(server);
        return server;
      })
      .extend('tablet', { scope: 'file' }, async ({ browser, server }, { onCleanup }) => {
        const tablet = await openTill(browser, server, options.tablet);
        kept.add(tablet.context);
        onCleanup(() => tablet.context.close());
        return tablet;
      })
      .extend('cleansUp', { auto: true }, async ({ browser, server }, { onCleanup }) => {
        onCleanup(async () => {
          for (const context of browser.contexts()) if (!kept.has(context)) await context.close();
          server.hotel?.faults?.clear();
        });
        return true;
      })
  );
}

/**
 * A test with the file's Chromium (`browser`) and till server (`server`), each started once per file.
 * @example browserTest('sells', async ({ browser, server }) => { const { page } = await openTill(browser, server); });
 */
export const browserTest = tillTest();

/**
 * browserTest against a server with the demo staff: the till opens on the lock screen.
 * @example staffBrowserTest('voids', async ({ browser, server }) => { ...; await signIn(page, 'Mia', '1111'); });
 */
export const staffBrowserTest = tillTest({ staff: true });
