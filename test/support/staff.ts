// What staff do on the lock screen and in the approval dialog, for browser tests: tap a name, type
// a PIN on the pad; and a till with the demo staff for files that play one story in order.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { OutletPolicy } from '../../src/pms/staff-calls.ts';
import {
  collectPageErrors,
  launchChromium,
  openFreshContext,
  waitForServiceWorkerControl,
} from './browser.ts';
import { type Server, startTestHotelServer } from './browser-test.ts';
import { pairContext } from './pair.ts';

/** Types `pin` on the PIN pad inside `within` (the page, or the approval dialog). */
export async function typePin(within: Page | Locator, pin: string): Promise<void> {
  for (const digit of pin) await within.locator('.pin-key', { hasText: new RegExp(`^${digit}$`) }).click();
}

/** Signs `name` in on the lock screen with `pin`, and waits until the header names them. */
export async function signIn(page: Page, name: string, pin: string): Promise<void> {
  await page.locator('.lock-person', { hasText: name }).click();
  await typePin(page, pin);
  await page.locator('.app-staff-name', { hasText: name }).waitFor();
}

/** The manager-approval dialog. */
export function approvalDialog(page: Page): Locator {
  return page.getByTestId('approval-dialog');
}

/** One tablet on a till server with the demo staff, shared by the tests of a file that play one story in order. */
export interface StaffTill {
  browser: Browser;
  server: Server;
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors so far. */
  errors: string[];
  deviceId: string;
  close(): Promise<void>;
}

/**
 * Starts a till server with the demo staff (waiters Mia 1111 and Jonas 2222, manager Anna 9999;
 * keys sealed with 100,000 rounds) and the built app, and opens one paired tablet (`Bar 1`, en-GB)
 * on the lock screen. `before` runs on the page before it loads (e.g. installing a fake clock).
 * @example beforeAll(async () => { till = await startStaffTill(); }); afterAll(() => till.close());
 */
export async function startStaffTill(
  options: { policy?: Partial<Omit<OutletPolicy, 'outlet'>>; before?: (page: Page) => Promise<void> } = {},
): Promise<StaffTill> {
  const browser = await launchChromium();
  const server = await startTestHotelServer({ demoStaff: true, staffKeyRounds: 100_000 });
  if (options.policy)
    server.hub.staff.setPolicy('bar', { ...server.hub.staff.policy('bar'), ...options.policy });
  const context = await openFreshContext(browser, { locale: 'en-GB' });
  const deviceId = (await pairContext(context, server, { name: 'Bar 1' })).id;
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await options.before?.(page);
  await page.goto(server.url);
  await waitForServiceWorkerControl(page);
  return {
    browser,
    server,
    context,
    page,
    errors,
    deviceId,
    async close() {
      await context.close();
      await browser.close();
      await server.close();
    },
  };
}
