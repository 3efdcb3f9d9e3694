// The register in real Chromium against the test hotel (build first: `npx vite build`): a cash
// sale from tapping products to the receipt and a CLOSED cash invoice in the PMS; parked tabs that
// survive a reload; and a sale made offline that completes at once and reaches the PMS exactly once
// when the till is back online.

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest as it, openTill, type Server } from '../support/browser-test.ts';
import { hotelDb, productTile, screenshot, ticketContents, ticketTotal } from './till.ts';

interface InvoiceRow {
  id: number;
  status: string;
  kind: string;
  payment_method_id: number;
  template_id: number;
}

function invoicesWithReference(server: Server, reference: string): InvoiceRow[] {
  return hotelDb(server)
    .prepare('SELECT id, status, kind, payment_method_id, template_id FROM invoices WHERE reference = ?')
    .all(reference) as InvoiceRow[];
}

function itemsOf(server: Server, invoiceId: number) {
  return hotelDb(server)
    .prepare(
      `SELECT p.number, i.name, i.quantity, i.price_cents FROM invoice_items i
       JOIN products p ON p.id = i.product_id WHERE i.invoice_id = ? ORDER BY i.id`,
    )
    .all(invoiceId) as { number: string; name: string; quantity: number; price_cents: number }[];
}

const receipt = (page: Page) => page.locator('.receipt-panel');
const receiptStatus = (page: Page) => receipt(page).getByTestId('receipt-status').textContent();

async function payCash(page: Page, tendered?: string): Promise<string> {
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  if (tendered) await page.getByLabel('Cash tendered').fill(tendered);
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await receipt(page).getByTestId('receipt-reference').waitFor();
  return (await receipt(page).getByTestId('receipt-reference').textContent()) ?? '';
}

