// Moves on two tablets of the restaurant: waiter 1 seats 3 guests at table 10 and orders a water for
// seat 1 and 2 beers for seat 2; he moves the beers to table 11 (split), waiter 2 merges table 11
// back into table 10, and waiter 1 moves the whole table to table 12. Each move is confirmed first,
// and after each both tablets and the server's log show where every line is; nothing is printed
// twice. Screenshots at 1024×768 and 768×1024 (test-results/screenshots/table-*.png).
import { expect } from 'vitest';
import { browserTest, openTill } from '../support/browser-test.ts';
import {
  addProduct,
  linesOn,
  move,
  restaurantPlan,
  restaurantPrinters,
  serverLines,
  stateOf,
  tile,
} from './tables-ui.ts';
import { screenshot } from './till.ts';

const it = browserTest;

it('splits, merges and moves a table on one tablet, and the other sees each', { timeout: 180_000 }, async ({
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

  // A free table asks for its guests; the lines go on the seats chosen.
  await tile(one.page, 't10').click();
  await one.page.getByRole('button', { name: '3 covers' }).click();
  await expect.poll(() => one.page.locator('.table-guests').textContent()).toBe('Guests: 3');
  await one.page.locator('.table-seats').getByRole('button', { name: 'Seat 1' }).click();
  await addProduct(one.page, 'Mineralw', 'Mineralwasser 0,25 l', 1);
  await one.page.locator('.table-seats').getByRole('button', { name: 'Seat 2' }).click();
  await addProduct(one.page, 'Pils 0,3', 'Pils 0,3 l', 2);
  await one.page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => stateOf(two.page, 't10'), { timeout: 10_000 }).toBe('ordered');
  await expect.poll(() => tile(two.page, 't10').textContent()).toContain('3 covers');
  await two.page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(two.page, 'table-floor-1024x768');
  await two.page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(two.page, 'table-floor-768x1024');
  await tile(two.page, 't10').click();
  await expect
    .poll(() =>
      two.page.locator('.table-lines li').evaluateAll((items) => items.map((item) => item.dataset.seat)),
    )
    .toEqual(['1', '2']);
  await two.page.getByRole('button', { name: 'Back to the floor' }).click();

  // Split: the beers to table 11, after the question.
  for (const size of [
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    await one.page.setViewportSize(size);
    await move(one.page, ['2 × Pils 0,3 l'], 't11', 'Move 1 line to 11? Pils 0,3 l', 'Move lines');
    await screenshot(one.page, `table-move-confirm-${size.width}x${size.height}`);
    await one.page.getByRole('button', { name: 'Do not move' }).click();
  }
  const moveLines = await move(
    one.page,
    ['2 × Pils 0,3 l'],
    't11',
    'Move 1 line to 11? Pils 0,3 l',
    'Move lines',
  );
  expect(serverLines(server, 't11').items).toEqual({});
  await moveLines.click();
  await expect.poll(() => one.page.locator('.tables-moved').textContent()).toBe('Moved from 10 to 11.');
  await expect.poll(() => linesOn(one.page)).toEqual({ 'Pils 0,3 l': 2 });
  await expect.poll(() => stateOf(two.page, 't11'), { timeout: 10_000 }).toBe('ordered');
  await expect.poll(() => serverLines(server, 't11').items).toEqual({ 'Pils 0,3 l': 2 });
  expect(serverLines(server, 't10').items).toEqual({ 'Mineralwasser 0,25 l': 1 });

  // Merge: waiter 2 puts table 11 back into table 10 (occupied, so it asks to merge).
  await tile(two.page, 't11').click();
  await expect.poll(() => linesOn(two.page)).toEqual({ 'Pils 0,3 l': 2 });
  const merge = await move(
    two.page,
    'whole',
    't10',
    'Merge 11 into 10? Its lines and guests join 10.',
    'Merge tables',
  );
  await merge.click();
  await expect.poll(() => linesOn(two.page)).toEqual({ 'Mineralwasser 0,25 l': 1, 'Pils 0,3 l': 2 });
  await one.page.getByRole('button', { name: 'Back to the floor' }).click();
  await expect.poll(() => stateOf(one.page, 't11'), { timeout: 10_000 }).toBe('free');
  await expect
    .poll(() => serverLines(server, 't10').items)
    .toEqual({ 'Mineralwasser 0,25 l': 1, 'Pils 0,3 l': 2 });

  // Move the whole table to table 12 (free): its guests go with it, table 10 is free on both tablets.
  await tile(one.page, 't10').click();
  const moveTable = await move(
    one.page,
    'whole',
    't12',
    'Move 10 with everything on it to 12?',
    'Move table',
  );
  await moveTable.click();
  await expect.poll(() => linesOn(one.page)).toEqual({ 'Mineralwasser 0,25 l': 1, 'Pils 0,3 l': 2 });
  // Waiter 2 had table 10 open (the merge opened it): he is told where its lines went.
  await expect
    .poll(() => two.page.locator('.tables-moved').textContent(), { timeout: 10_000 })
    .toBe('Lines of this table were moved to 12.');
  await two.page.getByRole('button', { name: 'Back to the floor' }).click();
  await expect.poll(() => stateOf(two.page, 't10'), { timeout: 10_000 }).toBe('free');
  await expect.poll(() => stateOf(two.page, 't12')).toBe('ordered');
  await expect.poll(() => tile(two.page, 't12').textContent()).toContain('3 covers');
  expect(serverLines(server, 't12')).toEqual({
    items: { 'Mineralwasser 0,25 l': 1, 'Pils 0,3 l': 2 },
    allSent: true,
  });
  expect(serverLines(server, 't10').items).toEqual({});
  // The order went to the printers once; moving it printed nothing more.
  await one.page.waitForTimeout(1000);
  expect(printers.items()).toEqual({ Mineralwas: 1, 'Pils 0,3 l': 2 });
  expect(one.errors).toEqual([]);
  expect(two.errors).toEqual([]);
  await printers.close();
});

it('fits the table screen in German, its guests, seats and move chooser, at both sizes', {
  timeout: 120_000,
}, async ({ browser, server }) => {
  restaurantPlan(server);
  const { page, errors } = await openTill(browser, server, {
    path: '/tables',
    pair: { outlet: 'restaurant', name: 'Kellner 1' },
    settings: { staffName: 'Mia', language: 'de' },
  });
  await tile(page, 't10').click();
  await page.getByRole('button', { name: '4 Gäste' }).waitFor();
  await screenshot(page, 'table-guests-de-768x1024');
  await page.getByRole('button', { name: '4 Gäste' }).click();
  await page.getByPlaceholder('Artikel suchen').fill('Burger');
  await page.locator('.table-products button').first().click();
  await page.locator('.table-lines li').first().waitFor();
  await page.getByRole('button', { name: 'Verlegen oder zusammenlegen' }).click();
  await page.getByRole('button', { name: 'Gewählte Positionen (teilen)' }).click();
  await page.locator('.move-lines button').first().click();
  await page.locator('[data-target="t11"]').click();
  await expect
    .poll(() => page.getByRole('alertdialog').locator('p').textContent())
    .toMatch(/^1 Position an 11 verlegen\?/);
  for (const size of [
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(size);
    await screenshot(page, `table-move-de-${size.width}x${size.height}`);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    expect(sideways, `${size.width}x${size.height}`).toBe(false);
    // Every control of the table screen is a touch target of 44 px or more.
    const small = await page
      .locator('.table-panel button, .table-panel select, .table-panel input')
      .evaluateAll((controls) =>
        controls
          .filter((control) => {
            const box = control.getBoundingClientRect();
            return box.width > 0 && (box.height < 44 || box.width < 44);
          })
          .map((control) => control.outerHTML.slice(0, 60)),
      );
    expect(small).toEqual([]);
  }
  expect(errors).toEqual([]);
});
