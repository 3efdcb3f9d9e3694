// The tablet's own outage receipt in Austria, in Chromium (run `npm run build` first): a till server
// with Austria chosen (embedded test signature unit). A sale the tablet makes offline says what
// Austrian law asks, "Sicherheitseinrichtung ausgefallen", never Germany's "TSE ausgefallen"; once
// the tablet is back, the server signs the sale in its place and the printed receipt stays as it was.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openTill, type Server, tillTest } from '../support/browser-test.ts';
import { productTile } from './till.ts';

const it = tillTest({
  server: { fiscal: { dataDir: null, testMode: true, defaultCountry: 'AT' } },
  setUp: async (server) => {
    await server.fiscal.austria()!.setUp({
      kassenId: 'HOTEL-TILL-INN-1',
      business: {
        name: 'Hotel Alpenblick',
        address: 'Maria-Theresien-Straße 1, 6020 Innsbruck',
        vatId: 'ATU12345678',
      },
      companyId: 'U:ATU12345678',
    });
  },
});

const receiptPanel = (page: Page) => page.locator('.receipt-panel > div').first();

async function sellPils(page: Page): Promise<string> {
  await page.getByRole('navigation').getByRole('link', { name: 'Register', exact: true }).click();
  await productTile(page, 'Pils 0,3 l').click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const reference = receiptPanel(page).getByTestId('receipt-reference');
  await reference.waitFor();
  return (await reference.textContent()) ?? '';
}

async function fiscalOf(page: Page) {
  const block = receiptPanel(page).getByTestId('receipt-fiscal');
  await block.waitFor({ timeout: 15_000 });
  return { status: await block.getAttribute('data-status'), text: (await block.textContent()) ?? '' };
}

const saleIdOf = (server: Server, reference: string) =>
  (
    server.hub.db.prepare('SELECT sale_id AS id FROM ledger_sales WHERE reference = ?').get(reference) as
      | { id: string }
      | undefined
  )?.id;

describe("the tablet's outage receipt in Austria", () => {
  it('says "Sicherheitseinrichtung ausgefallen", not "TSE ausgefallen"; the server signs the sale once it arrives', async ({
    browser,
    server,
  }) => {
    const { page, context } = await openTill(browser, server);
    await sellPils(page); // the till learns its server's country
    await expect.poll(async () => (await fiscalOf(page)).status, { timeout: 15_000 }).toBe('signed');
    expect((await fiscalOf(page)).text).toContain('Kassen-ID / Till ID: HOTEL-TILL-INN-1');
    await page.getByRole('button', { name: 'New sale' }).click();

    await context.setOffline(true);
    const reference = await sellPils(page);
    const outage = await fiscalOf(page);
    expect(outage.status).toBe('unsigned');
    expect(outage.text).toContain('Sicherheitseinrichtung ausgefallen / Signature unit unavailable');
    expect(outage.text).not.toContain('TSE');
    await context.setOffline(false);
    await expect.poll(() => saleIdOf(server, reference), { timeout: 30_000 }).toBeDefined();
    const at = server.fiscal.austria()!;
    await expect
      .poll(() => at.store.receiptsOfSale(saleIdOf(server, reference)!).map((r) => r.signed), {
        timeout: 15_000,
      })
      .toEqual([true]);
    await page.waitForTimeout(500);
    expect(await fiscalOf(page)).toEqual(outage);
  });
});
