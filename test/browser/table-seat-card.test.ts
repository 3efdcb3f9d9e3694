// Paying a table by seat with a card through the terminal double (issue 31): seat 1's part by card
// with a tip typed on the till, then the rest in cash. The card part pays exactly seat 1's lines
// (the tip apart from them in the ledger), its settle is taken, and the last part frees the table.
import { expect } from 'vitest';
import { openTill, type Server, tillTest } from '../support/browser-test.ts';
import { addProduct, restaurantPlan, sendFrom, stateOf } from './tables-ui.ts';
import { screenshot } from './till.ts';

const it = tillTest({ server: { terminalDouble: { stepMs: 300, tipCents: 0 } } });

/** The sales recorded after `afterSeq`: items by name, and each payment's method, amount and tip. */
function salesAfter(server: Server, afterSeq: number) {
  const sales = server.hub.db
    .prepare('SELECT seq FROM ledger_sales WHERE seq > ? ORDER BY seq')
    .all(afterSeq) as { seq: number }[];
  return sales.map(({ seq }) => ({
    items: Object.fromEntries(
      (
        server.hub.db
          .prepare('SELECT name, quantity FROM ledger_lines WHERE sale_seq = ? ORDER BY line_no')
          .all(seq) as { name: string; quantity: number }[]
      ).map((line) => [line.name, line.quantity]),
    ),
    payments: server.hub.db
      .prepare(
        'SELECT method, amount_cents AS amount, tip_cents AS tip FROM ledger_payments WHERE sale_seq = ? ORDER BY payment_no',
      )
      .all(seq),
  }));
}

it('pays seat 1 of table 10 by card with a tip, then the rest in cash: the table is freed', {
  timeout: 180_000,
}, async ({ browser, server }) => {
  restaurantPlan(server);
  const { page, errors } = await openTill(browser, server, {
    path: '/tables',
    pair: { outlet: 'restaurant', name: 'Waiter 1' },
    settings: { staffName: 'Mia' },
    viewport: { width: 1024, height: 768 },
  });
  const { before } = server.hub.db
    .prepare('SELECT coalesce(max(seq), 0) AS before FROM ledger_sales')
    .get() as { before: number };
  await page.locator('[data-table="t10"]').click();
  await page.getByRole('button', { name: 'Later' }).click();
  await page.locator('.table-seats').getByRole('button', { name: 'Seat 1', exact: true }).click();
  await addProduct(page, 'Pils 0,3', 'Pils 0,3 l', 2);
  await page.locator('.table-seats').getByRole('button', { name: 'Seat 2', exact: true }).click();
  await addProduct(page, 'Burger', 'Burger "Alpenblick"', 1);
  await sendFrom(page);

  await page.getByRole('button', { name: 'Pay seat 1' }).click();
  await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe('€8.40');
  await page.getByRole('radio', { name: 'EC-Karte / Girocard' }).check();
  await page.getByTestId('card-pay').waitFor();
  await page.getByRole('radio', { name: 'Tip typed here' }).check();
  await page.getByLabel('Tip amount').fill('1,00');
  await screenshot(page, 'table-seat-pay-card-1024x768');
  await page.getByRole('button', { name: 'Pay €9.40 by card' }).click();
  await page.locator('.receipt-panel').getByTestId('receipt-reference').waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Back to the rest of the ticket' }).click();

  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe('€19.50');
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await page.getByRole('button', { name: 'New sale' }).click();

  await expect.poll(() => salesAfter(server, before).length, { timeout: 20_000 }).toBe(2);
  expect(salesAfter(server, before)).toEqual([
    { items: { 'Pils 0,3 l': 2 }, payments: [{ method: 'card', amount: 840, tip: 100 }] },
    { items: { 'Burger "Alpenblick"': 1 }, payments: [{ method: 'cash', amount: 1950, tip: 0 }] },
  ]);
  await page.getByRole('link', { name: 'Tables' }).click();
  await expect.poll(() => stateOf(page, 't10'), { timeout: 20_000 }).toBe('free');
  expect(errors).toEqual([]);
});
