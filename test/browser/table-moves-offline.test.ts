// A move made offline, on two tablets of the restaurant (its own server: the moves test leaves its
// tables taken): waiter 1 moves table 10 with its beer to table 12 while offline, and waiter 2 adds a
// water to table 10 meanwhile. The move takes the lines its tablet saw; the water stays on table 10,
// on both tablets and the server, and waiter 2 is told where the rest went.
import { expect } from 'vitest';
import { browserTest, openTill } from '../support/browser-test.ts';
import { addProduct, linesOn, move, restaurantPlan, serverLines, stateOf, tile } from './tables-ui.ts';

const it = browserTest;

it('merges a move made offline with a line the other waiter added meanwhile: each lands once', {
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
  await tile(one.page, 't10').click();
  await one.page.getByRole('button', { name: 'Later' }).click();
  await addProduct(one.page, 'Pils 0,3', 'Pils 0,3 l', 1);
  await one.page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => stateOf(two.page, 't10'), { timeout: 10_000 }).toBe('ordered');

  // Waiter 1 moves table 10 to 12 while offline; waiter 2 adds a water to table 10 meanwhile.
  await one.context.setOffline(true);
  const moveTable = await move(
    one.page,
    'whole',
    't12',
    'Move 10 with everything on it to 12?',
    'Move table',
  );
  await moveTable.click();
  await expect.poll(() => linesOn(one.page)).toEqual({ 'Pils 0,3 l': 1 });
  await tile(two.page, 't10').click();
  await addProduct(two.page, 'Mineralw', 'Mineralwasser 0,25 l', 1);
  await two.page.getByRole('button', { name: 'Send' }).click();
  await expect
    .poll(() => serverLines(server, 't10').items)
    .toEqual({
      'Pils 0,3 l': 1,
      'Mineralwasser 0,25 l': 1,
    });
  await one.context.setOffline(false);

  // The move took the lines waiter 1 saw; the water stays on table 10, on both tablets and the server.
  await expect.poll(() => serverLines(server, 't12').items, { timeout: 20_000 }).toEqual({ 'Pils 0,3 l': 1 });
  expect(serverLines(server, 't10').items).toEqual({ 'Mineralwasser 0,25 l': 1 });
  await expect.poll(() => linesOn(two.page), { timeout: 10_000 }).toEqual({ 'Mineralwasser 0,25 l': 1 });
  await expect
    .poll(() => two.page.locator('.tables-moved').textContent())
    .toBe('Lines of this table were moved to 12.');
  await one.page.getByRole('button', { name: 'Back to the floor' }).click();
  await expect.poll(() => stateOf(one.page, 't10'), { timeout: 10_000 }).toBe('ordered');
  await expect.poll(() => stateOf(one.page, 't12')).toBe('ordered');
  await tile(one.page, 't10').click();
  await expect.poll(() => linesOn(one.page)).toEqual({ 'Mineralwasser 0,25 l': 1 });
  expect(one.errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  expect(two.errors).toEqual([]);
});
