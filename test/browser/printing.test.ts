// Printing at the till server's printers (issue 24), in Chromium against the test hotel with a
// printer double as the bar's receipt printer and two order printers (run `npx vite build`
// first): a cash sale's receipt prints once, without a dialog, with its lines and totals, a cut and
// one drawer kick, and a room charge opens no drawer; a copy from the report prints there too, and
// a refund's slip (with its drawer kick), each once, from the ledger's records;
// with the printer off five receipts wait and then print once each, in order, and "paper out"
// shows in the header within 5 s (and staff can give a job up there); a ticket's order prints in
// two rounds, the second with only the new lines, each at its printer by routing.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { slipText } from '../../src/server/printing/escpos-decoder.ts';
import { type PrinterDouble, startPrinterDouble } from '../../src/server/printing/printer-double.ts';
import { openTill, ROOM_CHARGE, tillTest } from '../support/browser-test.ts';
import { printerAt } from '../support/printers.ts';
import { chargeTicketToRoom, putOnTicket } from './front-desk.ts';
import { countPrintDialogs, productTile } from './till.ts';

let receipts: PrinterDouble;
let kitchen: PrinterDouble;
const it = tillTest({
  server: { printQueue: { retryMs: 200, timeoutMs: 1000 } },
  setUp: async (server) => {
    receipts = await startPrinterDouble();
    kitchen = await startPrinterDouble();
    server.printing.printers.add(printerAt(receipts));
    // The bar's order printer is the receipt printer's double too: its slips are told apart by title.
    server.printing.printers.add(printerAt(receipts, { role: 'order', name: 'Bar', groups: '1, 2' }));
    server.printing.printers.add(printerAt(kitchen, { role: 'order', name: 'Küche', groups: '3' }));
    return async () => {
      await receipts.close();
      await kitchen.close();
    };
  },
});
// (Each test's tablets are closed after it, by tillTest.)
it.beforeEach(async ({ server }) => {
  receipts.setState('ok');
  // What an earlier test left waiting prints first, before this test's slips are counted.
  await expect
    .poll(() => server.printing.queue.jobs({ state: 'queued' }).length, { timeout: 10_000 })
    .toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 300));
  receipts.clear();
  kitchen.clear();
});

const receiptPanel = (page: Page) => page.locator('.receipt-panel');

/** Sells `taps` Pils 0,3 l for cash (with 20.00 given); answers the sale reference. */
async function sellPils(page: Page, taps: number): Promise<string> {
  for (let i = 0; i < taps; i++) await productTile(page, 'Pils 0,3 l').click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const reference = receiptPanel(page).getByTestId('receipt-reference');
  await reference.waitFor();
  return (await reference.textContent()) ?? '';
}

const kicks = (double: PrinterDouble) =>
  double.printed.flatMap((slip) => slip.items).filter((item) => item.kind === 'drawer').length;

describe('a receipt at the server’s printer', () => {
  it('prints a cash sale once without a dialog: lines, totals, a cut and one drawer kick; a room charge opens no drawer', async ({
    browser,
    server,
  }) => {
    const { page, errors } = await openTill(browser, server);
    const dialogs = await countPrintDialogs(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('hotel-till.print-pending'))).toBeNull();
    const reference = await sellPils(page, 2);
    const [slip] = await receipts.waitForSlips(1);
    const text = slipText(slip!);
    expect(text).toContain(reference);
    // The tablet's UI is English: so is the slip.
    expect(text).toMatch(/2 x Pils 0,3 l\s+€8\.40/);
    expect(text).toMatch(/Total\s+€8\.40/);
    expect(slip!.cut).toBe('partial');
    expect(kicks(receipts)).toBe(1);
    // The key now prints a copy at the printer, marked as one and opening no drawer.
    await expect.poll(() => receiptPanel(page).getByTestId('receipt-print').textContent()).toBe('Print copy');
    await receiptPanel(page).getByTestId('receipt-print').click();
    await receipts.waitForSlips(2);
    expect(slipText(receipts.printed[1]!)).toContain('COPY');
    expect(await dialogs()).toBe(0);
    // A reload shows the receipt again: it is not printed twice.
    await page.reload();
    await page.waitForTimeout(1500);
    expect(receipts.printed).toHaveLength(2);
    expect(kicks(receipts)).toBe(1);
    expect(errors).toEqual([]);

    const { page: roomPage } = await openTill(browser, server, ROOM_CHARGE);
    await chargeTicketToRoom(server, roomPage, '104', 'Bauer', [{ number: 'B-100', quantity: 1 }]);
    await roomPage.waitForTimeout(1500);
    expect(kicks(receipts)).toBe(1);
    expect(receipts.printed).toHaveLength(2);
  });
});

