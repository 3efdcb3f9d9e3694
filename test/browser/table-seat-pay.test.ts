// Paying a table by seat (issue 31): table 12 has two Pils on seat 1, a burger on seat 2 and a water
// for the table. "Pay seat 1" pays seat 1 in cash, "Pay seat 2" (from the floor again) charges seat 2
// to room 104, the rest pays the water: the ledger and the hotel get every item once, each part is
// its seat's sum, and the table is free on a second tablet. Screenshots of the seat choice at both sizes.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createTableStore } from '../../src/server/tables/table-store.ts';
import { browserTest as it, openTill, type Server } from '../support/browser-test.ts';
import { chargedReference, itemsOfSale, stayIn } from './front-desk.ts';
import { addProduct, restaurantPlan, sendFrom, stateOf } from './tables-ui.ts';
import { hotelDb, screenshot } from './till.ts';

/** The sales recorded after `afterSeq`: reference, total and items by name. */
function salesAfter(server: Server, afterSeq: number) {
  const sales = server.hub.db
    .prepare('SELECT seq, reference, total_cents AS total FROM ledger_sales WHERE seq > ? ORDER BY seq')
    .all(afterSeq) as { seq: number; reference: string; total: number }[];
  return sales.map((sale) => ({
    reference: sale.reference,
    total: sale.total,
    items: Object.fromEntries(
      (
        server.hub.db
          .prepare('SELECT name, quantity FROM ledger_lines WHERE sale_seq = ? ORDER BY line_no')
          .all(sale.seq) as { name: string; quantity: number }[]
      ).map((line) => [line.name, line.quantity]),
    ),
  }));
}

/** The items of the hotel's cash invoice with `reference`, by name. */
const invoiceItems = (server: Server, reference: string) =>
  Object.fromEntries(
    (
      hotelDb(server)
        .prepare(
          `SELECT ii.name, ii.quantity FROM invoice_items ii JOIN invoices i ON i.id = ii.invoice_id
           WHERE i.reference = ? AND i.status = 'closed'`,
        )
        .all(reference) as { name: string; quantity: number }[]
    ).map((item) => [item.name, item.quantity]),
  );

/** Each seat's sum at the table's prices (0: the table's own lines), from the server's log. */
function seatSums(server: Server, tableId: string): Record<number, number> {
  const sums: Record<number, number> = {};
  for (const line of createTableStore({ db: server.hub.db }).floor('restaurant').floor.lines.values())
    if (line.tableId === tableId) sums[line.seat] = (sums[line.seat] ?? 0) + line.unitCents * line.quantity;
  return sums;
}

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

async function onSeat(page: Page, seat: string) {
  await page.locator('.table-seats').getByRole('button', { name: seat, exact: true }).click();
}

