// The receipt's fiscal lines in German, English or both: a signed sale, an outage, a reprint of a
// sale signed late, and the TEST-TSE marking.
import { describe, expect, it } from 'vitest';
import { fiscalReceiptLines } from '../../../src/server/fiscal/de/receipt-lines.ts';
import type { FiscalOutcome } from '../../../src/server/fiscal/de/signing-service.ts';

const signed: FiscalOutcome = {
  saleId: 's-1',
  status: 'signed',
  signedLate: false,
  signature: {
    txNumber: 17,
    signatureCounter: 35,
    timeStart: '2026-11-26T18:41:04.000Z',
    timeEnd: '2026-11-26T18:41:05.000Z',
    signature: 'TGnWiq3Z…',
    algorithm: 'ecdsa-plain-SHA256',
    publicKey: 'BGFK…',
    tseSerial: 'a1b2c3',
    clientSerial: 'HOTEL-TILL BAR 1',
    processType: 'Kassenbeleg-V1',
    processData: 'Beleg^7.70_0.00_0.00_0.00_0.00^7.70:Bar',
    qrCode: 'V0;…',
    logTime: 1795718465,
  },
};

describe('the fiscal lines of a receipt', () => {
  it('show every TSE field in German, with times in the hotel’s zone', () => {
    expect(fiscalReceiptLines(signed, { language: 'de' })).toEqual([
      'TSE-Transaktion: 17',
      'Beginn: 26.11.2026, 19:41:04',
      'Ende: 26.11.2026, 19:41:05',
      'Signaturzähler: 35',
      'Signatur: TGnWiq3Z…',
      'Seriennr. Kasse: HOTEL-TILL BAR 1',
      'Seriennr. TSE: a1b2c3',
    ]);
  });

  it('in English, marked TEST-TSE when the test TSE signed', () => {
    const lines = fiscalReceiptLines(signed, { language: 'en', testTse: true });
    expect(lines[0]).toBe('TEST-TSE: not a lawful receipt');
    expect(lines).toContain('TSE transaction: 17');
    expect(lines).toContain('Signature counter: 35');
  });

  it('say "TSE ausgefallen / TSE unavailable" in an outage, with the till’s time and no transaction number', () => {
    const outage: FiscalOutcome = {
      saleId: 's-2',
      status: 'unsigned',
      recordedAt: '2026-11-26T18:45:00.000Z',
      outage: { startedAt: '2026-11-26T18:44:00.000Z', cause: 'TSE unreachable' },
    };
    expect(fiscalReceiptLines(outage, { language: 'both' })).toEqual([
      'TSE ausgefallen / TSE unavailable',
      'Zeit (Kasse) / Time (till): 26.11.2026, 19:45:00',
    ]);
  });

  it('say "signed later" on a reprint of a sale signed late, never on its first print', () => {
    const late: FiscalOutcome = { ...signed, signedLate: true };
    expect(fiscalReceiptLines(late, { language: 'both', reprint: true })[0]).toBe(
      'Nachträglich signiert / Signed later',
    );
    expect(fiscalReceiptLines(late, { language: 'both' })).not.toContain(
      'Nachträglich signiert / Signed later',
    );
  });
});
