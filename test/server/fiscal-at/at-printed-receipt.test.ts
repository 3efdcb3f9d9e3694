// A receipt the server prints from the ledger with Austria chosen (test signature unit, the printer
// double on the loopback): the RKSV QR code as the answer has it (its JWS in the DEP, which passes
// the independent verifier) and the BAO lines (business, UID, Kassen-ID, Belegnummer, date), TEST
// on it; in an outage "Sicherheitseinrichtung ausgefallen" and the QR code with the failure marker.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FiscalReceipt } from '../../../src/pms/fiscal-wire.ts';
import { jwsOfQr } from '../../../src/server/fiscal/at/rksv-core.ts';
import { createFiscalControl, type FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import { type Slip, slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { type PrintSetup, printSetup, recordBarSale } from '../printing/printing-support.ts';
import { type CryptoContainer, verifyDep } from './rksv-verifier.ts';

let fiscal: FiscalControl;
let setup: PrintSetup;
beforeEach(async () => {
  fiscal = createFiscalControl({ dataDir: null, defaultCountry: 'AT', testMode: true });
  setup = await printSetup({ fiscal });
  await fiscal.austria()!.setUp({
    kassenId: 'HOTEL-TILL-BAR',
    business: { name: 'Hotel Alpenblick', address: 'Dorfstraße 12, 6020 Innsbruck', vatId: 'ATU12345678' },
    companyId: 'U:ATU12345678',
  });
});
afterEach(async () => {
  await setup.close();
  fiscal.close();
});
const qrCodesOf = (slip: Slip) => slip.items.flatMap((item) => (item.kind === 'qr' ? [item.data] : []));

describe('a printed Austrian receipt', () => {
  it('carries the RKSV QR code and the BAO items', async () => {
    const answer = await recordBarSale(setup, 'a1');
    const signed = answer.body.fiscal as FiscalReceipt;
    expect(signed.status).toBe('signed');
    const [slip] = await setup.printer.waitForSlips(1);
    const text = slipText(slip!);
    for (const part of [
      'TEST-Signatureinheit',
      'Hotel Alpenblick',
      'UID: ATU12345678',
      'Kassen-ID / Till ID: HOTEL-TILL-BAR',
      'Beleg-Nr. / Receipt no.: 2',
    ])
      expect(text.replace(/\n/g, ' ')).toContain(part);
    const qr = qrCodesOf(slip!);
    expect(qr).toEqual([signed.qrCode]);
    const dep = await fiscal.austria()!.exportDep7();
    expect(dep['Belege-Gruppe'][0]!['Belege-kompakt']).toContain(jwsOfQr(qr[0]!));
    expect(verifyDep(dep, fiscal.austria()!.cryptoMaterial() as unknown as CryptoContainer).problems).toEqual(
      [],
    );
  });

  it('says "Sicherheitseinrichtung ausgefallen" in an outage, with the failure marker in the QR code', async () => {
    fiscal.austria()!.testUnit!.setSwitchedOff(true);
    await recordBarSale(setup, 'a2');
    const [slip] = await setup.printer.waitForSlips(1);
    expect(slipText(slip!)).toContain('Sicherheitseinrichtung ausgefallen');
    expect(qrCodesOf(slip!)[0]!.endsWith('_U2ljaGVyaGVpdHNlaW5yaWNodHVuZyBhdXNnZWZhbGxlbg==')).toBe(true);
  });
});
