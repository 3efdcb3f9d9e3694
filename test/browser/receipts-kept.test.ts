// "Print copy" survives a killed browser (issue 22, minor): the receipts of the shift are kept in
// IndexedDB beside the journal, so when localStorage lost its last writes (as it may when the
// browser is killed), the report still offers a copy of every cash sale.

import { expect } from 'vitest';
import { browserTest as it, openTill } from '../support/browser-test.ts';
import { productTile } from './till.ts';

it('offers a copy of each cash sale of the shift after localStorage lost the receipts', async ({
  browser,
  server,
}) => {
  const { page } = await openTill(browser, server, { viewport: { width: 1024, height: 768 } });
  const references: string[] = [];
  for (const name of ['Pils 0,3 l', 'Espresso']) {
    await productTile(page, name).click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    const reference = page.locator('.receipt-panel').getByTestId('receipt-reference');
    await reference.waitFor();
    references.push((await reference.textContent()) ?? '');
    await page.getByRole('button', { name: 'New sale' }).click();
  }
  // what a killed browser can leave behind: localStorage without the receipts
  await page.evaluate(() => {
    localStorage.removeItem('hotel-till.receipts');
    localStorage.removeItem('hotel-till.last-receipt');
  });
  await page.reload();
  await page.getByRole('navigation').getByRole('link', { name: 'Report', exact: true }).click();
  const list = page.getByTestId('shift-receipts');
  for (const reference of references) {
    await expect
      .poll(() =>
        list.locator(`li[data-reference="${reference}"]`).getByRole('button', { name: 'Print copy' }).count(),
      )
      .toBe(1);
  }
});
