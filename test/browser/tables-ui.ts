// The tables screen as a waiter uses it in browser tests: the restaurant's plan with tables 10-12,
// adding a product by search with its quantity, the lines a tablet shows, sending what is new, and
// the lines of a table in the server's log (folded afresh from the database), and the items on the
// order tickets at the restaurant's bar and kitchen printers (doubles).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { slipText } from '../../src/server/printing/escpos-decoder.ts';
import { startPrinterDouble } from '../../src/server/printing/printer-double.ts';
import { createTableStore } from '../../src/server/tables/table-store.ts';
import type { Server } from '../support/browser-test.ts';
import { printerAt } from '../support/printers.ts';

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

/**
 * Order printers of the restaurant at two printer doubles: drinks (group 1) at the bar, food (3) in
 * the kitchen; answers the items every ticket printed so far, by the start of their names.
 */
export async function restaurantPrinters(server: Server) {
  const doubles = [await startPrinterDouble(), await startPrinterDouble()];
  for (const [n, double] of doubles.entries())
    server.printing.printers.add(
      printerAt(double, {
        outlet: 'restaurant',
        role: 'order',
        name: n === 0 ? 'Bar' : 'Küche',
        groups: n === 0 ? '1' : '3',
      }),
    );
  return {
    /** Items on every order ticket (not STORNO) since the last clear, by the first 10 letters of their names. */
    items(): Record<string, number> {
      const counted: Record<string, number> = {};
      for (const double of doubles)
        for (const slip of double.printed) {
          const text = slipText(slip);
          for (const match of text.matchAll(/^(\d+) x (.+)$/gm)) {
            const key = match[2]!.slice(0, 10);
            counted[key] = (counted[key] ?? 0) + Number(match[1]);
          }
        }
      return counted;
    },
    clear: () => {
      for (const double of doubles) double.clear();
    },
    close: () => Promise.all(doubles.map((double) => double.close())),
  };
}

/** EVERY_ITEM by the first 10 letters of the names, as tickets are counted. */
export const EVERY_ITEM_PRINTED = Object.fromEntries(
  Object.entries(EVERY_ITEM).map(([name, quantity]) => [name.slice(0, 10), quantity]),
);

/** A table's tile on the floor. */
export const tile = (page: Page, tableId: string) => page.locator(`[data-table="${tableId}"]`);
/** A table's state as its floor tile shows it. */
export const stateOf = (page: Page, tableId: string) => tile(page, tableId).getAttribute('data-state');

/** Opens Move, chooses what moves and where, checks the question asked and confirms. */
export async function move(
  page: Page,
  what: 'whole' | string[],
  to: string,
  question: string,
  confirm: string,
) {
  await page.getByRole('button', { name: 'Move or merge' }).click();
  if (what !== 'whole') {
    await page.getByRole('button', { name: 'Chosen lines (split)' }).click();
    for (const name of what) await page.locator('.move-lines').getByRole('button', { name }).click();
  }
  await page.locator(`[data-target="${to}"]`).click();
  const dialog = page.getByRole('alertdialog');
  await expect.poll(() => dialog.locator('p').textContent()).toBe(question);
  return dialog.getByRole('button', { name: confirm });
}
