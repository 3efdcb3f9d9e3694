// Courses on the tables screen: a burger added as a main course and a beer as a drink, sent in one
// round: the beer prints at the bar at once, the kitchen prints nothing and the floor says a course
// is waiting, until the waiter fires the mains; then the burger prints in the kitchen, once.
import { expect } from 'vitest';
import { browserTest, openTill } from '../support/browser-test.ts';
import { addProduct, restaurantPlan, restaurantPrinters } from './tables-ui.ts';

const it = browserTest;

it('holds the mains until they are fired', { timeout: 120_000 }, async ({ browser, server }) => {
  restaurantPlan(server);
  const printers = await restaurantPrinters(server);
  const { page } = await openTill(browser, server, {
    path: '/tables',
    pair: { outlet: 'restaurant', name: 'Waiter 1' },
    settings: { staffName: 'Mia' },
  });
  await page.locator('[data-table="t10"]').click();
  await page.locator('.table-courses').getByRole('button', { name: 'Mains' }).click();
  await addProduct(page, 'Burger', 'Burger "Alpenblick"', 1);
  await page.locator('.table-courses').getByRole('button', { name: 'Drinks' }).click();
  await addProduct(page, 'Pils 0,3', 'Pils 0,3 l', 1);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => printers.items(), { timeout: 20_000 }).toEqual({ 'Pils 0,3 l': 1 });
  await page.getByRole('button', { name: 'Fire Mains' }).waitFor();
  await page.waitForTimeout(1000);
  expect(printers.items()).toEqual({ 'Pils 0,3 l': 1 });
  await page.getByRole('button', { name: 'Back to the floor' }).click();
  await expect
    .poll(() => page.locator('[data-table="t10"]').getAttribute('data-state'))
    .toBe('course_waiting');

  await page.locator('[data-table="t10"]').click();
  await page.getByRole('button', { name: 'Fire Mains' }).click();
  await expect
    .poll(() => printers.items(), { timeout: 20_000 })
    .toEqual({ 'Pils 0,3 l': 1, 'Burger "Al': 1 });
  await expect(page.getByRole('button', { name: 'Fire Mains' }).count()).resolves.toBe(0);
  await printers.close();
});
