// Shared steps of the catalogue and register browser tests (the server comes from browserTest): a
// fresh tablet that has loaded (and cached) the catalogue, locators staff would use (roles and
// names), and reads of the test hotel's database to check what reached the PMS.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { HotelDb } from '../../src/test-hotel/index.ts';
import { collectPageErrors, openFreshContext, waitForServiceWorkerControl } from '../support/browser.ts';
import type { Server } from '../support/browser-test.ts';
import { pairContext } from '../support/pair.ts';

export { BUILT_APP, type Server } from '../support/browser-test.ts';

export function hotelDb(server: Server): HotelDb {
  if (!server.hotel) throw new Error('the server runs without the test hotel');
  return server.hotel.db;
}

export interface Till {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * A fresh tablet (en-GB), paired with the server, on the catalogue page, once the service worker controls it and the
 * catalogue has been fetched from the PMS and cached; then on `path`.
 */
export async function openTill(
  browser: Browser,
  server: Server,
  path = '/',
  viewport = { width: 768, height: 1024 },
  locale = 'en-GB',
): Promise<Till> {
  const context = await openFreshContext(browser, { locale, viewport });
  await pairContext(context, server);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(server.url);
  await waitForServiceWorkerControl(page);
  // Fetched from the PMS and cached in IndexedDB (the refresh counts as running until it is cached).
  const status = page.getByTestId('refresh-status');
  await expect
    .poll(async () => [
      await status.getAttribute('data-refreshed'),
      await status.getAttribute('data-running'),
    ])
    .toEqual(['true', 'false']);
  if (path !== '/') {
    await page.locator(`nav a[href="${path}"]`).click();
    // The section's code and texts load on the way: its view has replaced the register's.
    await page.locator('main .view:not(.register-view)').waitFor();
  }
  return { context, page, errors };
}

/** A product tile in the grid (not a quick key), by the start of its name; in any UI language. */
export function productTile(page: Page, name: string) {
  return page.locator('ul.product-grid').getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) });
}

/** The search field a barcode scanner types into. */
export function searchField(page: Page) {
  return page.getByRole('searchbox', { name: 'Search by name, number or barcode' });
}

/** Names and quantities of the ticket's lines, as shown. */
export async function ticketContents(page: Page): Promise<[string, string][]> {
  const rows = page.locator('ul.ticket-lines').getByRole('listitem');
  return Promise.all(
    (await rows.all()).map(async (row) => [
      (await row.locator('.line-name').textContent()) ?? '',
      (await row.locator('.line-qty').textContent()) ?? '',
    ]),
  );
}

export function ticketTotal(page: Page) {
  return page.getByTestId('ticket-total').textContent();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Saves a screenshot under test-results/screenshots for people (and the image viewer) to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join('test-results', 'screenshots', `${name}.png`) });
}
