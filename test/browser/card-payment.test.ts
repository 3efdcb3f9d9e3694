// Paying by card through the ZVT terminal double in real Chromium (build first: `npx vite build`),
// issue 25: approved with a tip typed on the till and with one the guest adds on the terminal (the
// receipt shows the card, the terminal's ids and the tip as its own amount; the PMS invoice has the
// sale without the tip); declined and cancelled by the waiter (the ticket stays open, the reason
// shown); the line dropped after the terminal charged (the status read completes the sale, the
// card is charged once); and split: one part by card, the rest in cash.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { collectPageErrors } from '../support/browser.ts';
import { openTill, type Server, tillTest } from '../support/browser-test.ts';
import { hotelDb, productTile, screenshot } from './till.ts';

const it = tillTest({ server: { terminalDouble: { stepMs: 700, tipCents: 200 }, cardSilenceMs: 1500 } });

const double = (server: Server) => server.terminalDouble!;
const cardStatus = (page: Page) => page.getByTestId('card-status');
const receipt = (page: Page) => page.locator('.receipt-panel');

/** Rings up the products, opens the pay screen and chooses the card method. */
async function toCard(page: Page, products: string[]): Promise<void> {
  for (const name of products) await productTile(page, name).click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('radio', { name: 'EC-Karte / Girocard' }).check();
  await page.getByTestId('card-pay').waitFor();
}

function cashInvoice(server: Server, reference: string) {
  return hotelDb(server)
    .prepare(
      `SELECT i.status, i.payment_method_id AS method, SUM(ii.quantity * ii.price_cents) AS cents
         FROM invoices i JOIN invoice_items ii ON ii.invoice_id = i.id WHERE i.reference = ? GROUP BY i.id`,
    )
    .all(reference) as { status: string; method: number; cents: number }[];
}

/** The sales ledger's records of a sale (and of what refers to it), each payment with its terminal data. */
function ledgerPayments(server: Server, reference: string) {
  return (
    server.hub.db
      .prepare(
        `SELECT s.kind, p.method, p.amount_cents AS amount, p.tip_cents AS tip, p.card
           FROM ledger_sales s JOIN ledger_payments p ON p.sale_seq = s.seq
          WHERE s.reference = ? OR s.refers_to IN (SELECT sale_id FROM ledger_sales WHERE reference = ?)
          ORDER BY s.seq, p.payment_no`,
      )
      .all(reference, reference) as {
      kind: string;
      method: string;
      amount: number;
      tip: number;
      card: string | null;
    }[]
  ).map((row) => ({ ...row, card: row.card ? (JSON.parse(row.card) as Record<string, unknown>) : null }));
}

/** The terminal's data of the card row charged `chargedCents`, as the ledger should carry it. */
function terminalData(server: Server, chargedCents: number) {
  return server.hub.db
    .prepare(
      `SELECT payment_no AS paymentNo, card_name AS brand, masked_pan AS maskedPan, terminal_tid AS terminalId,
              trace_number AS traceNumber, receipt_number AS receiptNumber
         FROM card_payments WHERE charged_cents = ? AND state IN ('approved', 'reversed')`,
    )
    .all(chargedCents) as Record<string, unknown>[];
}

async function receiptReference(page: Page): Promise<string> {
  const reference = page.locator('.receipt-panel').getByTestId('receipt-reference');
  await reference.waitFor({ timeout: 15_000 });
  return (await reference.textContent()) ?? '';
}

