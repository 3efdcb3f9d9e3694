// A card sale while the till server is down, in real Chromium (build first), issue 30: the pay screen
// does not offer "Complete sale" for a card method it cannot take through the terminal (before, it
// did, and the tablet recorded card money no terminal took); it says the till server cannot be
// reached and offers the stand-alone terminal with its receipt number (a wrong one is said in words);
// the sale is kept and goes through the outbox, and once the server is back the ledger holds a card
// payment without terminal data, its receipt number listed apart on the X as "stand-alone". A tip the
// guest added on the stand-alone terminal is typed too and is in the X's tips; refunding such a sale
// asks for the stand-alone terminal's refund receipt number and never reaches the driven terminal.

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

/** The ledger's payments of the sale `reference` (and of its refunds), with the stand-alone receipt number where there is one. */
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

/** The sale `reference`'s card payments and those of its refunds: kind, amount, tip, stand-alone receipt number. */
function withRefunds(server: Server, reference: string) {
  return server.hub.db
    .prepare(
      `SELECT s.kind, p.amount_cents AS amount, p.tip_cents AS tip, p.card, c.receipt_number AS standalone
         FROM ledger_sales s JOIN ledger_payments p ON p.sale_seq = s.seq
         LEFT JOIN ledger_standalone_cards c ON c.sale_seq = p.sale_seq AND c.payment_no = p.payment_no
        WHERE s.reference = ? OR s.refers_to IN (SELECT sale_id FROM ledger_sales WHERE reference = ?)
        ORDER BY s.seq`,
    )
    .all(reference, reference);
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

  it('takes a tip typed from the stand-alone terminal, and refunds the sale there with that refund’s receipt number', async ({
    browser,
    server,
  }) => {
    const { context, page } = await openTill(browser, server);
    await stopServer(context);
    await productTile(page, 'Club Sandwich').click(); // 15.50
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'EC-Karte / Girocard' }).check();
    await standalone(page).waitFor({ timeout: 10_000 });
    await page.getByLabel('Terminal receipt number').fill('0901');
    const tip = page.getByLabel('Tip the guest added on the terminal (optional)');
    await tip.fill('abc');
    await page.getByRole('button', { name: 'Approved on the terminal: record €15.50' }).click();
    expect(await standalone(page).getByRole('alert').textContent()).toBe(
      'Type the tip as an amount, e.g. 2.50, or leave it empty.',
    );
    await tip.fill('1.50');
    await page.getByRole('button', { name: 'Approved on the terminal: record €15.50' }).click();
    const receipt = page.locator('.receipt-panel');
    await receipt.getByTestId('receipt-reference').waitFor({ timeout: 15_000 });
    const reference = (await receipt.getByTestId('receipt-reference').textContent()) ?? '';
    expect(await receipt.getByTestId('receipt-tip').textContent()).toBe('€1.50');

    await context.unrouteAll();
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.locator('nav a[href="/sync"]').click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(() => withRefunds(server, reference), { timeout: 30_000 })
      .toEqual([{ kind: 'sale', amount: 1550, tip: 150, card: null, standalone: '0901' }]);
    expect(server.hub.closing.xReport().hotel.tipCents).toBe(150);

    await page.getByRole('navigation').getByRole('link', { name: 'Report', exact: true }).click();
    const row = page.getByTestId('shift-receipts').locator(`li[data-reference="${reference}"]`);
    await row.getByRole('button', { name: 'Refund…' }).click({ timeout: 30_000 });
    expect(await page.getByTestId('refund-standalone').textContent()).toBe(
      'Paid on the stand-alone terminal: give €17.00 back on that terminal (refund), then type its receipt number.',
    );
    await page.getByLabel('Why is the sale refunded?').fill('Wrong order');
    const confirm = page.getByRole('button', { name: 'Refund €15.50 and print the slip' });
    await confirm.click();
    expect(await page.locator('.report-refund [role="alert"]').textContent()).toBe(
      'Type the terminal receipt number: 1 to 10 digits.',
    );
    await page.locator('.report-refund').getByLabel('Terminal receipt number').fill('0902');
    await confirm.click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Refunded');
    await expect
      .poll(() => withRefunds(server, reference), { timeout: 30_000 })
      .toEqual([
        { kind: 'sale', amount: 1550, tip: 150, card: null, standalone: '0901' },
        { kind: 'refund', amount: -1550, tip: -150, card: null, standalone: '0902' },
      ]);
    // never through the terminal this server drives
    expect(server.terminalDouble!.journal()).toEqual([]);
    const x = server.hub.closing.xReport();
    expect(x.hotel.tipCents).toBe(0);
    const mine = (x.standaloneCards ?? []).filter((p) => p.receiptNumber.startsWith('090'));
    expect(mine).toMatchObject([
      { reference, kind: 'sale', receiptNumber: '0901', amountCents: 1550, tipCents: 150 },
      { kind: 'refund', receiptNumber: '0902', amountCents: -1550, tipCents: -150 },
    ]);
  });
});
