// Modifiers on a table (issue 31): adding a burger asks for its required cooking group, which cannot
// be skipped; with "Medium" and a priced "Extra espresso" (sold as the PMS product Espresso, named by
// article number, at the catalogue's 2.80 whatever the admin page typed), the line shows both, and
// the bill paid in cash puts the espresso in the ledger and the PMS once, as its own line, and in the
// day's figures (the Z's commodity groups).
import { expect } from 'vitest';
import { createModifierStore } from '../../src/server/tables/modifier-store.ts';
import { createTableStore } from '../../src/server/tables/table-store.ts';
import { owingOf } from '../../src/shared/table-fold.ts';
import { browserTest, openTill } from '../support/browser-test.ts';
import { restaurantPlan, sendFrom } from './tables-ui.ts';
import { hotelDb } from './till.ts';

const it = browserTest;

it('asks for the required cooking, and puts a priced extra in the PMS once and in the Z', {
  timeout: 180_000,
}, async ({ browser, server }) => {
  restaurantPlan(server);
  const idOf = (number: string) =>
    String(
      (hotelDb(server).prepare('SELECT id FROM products WHERE number = ?').get(number) as { id: number }).id,
    );
  const burger = idOf('K-310');
  const espresso = idOf('B-130');
  const modifiers = createModifierStore(server.hub.db);
  modifiers.save({
    groupId: 'cooking',
    name: 'Cooking',
    required: true,
    minChoices: 1,
    maxChoices: 1,
    productIds: ['K-310'], // as a manager types it on the admin page: the article number
    options: ['Rare', 'Medium', 'Well done'].map((name, n) => ({
      optionId: `o${n + 1}`,
      name,
      priceCents: 0,
      productId: null,
    })),
  });
  modifiers.save({
    groupId: 'extras',
    name: 'Extras',
    required: false,
    minChoices: 0,
    maxChoices: 2,
    productIds: ['K-310'],
    options: [
      { optionId: 'o1', name: 'No onions', priceCents: 0, productId: null },
      { optionId: 'o2', name: 'Extra espresso', priceCents: 250, productId: 'B-130' },
    ],
  });
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
  const { pmsBefore } = hotelDb(server)
    .prepare('SELECT coalesce(max(id), 0) AS pmsBefore FROM invoice_items')
    .get() as {
    pmsBefore: number;
  };
  await page.locator('[data-table="t10"]').click();
  await page.getByPlaceholder('Search products').fill('Burger');
  await page.locator('.table-products').getByRole('button', { name: 'Burger "Alpenblick"' }).click();
  const chooser = page.getByRole('region', { name: 'Choices for Burger "Alpenblick"' });
  const add = chooser.getByRole('button', { name: 'Add Burger "Alpenblick"' });
  // The required group cannot be skipped: Add stays disabled, and nothing is on the table.
  await expect.poll(() => add.isDisabled()).toBe(true);
  await expect.poll(() => chooser.getByRole('status').textContent()).toBe('Choose Cooking first.');
  await chooser.getByRole('checkbox', { name: 'Extra espresso' }).check();
  expect(await add.isDisabled()).toBe(true);
  expect(await page.locator('.table-lines li').count()).toBe(0);
  await chooser.getByRole('radio', { name: 'Medium' }).check();
  await expect.poll(() => add.isDisabled()).toBe(false);
  await add.click();
  const line = page.locator('.table-lines li[data-line="Burger \\"Alpenblick\\""]');
  await expect
    .poll(() => line.locator('.table-line-modifiers').textContent())
    .toMatch(/^Medium, Extra espresso \+/);
  await sendFrom(page);

  await page.getByRole('button', { name: 'Bill', exact: true }).click();
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await page.getByTestId('receipt-reference').first().waitFor();
  // The ledger: the burger (with its free modifier in its name) and the espresso as its own line.
  const ledger = () =>
    server.hub.db
      .prepare(
        'SELECT product_id AS productId, name, quantity FROM ledger_lines WHERE sale_seq > ? ORDER BY line_no',
      )
      .all(before) as { productId: number; name: string; quantity: number }[];
  await expect.poll(ledger, { timeout: 20_000 }).toEqual([
    { productId: Number(burger), name: 'Burger "Alpenblick", Medium', quantity: 1 },
    { productId: Number(espresso), name: 'Extra espresso', quantity: 1 },
  ]);
  // The PMS: the espresso once, as a line of its own.
  const pmsLines = () =>
    hotelDb(server)
      .prepare('SELECT product_id AS productId, quantity FROM invoice_items WHERE id > ? ORDER BY id')
      .all(pmsBefore) as { productId: number; quantity: number }[];
  await expect.poll(pmsLines, { timeout: 30_000 }).toEqual([
    { productId: Number(burger), quantity: 1 },
    { productId: Number(espresso), quantity: 1 },
  ]);
  // The day's figures (what the Z closes): the espresso counted in its commodity group.
  const group = (
    hotelDb(server)
      .prepare('SELECT commodity_group_id AS id FROM products WHERE number = ?')
      .get('B-130') as {
      id: number;
    }
  ).id;
  const restaurant = server.hub.closing.xReport().outlets.find((outlet) => outlet.outlet === 'restaurant');
  expect(restaurant?.byGroup.find((entry) => entry.groupId === group)).toMatchObject({
    quantity: 1,
    grossCents: 280,
  });
  // Paid: the table owes nothing on the server.
  await expect
    .poll(
      () =>
        [...createTableStore({ db: server.hub.db }).floor('restaurant').floor.lines.values()].filter(
          (entry) => entry.tableId === 't10' && owingOf(entry) > 0,
        ).length,
      { timeout: 20_000 },
    )
    .toBe(0);
  expect(errors).toEqual([]);
});
