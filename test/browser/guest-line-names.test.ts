// What guests see (issue 22, minor): the lines the till puts on a cash invoice and on a room's
// folio are named with the product's name only, e.g. "Weißbier 0,5 l", not "Weißbier 0,5 l ·
// AM45-8/1": the till finds its own writes without a marker (docs/outbox.md, "Unknown outcomes,
// per intent").
import { expect } from 'vitest';
import { browserTest as it, openTill, ROOM_CHARGE } from '../support/browser-test.ts';
import { chargeTicketToRoom, hotelProduct, itemsOfSale, putOnTicket, stayIn } from './front-desk.ts';
import { hotelDb } from './till.ts';

it('names the lines of a cash sale and of a room charge in the PMS with the product names only', async ({
  browser,
  server,
}) => {
  const { page } = await openTill(browser, server, ROOM_CHARGE);
  const weissbier = hotelProduct(server, 'B-101');
  const pils = hotelProduct(server, 'B-100');

  await putOnTicket(page, server, [
    { number: 'B-101', quantity: 2 },
    { number: 'B-100', quantity: 1 },
  ]);
  await page.getByRole('link', { name: 'Register', exact: true }).click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const receipt = page.locator('.receipt-panel').getByTestId('receipt-reference');
  await receipt.waitFor();
  const sold = (await receipt.textContent()) ?? '';
  const invoiceLines = () =>
    hotelDb(server)
      .prepare(
        `SELECT ii.name FROM invoice_items ii JOIN invoices i ON i.id = ii.invoice_id
          WHERE i.reference = ? AND i.status = 'closed' ORDER BY ii.id`,
      )
      .all(sold)
      .map((row) => (row as { name: string }).name);
  await expect.poll(invoiceLines, { timeout: 15_000 }).toHaveLength(2);
  expect(invoiceLines()).toEqual([weissbier.name, pils.name]);
  await page.getByRole('button', { name: 'New sale' }).click();

  const charged = await chargeTicketToRoom(server, page, '104', 'Bauer', [{ number: 'B-101', quantity: 1 }]);
  const stay = stayIn(server, '104');
  await expect.poll(() => itemsOfSale(server, stay.id, charged).length, { timeout: 15_000 }).toBe(1);
  expect(itemsOfSale(server, stay.id, charged).map((item) => item.name)).toEqual([weissbier.name]);
});
