// A signed receipt on paper, in Chromium (issue 24 with issue 23; run `npx vite build` first): a till
// server in Germany with the embedded test TSE and a printer double as the bar's receipt printer.
// A cash sale on the tablet prints one receipt at the double, with a cut and one drawer kick, whose
// TSE transaction is the one the tablet's receipt shows and whose QR code is the tablet's and verifies.

import { describe, expect } from 'vitest';
import { verifyQrCode } from '../../src/server/fiscal/de/qr-code.ts';
import { slipText } from '../../src/server/printing/escpos-decoder.ts';
import { type PrinterDouble, startPrinterDouble } from '../../src/server/printing/printer-double.ts';
import { openTill, tillTest } from '../support/browser-test.ts';
import { printerAt } from '../support/printers.ts';
import { productTile } from './till.ts';

let printer: PrinterDouble;
const it = tillTest({
  server: {
    printQueue: { retryMs: 200, timeoutMs: 1000 },
    fiscal: { dataDir: null, testMode: true, defaultCountry: 'DE' },
    demoRegion: 'DE', // the server prices lines by the hotel's catalogue (19 %, 7 %)
  },
  setUp: async (server) => {
    await server.fiscal.german()!.setUp('HOTEL-TILL BAR 1');
    // A German sale is signed only with the business's name and address on the till server (issue 30).
    server.fiscal.setBusiness({
      name: 'Hotel Zur Linde',
      street: 'Lindenstraße 1',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DEU',
    });
    printer = await startPrinterDouble();
    server.printing.printers.add(printerAt(printer));
    return () => printer.close();
  },
});

describe('a signed receipt printed by the server (Germany, test TSE)', () => {
  it('a cash sale prints one receipt with the TSE transaction, the QR code the tablet shows (it verifies), a cut and one drawer kick', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server);
    await page.getByRole('navigation').getByRole('link', { name: 'Register', exact: true }).click();
    await productTile(page, 'Pils 0,3 l').click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    const shown = page.locator('.receipt-panel > div').first();
    const block = shown.getByTestId('receipt-fiscal');
    await block.waitFor({ timeout: 15_000 });
    expect(await block.getAttribute('data-status')).toBe('signed');
    const tabletQr = await block.getByTestId('receipt-qr').getAttribute('data-qr');
    const reference = (await shown.getByTestId('receipt-reference').textContent()) ?? '';

    const [slip] = await printer.waitForSlips(1, 15_000);
    const text = slipText(slip!);
    expect(text).toContain(reference);
    const txNumber = /TSE-Transaktion \/ TSE transaction: (\d+)/.exec(text)?.[1];
    expect(txNumber).toBeDefined();
    expect(await block.textContent()).toContain(`TSE transaction: ${txNumber}`);
    const qr = slip!.items.flatMap((item) => (item.kind === 'qr' ? [item.data] : []));
    expect(qr).toEqual([tabletQr]);
    expect(verifyQrCode(qr[0]!)).toBe(true);
    expect(slip!.items.filter((item) => item.kind === 'drawer')).toHaveLength(1);
    expect(slip!.cut).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(printer.count()).toBe(1);
  });
});
