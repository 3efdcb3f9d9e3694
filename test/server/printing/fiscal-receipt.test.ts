// A receipt the server prints from the ledger with fiscal signing on (issue 24 on issue 23): it
// prints once the record's signing settled, with the TSE's fields and the DSFinV-K QR code (whose
// content verifies), or "TSE ausgefallen" when the TSE could not sign within its 3 s; a copy of a
// sale signed later says so. Test TSE, fiscal country DE, the printer double on the loopback.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FiscalReceipt } from '../../../src/pms/fiscal-wire.ts';
import { verifyQrCode } from '../../../src/server/fiscal/de/qr-code.ts';
import { createFiscalControl, type FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import { type Slip, slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { type PrintSetup, printSetup, recordBarSale } from './printing-support.ts';

let fiscal: FiscalControl;
let setup: PrintSetup;

beforeEach(async () => {
  fiscal = createFiscalControl({ dataDir: null, defaultCountry: 'DE', testMode: true });
  await fiscal.german()!.setUp('HOTEL-TILL BAR 1');
  // A German sale is signed only with the business's name and address on the till server.
  fiscal.setBusiness({
    name: 'Hotel Grüner Baum',
    street: 'Marktplatz 1',
    postalCode: '79098',
    city: 'Freiburg',
    country: 'DEU',
  });
  setup = await printSetup({ fiscal });
});
afterEach(async () => {
  await setup.close();
  fiscal.close();
});

const qrCodesOf = (slip: Slip) => slip.items.flatMap((item) => (item.kind === 'qr' ? [item.data] : []));

describe('a receipt printed from the ledger with fiscal signing on (DE, test TSE)', () => {
  it('carries the TSE transaction number, the signature counter and a QR code that verifies', async () => {
    const answer = await recordBarSale(setup, 'f1', { ticketDiscount: { amountCents: 120 } });
    expect(answer.status).toBe(200);
    const signed = answer.body.fiscal as FiscalReceipt;
    expect(signed.status).toBe('signed');

    const [slip] = await setup.printer.waitForSlips(1);
    const text = slipText(slip!);
    expect(text).toContain('B-f1');
    expect(text).toContain(`TSE-Transaktion / TSE transaction: ${signed.tse!.txNumber}`);
    expect(text).toContain(`Signaturzähler / Signature counter: ${signed.tse!.signatureCounter}`);
    expect(text).not.toContain('TSE ausgefallen');
    // The signature and the serials are longer than a line: wrapped, nothing lost.
    const unwrapped = text.replace(/\n/g, '');
    expect(unwrapped).toContain(signed.tse!.signature);
    expect(unwrapped).toContain(signed.tse!.tseSerial);
    // The ticket's discount: the total before it (12.80 + 1.20) and what was taken off.
    expect(text).toMatch(/14,00/);
    expect(text).toMatch(/-1,20/);
    const qr = qrCodesOf(slip!);
    expect(qr).toHaveLength(1);
    expect(qr[0]).toBe(signed.qrCode);
    expect(verifyQrCode(qr[0]!)).toBe(true);
    expect(slip!.items.some((item) => item.kind === 'drawer')).toBe(true);
    expect(slip!.cut).not.toBeNull();
  });

  it('the tablet asking for the receipt too gets the same one receipt, signed', async () => {
    expect((await recordBarSale(setup, 'f2')).status).toBe(200);
    const asked = await setup.tablet('/till/print/receipt', { saleId: 'f2' });
    expect(asked.status).toBe(200);
    const [slip] = await setup.printer.waitForSlips(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(setup.printer.printed).toHaveLength(1);
    expect(qrCodesOf(slip!)).toHaveLength(1);
    expect(verifyQrCode(qrCodesOf(slip!)[0]!)).toBe(true);
  });

  it('with the TSE faulted, the receipt says "TSE ausgefallen" within the 3 s, with no QR code; a copy after the late signing says so', async () => {
    const german = fiscal.german()!;
    german.testTse!.faults.inject({ kind: 'timeout', delayMs: 20_000 });
    const began = Date.now();
    expect((await recordBarSale(setup, 'f3')).status).toBe(200);
    const [slip] = await setup.printer.waitForSlips(1, 5000);
    expect(Date.now() - began).toBeLessThan(4000);
    const text = slipText(slip!);
    expect(text).toContain('TSE ausgefallen / TSE unavailable');
    expect(text).not.toContain('TSE-Transaktion');
    expect(qrCodesOf(slip!)).toHaveLength(0);

    german.testTse!.faults.clear();
    expect(await german.signing.recover()).toBe(true);
    const copy = await setup.tablet('/till/print/receipt', { saleId: 'f3', copyId: 'c1' });
    expect(copy.status).toBe(200);
    const [, copySlip] = await setup.printer.waitForSlips(2);
    const copyText = slipText(copySlip!);
    expect(copyText).toContain('Nachträglich signiert / Signed later');
    expect(copyText).toContain('TSE-Transaktion / TSE transaction:');
    expect(verifyQrCode(qrCodesOf(copySlip!)[0]!)).toBe(true);
  }, 15_000);
});
