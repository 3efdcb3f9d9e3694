// Money as staff type it and read it, in Chromium against the test hotel (issue 14, problems 8 and
// 14): an open price out of range says which limit it broke (not "greater than zero"); one above
// the usual limit on a till without staff is said back ("€5,000.00 — is that right?") before it is
// added, and then reaches the PMS at that price; the demo hotel in Innsbruck charges Austrian VAT.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest as it, openTill, type Server } from '../support/browser-test.ts';
import { hotelDb, productTile, ticketContents } from './till.ts';

const openPriceDialog = (page: Page) => page.getByRole('dialog', { name: 'Open-price item' });

async function typeOpenPrice(page: Page, amount: string) {
  const dialog = openPriceDialog(page);
  if (!(await dialog.isVisible())) await productTile(page, 'Ladestation').click();
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByRole('button', { name: 'Add to ticket' }).click();
}

async function payCash(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const reference = page.locator('.receipt-panel').getByTestId('receipt-reference');
  await reference.waitFor();
  return (await reference.textContent()) ?? '';
}

/** The items of the closed cash invoice of `reference`, once the PMS has it. */
async function closedItems(server: Server, reference: string) {
  const db = hotelDb(server);
  const items = () =>
    db
      .prepare(
        `SELECT i.name, i.quantity, i.price_cents FROM invoice_items i JOIN invoices v ON v.id = i.invoice_id
         WHERE v.reference = ? AND v.status = 'closed' ORDER BY i.id`,
      )
      .all(reference);
  await expect.poll(items, { timeout: 15_000 }).not.toEqual([]);
  return items();
}

describe('amounts typed with thousands grouping (issue 22)', () => {
  it('reads "5,000" in English and "5.000" in German as five thousand, and says so before adding it', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server);
    await typeOpenPrice(page, '5,000');
    const dialog = openPriceDialog(page);
    await expect.poll(() => dialog.getByText('€5,000.00 — is that right?').isVisible()).toBe(true);
    await typeOpenPrice(page, '4,20'); // not grouped in threes: still a decimal comma
    await expect.poll(() => ticketContents(page)).toEqual([['Ladestation / Charging station', '1']]);

    const german = await openTill(browser, server, {
      viewport: { width: 1024, height: 768 },
      locale: 'de-DE',
    });
    const deDialog = german.page.getByRole('dialog', { name: 'Artikel mit freiem Preis' });
    await productTile(german.page, 'Ladestation').click();
    await deDialog.getByLabel('Betrag').fill('5.000');
    await deDialog.getByRole('button', { name: 'Auf den Bon' }).click();
    await expect.poll(() => deDialog.getByText('5.000,00 € – stimmt das?').isVisible()).toBe(true);
  });
});

describe('open prices (problem 8)', () => {
  it('says "at most €100,000.00" for 999999 and 100000.01, and adds nothing', async ({ browser, server }) => {
    const { page } = await openTill(browser, server);
    for (const amount of ['999999', '100000.01']) {
      await typeOpenPrice(page, amount);
      await expect
        .poll(() => openPriceDialog(page).getByRole('alert').textContent())
        .toBe('The amount can be at most €100,000.00.');
    }
    await typeOpenPrice(page, '0,001');
    await expect
      .poll(() => openPriceDialog(page).getByRole('alert').textContent())
      .toBe('An amount has at most two decimals, e.g. 12.50.');
    await typeOpenPrice(page, '0');
    await expect
      .poll(() => openPriceDialog(page).getByRole('alert').textContent())
      .toBe('The amount must be more than €0.00.');
    expect(await ticketContents(page)).toEqual([]);
  });

  it('asks "€5,000.00 — is that right?" above the usual limit, and sells it at that price once confirmed', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server);
    await typeOpenPrice(page, '5000');
    const dialog = openPriceDialog(page);
    await expect.poll(() => dialog.getByText('€5,000.00 — is that right?').isVisible()).toBe(true);
    expect(await ticketContents(page)).toEqual([]); // not yet
    await dialog.getByRole('button', { name: 'Change the amount' }).click();
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('5000');
    await dialog.getByLabel('Amount').fill('5000,00');
    await dialog.getByRole('button', { name: 'Add to ticket' }).click();
    await dialog.getByRole('button', { name: 'Yes, add €5,000.00' }).click();
    await expect.poll(() => ticketContents(page)).toEqual([['Ladestation / Charging station', '1']]);
    const reference = await payCash(page);
    expect(await closedItems(server, reference)).toEqual([
      { name: expect.stringMatching(/^Ladestation/), quantity: 1, price_cents: 500_000 },
    ]);
  });

  it('adds an open price within the usual limit without asking', async ({ browser, server }) => {
    const { page } = await openTill(browser, server);
    await typeOpenPrice(page, '12,34');
    await expect.poll(() => ticketContents(page)).toEqual([['Ladestation / Charging station', '1']]);
  });
});

describe('demo data of a hotel in Innsbruck (problem 14)', () => {
  it('shows Austrian VAT, 20 %, 10 % and 13 %, on the ticket and the receipt', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server);
    for (const name of ['Pils 0,3 l', 'Kaiserschmarrn', 'Sauna Tageskarte'])
      await productTile(page, name).click();
    const totals = (await page.getByTestId('ticket-totals').textContent()) ?? '';
    for (const vat of ['incl. VAT 20 %€0.70', 'incl. VAT 10 %€1.14', 'incl. VAT 13 %€2.07']) {
      expect(totals).toContain(vat);
    }
    expect(totals).not.toMatch(/19 %|7 %/);
    await payCash(page);
    const receipt = (await page.locator('.receipt-panel').textContent()) ?? '';
    for (const vat of ['VAT 20 %', 'VAT 10 %', 'VAT 13 %']) expect(receipt).toContain(vat);
    expect(receipt).not.toMatch(/19 %|7 %/);
  });
});
