// Paying a table (issue 31): the two waiters' items of odoo 138664 on table 10, then "Bill" on
// waiter 2's tablet puts them on the register's pay screen; paid in cash, the sales ledger holds
// every item once in one sale, and the table is free on both tablets and on the server.
import { expect } from 'vitest';
import { createTableStore } from '../../src/server/tables/table-store.ts';
import { owingOf } from '../../src/shared/table-fold.ts';
import { browserTest, openTill, type Server } from '../support/browser-test.ts';
import { addBeers, addFood, addProduct, EVERY_ITEM, linesOn, restaurantPlan, sendFrom } from './tables-ui.ts';

const it = browserTest;

/** The items of every sale in the sales ledger, by name. */
function ledgerItems(server: Server) {
  const rows = server.hub.db
    .prepare('SELECT sale_seq AS sale, name, quantity FROM ledger_lines ORDER BY sale_seq, line_no')
    .all() as { sale: number; name: string; quantity: number }[];
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

  const store = createTableStore({ db: server.hub.db });
  await expect
    .poll(
      () =>
        [...store.floor('restaurant').floor.lines.values()].filter(
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
