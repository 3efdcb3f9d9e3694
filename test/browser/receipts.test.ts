// Receipts, refunds and the truth of the sync card and the report (issue 14, problems 9 refund part,
// 10 and 12), in Chromium against the test hotel (run `npx vite build` first): the receipt's header
// comes from the till server (set on the admin page) and it shows the PMS invoice number once confirmed; a copy of a receipt
// of the shift prints again from the report, marked as a copy; a confirmed cash sale is refunded as
// a correction on the till (slip, what to do in the PMS, nothing sent); offline the sync card's dot
// is not green; a voided sale stays in Sync with who and why, and the report shows its amount.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest as it, openTill, ROOM_CHARGE, type Server } from '../support/browser-test.ts';
import { chargeTicketToRoom, hotelProduct, itemsOfSale, stayIn } from './front-desk.ts';
import { countPrintDialogs, hotelDb, productTile } from './till.ts';

const receiptPanel = (page: Page) => page.locator('.receipt-panel');
const navTo = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true }).click();

/** Sells `taps` Pils 0,3 l for cash at the register; answers the sale reference. */
async function sellPils(page: Page, taps = 2): Promise<string> {
  await navTo(page, 'Register');
  for (let i = 0; i < taps; i++) await productTile(page, 'Pils 0,3 l').click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const reference = receiptPanel(page).getByTestId('receipt-reference');
  await reference.waitFor();
  const text = (await reference.textContent()) ?? '';
  await page.getByRole('button', { name: 'New sale' }).click();
  return text;
}

function invoicesOf(server: Server, reference: string) {
  return hotelDb(server)
    .prepare('SELECT id, status FROM invoices WHERE reference = ? ORDER BY id')
    .all(reference) as { id: number; status: string }[];
}

const receiptRow = (page: Page, reference: string) =>
  page.getByTestId('shift-receipts').locator(`li[data-reference="${reference}"]`);

