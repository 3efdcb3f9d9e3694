// Every signed record's slip shows its TSE data (issue 30, item 5): a refund is signed
// (AVBelegstorno), so its slip printed from the ledger carries the TSE transaction, the signature
// counter and a QR code that verifies, as a receipt does, and its VAT per rate taken back. Test TSE,
// DE, the printer double.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FiscalReceipt } from '../../../src/pms/fiscal-wire.ts';
import { verifyQrCode } from '../../../src/server/fiscal/de/qr-code.ts';
import { createFiscalControl, type FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { GERMAN_BUSINESS } from '../../support/business.ts';
import { ledgerLine, saleBody } from '../ledger/ledger-support.ts';
import { type PrintSetup, printSetup, recordBarSale } from './printing-support.ts';

let fiscal: FiscalControl;
let setup: PrintSetup;
beforeEach(async () => {
  fiscal = createFiscalControl({ dataDir: null, defaultCountry: 'DE', testMode: true });
  fiscal.setBusiness(GERMAN_BUSINESS);
  await fiscal.german()!.setUp('HOTEL-TILL BAR 1');
  setup = await printSetup({ fiscal });
});
afterEach(async () => {
  await setup.close();
  fiscal.close();
});

describe('a refund slip with fiscal signing on', () => {
  it('carries the refund’s TSE transaction and a QR code that verifies', async () => {
    expect((await recordBarSale(setup, 's1')).status).toBe(200);
    await setup.printer.waitForSlips(1);
    const refund = await setup.tablet('/till/sales', {
      ...saleBody(
        [ledgerLine(1, -2, 450, { name: 'Pils 0,5 l' }), ledgerLine(2, -1, 380, { name: 'Apfelschorle' })],
        {
          saleId: 'r1',
          kind: 'refund',
          reference: 'B-r1',
          refersTo: 's1',
          reason: 'Bier war schal',
          payments: [{ method: 'cash', amountCents: -1280 }],
        },
      ),
    });
    expect(refund.status).toBe(200);
    const signed = refund.body.fiscal as FiscalReceipt;
    expect(signed.status).toBe('signed');
    const [, slip] = await setup.printer.waitForSlips(2);
    const text = slipText(slip!);
    expect(text).toContain('ERSTATTUNG');
    // Its VAT as the books count it (docs/ledger.md, "VAT"): −12.80 at 19 %, 1280 × 19 / 119 = 204.37 → −2.04.
    expect(text).toMatch(/19 %\s+-10,76 €\s+-2,04 €\s+-12,80 €/);
    expect(text).toContain(`TSE-Transaktion / TSE transaction: ${signed.tse!.txNumber}`);
    const qr = slip!.items.flatMap((item) => (item.kind === 'qr' ? [item.data] : []));
    expect(qr).toEqual([signed.qrCode]);
    expect(verifyQrCode(qr[0]!)).toBe(true);
    expect(qr[0]).toContain('AVBelegstorno');
  });
});
