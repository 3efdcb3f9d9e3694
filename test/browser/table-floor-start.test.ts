// A tablet of an outlet with tables opens on its floor (issue 31): once it has read the restaurant's
// plan, starting the till at / shows the floor, also reloaded offline (the plan kept on the tablet);
// the bar's tablet, whose outlet has no tables, still opens on the register.
import { expect } from 'vitest';
import { browserTest, openTill } from '../support/browser-test.ts';
import { restaurantPlan } from './tables-ui.ts';

const it = browserTest;

it('opens the restaurant’s tablet on its floor, online and reloaded offline, and the bar’s on the register', {
  timeout: 180_000,
}, async ({ browser, server }) => {
  restaurantPlan(server);
  const waiter = await openTill(browser, server, {
    path: '/tables',
    pair: { outlet: 'restaurant', name: 'Waiter 1' },
    settings: { staffName: 'Mia' },
  });
  await waiter.page.locator('[data-table="t10"]').waitFor();
  await waiter.page.goto(server.url);
  await expect.poll(() => new URL(waiter.page.url()).pathname).toBe('/tables');
  await waiter.page.locator('[data-table="t11"]').waitFor();
  // Offline, reloaded: the plan kept on the tablet still shows the tables.
  await waiter.context.setOffline(true);
  await waiter.page.goto(server.url);
  await expect.poll(() => new URL(waiter.page.url()).pathname).toBe('/tables');
  await waiter.page.locator('[data-table="t12"]').waitFor();
  expect(await waiter.page.locator('[data-table]').count()).toBe(3);
  await waiter.context.setOffline(false);

  const bar = await openTill(browser, server, { pair: { outlet: 'bar', name: 'Bar 1' } });
  await bar.page.goto(server.url);
  await bar.page.locator('.register-view').waitFor();
  expect(new URL(bar.page.url()).pathname).toBe('/');
  expect(
    waiter.errors.filter((error) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|NetworkError/.test(error)),
  ).toEqual([]);
  expect(bar.errors).toEqual([]);
});
