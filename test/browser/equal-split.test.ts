// A bill paid in three equal parts through the pay screen, in real Chromium against the test hotel
// (build first: `npm run build`), issue 30: the ledger holds each item once over the parts, at its
// price, with no discount (the X report counts the bill's items), and the PMS gets each part as one
// line per bill line at quantity 1, named with its share, the parts adding up to the bill.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { collectPageErrors } from '../support/browser.ts';
import { browserTest as it, openTill, type Server } from '../support/browser-test.ts';
import { hotelDb, productTile } from './till.ts';

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay/ });

/** Completes the payment on screen and answers the receipt's sale reference; then back to the ticket. */
async function completeAndReturn(page: Page): Promise<string> {
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const reference = page.locator('.receipt-panel').getByTestId('receipt-reference');
  await reference.waitFor();
  const text = (await reference.textContent()) ?? '';
  await page.getByRole('button', { name: /^(New sale|Back to the rest of the ticket)$/ }).click();
  return text;
}

/** The closed cash invoice's items of each reference, in the PMS's database. */
function pmsItems(server: Server, reference: string) {
  return hotelDb(server)
    .prepare(
      `SELECT i.name, i.quantity, i.price_cents AS cents FROM invoice_items i JOIN invoices v ON v.id = i.invoice_id
        WHERE v.reference = ? AND v.status = 'closed' ORDER BY i.id`,
    )
    .all(reference) as { name: string; quantity: number; cents: number }[];
}

/** What the ledger holds of the sales with these references, per product. */
function ledgerLines(server: Server, references: string[]) {
  return server.hub.db
    .prepare(
      `SELECT l.name, SUM(l.quantity_milli) AS milli, SUM(l.gross_cents) AS gross, SUM(l.discount_cents) AS discount
         FROM ledger_lines l JOIN ledger_sales s ON s.seq = l.sale_seq
        WHERE s.reference IN (SELECT value FROM json_each(?)) GROUP BY l.product_id ORDER BY l.name`,
    )
    .all(JSON.stringify(references)) as { name: string; milli: number; gross: number; discount: number }[];
}

const itemsOnTheX = (server: Server) =>
  server.hub.closing.xReport().hotel.byGroup.reduce((sum, group) => sum + group.quantityMilli, 0);

describe('a bill paid in equal parts', () => {
  it('counts each item once in the ledger and reaches the PMS as shares that add up to the bill', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server);
    const errors = collectPageErrors(page);
    const itemsBefore = itemsOnTheX(server);
    // 2 × 4.20 + 10.50 + 2.80 = 21.70 -> 7.24, 7.23, 7.23.
    for (const name of ['Pils 0,3 l', 'Pils 0,3 l', 'Gin Tonic', 'Espresso'])
      await productTile(page, name).click();
    const references: string[] = [];
    await payButton(page).click();
    await page.getByRole('button', { name: 'Equal parts' }).click();
    await page.getByRole('button', { name: 'One part more' }).click();
    expect(await page.getByTestId('pay-total').textContent()).toBe('€7.24');
    references.push(await completeAndReturn(page));
    await payButton(page).click();
    expect(await page.getByTestId('pay-total').textContent()).toBe('€7.23');
    references.push(await completeAndReturn(page));
    await payButton(page).click();
    expect(await page.getByTestId('split-summary').textContent()).toBe(
      'Last part (3 of 3): €7.23, all that is left.',
    );
    references.push(await completeAndReturn(page));
    await page.getByText('Tap a product to add it.').waitFor();

    // The PMS: one line per bill line at quantity 1 in each part, named with its share.
    await expect
      .poll(() => references.map((reference) => pmsItems(server, reference).length), { timeout: 20_000 })
      .toEqual([3, 3, 3]);
    const items = references.map((reference) => pmsItems(server, reference));
    expect(items[0]!.map((item) => [item.name, item.quantity])).toEqual([
      ['Pils 0,3 l · share 1/3', 1],
      ['Gin Tonic · share 1/3', 1],
      ['Espresso · share 1/3', 1],
    ]);
    expect(items[2]!.map((item) => item.name)).toEqual([
      'Pils 0,3 l · share 3/3',
      'Gin Tonic · share 3/3',
      'Espresso · share 3/3',
    ]);
    expect(items.map((part) => part.reduce((sum, item) => sum + item.quantity * item.cents, 0))).toEqual([
      724, 723, 723,
    ]);
    const perLine = [0, 1, 2].map((line) => items.reduce((sum, part) => sum + part[line]!.cents, 0));
    expect(perLine).toEqual([840, 1050, 280]);

    // The ledger: each item once over the three parts, at its price, no discount.
    expect(ledgerLines(server, references)).toEqual([
      { name: 'Espresso', milli: 1000, gross: 280, discount: 0 },
      { name: 'Gin Tonic', milli: 1000, gross: 1050, discount: 0 },
      { name: 'Pils 0,3 l', milli: 2000, gross: 840, discount: 0 },
    ]);
    expect(itemsOnTheX(server) - itemsBefore).toBe(4000);
    expect(errors).toEqual([]);
  }, 120_000);
});
