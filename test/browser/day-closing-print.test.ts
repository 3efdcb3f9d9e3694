// "Print" on the day closing, in Chromium (run `npx vite build` first): where the bar has a receipt
// printer (a printer double), a manager (Anna) prints the X report there, with the day's takings,
// then closes the day and prints that Z; both come out once at the double, made by the server from
// the ledger. (Without a receipt printer there is no such button: day-closing.test.ts.)

import { afterEach, describe, expect } from 'vitest';
import { slipText } from '../../src/server/printing/escpos-decoder.ts';
import { type PrinterDouble, startPrinterDouble } from '../../src/server/printing/printer-double.ts';
import { staffBrowserTest as it, openTill } from '../support/browser-test.ts';
import { printerAt } from '../support/printers.ts';
import { ANNA } from '../support/staff.ts';
import { sellForCash } from './chaos-ui.ts';

let printer: PrinterDouble | undefined;
afterEach(async () => {
  await printer?.close();
});

describe('printing the day closing', () => {
  it('a manager prints the X report and, once the day is closed, its Z at the bar’s receipt printer', async ({
    browser,
    server,
  }) => {
    printer = await startPrinterDouble();
    server.printing.printers.add(printerAt(printer));
    const { context, page } = await openTill(browser, server, { pair: { name: 'Bar 7' }, signIn: ANNA });
    await page.locator('nav a[href="/"]').click();
    await sellForCash(page, server, ['B-100']);
    await printer.waitForSlips(1, 15_000); // the sale's receipt
    const gross = (
      server.hub.db
        .prepare(`SELECT TOTAL(total_cents) AS cents FROM ledger_sales WHERE kind = 'sale'`)
        .get() as {
        cents: number;
      }
    ).cents;
    expect(gross).toBeGreaterThan(0);
    const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

    await page.locator('nav a[href="/report"]').click();
    const panel = page.getByTestId('day-closing');
    await panel.getByRole('button', { name: 'Open the day closing' }).click();
    await panel.getByTestId('day-by-payment').waitFor({ timeout: 15_000 });
    await panel.getByRole('button', { name: 'Print the X report' }).click();
    await expect
      .poll(() => panel.getByTestId('day-printing').textContent(), { timeout: 15_000 })
      .toBe('Printing at Bar receipts.');
    const [, xSlip] = await printer.waitForSlips(2, 15_000);
    const x = slipText(xSlip!);
    expect(x).toContain('X REPORT');
    expect(x).toContain(euros(gross));

    // Count the drawer even, close the day, print its Z.
    const drawer = panel.getByTestId('day-drawer').first();
    await drawer.getByRole('button', { name: /^Count / }).click();
    let rest = gross;
    for (const cents of [50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 20, 10, 5, 2, 1]) {
      const n = Math.floor(rest / cents);
      rest -= n * cents;
      if (n > 0) await drawer.locator(`input[data-cents="${cents}"]`).fill(String(n));
    }
    await drawer.getByRole('button', { name: 'Save count' }).click();
    await expect
      .poll(() => drawer.getByTestId('drawer-counted').textContent(), { timeout: 15_000 })
      .toContain('Even');
    await panel.getByRole('button', { name: 'Close the day (Z)' }).click();
    await panel.getByRole('button', { name: 'Yes, close the day' }).click();
    await panel.getByTestId('z-number').waitFor({ timeout: 15_000 });
    await panel.getByRole('button', { name: 'Print Z 1' }).click();
    const [, , zSlip] = await printer.waitForSlips(3, 15_000);
    const z = slipText(zSlip!);
    expect(z).toContain('Z REPORT');
    expect(z).toContain(euros(gross));
    // Printed once: a second tap answers the same job.
    await panel.getByRole('button', { name: 'Print Z 1' }).click();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(printer.count()).toBe(3);
    await context.close();
  });
});
