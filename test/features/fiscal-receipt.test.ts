// The receipt's fiscal block on the tablet: the ledger step's answer read from the journal, the
// tablet's own outage block (no transaction number, no QR code), what a copy prints (signed later
// where the receipt said the TSE was out, the receipt's own block otherwise), and the cash invoice's
// reference with the TSE transaction number once the server signed the sale.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  copyBlock,
  fiscalCountry,
  fiscalRequired,
  ledgerFiscalOf,
  noteLedgerAnswer,
  tabletOutage,
} from '../../src/features/payment/fiscal-receipt';
import { referenceWithTse } from '../../src/outbox/intents/cash-invoice';
import { RECORD_IN_LEDGER } from '../../src/outbox/intents/ledger-record';
import type { FiscalReceipt } from '../../src/pms/fiscal-wire';
import type { IntentRecord, SaleRecord } from '../../src/storage/records';

const signed: FiscalReceipt = {
  status: 'signed',
  lines: [
    'TEST-TSE: kein gültiger Beleg / TEST-TSE: not a lawful receipt',
    'TSE-Transaktion / TSE transaction: 17',
  ],
  qrCode: 'V0;HOTEL-TILL BAR 1;Kassenbeleg-V1;Beleg^4.20_0.00_0.00_0.00_0.00^4.20:Bar;17;34;…',
  tse: {
    txNumber: 17,
    signatureCounter: 34,
    timeStart: '2026-11-26T10:00:00.000Z',
    timeEnd: '2026-11-26T10:00:01.000Z',
    signature: 'c2ln',
    tseSerial: 'abc',
    clientSerial: 'HOTEL-TILL BAR 1',
    signedLate: false,
  },
};

const ledgerStep = (result: unknown, state: IntentRecord['state'] = 'done') =>
  ({
    saleId: 's1',
    step: 0,
    revision: 0,
    name: RECORD_IN_LEDGER,
    payload: {},
    state,
    attempts: 1,
    notBefore: 0,
    createdAt: 0,
    result,
  }) as IntentRecord;

describe('the fiscal block on the tablet', () => {
  it('reads the answer from the ledger step once it is done', () => {
    expect(ledgerFiscalOf([ledgerStep(undefined, 'queued')])).toEqual({ recorded: false });
    expect(
      ledgerFiscalOf([ledgerStep({ seq: 4, receiptNumber: 2, recordedAt: 'x', fiscal: signed })]),
    ).toEqual({
      recorded: true,
      seq: 4,
      fiscal: signed,
    });
    expect(ledgerFiscalOf([ledgerStep({ seq: 5, receiptNumber: 3, recordedAt: 'x' })])).toEqual({
      recorded: true,
      seq: 5,
      fiscal: undefined,
    });
  });

  it("a tablet's outage block says TSE unavailable with the till's time, no number, no QR code", () => {
    const block = tabletOutage(Date.parse('2026-11-26T10:00:00Z'), 'Europe/Berlin');
    expect(block).toMatchObject({ status: 'unsigned', qrCode: null });
    expect(block.lines).toEqual([
      'TSE ausgefallen / TSE unavailable',
      'Zeit (Kasse) / Time (till): 26.11.2026, 11:00:00',
    ]);
    expect(block.lines.join('\n')).not.toContain('TSE-Transaktion');
  });

  it('a copy: signed later where the receipt said the TSE was out, else the receipt as printed', () => {
    const outage = tabletOutage(Date.parse('2026-11-26T10:00:00Z'));
    const copy = copyBlock(outage, signed)!;
    expect(copy.lines).toEqual([
      'TEST-TSE: kein gültiger Beleg / TEST-TSE: not a lawful receipt',
      'Nachträglich signiert / Signed later',
      'TSE-Transaktion / TSE transaction: 17',
    ]);
    expect(copy.qrCode).toBe(signed.qrCode);
    expect(copyBlock(outage, undefined)).toBe(outage);
    expect(copyBlock(signed, { ...signed, lines: ['other'] })).toBe(signed);
  });

  it("the cash invoice's reference carries the TSE transaction number once signed", () => {
    const sale = { id: 's1' } as SaleRecord;
    const results = (fiscal?: FiscalReceipt) => [
      {
        saleId: 's1',
        step: 0,
        name: RECORD_IN_LEDGER,
        result: { seq: 1, receiptNumber: 1, recordedAt: 'x', ...(fiscal ? { fiscal } : {}) },
      },
    ];
    expect(referenceWithTse('K7QM-1F', { sale, results: results(signed) })).toBe('K7QM-1F TSE-TA 17');
    expect(referenceWithTse('K7QM-1F', { sale, results: results(tabletOutage(0)) })).toBe('K7QM-1F');
    expect(referenceWithTse('K7QM-1F', { sale, results: results() })).toBe('K7QM-1F');
  });

  describe('in Austria', () => {
    const store = new Map<string, string>();
    const memory = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    afterEach(() => {
      store.clear();
      vi.unstubAllGlobals();
    });
    const atSigned: FiscalReceipt = {
      status: 'signed',
      lines: ['Kassen-ID / Till ID: INN-1'],
      qrCode: '_R1-AT0_…',
    };
    const answerOf = (result: unknown) => {
      const answer = ledgerFiscalOf([ledgerStep(result)]);
      if (!answer.recorded) throw new Error('not recorded');
      return answer;
    };

    it("a tablet's outage block says what Austrian law asks: Sicherheitseinrichtung ausgefallen", () => {
      const block = tabletOutage(Date.parse('2026-11-26T10:00:00Z'), 'Europe/Vienna', 'AT');
      expect(block.lines).toEqual([
        'Sicherheitseinrichtung ausgefallen / Signature unit unavailable',
        'Zeit (Kasse) / Time (till): 26.11.2026, 11:00:00',
      ]);
      expect(block.lines.join('\n')).not.toContain('TSE');
    });

    it("keeps the hub's country through a room charge (no fiscal block): the next outage is Austrian", () => {
      vi.stubGlobal('localStorage', memory);
      noteLedgerAnswer(
        answerOf({ seq: 1, receiptNumber: 1, recordedAt: 'x', fiscal: atSigned, fiscalCountry: 'AT' }),
      );
      // A room charge: no fiscal block, the country told all the same.
      noteLedgerAnswer(answerOf({ seq: 2, receiptNumber: 2, recordedAt: 'x', fiscalCountry: 'AT' }));
      expect(fiscalRequired()).toBe(true);
      expect(fiscalCountry()).toBe('AT');
      expect(tabletOutage(0).lines[0]).toBe(
        'Sicherheitseinrichtung ausgefallen / Signature unit unavailable',
      );
      // The hub chose no country: nothing to sign, and an answer from an older server keeps the country.
      noteLedgerAnswer(answerOf({ seq: 3, receiptNumber: 3, recordedAt: 'x', fiscalCountry: 'none' }));
      expect(fiscalRequired()).toBe(false);
      noteLedgerAnswer(answerOf({ seq: 4, receiptNumber: 4, recordedAt: 'x', fiscal: atSigned }));
      expect(fiscalRequired()).toBe(true);
      expect(fiscalCountry()).toBe('none');
    });
  });
});