describe('a copy from the report', () => {
  it('prints at the receipt printer with the PMS invoice number, without a dialog', async ({
    browser,
    server,
  }) => {
    const { page, errors } = await openTill(browser, server);
    const reference = await sellPils(page, 1);
    await expect
      .poll(() => receiptPanel(page).getByTestId('receipt-status').textContent(), { timeout: 15_000 })
      .toBe('Confirmed by the PMS');
    await page.getByRole('button', { name: 'New sale' }).click();
    await receipts.waitForSlips(1);
    await page.getByRole('navigation').getByRole('link', { name: 'Report', exact: true }).click();
    const dialogs = await countPrintDialogs(page);
    const row = page.getByTestId('shift-receipts').locator(`li[data-reference="${reference}"]`);
    await row.getByRole('button', { name: 'Print copy' }).click();
    await page.locator('.report-slip').getByRole('button', { name: 'Print', exact: true }).click();
    const [, copy] = await receipts.waitForSlips(2);
    const text = slipText(copy!);
    expect(text).toContain('COPY');
    expect(text).toContain(reference);
    expect(text).toMatch(/Invoice no\.\s+\d+/);
    expect(kicks(receipts)).toBe(1);
    expect(await dialogs()).toBe(0);
    expect(await page.locator('.report-slip').getByTestId('print-said').textContent()).toBe(
      'Copy sent to Bar receipts.',
    );
    expect(errors).toEqual([]);
  });
});

describe('a refund slip', () => {
  it('prints once at the receipt printer from the refund’s record, with one drawer kick, without a dialog', async ({
    browser,
    server,
  }) => {
    const { page, errors } = await openTill(browser, server);
    const reference = await sellPils(page, 2);
    await receipts.waitForSlips(1);
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Report', exact: true }).click();
    const dialogs = await countPrintDialogs(page);
    const row = page.getByTestId('shift-receipts').locator(`li[data-reference="${reference}"]`);
    await expect
      .poll(() => row.getByRole('button', { name: 'Refund…' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await row.getByRole('button', { name: 'Refund…' }).click();
    await page.getByLabel('Why is the sale refunded?').fill('Wrong beer');
    await page.getByRole('button', { name: 'Refund €8.40 and print the slip' }).click();
    const [, slip] = await receipts.waitForSlips(2);
    const text = slipText(slip!);
    expect(text).toContain('REFUND');
    expect(text).toContain(reference);
    expect(text).toMatch(/2 x Pils 0,3 l\s+-€8\.40/);
    expect(text).toContain('Wrong beer');
    await page.waitForTimeout(1500);
    expect(receipts.printed).toHaveLength(2);
    expect(kicks(receipts)).toBe(2);
    expect(await dialogs()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('while the printer is off', () => {
  it('keeps five receipts, prints each once and in order when it is back, and shows "paper out" within 5 s', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server);
    receipts.setState('off');
    const references: string[] = [];
    for (let n = 0; n < 5; n++) {
      references.push(await sellPils(page, 1));
      await page.getByRole('button', { name: 'New sale' }).click();
    }
    const attention = page.getByTestId('printer-attention');
    await expect.poll(() => attention.getAttribute('data-problem'), { timeout: 5000 }).toBe('unreachable');
    expect(await attention.textContent()).toBe('Bar receipts: not reachable');
    expect(receipts.printed).toHaveLength(0);

    receipts.setState('ok');
    const slips = await receipts.waitForSlips(5);
    await page.waitForTimeout(1000);
    expect(receipts.printed).toHaveLength(5);
    expect(slips.map((slip) => references.find((reference) => slipText(slip).includes(reference)))).toEqual(
      references,
    );
    await expect.poll(() => attention.count(), { timeout: 5000 }).toBe(0);

    receipts.setState('paper_out');
    await sellPils(page, 1);
    const soldAt = Date.now();
    await expect.poll(() => attention.getAttribute('data-problem'), { timeout: 5000 }).toBe('paper_out');
    expect(Date.now() - soldAt).toBeLessThan(5000);
    expect(await attention.textContent()).toBe('Bar receipts: paper out');

    // Staff give the waiting receipt up from the header: it never prints.
    const [waiting] = server.printing.queue.jobs({ state: 'queued' });
    await attention.click();
    const dialog = page.getByRole('dialog');
    await dialog.locator(`li[data-job="${waiting!.id}"]`).getByRole('button', { name: 'Give up' }).click();
    await expect.poll(() => server.printing.queue.job(waiting!.id)?.state).toBe('given_up');
    // names are unique per hub (issue 30), so the file's later tablets are 'Test tablet 2', …
    expect(server.printing.queue.job(waiting!.id)?.givenUpBy).toMatch(/^Test tablet( \d+)?$/);
    receipts.setState('ok');
    await page.waitForTimeout(1000);
    expect(receipts.printed).toHaveLength(5);
  });
});

describe('an order ticket', () => {
  it('prints its lines at the printers by routing, and on the second send only what was added', async ({
    browser,
    server,
  }) => {
    const { page, errors } = await openTill(browser, server);
    await putOnTicket(page, server, [
      { number: 'B-100', quantity: 2 },
      { number: 'K-301', quantity: 1 },
    ]);
    const send = page.getByTestId('send-order');
    await send.click();
    const [bar] = await receipts.waitForSlips(1);
    const [food] = await kitchen.waitForSlips(1);
    expect(slipText(bar!)).toContain('ORDER Bar');
    expect(slipText(bar!)).toContain('2 x Pils 0,3 l');
    expect(slipText(bar!)).not.toContain('Käsespätzle');
    expect(slipText(food!)).toContain('1 x Käsespätzle');

    await productTile(page, 'Pils 0,3 l').click();
    await send.click();
    const second = await receipts.waitForSlips(2);
    expect(slipText(second[1]!)).toContain('1 x Pils 0,3 l');
    expect(slipText(second[1]!)).toContain('Round 2');
    await page.waitForTimeout(1000);
    expect(kitchen.printed).toHaveLength(1);
    expect(receipts.printed).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});
