// The tables screen as a waiter uses it in browser tests: the restaurant's plan with tables 10-12,
// adding a product by search with its quantity, the lines a tablet shows, sending what is new, and
// the lines of a table in the server's log (folded afresh from the database).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createTableStore } from '../../src/server/tables/table-store.ts';
import type { Server } from '../support/browser-test.ts';

/** The water first, then both waiters' items: every item of the scenario (odoo 138664), once. */
export const EVERY_ITEM = {
  'Mineralwasser 0,25 l': 1,
  'Pils 0,3 l': 2,
  'Burger "Alpenblick"': 2,
  Käsespätzle: 3,
  'Apfelstrudel mit Vanillesauce': 2,
};

export function restaurantPlan(server: Server): void {
  createTableStore({ db: server.hub.db }).setPlan('restaurant', [
    {
      areaId: 'room',
      name: 'Restaurant',
      tables: ['10', '11', '12'].map((name, x) => ({ tableId: `t${name}`, name, seats: 6, x, y: 0 })),
    },
  ]);
}

export async function addProduct(page: Page, search: string, name: string, quantity: number) {
  await page.getByPlaceholder('Search products').fill(search);
  await page.locator('.table-products').getByRole('button', { name }).click();
  const line = page.locator(`.table-lines li[data-line="${name.replaceAll('"', '\\"')}"]`);
  await line.waitFor();
  for (let n = 1; n < quantity; n++) {
    await line.getByRole('button', { name: `One more ${name}` }).click();
    await expect.poll(() => line.locator('.table-line-quantity').textContent()).toBe(String(n + 1));
  }
}

export const addBeers = (page: Page) => addProduct(page, 'Pils 0,3', 'Pils 0,3 l', 2);

export async function addFood(page: Page) {
  await addProduct(page, 'Burger', 'Burger "Alpenblick"', 2);
  await addProduct(page, 'Käsesp', 'Käsespätzle', 3);
  await addProduct(page, 'Apfelstr', 'Apfelstrudel mit Vanillesauce', 2);
}

export const linesOn = async (page: Page) =>
  Object.fromEntries(
    await page
      .locator('.table-lines li')
      .evaluateAll((items) =>
        items.map((item) => [
          item.getAttribute('data-line'),
          Number(item.querySelector('.table-line-quantity')?.textContent),
        ]),
      ),
  );

/**
 * Each sends what is new on the table as his tablet shows it; one send may already have taken the
 * other's lines (he saw them), which leaves the other nothing to send.
 */
export async function sendFrom(...pages: Page[]) {
  for (const page of pages) {
    const send = page.getByRole('button', { name: 'Send' });
    if (await send.isEnabled()) await send.click({ timeout: 2000 }).catch(() => undefined);
  }
}

/** The lines of `tableId` in the server's log, and whether every one was sent in full. */
export function serverLines(server: Server, tableId: string) {
  const lines = [...createTableStore({ db: server.hub.db }).floor('restaurant').floor.lines.values()].filter(
    (line) => line.tableId === tableId,
  );
  return {
    items: Object.fromEntries(lines.map((line) => [line.name, line.quantity])),
    allSent: lines.every((line) => line.sent === line.quantity),
  };
}
