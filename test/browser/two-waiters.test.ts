// Odoo issue 138664 on two tablets of the restaurant: table 10 has 1 water; both waiters open it,
// waiter 1 adds 2 beers while waiter 2 adds 2 burgers, 3 Käsespätzle and 2 strudels, and both send.
// Then again (table 11) with waiter 1 offline during his edit. Each time every item is once on both
// tablets, in the server's log and on the bar's and kitchen's tickets. The restart run:
// two-waiters-restart.test.ts.
import { expect } from 'vitest';
import { browserTest, openTill } from '../support/browser-test.ts';
import {
  addBeers,
  addFood,
  addProduct,
  EVERY_ITEM,
  EVERY_ITEM_PRINTED,
  linesOn,
  restaurantPlan,
  restaurantPrinters,
  sendFrom,
  serverLines,
} from './tables-ui.ts';

const it = browserTest;

it('keeps every item of both waiters once, online and with waiter 1 offline', { timeout: 180_000 }, async ({
  browser,
  server,
}) => {
  restaurantPlan(server);
  const printers = await restaurantPrinters(server);
  const open = (name: string, staffName: string) =>
    openTill(browser, server, {
      path: '/tables',
      pair: { outlet: 'restaurant', name },
      settings: { staffName },
    });
  const one = await open('Waiter 1', 'Mia');
  const two = await open('Waiter 2', 'Jonas');
  for (const table of ['t10', 't11']) {
    const offline = table === 't11';
    await one.page.locator(`[data-table="${table}"]`).click();
    await addProduct(one.page, 'Mineralw', 'Mineralwasser 0,25 l', 1);
    await sendFrom(one.page);
    // Both opened the table and see the water before either sends.
    await two.page.locator(`[data-table="${table}"]`).click();
    await expect.poll(() => linesOn(two.page), { timeout: 10_000 }).toEqual({ 'Mineralwasser 0,25 l': 1 });
    if (offline) await one.context.setOffline(true);
    await addBeers(one.page);
    await addFood(two.page);
    await sendFrom(one.page, two.page);
    if (offline) {
      await expect.poll(() => one.page.locator('.tables-offline').count()).toBe(1);
      await one.context.setOffline(false);
    }
    await expect.poll(() => linesOn(one.page), { timeout: 20_000 }).toEqual(EVERY_ITEM);
    await expect.poll(() => linesOn(two.page), { timeout: 20_000 }).toEqual(EVERY_ITEM);
    expect(serverLines(server, table)).toEqual({ items: EVERY_ITEM, allSent: true });
    // The bar's and the kitchen's tickets: every item once.
    await expect.poll(() => printers.items(), { timeout: 20_000 }).toEqual(EVERY_ITEM_PRINTED);
    printers.clear();
    await one.page.getByRole('button', { name: 'Back to the floor' }).click();
    await two.page.getByRole('button', { name: 'Back to the floor' }).click();
  }
  // Offline, the browser logs each request it could not make; nothing else may be logged.
  expect(one.errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  expect(two.errors).toEqual([]);
  await printers.close();
});
