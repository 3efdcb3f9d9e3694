// Shared steps of the catalogue and register browser tests (tablets come from openTill in
// test/support/browser-test.ts): locators staff would use (roles and names), and reads of the test
// hotel's database to check what reached the PMS.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { HotelDb } from '../../src/test-hotel/index.ts';
import type { Server } from '../support/browser-test.ts';

export function hotelDb(server: Server): HotelDb {
  if (!server.hotel) throw new Error('the server runs without the test hotel');
  return server.hotel.db;
}

/** A product tile in the grid (not a quick key), by the start of its name; in any UI language. */
export function productTile(page: Page, name: string) {
  return page.locator('ul.product-grid').getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) });
}

/** Counts window.print() calls instead of opening the print dialogue; answers a reader of the count. */
export async function countPrintDialogs(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
  return () => page.evaluate(() => (window as unknown as { printed: number }).printed);
}

/** The search field a barcode scanner types into. */
export function searchField(page: Page) {
  return page.getByRole('searchbox', { name: 'Search by name, number or barcode' });
}

/** Names and quantities of the ticket's lines, as shown. */
export async function ticketContents(page: Page): Promise<[string, string][]> {
  // One read of the lines as they are now: row by row, a line re-rendered in between (a tab
  // following another's ticket) left a locator waiting 30 s for a row that was gone.
  return page
    .locator('ul.ticket-lines')
    .getByRole('listitem')
    .evaluateAll((rows) =>
      rows.map((row): [string, string] => [
        row.querySelector('.line-name')?.textContent ?? '',
        row.querySelector('.line-qty')?.textContent ?? '',
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