it('pays table 12 seat by seat (cash, then to a room) and the table line last; the table is freed everywhere', {
  timeout: 240_000,
}, async ({ browser, server }) => {
  restaurantPlan(server);
  const open = (name: string, staffName: string) =>
    openTill(browser, server, {
      path: '/tables',
      timezoneId: 'Europe/Berlin',
      pair: { outlet: 'restaurant', name },
      settings: { staffName },
      viewport: { width: 1024, height: 768 },
    });
  const one = await open('Waiter 1', 'Mia');
  const two = await open('Waiter 2', 'Jonas');
  const { before } = server.hub.db
    .prepare('SELECT coalesce(max(seq), 0) AS before FROM ledger_sales')
    .get() as { before: number };
  const { page } = one;
  await page.locator('[data-table="t12"]').click();
  await page.getByRole('button', { name: '2 covers' }).click();
  await onSeat(page, 'Seat 1');
  await addProduct(page, 'Pils 0,3', 'Pils 0,3 l', 2);
  await onSeat(page, 'Seat 2');
  await addProduct(page, 'Burger', 'Burger "Alpenblick"', 1);
  await onSeat(page, 'Table');
  await addProduct(page, 'Mineralw', 'Mineralwasser 0,25 l', 1);
  await sendFrom(page);
  await expect.poll(() => seatSums(server, 't12'), { timeout: 20_000 }).toHaveProperty('2');
  const sums = seatSums(server, 't12');
  expect(Object.keys(sums)).toEqual(['0', '1', '2']);
  await screenshot(page, 'table-seat-pay-table-1024x768');

  // Seat 1 from the table: the pay screen starts with exactly its lines.
  await page.getByRole('button', { name: 'Pay seat 1' }).click();
  await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe(euros(sums[1]!));
  await expect
    .poll(() => page.getByRole('button', { name: /^Seat 1 ·/ }).getAttribute('aria-pressed'))
    .toBe('true');
  await screenshot(page, 'table-seat-pay-seat1-1024x768');
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await page.getByRole('button', { name: 'Back to the rest of the ticket' }).click();

  // Seat 2 from the table again: the rest of the bill is made again, not parked beside it.
  await page.getByRole('link', { name: 'Tables' }).click();
  await page.locator('[data-table="t12"]').click();
  expect(await page.getByRole('button', { name: 'Pay seat 1' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Pay seat 2' }).click();
  await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe(euros(sums[2]!));
  for (const size of [
    { width: 768, height: 1024 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    const seatButton = page.getByRole('button', { name: /^Seat 2 ·/ });
    expect((await seatButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, `table-seat-pay-seat2-${size.width}x${size.height}`);
  }
  await page.getByRole('radio', { name: 'Überweisung aufs Zimmer / Room transfer' }).check();
  await page.getByLabel('Room number or guest name').fill('104');
  await page.getByRole('button', { name: /^Room 104\b/ }).click();
  await page.getByLabel('Guest’s surname (ask the guest)').fill('Bauer');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.getByRole('button', { name: `Charge ${euros(sums[2]!)} to room 104` }).click();
  const roomReference = await chargedReference(page);
  await page.getByRole('button', { name: 'Back to the rest of the ticket' }).click();

  // The table's own line is the last part: it frees the table.
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe(euros(sums[0]!));
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await page.getByRole('button', { name: 'New sale' }).click();

  await expect.poll(() => salesAfter(server, before).length, { timeout: 20_000 }).toBe(3);
  const sales = salesAfter(server, before);
  expect(sales.map((sale) => [sale.total, sale.items])).toEqual([
    [sums[1], { 'Pils 0,3 l': 2 }],
    [sums[2], { 'Burger "Alpenblick"': 1 }],
    [sums[0], { 'Mineralwasser 0,25 l': 1 }],
  ]);
  expect(sales[1]!.reference).toBe(roomReference);
  // The hotel: the seat 1 and the last part as cash invoices, seat 2 on the guest's room, each once.
  await expect
    .poll(() => [invoiceItems(server, sales[0]!.reference), invoiceItems(server, sales[2]!.reference)], {
      timeout: 20_000,
    })
    .toEqual([{ 'Pils 0,3 l': 2 }, { 'Mineralwasser 0,25 l': 1 }]);
  const stay = stayIn(server, '104');
  await expect
    .poll(() => itemsOfSale(server, stay.id, roomReference).map((item) => [item.name, item.quantity]), {
      timeout: 20_000,
    })
    .toEqual([['Burger "Alpenblick"', 1]]);
  expect(invoiceItems(server, roomReference)).toEqual({});

  // Free on the other waiter's tablet, and nothing of the table parked on this one.
  await expect.poll(() => stateOf(two.page, 't12'), { timeout: 20_000 }).toBe('free');
  await page.getByRole('link', { name: 'Tables' }).click();
  await expect.poll(() => stateOf(page, 't12'), { timeout: 20_000 }).toBe('free');
  expect(await page.locator('.tables-parked').count()).toBe(0);
  expect(one.errors).toEqual([]);
  expect(two.errors).toEqual([]);
});
