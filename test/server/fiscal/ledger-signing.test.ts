// The ledger and the fiscal driver together (issue 23 on top of issue 19): every record a tablet
// stores through `POST /till/sales` is signed after its transaction when the fiscal country is
// Germany, and the answer (and `GET /till/sales`) carries the TSE's data or the outage mark. Each
// ledger kind gets its BON_TYP; a resend, a lost answer or a restart never starts a second TSE
// transaction; a TSE outage marks the sale at once and the queue signs it once, later.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FiscalReceipt } from '../../../src/pms/fiscal-wire.ts';
import { REQUEST_ID_HEADER } from '../../../src/pms/http.ts';
import { createApp } from '../../../src/server/app.ts';
import { verifyQrCode } from '../../../src/server/fiscal/de/qr-code.ts';
import { txIdForSale } from '../../../src/server/fiscal/de/signing-service.ts';
import { createFiscalControl, type FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { CHOCOLATE, KAISERSCHMARRN, ledgerLine, PILS, postSale, saleBody } from '../ledger/ledger-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';

const TILL = 'HOTEL-TILL BAR 1';
const BUSINESS = {
  name: 'Hotel Zur Linde',
  street: 'Lindenstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DEU',
  vatId: 'DE123456789',
};
let hotel: TestHotel;
let fiscal: FiscalControl;
let app: TabletApp;
let dataDir: string;

async function germanFiscal(dir: string | null) {
  const control = createFiscalControl({ dataDir: dir, defaultCountry: 'DE', testMode: true });
  if (!control.german()!.store.setup()) await control.german()!.setUp(TILL);
  // A German sale is signed only with the business's name and address on the till server.
  control.setBusiness(BUSINESS);
  return control;
}

beforeEach(async () => {
  hotel = pinnedHotel('DE'); // the server prices lines by the hotel's catalogue: German rates
  dataDir = mkdtempSync(join(tmpdir(), 'ledger-fiscal-'));
  fiscal = await germanFiscal(dataDir);
  app = tabletApp({ hotel, fiscal });
});
afterEach(() => {
  fiscal.close();
  hotel.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { saleId: string; seq: number; fiscal?: FiscalReceipt };
async function record(body: unknown, via: { request: TabletApp['request'] } = app): Promise<Answer> {
  const answer = await postSale(via, body);
  expect(answer.status).toBe(200);
  return (await answer.json()) as Answer;
}

/** The TSE transactions the test TSE started for a sale (one StartTransaction log each). */
function tseStartsOf(saleId: string, control = fiscal) {
  const german = control.german()!;
  return german
    .testTse!.logMessages(german.store.setup()!.tssId)
    .filter((log) => log.tx_id === txIdForSale(saleId) && log.operation === 'StartTransaction').length;
}

const bonTypeOf = (qr: string) => qr.split(';')[3]!.split('^')[0];

describe('the ledger signs what it records (Germany)', () => {
  it('answers each kind with its TSE data; BON_TYP by kind; every QR code verifies; the counter rises by two per sale (start and finish)', async () => {
    const sale = saleBody([ledgerLine(PILS, 2, 420), ledgerLine(CHOCOLATE, 1, 350, { vatRateBp: 700 })], {
      payments: [
        { method: 'cash', amountCents: 800 },
        { method: 'card', amountCents: 390 },
      ],
    });
    const charge = saleBody([ledgerLine(KAISERSCHMARRN, 1, 1290, { vatRateBp: 700 })], {
      kind: 'room-charge',
      payments: [{ method: 'room', amountCents: 1290 }],
      room: { roomReservationId: 4711, roomNumber: '12' },
    });
    const refund = saleBody([ledgerLine(PILS, -2, 420), ledgerLine(CHOCOLATE, -1, 350, { vatRateBp: 700 })], {
      kind: 'refund',
      refersTo: sale.saleId,
      payments: [{ method: 'cash', amountCents: -1190 }],
    });
    const late = saleBody([ledgerLine(KAISERSCHMARRN, 1, 1290, { vatRateBp: 700 })], {
      kind: 'late-charge',
      refersTo: charge.saleId,
      payments: [],
    });
    const answers = [];
    for (const body of [sale, charge, refund, late]) answers.push(await record(body));
    for (const answer of answers) {
      expect(answer.fiscal?.status).toBe('signed');
      expect(verifyQrCode(answer.fiscal!.qrCode!)).toBe(true);
      expect(answer.fiscal!.lines.join('\n')).toContain(
        `TSE-Transaktion / TSE transaction: ${answer.fiscal!.tse!.txNumber}`,
      );
      expect(answer.fiscal!.tse).toMatchObject({ clientSerial: TILL, signedLate: false });
    }
    expect(answers.map((a) => bonTypeOf(a.fiscal!.qrCode!))).toEqual([
      'Beleg',
      'AVTransfer',
      'AVBelegstorno',
      'AVRechnung',
    ]);
    expect(answers[0]!.fiscal!.qrCode).toContain(';Beleg^8.40_3.50_0.00_0.00_0.00^8.00:Bar_3.90:Unbar;');
    expect(answers[2]!.fiscal!.qrCode).toContain(';AVBelegstorno^-8.40_-3.50_0.00_0.00_0.00^-11.90:Bar;');
    expect(answers.map((a) => a.fiscal!.tse!.signatureCounter)).toEqual([2, 4, 6, 8]);
    expect(answers.map((a) => a.fiscal!.tse!.txNumber)).toEqual([1, 2, 3, 4]);
    // The TSE keeps the references as the transaction's metadata.
    const german = fiscal.german()!;
    expect(german.store.get(charge.saleId)!.input.references).toEqual({ reservationId: '4711' });
    expect(german.store.get(refund.saleId)!.input.references).toEqual({ originalSaleId: sale.saleId });

    // GET /till/sales carries the same data.
    const listed = (await (await app.request('/till/sales')).json()) as { sales: Answer[] };
    expect(listed.sales.map((s) => s.fiscal?.tse?.txNumber)).toEqual([1, 2, 3, 4]);
  });

  it('a resend and a lost answer get the first TSE transaction, never a second; a restart neither', async () => {
    const body = saleBody([ledgerLine(PILS, 1, 420)]);
    const first = await record(body);
    await postSale(app, body); // the answer lost on the way back
    const again = await record(body);
    expect(again.fiscal).toEqual(first.fiscal);
    expect(tseStartsOf(body.saleId)).toBe(1);

    // The server restarts: the fiscal records and the test TSE are read from the data folder again.
    fiscal.close();
    fiscal = await germanFiscal(dataDir);
    const restarted = createApp({ hotel, hub: app.hub, fiscal });
    const viaRestarted = {
      request: (path: string, init: RequestInit = {}) =>
        restarted.request(path, {
          ...init,
          headers: {
            ...(init.headers as Record<string, string>),
            cookie: app.cookie,
            [REQUEST_ID_HEADER]: randomUUID(),
          },
        }),
    } as unknown as TabletApp;
    const afterRestart = await record(body, viaRestarted);
    expect(afterRestart.fiscal?.tse?.txNumber).toBe(first.fiscal!.tse!.txNumber);
    expect(tseStartsOf(body.saleId)).toBe(1);
    const next = await record(saleBody([ledgerLine(PILS, 1, 420)]), viaRestarted);
    expect(next.fiscal!.tse!.signatureCounter).toBe(first.fiscal!.tse!.signatureCounter + 2);
  });

  it('the TSE down: the sale is recorded, marked as an outage within 3 s with no transaction number, and signed once later', async () => {
    const german = fiscal.german()!;
    german.testTse!.faults.inject({ kind: 'timeout', delayMs: 20_000 });
    const body = saleBody([ledgerLine(PILS, 1, 420)]);
    const began = Date.now();
    const answer = await record(body);
    expect(Date.now() - began).toBeLessThan(3500);
    expect(answer.fiscal).toMatchObject({ status: 'unsigned', qrCode: null });
    expect(answer.fiscal!.tse).toBeUndefined();
    expect(answer.fiscal!.lines).toContain('TSE ausgefallen / TSE unavailable');
    expect(answer.fiscal!.lines.join('\n')).not.toContain('TSE-Transaktion');
    expect(app.hub.ledger.sale(body.saleId)).toBeDefined();

    // While the TSE is out, the next sale does not wait.
    const second = saleBody([ledgerLine(PILS, 2, 420)]);
    const secondBegan = Date.now();
    expect((await record(second)).fiscal?.status).toBe('unsigned');
    expect(Date.now() - secondBegan).toBeLessThan(500);

    german.testTse!.faults.clear();
    expect(await german.signing.recover()).toBe(true);
    const listed = (await (await app.request('/till/sales')).json()) as { sales: Answer[] };
    for (const sale of listed.sales) {
      expect(sale.fiscal?.status).toBe('signed');
      expect(sale.fiscal!.tse!.signedLate).toBe(true);
      expect(sale.fiscal!.lines).toContain('Nachträglich signiert / Signed later');
      expect(verifyQrCode(sale.fiscal!.qrCode!)).toBe(true);
      expect(tseStartsOf(sale.saleId)).toBe(1);
    }
    // A resend after the late signing gets the signed data, still one transaction.
    expect((await record(body)).fiscal?.tse?.txNumber).toBe(listed.sales[0]!.fiscal!.tse!.txNumber);
    expect(tseStartsOf(body.saleId)).toBe(1);
  });

  it('a shift event is not signed; no fiscal country: no fiscal field, nothing signed', async () => {
    const shift = saleBody([], {
      kind: 'shift-close',
      payments: [],
      totalCents: 0,
      shift: { shiftId: 'shift-1' },
    });
    const answer = await record(shift);
    expect(answer.fiscal).toBeUndefined();
    // Once a TSE is set up, signing cannot be switched off (issue 30): every sale stays signed.
    expect(() => fiscal.setCountry('none')).toThrow(/cannot be switched off/);
    const signed = await record(saleBody([ledgerLine(PILS, 1, 420)]));
    expect(signed.fiscal?.status).toBe('signed');
  });
});
