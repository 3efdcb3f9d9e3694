import { describe, expect } from 'vitest';
import { browserTest as it, openTill } from '../support/browser-test.ts';
import { hotelDb, productTile, ticketContents } from './till.ts';

describe('completing a sale the tablet cannot record', () => {
  it('says the sale was not saved, keeps the ticket, and records it once when tried again', async ({
    browser,
    server,
  }) => {
    const till = await openTill(browser, server);
    const { page } = till;
    await productTile(page, 'Pils 0,3 l').click();
    await productTile(page, 'Gin Tonic').click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    // As on a page where the browser withholds crypto.randomUUID (or IndexedDB throws).
    await page.evaluate(() => {
      Object.defineProperty(Crypto.prototype, 'randomUUID', { value: undefined, configurable: true });
    });

    await page.getByRole('button', { name: 'Complete sale' }).click();

    const alert = page.locator('.pay-panel [role="alert"]');
    await expect
      .poll(() => alert.textContent())
      .toMatch(/^The sale was NOT saved on this tablet: it is not recorded\./);
    expect(await page.locator('.receipt-panel').count()).toBe(0);
    await page.getByRole('button', { name: 'Back to ticket' }).click();
    expect(await ticketContents(page)).toEqual([
      ['Pils 0,3 l', '1'],
      ['Gin Tonic', '1'],
    ]);

    await page.reload(); // the browser's own crypto.randomUUID is back; the ticket is still there
    await page.locator('nav a[href="/"]').waitFor();
    await expect
      .poll(() => ticketContents(page))
      .toEqual([
        ['Pils 0,3 l', '1'],
        ['Gin Tonic', '1'],
      ]);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    const reference = page.locator('.receipt-panel').getByTestId('receipt-reference');
    await reference.waitFor();
    const sold = (await reference.textContent()) ?? '';
    const invoices = () =>
      hotelDb(server).prepare('SELECT status FROM invoices WHERE reference = ?').all(sold) as {
        status: string;
      }[];
    await expect
      .poll(() => invoices().map((invoice) => invoice.status), { timeout: 15_000 })
      .toEqual(['closed']);
  });
});
