// Paying a table (issue 31): the two waiters' items of odoo 138664 on table 10, then "Bill" on
// waiter 2's tablet puts them on the register's pay screen; paid in cash, the sales ledger holds
// every item once in one sale, and the table is free on both tablets and on the server.
import { expect } from 'vitest';
import { createTableStore } from '../../src/server/tables/table-store.ts';
import { owingOf } from '../../src/shared/table-fold.ts';
import { browserTest, openTill, type Server } from '../support/browser-test.ts';
import { addBeers, addFood, addProduct, EVERY_ITEM, linesOn, restaurantPlan, sendFrom } from './tables-ui.ts';

const it = browserTest;

/** The items of the sales in the sales ledger after sale `afterSeq`, by name (the server serves the file's tests). */
function ledgerItems(server: Server, afterSeq = 0) {
  const rows = server.hub.db
    .prepare(
      'SELECT sale_seq AS sale, name, quantity FROM ledger_lines WHERE sale_seq > ? ORDER BY sale_seq, line_no',
    )
    .all(afterSeq) as { sale: number; name: string; quantity: number }[];
  return {
    sales: new Set(rows.map((row) => row.sale)).size,
    items: Object.fromEntries(rows.map((row) => [row.name, row.quantity])),
  };
}

it('pays table 10 through the pay screen: every item once on the bill, and the table freed everywhere', {
  timeout: 180_000,
}, async ({ browser, server }) => {
  restaurantPlan(server);
  const open = (name: string, staffName: string) =>
    openTill(browser, server, {
      path: '/tables',
      pair: { outlet: 'restaurant', name },
      settings: { staffName },
    });
  const one = await open('Waiter 1', 'Mia');
  const two = await open('Waiter 2', 'Jonas');
  await one.page.locator('[data-table="t10"]').click();
  await addProduct(one.page, 'Mineralw', 'Mineralwasser 0,25 l', 1);
  await sendFrom(one.page);
  await two.page.locator('[data-table="t10"]').click();
  await expect.poll(() => linesOn(two.page), { timeout: 10_000 }).toEqual({ 'Mineralwasser 0,25 l': 1 });
  await addBeers(one.page);
  await addFood(two.page);
  await sendFrom(one.page, two.page);
  await expect.poll(() => linesOn(two.page), { timeout: 20_000 }).toEqual(EVERY_ITEM);

  await two.page.getByRole('button', { name: 'Bill', exact: true }).click();
  await two.page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await two.page.getByRole('button', { name: 'Complete sale' }).click();
  await two.page.getByTestId('receipt-reference').first().waitFor();
  await expect.poll(() => ledgerItems(server), { timeout: 20_000 }).toEqual({ sales: 1, items: EVERY_ITEM });

  await expect
    .poll(
      () =>
        [...createTableStore({ db: server.hub.db }).floor('restaurant').floor.lines.values()].filter(
          (line) => line.tableId === 't10' && owingOf(line) > 0,
        ).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(0);
  await one.page.getByRole('button', { name: 'Back to the floor' }).click();
  await expect
    .poll(() => one.page.locator('[data-table="t10"]').getAttribute('data-state'), { timeout: 20_000 })
    .toBe('free');
  expect(one.errors).toEqual([]);
  expect(two.errors).toEqual([]);
});

it('pays table 11 in two parts by lines: the beers first leave the burger owed, the rest frees the table', {
  timeout: 180_000,
}, async ({ browser, server }) => {
  restaurantPlan(server);
  const { page, errors } = await openTill(browser, server, {
    path: '/tables',
    pair: { outlet: 'restaurant', name: 'Waiter 1' },
    settings: { staffName: 'Mia' },
  });
  const { before } = server.hub.db
    .prepare('SELECT coalesce(max(seq), 0) AS before FROM ledger_sales')
    .get() as {
    before: number;
  };
  await page.locator('[data-table="t11"]').click();
  await addBeers(page);
  await addProduct(page, 'Burger', 'Burger "Alpenblick"', 1);
  await sendFrom(page);
  await page.getByRole('button', { name: 'Bill', exact: true }).click();
  await page.getByRole('button', { name: 'By lines' }).click();
  await page.getByRole('button', { name: 'One more Pils 0,3 l in this part' }).click();
  await page.getByRole('button', { name: 'One more Pils 0,3 l in this part' }).click();
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await page.getByRole('button', { name: 'Back to the rest of the ticket' }).click();
  // a store of its own each time: it folds the log as the server's store wrote it
  const owed = () =>
    Object.fromEntries(
      [...createTableStore({ db: server.hub.db }).floor('restaurant').floor.lines.values()]
        .filter((line) => line.tableId === 't11' && owingOf(line) > 0)
        .map((line) => [line.name, owingOf(line)]),
    );
  await expect.poll(owed, { timeout: 20_000 }).toEqual({ 'Burger "Alpenblick"': 1 });
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect.poll(owed, { timeout: 20_000 }).toEqual({});
  await expect
    .poll(() => ledgerItems(server, before), { timeout: 20_000 })
    .toEqual({
      sales: 2,
      items: { 'Pils 0,3 l': 2, 'Burger "Alpenblick"': 1 },
    });
  await page.getByRole('link', { name: 'Tables' }).click();
  await expect
    .poll(() => page.locator('[data-table="t11"]').getAttribute('data-state'), { timeout: 20_000 })
    .toBe('free');
  expect(errors).toEqual([]);
});
