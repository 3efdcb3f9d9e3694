// Which till a receipt names, and whose header it prints (issue 22, minors), in Chromium: a tablet
// paired on the admin page as "Minibar 2" at the minibar sells as that, not as "Bar 1"; its receipt
// prints the header the server keeps for the minibar (its own name, the hotel's address and VAT
// ID); Settings shows both as given by the server instead of fields to edit.

import { expect } from 'vitest';
import { browserTest as it, openTill } from '../support/browser-test.ts';
import { productTile } from './till.ts';

it('a minibar tablet sells as the name and outlet the admin page gave it, with the minibar’s receipt header', async ({
  browser,
  server,
}) => {
  server.hub.receiptHeaders.set('hotel', {
    hotelName: 'Hotel Alpenrose',
    hotelAddress: 'Dorfstraße 1, 6020 Innsbruck',
    vatId: 'ATU12345678',
  });
  server.hub.receiptHeaders.set('minibar', { hotelName: 'Alpenrose Minibar', hotelAddress: '', vatId: '' });
  const { page } = await openTill(browser, server, {
    path: '/settings',
    until: 'service-worker',
    pair: { name: 'Minibar 2', outlet: 'minibar' },
  });
  await expect
    .poll(() => page.getByTestId('till-identity').textContent())
    .toBe('This tablet is Minibar 2 at the Minibar, as named on the admin page when it was paired.');
  await expect
    .poll(() => page.getByTestId('receipt-header-from-server').locator('dd').allTextContents(), {
      timeout: 10_000,
    })
    .toEqual(['Alpenrose Minibar', 'Dorfstraße 1, 6020 Innsbruck', 'ATU12345678']);

  await page.getByRole('navigation').getByRole('link', { name: 'Register', exact: true }).click();
  await productTile(page, 'Pils 0,3 l').click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const receipt = page.locator('.receipt-panel');
  await receipt.getByTestId('receipt-reference').waitFor();
  expect(await receipt.getByTestId('receipt-hotel').locator(':scope > *').allTextContents()).toEqual([
    'Alpenrose Minibar',
    'Dorfstraße 1, 6020 Innsbruck',
    'VAT ID ATU12345678',
  ]);
  expect(await receipt.locator('.receipt-head strong').textContent()).toBe('Minibar');
  expect(await receipt.locator('.receipt-foot').textContent()).toContain('Till Minibar 2');
  expect(await receipt.textContent()).not.toContain('Bar 1');
});