describe('card payments through the terminal', () => {
  it('is approved with a tip typed on the till: the receipt shows the card and the tip, the PMS the sale without it', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server);
    const errors = collectPageErrors(page);
    await toCard(page, ['Espresso', 'Club Sandwich']); // 2.80 + 15.50 = 18.30
    await page.getByRole('radio', { name: 'Tip typed here' }).check();
    await page.getByLabel('Tip amount').fill('1,70');
    await page.getByRole('button', { name: 'Pay €20.00 by card' }).click();
    await expect.poll(() => cardStatus(page).textContent(), { timeout: 10_000 }).toBe('Insert card');
    await expect.poll(() => cardStatus(page).textContent(), { timeout: 10_000 }).toBe('PIN entry');
    const reference = await receiptReference(page);
    expect(await receipt(page).getByTestId('receipt-card').textContent()).toBe(
      'Card: Debit Mastercard ************4771',
    );
    expect(await receipt(page).getByTestId('receipt-card-ids').textContent()).toMatch(
      /^Terminal 52500001, trace \d+, receipt \d+$/,
    );
    expect(await receipt(page).getByTestId('receipt-tip').textContent()).toBe('€1.70');
    expect(await receipt(page).getByTestId('receipt-card-charged').textContent()).toBe('€20.00');
    expect(await receipt(page).getByTestId('receipt-card-slip').textContent()).toContain('BETRAG EUR 20,00');
    await screenshot(page, 'card-approved-with-tip');
    // The card was charged once with the tip; the PMS's invoice is the sale, paid by card, without it.
    expect(
      double(server)
        .charges()
        .filter((tx) => tx.amountCents === 2000),
    ).toHaveLength(1);
    await expect
      .poll(() => cashInvoice(server, reference), { timeout: 20_000 })
      .toEqual([{ status: 'closed', method: 2, cents: 1830 }]);
    const row = server.hub.db
      .prepare(
        `SELECT state, amount_cents AS amount, till_tip_cents AS tip, charged_cents AS charged FROM card_payments WHERE charged_cents = 2000`,
      )
      .all();
    expect(row).toEqual([{ state: 'approved', amount: 1830, tip: 170, charged: 2000 }]);
    // The sales ledger holds the card payment once, with the terminal's data and the tip apart.
    const [charged] = terminalData(server, 2000);
    expect(ledgerPayments(server, reference)).toEqual([
      { kind: 'sale', method: 'card', amount: 1830, tip: 170, card: { ...charged, tipFrom: 'till' } },
    ]);
    expect(charged).toMatchObject({
      brand: 'Debit Mastercard',
      maskedPan: '************4771',
      terminalId: '52500001',
    });
    // The X report: the card money and the tip apart from it (the tip is not revenue).
    const x = server.hub.closing.xReport();
    expect(x.hotel.byPayment.find((p) => p.method === 'card')).toEqual({
      method: 'card',
      records: 1,
      amountCents: 1830,
      tipCents: 170,
    });
    expect(x.hotel.tipCents).toBe(170);
    // The report: the tip as its own amount, and the terminal's end-of-day beside the till's card total.
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('link', { name: 'Report', exact: true }).click();
    const panel = page.getByTestId('report-card-terminal');
    expect(await panel.getByTestId('report-card-tips').textContent({ timeout: 10_000 })).toBe('€1.70');
    await panel.getByRole('button', { name: 'Terminal end-of-day' }).click();
    const endOfDay = panel.getByTestId('report-card-end-of-day');
    await endOfDay.waitFor({ timeout: 10_000 });
    expect(await endOfDay.textContent()).toBe(
      'Terminal total€20.00Card payments in the sales ledger (1)€20.00Of which tips in the sales ledger€1.70Card payments the till recorded (1)€20.00The terminal and the till agree.',
    );
    await screenshot(page, 'card-end-of-day');
    expect(
      double(server)
        .received()
        .some((bytes) => bytes[0] === 0x06 && bytes[1] === 0x50),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  it('keeps a tip the guest adds on the terminal as its own amount', async ({ browser, server }) => {
    const { page } = await openTill(browser, server);
    double(server).next('tip');
    await toCard(page, ['Espresso']); // 2.80
    await page.getByRole('radio', { name: 'Guest adds it on the terminal' }).check();
    await page.getByRole('button', { name: 'Pay €2.80 by card' }).click();
    await expect
      .poll(() => cardStatus(page).textContent(), { timeout: 10_000 })
      .toBe('Guest is adding a tip');
    const reference = await receiptReference(page);
    expect(await receipt(page).getByTestId('receipt-tip').textContent()).toBe('€2.00');
    expect(await receipt(page).getByTestId('receipt-card-charged').textContent()).toBe('€4.80');
    await expect
      .poll(() => ledgerPayments(server, reference), { timeout: 20_000 })
      .toEqual([
        {
          kind: 'sale',
          method: 'card',
          amount: 280,
          tip: 200,
          card: { ...terminalData(server, 480)[0], tipFrom: 'terminal' },
        },
      ]);
  });

  it('leaves the ticket open with the reason when the card is declined', async ({ browser, server }) => {
    const { page } = await openTill(browser, server);
    double(server).next('decline');
    await toCard(page, ['Cola 0,33 l']);
    await page.getByRole('button', { name: 'Pay €3.60 by card' }).click();
    await expect
      .poll(() => cardStatus(page).textContent(), { timeout: 10_000 })
      .toBe('Card declined: declined by the card issuer. The ticket stays open.');
    await screenshot(page, 'card-declined');
    expect(await page.locator('.receipt-panel').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try the card again' }).isEnabled()).toBe(true);
    expect(
      double(server)
        .journal()
        .some((tx) => tx.amountCents === 360),
    ).toBe(false);
  });

  it('cancels while the terminal waits for the PIN when the waiter taps cancel', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server);
    double(server).next('pin');
    await toCard(page, ['Club Sandwich']);
    await page.getByRole('button', { name: 'Pay €15.50 by card' }).click();
    await expect.poll(() => cardStatus(page).textContent(), { timeout: 10_000 }).toBe('PIN entry');
    await page.getByRole('button', { name: 'Cancel card payment' }).click();
    await expect
      .poll(() => cardStatus(page).textContent(), { timeout: 10_000 })
      .toBe('Card payment cancelled. The ticket stays open.');
    expect(await page.locator('.receipt-panel').count()).toBe(0);
    expect(
      double(server)
        .journal()
        .some((tx) => tx.amountCents === 1550),
    ).toBe(false);
  });

  it('completes the sale once the status is read when the line dropped after the terminal charged, charging once', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server);
    double(server).next('drop');
    await toCard(page, ['Espresso', 'Espresso']); // 5.60
    await page.getByRole('button', { name: 'Pay €5.60 by card' }).click();
    const reference = await receiptReference(page);
    expect(await receipt(page).getByTestId('receipt-card-charged').textContent()).toBe('€5.60');
    expect(
      double(server)
        .charges()
        .filter((tx) => tx.amountCents === 560),
    ).toHaveLength(1);
    const attempts = server.hub.db
      .prepare(
        `SELECT a.kind, a.ended FROM card_attempts a JOIN card_payments p USING (sale_id, payment_no)
          WHERE p.charged_cents = 560 ORDER BY a.seq`,
      )
      .all();
    expect(attempts).toEqual([
      { kind: 'authorization', ended: 'lost' },
      { kind: 'status_check', ended: 'completion' },
    ]);
    await expect
      .poll(() => cashInvoice(server, reference), { timeout: 20_000 })
      .toEqual([{ status: 'closed', method: 2, cents: 560 }]);
    // One terminal charge, one ledger payment: the one the status read found.
    const [charged] = terminalData(server, 560);
    expect(ledgerPayments(server, reference)).toEqual([
      { kind: 'sale', method: 'card', amount: 560, tip: 0, card: charged },
    ]);
  });

  it('says to check the terminal while it cannot be asked, and completes the sale when asked again', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server);
    double(server).next('unplug'); // charges, drops the line, and takes no connection for a while
    await toCard(page, ['Club Sandwich', 'Espresso', 'Espresso']); // 15.50 + 5.60 = 21.10
    await page.getByRole('button', { name: 'Pay €21.10 by card' }).click();
    await expect
      .poll(() => cardStatus(page).textContent(), { timeout: 10_000 })
      .toBe(
        'No answer from the terminal. Check the terminal: was the card charged? Do not charge again until the till knows.',
      );
    await screenshot(page, 'card-check-terminal');
    expect(await page.getByRole('button', { name: /by card$/ }).count()).toBe(0); // no second charge offered
    const askAgain = page.getByRole('button', { name: 'Ask the terminal again' });
    await askAgain.click();
    // the ask is over (its button is enabled again) before the terminal comes back: else the ask still
    // under way gets the answer and completes the sale, and no button is left to tap below
    await expect.poll(() => askAgain.isEnabled(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => cardStatus(page).textContent(), { timeout: 10_000 }).toMatch(/^No answer/);
    double(server).plugIn();
    await page.getByRole('button', { name: 'Ask the terminal again' }).click();
    await receiptReference(page);
    expect(await receipt(page).getByTestId('receipt-card-charged').textContent()).toBe('€21.10');
    expect(
      double(server)
        .charges()
        .filter((tx) => tx.amountCents === 2110),
    ).toHaveLength(1);
  });

  it('pays one part of a split by card and the rest in cash', async ({ browser, server }) => {
    const { page } = await openTill(browser, server);
    for (const name of ['Espresso', 'Cola 0,33 l']) await productTile(page, name).click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('button', { name: 'Equal parts' }).click();
    await page.getByRole('radio', { name: 'EC-Karte / Girocard' }).check();
    await page.getByRole('button', { name: 'Pay €3.20 by card' }).click(); // 6.40 in two parts
    const cardPart = await receiptReference(page);
    expect(await receipt(page).getByTestId('receipt-card-charged').textContent()).toBe('€3.20');
    // the card part is its own ledger sale, with the terminal's data of its own charge
    await expect
      .poll(() => ledgerPayments(server, cardPart), { timeout: 20_000 })
      .toEqual([{ kind: 'sale', method: 'card', amount: 320, tip: 0, card: terminalData(server, 320)[0] }]);
    await page
      .getByRole('button', { name: /Back to the rest|New sale/ })
      .first()
      .click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await receiptReference(page);
    expect(
      double(server)
        .charges()
        .filter((tx) => tx.amountCents === 320),
    ).toHaveLength(1);
  });

  it('gives a refunded card sale’s money back on the terminal before recording the refund', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server);
    await toCard(page, ['Cola 0,33 l']);
    await page.getByRole('button', { name: 'Pay €3.60 by card' }).click();
    const reference = await receiptReference(page);
    expect(
      double(server)
        .charges()
        .filter((tx) => tx.amountCents === 360),
    ).toHaveLength(1);
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Report', exact: true }).click();
    const row = page.getByTestId('shift-receipts').locator(`li[data-reference="${reference}"]`);
    await row.getByRole('button', { name: 'Refund…' }).click({ timeout: 20_000 });
    await page.getByLabel('Why is the sale refunded?').fill('Wrong order');
    await page.getByRole('button', { name: 'Refund €3.60 and print the slip' }).click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Refunded');
    expect(
      double(server)
        .charges()
        .filter((tx) => tx.amountCents === 360),
    ).toHaveLength(0);
    expect(
      double(server)
        .journal()
        .filter((tx) => tx.kind === 'reversal' && tx.amountCents === 360),
    ).toHaveLength(1);
    // The sale and its refund are both in the sales ledger, the refund naming the money given back.
    const [charged] = terminalData(server, 360);
    await expect
      .poll(
        () =>
          ledgerPayments(server, reference).map(({ kind, method, amount, tip }) => [
            kind,
            method,
            amount,
            tip,
          ]),
        {
          timeout: 20_000,
        },
      )
      .toEqual([
        ['sale', 'card', 360, 0],
        ['refund', 'card', -360, 0],
      ]);
    expect(ledgerPayments(server, reference)[0]!.card).toEqual(charged);
    expect(ledgerPayments(server, reference)[1]!.card).toMatchObject({
      paymentNo: 1,
      maskedPan: charged!.maskedPan,
    });
  });
});
