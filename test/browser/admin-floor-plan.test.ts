// The floor plan's admin page in a browser (on the server machine, so signed in): a table 14 added
// to the restaurant at column 2, row 2 shows on the page's grid and on the restaurant's tablet at that
// place; a place another table holds is refused naming the field, with what was typed kept. The page fits
// 1024×768 and 768×1024 in English and German, passes axe, and is screenshotted
// (test-results/screenshots/admin-floor-plan-*.png).
import { expect } from 'vitest';
import { openFreshContext } from '../support/browser.ts';
import { browserTest, openTill } from '../support/browser-test.ts';
import { axeViolations, outsideWindow } from './page-checks.ts';
import { restaurantPlan } from './tables-ui.ts';

const it = browserTest;

it('adds a table on the admin page that the tablet shows at its place', { timeout: 120_000 }, async ({
  browser,
  server,
}) => {
  restaurantPlan(server);
  const found: Record<string, string[]> = {};
  for (const locale of ['en-GB', 'de-DE']) {
    const context = await openFreshContext(browser, { locale });
    const page = await context.newPage();
    for (const size of [
      { width: 1024, height: 768 },
      { width: 768, height: 1024 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`${server.url}/admin/tables/floor?outlet=restaurant`);
      const tag = `${locale.slice(0, 2)}-${size.width}x${size.height}`;
      await page.screenshot({ path: `test-results/screenshots/admin-floor-plan-${tag}.png` });
      await page.locator('input[name="table.3.name"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/admin-floor-plan-rows-${tag}.png` });
      const fit = await outsideWindow(page, 'main');
      if (fit.out.length > 0 || fit.sideways) found[tag] = fit.out;
      const violations = await axeViolations(page);
      if (violations.length > 0) found[`axe ${tag}`] = violations;
    }
    await context.close();
  }
  expect(found).toEqual({});

  const context = await openFreshContext(browser, { locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${server.url}/admin/tables/floor?outlet=restaurant`);
  await page.locator('input[name="table.3.name"]').fill('14');
  await page.locator('input[name="table.3.seats"]').fill('2');
  await page.locator('input[name="table.3.x"]').fill('1');
  await page.locator('input[name="table.3.y"]').fill('1');
  await page.getByRole('button', { name: 'Save floor plan' }).click();
  await expect.poll(() => page.getByRole('alert').getAttribute('data-field')).toBe('table.3.x');
  expect(await page.getByRole('alert').textContent()).toBe(
    'table.3.x: table 10 already stands at this column and row',
  );
  expect(await page.locator('input[name="table.3.name"]').inputValue()).toBe('14');
  expect(await page.locator('input[name="table.3.x"]').getAttribute('aria-invalid')).toBe('true');
  await page.locator('input[name="table.3.x"]').fill('2');
  await page.locator('input[name="table.3.y"]').fill('2');
  await page.getByRole('button', { name: 'Save floor plan' }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toBe('Floor plan saved.');
  expect(await page.locator('table.floor-preview tr').nth(1).locator('td').nth(1).textContent()).toBe(
    '142 Seats',
  );
  await context.close();

  const tablet = await openTill(browser, server, {
    path: '/tables',
    pair: { outlet: 'restaurant', name: 'Waiter 1' },
    settings: { staffName: 'Mia' },
  });
  const placed = tablet.page.locator('.floor-placed li', {
    has: tablet.page.locator('[data-table]', { hasText: '14' }),
  });
  await expect
    .poll(() => placed.evaluate((item) => [item.style.gridColumn, item.style.gridRow]))
    .toEqual(['2', '2']);
  await tablet.page.setViewportSize({ width: 1024, height: 768 });
  await tablet.page.screenshot({ path: 'test-results/screenshots/table-floor-placed-1024x768.png' });
  expect(tablet.errors).toEqual([]);
});