describe('the register', () => {
  it('sells for cash: lines, an open-price item, quantity and removal, change, receipt, and a closed invoice in the PMS', async ({
    browser,
    server,
  }) => {
    const till = await openTill(browser, server);
    const { page } = till;
    await productTile(page, 'Pils 0,3 l').click();
    await productTile(page, 'Pils 0,3 l').click();
    await productTile(page, 'Gin Tonic').click();
    await productTile(page, 'Käsespätzle').click();
    await page.getByRole('button', { name: 'One more: Gin Tonic' }).click();
    await page.getByRole('button', { name: 'Remove Käsespätzle' }).click();
    // The charging station has an open price: its tile asks for the description and amount.
    await productTile(page, 'Ladestation / Charging station').click();
    const dialog = page.getByRole('dialog', { name: 'Open-price item' });
    await dialog.getByLabel('Description').fill('Laden 12,3 kWh');
    await dialog.getByLabel('Amount').fill('5,85');
    await dialog.getByRole('button', { name: 'Add to ticket' }).click();
    await page.getByLabel('Note').fill('Terrasse');
    await page.getByLabel('Note').press('Tab');

    expect(await ticketContents(page)).toEqual([
      ['Pils 0,3 l', '2'],
      ['Gin Tonic', '2'],
      ['Laden 12,3 kWh', '1'],
    ]);
    expect(await ticketTotal(page)).toBe('€35.25'); // 8.40 + 21.00 + 5.85
    expect(await page.getByTestId('ticket-totals').textContent()).toContain('incl. VAT 20 %€5.88');
    await screenshot(page, 'register-ticket-768x1024');

    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByLabel('Cash tendered').fill('50');
    expect(await page.getByTestId('change-due').textContent()).toBe('Change: €14.75');
    await screenshot(page, 'register-pay-768x1024');
    await page.getByRole('button', { name: 'Complete sale' }).click();

    const panel = receipt(page);
    await panel.getByTestId('receipt-reference').waitFor();
    const reference = (await panel.getByTestId('receipt-reference').textContent()) ?? '';
    expect(await panel.getByTestId('receipt-total').textContent()).toBe('€35.25');
    expect(await panel.getByTestId('receipt-tendered').textContent()).toBe('€50.00');
    expect(await panel.getByTestId('receipt-change').textContent()).toBe('€14.75');
    expect(await panel.textContent()).toContain('Laden 12,3 kWh');
    expect(await panel.textContent()).toContain('Note: Terrasse');
    await expect.poll(() => receiptStatus(page), { timeout: 15_000 }).toBe('Confirmed by the PMS');
    await screenshot(page, 'register-receipt-768x1024');

    const [invoice, ...others] = invoicesWithReference(server, reference);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      status: 'closed',
      kind: 'cashregister',
      payment_method_id: 1,
      template_id: 3,
    });
    const items = itemsOf(server, invoice!.id);
    expect(items.map(({ number, quantity, price_cents }) => [number, quantity, price_cents])).toEqual([
      ['B-100', 2, 420],
      ['B-122', 2, 1050],
      ['V-500', 1, 585],
    ]);
    expect(items[2]!.name).toContain('Laden 12,3 kWh');
    expect(items.reduce((sum, i) => sum + i.quantity * i.price_cents, 0)).toBe(3525);

    await page.getByRole('button', { name: 'New sale' }).click();
    await expect.poll(() => page.getByText('Tap a product to add it.').isVisible()).toBe(true);
    // What sold shows as quick keys, most sold first (ties by name), also after a reload (from the journal).
    const quickKeys = page.getByRole('region', { name: 'Most sold' }).locator('.product-name');
    await expect
      .poll(() => quickKeys.allTextContents())
      .toEqual(['Gin Tonic', 'Pils 0,3 l', 'Ladestation / Charging station']);
    await page.reload();
    await expect
      .poll(() => quickKeys.allTextContents())
      .toEqual(['Gin Tonic', 'Pils 0,3 l', 'Ladestation / Charging station']);
    expect(till.errors).toEqual([]);
  });

  it('prints only the receipt, on a page 80 mm wide and as long as the receipt', async ({
    browser,
    server,
  }) => {
    const till = await openTill(browser, server);
    const { page } = till;
    for (const name of [
      'Espresso',
      'Gin Tonic',
      'Wiener Schnitzel mit Kartoffelsalat',
      'Aufenthaltsabgabe pro Person',
    ]) {
      await productTile(page, name).click();
    }
    await payCash(page, '60');
    const file = await page.pdf({ preferCSSPageSize: true });
    await writeFile(join('test-results', 'screenshots', 'receipt.pdf'), file);
    const pdf = file.toString('latin1');
    const [, width, height] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf) ?? [];
    expect(Number(width)).toBeCloseTo(226.8, 0); // 80 mm in points
    expect(Number(height)).toBeLessThan(Number(width) * 2);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#root').isVisible()).toBe(false);
    const printed = page.locator('.print-root .receipt');
    expect(await printed.isVisible()).toBe(true);
    expect(await printed.textContent()).toContain('Espresso');
    await screenshot(page, 'register-receipt-print');
  });

  it('parks a ticket under a name, keeps it across a reload, and recalls it', async ({ browser, server }) => {
    const till = await openTill(browser, server);
    const { page } = till;
    await productTile(page, 'Aperol Spritz').click();
    await productTile(page, 'Aperol Spritz').click();
    await productTile(page, 'Hugo').click();
    await page.getByRole('button', { name: 'Park', exact: true }).click();
    const park = page.getByRole('dialog', { name: 'Park ticket' });
    await park.getByLabel('Name (table, guest)').fill('Table 4');
    await park.getByRole('button', { name: 'Park ticket' }).click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('Ticket parked as “Table 4”.');
    expect(await ticketContents(page)).toEqual([]);

    // The ticket being rung up survives a reload too.
    await productTile(page, 'Espresso').click();
    await page.reload();
    await productTile(page, 'Hugo').waitFor();
    // the ticket side loads just after the product grid (the start screen's first paint)
    await expect.poll(() => ticketContents(page)).toEqual([['Espresso', '1']]);

    await page.getByRole('button', { name: /^Tabs/ }).click();
    const tabs = page.getByRole('dialog', { name: 'Parked tickets' });
    await tabs.getByRole('button', { name: 'Recall Table 4' }).click();
    await expect
      .poll(() => ticketContents(page))
      .toEqual([
        ['Aperol Spritz', '2'],
        ['Hugo', '1'],
      ]);
    expect(await page.getByRole('heading', { name: 'Tab “Table 4”' }).isVisible()).toBe(true);
    // The Espresso that was on the ticket was parked, not lost.
    await page.getByRole('button', { name: /^Tabs/ }).click();
    expect(await tabs.getByRole('button', { name: /^Recall Ticket/ }).count()).toBe(1);
  });

  it('completes a sale offline at once, shows it pending, and confirms it once online — in the PMS exactly once', async ({
    browser,
    server,
  }) => {
    const till = await openTill(browser, server);
    const { page, context } = till;
    await context.setOffline(true);
    await productTile(page, 'Cappuccino').click();
    await productTile(page, 'Apfelstrudel mit Vanillesauce').click();
    expect(await ticketTotal(page)).toBe('€12.80');

    const started = Date.now();
    const reference = await payCash(page, '20');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await receiptStatus(page)).toBe('Pending — will be sent to the PMS');
    expect(await receipt(page).getByTestId('receipt-change').textContent()).toBe('€7.20');
    await screenshot(page, 'register-offline-receipt-768x1024');
    await page.waitForTimeout(500);
    expect(invoicesWithReference(server, reference)).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => receiptStatus(page), { timeout: 20_000 }).toBe('Confirmed by the PMS');
    const invoices = invoicesWithReference(server, reference);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]!.status).toBe('closed');
    expect(itemsOf(server, invoices[0]!.id).map((i) => [i.number, i.quantity, i.price_cents])).toEqual([
      ['B-131', 1, 390],
      ['K-306', 1, 890],
    ]);
  });

  it('speaks German to German staff, with amounts in euros the German way', async ({ browser, server }) => {
    const till = await openTill(browser, server, { viewport: { width: 768, height: 1024 }, locale: 'de-DE' });
    const { page } = till;
    await productTile(page, 'Weißbier 0,5 l').click();
    await productTile(page, 'Kaiserschmarrn').click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('Hinzugefügt: Kaiserschmarrn');
    expect(await ticketTotal(page)).toBe('17,70\u00a0€');
    expect(await page.getByTestId('ticket-totals').textContent()).toContain('inkl. MwSt. 10 %');
    await page.getByRole('button', { name: /^Bezahlen/ }).click();
    await page.getByLabel('Gegeben (bar)').fill('20');
    expect(await page.getByTestId('change-due').textContent()).toBe('Rückgeld: 2,30\u00a0€');
    await screenshot(page, 'register-pay-de-768x1024');
    await page.getByRole('button', { name: 'Verkauf abschließen' }).click();
    await expect.poll(() => receiptStatus(page), { timeout: 15_000 }).toBe('Vom PMS bestätigt');
    await screenshot(page, 'register-receipt-de-768x1024');
  });

  it('looks right in landscape and on a phone, with 44 px touch targets', async ({ browser, server }) => {
    const till = await openTill(browser, server, { viewport: { width: 1280, height: 800 } });
    const { page } = till;
    await productTile(page, 'Pils 0,3 l').click();
    await productTile(page, 'Wiener Schnitzel mit Kartoffelsalat').click();
    await screenshot(page, 'register-ticket-1280x800');
    const buttons = await page.locator('.ticket-panel button, .product-panel button').all();
    for (const button of buttons) {
      if (await button.isVisible())
        expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await page.getByRole('button', { name: /^Pay/ }).click();
    await screenshot(page, 'register-pay-1280x800');

    // On a phone the ticket is a bottom sheet, opened from the bar at the bottom.
    await page.setViewportSize({ width: 390, height: 844 });
    const sheet = page.getByRole('complementary', { name: 'Ticket' });
    await expect.poll(() => sheet.isVisible()).toBe(false);
    await screenshot(page, 'register-phone-products');
    await page.getByRole('button', { name: /^▴ Ticket/ }).click();
    await page.getByRole('button', { name: 'Back to ticket' }).click();
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await screenshot(page, 'register-phone-sheet');
    expect(await ticketContents(page)).toEqual([
      ['Pils 0,3 l', '1'],
      ['Wiener Schnitzel mit Kartoffelsalat', '1'],
    ]);
  });
});
