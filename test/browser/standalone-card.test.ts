// A card sale while the till server is down, in real Chromium (build first), issue 30: the pay screen
// does not offer "Complete sale" for a card method it cannot take through the terminal (before, it
// did, and the tablet recorded card money no terminal took); it says the till server cannot be
// reached and offers the stand-alone terminal with its receipt number (a wrong one is said in words);
// the sale is kept and goes through the outbox, and once the server is back the ledger holds a card
// payment without terminal data, its receipt number listed apart on the X as "stand-alone".

import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openTill, type Server, tillTest } from '../support/browser-test.ts';
import { hotelDb, productTile, screenshot } from './till.ts';

const it = tillTest({ server: { terminalDouble: { stepMs: 300 } } });

/** The till server stops answering (connection refused), for the page and its service worker. */
async function stopServer(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.pathname !== '/' && !url.pathname.includes('.'),
    (route) => route.abort('connectionrefused'),
  );
}

const standalone = (page: Page) => page.getByTestId('card-standalone');

/** The ledger's payments of the sale `reference`, with the stand-alone receipt number where there is one. */
function ledgerPayments(server: Server, reference: string) {
  return server.hub.db
    .prepare(
      `SELECT s.kind, p.method, p.amount_cents AS amount, p.card, c.receipt_number AS standalone
         FROM ledger_sales s JOIN ledger_payments p ON p.sale_seq = s.seq
         LEFT JOIN ledger_standalone_cards c ON c.sale_seq = p.sale_seq AND c.payment_no = p.payment_no
        WHERE s.reference = ?`,
    )
    .all(reference);
}

describe('a card sale while the till server is down', () => {
  it('is taken on the stand-alone terminal with its receipt number, never recorded as a driven card payment', async ({
    browser,
    server,
  }) => {
    const { context, page } = await openTill(browser, server);
    await stopServer(context);
    await productTile(page, 'Espresso').click();
    await productTile(page, 'Club Sandwich').click(); // 2.80 + 15.50 = 18.30
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'EC-Karte / Girocard' }).check();
    await standalone(page).waitFor({ timeout: 10_000 });
    // What fell through before: a plain "Complete sale" for a card no terminal took.
    expect(await page.getByRole('button', { name: 'Complete sale' }).count()).toBe(0);
    expect(await page.getByTestId('card-pay').count()).toBe(0);
    expect(await standalone(page).getByRole('status').textContent()).toMatch(
      /^The till server cannot be reached, so this till cannot drive the card terminal\./,
    );
    const record = page.getByRole('button', { name: 'Approved on the terminal: record €18.30' });
    expect(await record.isDisabled()).toBe(true); // no receipt number yet
    await page.getByLabel('Terminal receipt number').fill('12a');
    await record.click();
    expect(await standalone(page).getByRole('alert').textContent()).toBe(
      'Type the terminal receipt number: 1 to 10 digits.',
    );
    await page.getByLabel('Terminal receipt number').fill('0815');
    await screenshot(page, 'card-standalone');
    await record.click();

    const receipt = page.locator('.receipt-panel');
    const referenceText = receipt.getByTestId('receipt-reference');
    await referenceText.waitFor({ timeout: 15_000 });
    const reference = (await referenceText.textContent()) ?? '';
    expect(await receipt.getByTestId('receipt-card-standalone').textContent()).toBe(
      'Card (stand-alone terminal), terminal receipt no. 0815',
    );
    expect(ledgerPayments(server, reference)).toEqual([]); // nothing reached the server yet
    expect(server.terminalDouble!.charges()).toEqual([]); // nor the terminal the till drives

    await context.unrouteAll();
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.locator('nav a[href="/sync"]').click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(() => ledgerPayments(server, reference), { timeout: 30_000 })
      .toEqual([{ kind: 'sale', method: 'card', amount: 1830, card: null, standalone: '0815' }]);
    expect(server.hub.closing.xReport().standaloneCards).toMatchObject([
      { reference, receiptNumber: '0815', amountCents: 1830, kind: 'sale' },
    ]);
    // The PMS's invoice is closed by the card method, as any card sale's.
    await expect
      .poll(
        () =>
          hotelDb(server)
            .prepare('SELECT status, payment_method_id AS method FROM invoices WHERE reference = ?')
            .all(reference),
        { timeout: 20_000 },
      )
      .toEqual([{ status: 'closed', method: 2 }]);
  });
});