describe('receipts', () => {
  it('print the hotel header set on the server, the PMS invoice once confirmed, and again as a copy from the report', async ({
    browser,
    server,
  }) => {
    // The header belongs to the hotel, set once on the admin page; the tablet shows it, read-only.
    server.hub.receiptHeaders.set('hotel', {
      hotelName: 'Hotel Alpenblick',
      hotelAddress: 'Maria-Theresien-Straße 1, 6020 Innsbruck',
      vatId: 'atu 1234 5678',
    });
    const { page, errors } = await openTill(browser, server, { path: '/settings' });
    const fromServer = page.getByTestId('receipt-header-from-server');
    await expect
      .poll(() => fromServer.locator('dd').allTextContents(), { timeout: 10_000 })
      .toEqual(['Hotel Alpenblick', 'Maria-Theresien-Straße 1, 6020 Innsbruck', 'ATU12345678']);
    expect(await page.getByLabel('VAT ID', { exact: true }).count()).toBe(0);

    await navTo(page, 'Register');
    await productTile(page, 'Pils 0,3 l').click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    const receipt = receiptPanel(page);
    await receipt.getByTestId('receipt-reference').waitFor();
    const reference = (await receipt.getByTestId('receipt-reference').textContent()) ?? '';
    expect(await receipt.getByTestId('receipt-hotel').locator(':scope > *').allTextContents()).toEqual([
      'Hotel Alpenblick',
      'Maria-Theresien-Straße 1, 6020 Innsbruck',
      'VAT ID ATU12345678',
    ]);
    await expect
      .poll(() => receipt.getByTestId('receipt-status').textContent(), { timeout: 15_000 })
      .toBe('Confirmed by the PMS');
    const [invoice, ...others] = invoicesOf(server, reference);
    expect(others).toEqual([]);
    expect(invoice?.status).toBe('closed');
    await expect
      .poll(() => receipt.getByTestId('receipt-invoice').textContent())
      .toBe(`PMS invoice ${invoice?.id}`);
    await page.getByRole('button', { name: 'New sale' }).click();

    await navTo(page, 'Report');
    const printed = await countPrintDialogs(page);
    await receiptRow(page, reference).getByRole('button', { name: 'Print copy' }).click();
    const copy = page.locator('.report-slip [data-testid="receipt"]');
    expect(await copy.getByTestId('receipt-copy').textContent()).toBe('COPY / KOPIE');
    expect(await copy.getByTestId('receipt-reference').textContent()).toBe(reference);
    expect(await copy.getByTestId('receipt-hotel').textContent()).toContain('Hotel Alpenblick');
    await expect
      .poll(() => copy.getByTestId('receipt-invoice').textContent())
      .toBe(`PMS invoice ${invoice?.id}`);
    await page.locator('.report-slip').getByRole('button', { name: 'Print', exact: true }).click();
    expect(await printed()).toBe(1);
    // In print, the copy stands alone (the report and the till's chrome are hidden).
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.print-root [data-testid="receipt-copy"]').isVisible()).toBe(true);
    expect(await page.getByRole('navigation').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
  });
});

describe('refunding a confirmed cash sale', () => {
  it('records a cancellation on the till, prints its slip with what to do in the PMS, and sends nothing', async ({
    browser,
    server,
  }) => {
    const { page, errors } = await openTill(browser, server, { path: '/settings' });
    await page.getByLabel('Staff name').fill('Mia');
    await page.getByLabel('Staff name').press('Tab');
    const reference = await sellPils(page, 2);
    await navTo(page, 'Report');
    const row = receiptRow(page, reference);
    await expect
      .poll(() => row.getByRole('button', { name: 'Refund…' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    const [invoice] = invoicesOf(server, reference);
    const itemsBefore = hotelDb(server).prepare('SELECT COUNT(*) AS n FROM invoice_items').get();

    await row.getByRole('button', { name: 'Refund…' }).click();
    await page.getByRole('button', { name: 'Refund €8.40 and print the slip' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Give a reason.');
    await page.getByLabel('Why is the sale refunded?').fill('Wrong beer');
    await page.getByRole('button', { name: 'Refund €8.40 and print the slip' }).click();

    const slip = page.locator('.report-slip [data-testid="cancellation-slip"]');
    await slip.waitFor();
    expect(await slip.textContent()).toContain('CANCELLATION');
    expect(await slip.textContent()).not.toContain('STORNO'); // the slip is in the tablet's language (issue 33)
    expect(await slip.textContent()).toContain(`Cancels sale ${reference}`);
    expect(await slip.textContent()).toContain('Wrong beer');
    expect(await slip.getByTestId('slip-total').textContent()).toBe('-€8.40');
    expect(await slip.getByTestId('slip-in-pms').textContent()).toBe(
      `Still to do in the PMS: cancel invoice ${invoice?.id} there (credit note). The till cannot.`,
    );
    expect(await row.getByRole('button', { name: 'Refund…' }).count()).toBe(0);
    expect(await row.textContent()).toContain('Refunded');
    const syncTable = page.getByTestId('report-sync');
    await expect
      .poll(() => syncTable.getByRole('row', { name: /^Refunded cash sales/ }).textContent())
      .toBe('Refunded cash sales1-€8.40');
    expect(await page.getByTestId('report-total').textContent()).toContain('€0.00');

    await navTo(page, 'Sync');
    const refund = page.getByRole('region', { name: /^Refunded: to do in the PMS/ });
    expect(await refund.getByTestId('cancel-in-pms').textContent()).toBe(
      `Cancel invoice ${invoice?.id} (sale ${reference}) in the PMS: the till cannot.`,
    );
    expect(await refund.textContent()).toContain('Refunded by Mia: Wrong beer');
    // Nothing reached the PMS: the invoice stays as it was, closed, with its items.
    expect(invoicesOf(server, reference)).toEqual([{ id: invoice?.id, status: 'closed' }]);
    expect(hotelDb(server).prepare('SELECT COUNT(*) AS n FROM invoice_items').get()).toEqual(itemsBefore);
    expect(errors).toEqual([]);
  });
});

describe('the sync card and the report tell the truth', () => {
  it('offline, the dot is not green; a voided sale stays in Sync with who and why, and the report shows its amount', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server, ROOM_CHARGE);
    const stay = stayIn(server, '401');
    await page.context().setOffline(true);
    const charged = await chargeTicketToRoom(server, page, '401', 'Hofer', [
      { number: 'B-101', quantity: 2 },
    ]);
    await page.getByTestId('connection-state').click();
    const state = page.locator('.sync-status .sync-state');
    await expect.poll(() => state.getAttribute('data-state')).toBe('offline');
    const dotColour = (selector: string) =>
      page.locator(selector).evaluate((dot) => getComputedStyle(dot).backgroundColor);
    const offline = await dotColour('.connection-state .connection-dot');
    expect(await dotColour('.sync-status .connection-dot')).toBe(offline);

    // The guest checks out meanwhile: back online, the PMS refuses the charge, and staff void it.
    server.hotel!.db.prepare("UPDATE room_reservations SET status = 'CHECKED_OUT' WHERE id = ?").run(stay.id);
    await page.context().setOffline(false);
    const attention = page.getByRole('region', { name: /^Needs attention/ });
    const card = attention.locator(`article[data-reference="${charged}"]`);
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Void…' }).click();
    await card.getByLabel('Reason for voiding').fill('Guest paid at reception');
    await card.getByRole('button', { name: 'Void sale' }).click();
    const voided = page
      .getByRole('region', { name: /^Voided/ })
      .locator(`article[data-reference="${charged}"]`);
    await voided.waitFor();
    const amount = `€${((2 * hotelProduct(server, 'B-101').cents) / 100).toFixed(2)}`;
    expect(await voided.textContent()).toContain('Voided by Mia: Guest paid at reception');
    expect(await voided.locator('.sync-amount').textContent()).toBe(amount);
    expect(await page.getByTestId('all-in-pms').textContent()).toBe(
      'Every sale that was not voided is in the PMS; voided sales were never sent.',
    );

    await navTo(page, 'Report');
    await expect
      .poll(() =>
        page
          .getByTestId('report-sync')
          .getByRole('row', { name: /^Voided/ })
          .textContent(),
      )
      .toBe(`Voided (not counted)1${amount}`);
    expect(itemsOfSale(server, stay.id, charged)).toEqual([]);
  });
});
