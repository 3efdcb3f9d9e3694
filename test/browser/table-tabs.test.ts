// Bar tabs by name on two tablets of the bar (an outlet without a floor plan): one waiter opens
// "Müller" and sends a beer; the other finds the tab by typing the name, adds a water and sends; both
// tablets and the server's log then hold both on one tab. A ticket parked on the first tablet the old
// way (the register's Park) stays there, is named on the floor, and can still be recalled.
// Screenshots at 1024×768 and 768×1024 (test-results/screenshots/table-tabs-*.png).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createTableStore } from '../../src/server/tables/table-store.ts';
import { browserTest, openTill } from '../support/browser-test.ts';
import { addProduct, linesOn } from './tables-ui.ts';
import { productTile, screenshot, ticketContents } from './till.ts';

const it = browserTest;

const tabTile = (page: Page, name: string) => page.locator('.floor-tab', { hasText: name });

it('shares a tab opened by name on one tablet with the other, and keeps an old parked ticket', {
  timeout: 180_000,
}, async ({ browser, server }) => {
  const open = (name: string, staffName: string, path: string) =>
    openTill(browser, server, { path, pair: { outlet: 'bar', name }, settings: { staffName } });
  const one = await open('Bar 1', 'Mia', '/');
  // The old way: a ticket parked on this tablet only.
  await productTile(one.page, 'Aperol Spritz').click();
  await one.page.getByRole('button', { name: 'Park', exact: true }).click();
  const park = one.page.getByRole('dialog', { name: 'Park ticket' });
  await park.getByLabel('Name (table, guest)').fill('Zimmer 12');
  await park.getByRole('button', { name: 'Park ticket' }).click();
  await one.page.locator('nav a[href="/tables"]').click();
  await expect
    .poll(() => one.page.locator('.tables-parked').textContent())
    .toBe('1 ticket parked on this tablet before tabs were shared: on the register, under Tabs.');

  const two = await open('Bar 2', 'Jonas', '/tables');
  await one.page.getByRole('button', { name: 'Open a tab' }).click();
  await one.page.getByLabel('Name on the tab').fill('Müller');
  await one.page.getByRole('button', { name: 'Open tab' }).click();
  await expect.poll(() => one.page.locator('.table-panel h2').textContent()).toBe('Müller');
  await addProduct(one.page, 'Pils 0,3', 'Pils 0,3 l', 1);
  await one.page.getByRole('button', { name: 'Send' }).click();

  // The other tablet sees the tab, and finds it by its name rather than opening a second.
  await expect
    .poll(() => tabTile(two.page, 'Müller').getAttribute('data-state'), { timeout: 10_000 })
    .toBe('ordered');
  for (const size of [
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    await two.page.setViewportSize(size);
    await two.page.getByRole('button', { name: 'Open a tab' }).click();
    await two.page.getByLabel('Name on the tab').fill('mül');
    await two.page.locator('.tab-opener [data-tab]').waitFor();
    await screenshot(two.page, `table-tabs-${size.width}x${size.height}`);
    await two.page.getByRole('button', { name: 'Cancel' }).click();
  }
  await two.page.getByRole('button', { name: 'Open a tab' }).click();
  await two.page.getByLabel('Name on the tab').fill('mül');
  await two.page.locator('.tab-opener [data-tab]').click();
  await expect.poll(() => linesOn(two.page)).toEqual({ 'Pils 0,3 l': 1 });
  await addProduct(two.page, 'Mineralw', 'Mineralwasser 0,25 l', 1);
  await two.page.getByRole('button', { name: 'Send' }).click();

  const both = { 'Pils 0,3 l': 1, 'Mineralwasser 0,25 l': 1 };
  await expect.poll(() => linesOn(one.page), { timeout: 10_000 }).toEqual(both);
  await expect.poll(() => linesOn(two.page)).toEqual(both);
  // On the server one tab, both lines sent: a line shows on the tablets as soon as it is added, and
  // its send lands a moment later.
  const tabsOnServer = () => {
    const { floor } = createTableStore({ db: server.hub.db }).floor('bar');
    const tabs = [...floor.tables.values()].filter((table) => table.tabName === 'Müller');
    return tabs.map((tab) =>
      [...floor.lines.values()]
        .filter((line) => line.tableId === tab.tableId)
        .map((line) => [line.name, line.quantity, line.sent]),
    );
  };
  await expect.poll(tabsOnServer, { timeout: 10_000 }).toEqual([
    [
      ['Pils 0,3 l', 1, 1],
      ['Mineralwasser 0,25 l', 1, 1],
    ],
  ]);

  // The parked ticket is still on the register, and comes back.
  await one.page.locator('nav a[href="/"]').click();
  await one.page.getByRole('button', { name: /^Tabs/ }).click();
  await one.page
    .getByRole('dialog', { name: 'Parked tickets' })
    .getByRole('button', { name: 'Recall Zimmer 12' })
    .click();
  await expect.poll(() => ticketContents(one.page)).toEqual([['Aperol Spritz', '1']]);
  expect(one.errors).toEqual([]);
  expect(two.errors).toEqual([]);
});
