// Austria through the ledger (issue 32): every cash and card sale a tablet records is an RKSV
// receipt, in the ledger's order, with the QR code on its answer; room charges are transfers to the
// PMS, unsigned; a mixed payment signs the till's share spread over the rate fields; voids are storno
// receipts. One receipt per sale through resends, lost answers, restarts and records left unsigned
// by a crash. Every DEP it makes passes the independent verifier (rksv-verifier.ts).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FiscalReceipt } from '../../../src/pms/fiscal-wire.ts';
import { REQUEST_ID_HEADER } from '../../../src/pms/http.ts';
import { createApp } from '../../../src/server/app.ts';
import type { AustrianFiscal } from '../../../src/server/fiscal/at/austria.ts';
import { createFiscalControl, type FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { KAISERSCHMARRN, ledgerLine, PILS, postSale, saleBody } from '../ledger/ledger-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { type CryptoContainer, verifyDep } from './rksv-verifier.ts';

const AT_SETUP = {
  kassenId: 'HOTEL-TILL-1',
  business: {
    name: 'Hotel Alpenblick',
    address: 'Maria-Theresien-Straße 1, 6020 Innsbruck',
    vatId: 'ATU12345678',
  },
  companyId: 'U:ATU12345678',
};

let hotel: TestHotel;
let fiscal: FiscalControl;
let app: TabletApp;
let dataDir: string;

const austria = (control = fiscal): AustrianFiscal => control.austria()!;
const openControl = (dir: string) =>
  createFiscalControl({ dataDir: dir, defaultCountry: 'AT', testMode: true });

beforeEach(async () => {
  hotel = pinnedHotel();
  dataDir = mkdtempSync(join(tmpdir(), 'rksv-'));
  fiscal = openControl(dataDir);
  app = tabletApp({ hotel, fiscal });
  await austria().setUp(AT_SETUP);
});
afterEach(() => {
  fiscal.close();
  hotel.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server restarted: the same hub and data folder, a new fiscal control and app. */
function restart() {
  fiscal.close();
  fiscal = openControl(dataDir);
  const server = createApp({ hotel, fiscal, hub: app.hub });
  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', app.cookie);
    headers.set(REQUEST_ID_HEADER, randomUUID());
    return server.request(path, { ...init, headers });
  };
  app = Object.assign(Object.create(app) as TabletApp, { request });
}

type Answer = { saleId: string; seq: number; fiscal?: FiscalReceipt };
async function record(body: unknown, via: { request: TabletApp['request'] } = app): Promise<Answer> {
  const answer = await postSale(via, body);
  expect(answer.status).toBe(200);
  return (await answer.json()) as Answer;
}

/** The DEP7 export through the independent verifier. */
async function verified(control = fiscal) {
  const dep = await austria(control).exportDep7();
  const result = verifyDep(dep, austria(control).cryptoMaterial() as unknown as CryptoContainer);
  expect(result.problems).toEqual([]);
  return { ...result, dep };
}
const fieldsOf = (qr: string) => qr.split('_');
/** Demo catalogue products at 10 %, 13 % and 0 % (src/test-hotel/seed/seed-catalogue.ts). */
const SOUP_OF_THE_DAY = 39;
const SAUNA_DAY_PASS = 46;
const CITY_TAX = 58;
const cashSale = (cents = 450, rate = 2000) =>
  saleBody([ledgerLine(7, 1, cents, { vatRateBp: rate })], {
    payments: [{ method: 'cash', amountCents: cents }],
  });

describe('Austria: what the ledger records is signed in its order', () => {
  it('signs a cash and a card sale with the QR code and the BAO items; the DEP verifies', async () => {
    // The server prices lines from the demo catalogue (catalogue/): Pils 4.20 at 20 %, Kaiserschmarrn
    // 12.50 at 10 %, the sauna day pass 18.00 at 13 %, the city tax 3.50 at 0 %.
    const sale = saleBody([ledgerLine(PILS, 2, 420), ledgerLine(KAISERSCHMARRN, 1, 1250)], {
      payments: [{ method: 'cash', amountCents: 2090 }],
    });
    const card = saleBody([ledgerLine(SAUNA_DAY_PASS, 1, 1800), ledgerLine(CITY_TAX, 1, 350)], {
      payments: [{ method: 'card', amountCents: 2150 }],
    });
    const first = await record(sale);
    const second = await record(card);
    expect(first.fiscal?.status).toBe('signed');
    const qr = fieldsOf(first.fiscal!.qrCode!);
    expect(qr.slice(1, 4)).toEqual(['R1-AT0', 'HOTEL-TILL-1', '2']);
    expect(qr.slice(5, 10)).toEqual(['8,40', '12,50', '0,00', '0,00', '0,00']);
    expect(qr[11]).toBe('U:ATU12345678-K1');
    expect(fieldsOf(second.fiscal!.qrCode!).slice(5, 10)).toEqual(['0,00', '0,00', '18,00', '3,50', '0,00']);
    const lines = first.fiscal!.lines.join('\n');
    expect(lines).toContain('TEST-Signatureinheit');
    expect(lines).toContain('Hotel Alpenblick');
    expect(lines).toContain('UID: ATU12345678');
    expect(lines).toContain('Kassen-ID / Till ID: HOTEL-TILL-1');
    expect(lines).toContain('Beleg-Nr. / Receipt no.: 2');
    const { receipts } = await verified();
    expect(receipts.map((r) => r.kind)).toEqual(['start', 'standard', 'standard']);
    expect(receipts.at(-1)!.counterCents).toBe(2090n + 2150n);
  });

  it('does not sign a room charge (a transfer to the PMS) and signs only the cash share of a mixed payment', async () => {
    const charge = saleBody([ledgerLine(9, 1, 1290, { vatRateBp: 1000 })], {
      kind: 'room-charge',
      payments: [{ method: 'room', amountCents: 1290 }],
      room: { roomReservationId: 4711, roomNumber: '12' },
    });
    const mixed = saleBody([ledgerLine(PILS, 2, 420), ledgerLine(SOUP_OF_THE_DAY, 1, 750)], {
      payments: [
        { method: 'cash', amountCents: 795 },
        { method: 'room', amountCents: 795 },
      ],
    });
    const chargeAnswer = await record(charge);
    expect(chargeAnswer.fiscal).toBeUndefined();
    // No fiscal block, but the hub still says its country: the tablet's own outage text follows it.
    expect((chargeAnswer as { fiscalCountry?: string }).fiscalCountry).toBe('AT');
    expect(austria().store.treatment(charge.saleId)).toMatchObject({ treatment: 'transfer', signedCents: 0 });
    const mixedAnswer = await record(mixed);
    // 795 of 1590 paid at the till: 840 -> 420 at 20 %, 750 -> 375 at 10 %.
    expect(fieldsOf(mixedAnswer.fiscal!.qrCode!).slice(5, 10)).toEqual([
      '4,20',
      '3,75',
      '0,00',
      '0,00',
      '0,00',
    ]);
    expect(mixedAnswer.fiscal!.lines.join('\n')).toContain('Auf das Zimmer / To the room: 7,95 EUR');
    const { receipts } = await verified();
    expect(receipts).toHaveLength(2);
    expect(austria().store.receiptsOfSale(charge.saleId)).toEqual([]);
  });

  it('makes a void of a cash sale a storno receipt (STO), the counter going down; a void of a room charge is not signed', async () => {
    const sale = cashSale(1190);
    await record(sale);
    const voided = await record(
      saleBody([ledgerLine(7, -1, 1190, { vatRateBp: 2000 })], {
        kind: 'refund',
        refersTo: sale.saleId,
        payments: [{ method: 'cash', amountCents: -1190 }],
      }),
    );
    const qr = fieldsOf(voided.fiscal!.qrCode!);
    expect(qr[5]).toBe('-11,90');
    expect(qr[10]).toBe('U1RP');
    expect(voided.fiscal!.lines.join('\n')).toContain('Stornobuchung');
    const { receipts } = await verified();
    expect(receipts.map((r) => r.kind)).toEqual(['start', 'standard', 'storno']);
    // The next receipt with a counter shows 0 again.
    await record(cashSale(100));
    expect((await verified()).receipts.at(-1)!.counterCents).toBe(100n);
    // A void of a room charge gives no money back at the till: not signed.
    const charge = saleBody([ledgerLine(9, 1, 500, { vatRateBp: 1000 })], {
      kind: 'room-charge',
      payments: [{ method: 'room', amountCents: 500 }],
      room: { roomReservationId: 4711 },
    });
    await record(charge);
    const roomVoid = saleBody([ledgerLine(9, -1, 500, { vatRateBp: 1000 })], {
      kind: 'void',
      refersTo: charge.saleId,
      payments: [],
    });
    expect((await record(roomVoid)).fiscal).toBeUndefined();
    expect(austria().store.treatment(roomVoid.saleId)?.treatment).toBe('transfer');
    expect((await verified()).receipts).toHaveLength(4);
  });

  it('answers a resend with the first receipt, and a lost answer of the unit makes no second signature', async () => {
    const sale = cashSale();
    const first = await record(sale);
    const again = await record(sale);
    expect(again.fiscal).toEqual(first.fiscal);
    austria().testUnit!.faults.set('lost-answer', { count: 1 });
    const lost = cashSale(990);
    const answer = await record(lost);
    expect(answer.fiscal?.status).toBe('signed');
    expect(austria().store.receiptsOfSale(lost.saleId)).toHaveLength(1);
    expect(austria().store.attemptsOfSale(lost.saleId)).toBe(1);
    await verified();
  });

  it('signs a record the ledger stored but nobody signed (a crash) in its place, before the next sale', async () => {
    await record(cashSale(300));
    // Stored in the ledger without the signing hook (a crash right after the commit).
    const unsigned = cashSale(700);
    await app.hub.ledger.record(app.device, unsigned);
    const after = await record(cashSale(200));
    const missed = austria().store.receiptsOfSale(unsigned.saleId);
    expect(missed).toHaveLength(1);
    expect(Number(missed[0]!.receiptNumber)).toBe(Number(fieldsOf(after.fiscal!.qrCode!)[3]) - 1);
    expect((await verified()).receipts.at(-1)!.counterCents).toBe(1200n);
  });

  it('signs, after a restart, what the ledger stored but nobody signed, without waiting for a sale', async () => {
    const before = cashSale(300);
    await record(before);
    const unsigned = cashSale(700);
    await app.hub.ledger.record(app.device, unsigned);
    restart();
    await austria().service.whenIdle();
    expect(austria().store.receiptsOfSale(unsigned.saleId)).toHaveLength(1);
    expect(austria().reprint(before.saleId)?.status).toBe('signed');
    const again = await record(before);
    expect(austria().store.receiptsOfSale(before.saleId)).toHaveLength(1);
    expect(again.fiscal?.qrCode).toBe(austria().reprint(before.saleId)?.qrCode);
    expect((await verified()).receipts.at(-1)!.counterCents).toBe(1000n);
  });

  it('keeps selling through an outage of the unit, then a signed Sammelbeleg before the next signed sale', async () => {
    await record(cashSale(100));
    austria().testUnit!.setSwitchedOff(true);
    const started = Date.now();
    const failed1 = await record(cashSale(200));
    const failed2 = await record(cashSale(300));
    expect(Date.now() - started).toBeLessThan(8000);
    for (const failed of [failed1, failed2]) {
      expect(failed.fiscal?.status).toBe('unsigned');
      expect(failed.fiscal!.lines.join('\n')).toContain('Sicherheitseinrichtung ausgefallen');
      expect(failed.fiscal!.qrCode!.endsWith('_U2ljaGVyaGVpdHNlaW5yaWNodHVuZyBhdXNnZWZhbGxlbg==')).toBe(true);
    }
    const outage = austria().store.openOutage()!;
    expect(outage.cause).toMatch(/switched off/);
    expect((await verified()).endsInOutage).toBe(true);
    // Still out: a try does not end it.
    expect(await austria().service.recover()).toBe(false);
    austria().testUnit!.setSwitchedOff(false);
    expect(await austria().service.recover()).toBe(true);
    const signed = await record(cashSale(400));
    expect(signed.fiscal?.status).toBe('signed');
    const { receipts, endsInOutage } = await verified();
    expect(endsInOutage).toBe(false);
    expect(receipts.map((r) => `${r.kind}:${r.signed}`)).toEqual([
      'start:true',
      'standard:true',
      'standard:false',
      'standard:false',
      'zero:true',
      'standard:true',
    ]);
    expect(receipts.at(-1)!.counterCents).toBe(1000n);
    expect(austria().store.outages()[0]).toMatchObject({ cause: outage.cause, failed: 2 });
    expect(austria().store.outages()[0]!.endedAt).not.toBeNull();
    expect(austria().store.lastOf('sammel')?.signed).toBe(true);
  });

  it('one receipt per cash sale and none for room charges through outages, lost answers and a restart', async () => {
    const cash: string[] = [];
    const rooms: string[] = [];
    for (let round = 0; round < 3; round++) {
      if (round === 1) austria().testUnit!.setSwitchedOff(true);
      if (round === 2) {
        austria().testUnit!.setSwitchedOff(false);
        await austria().service.recover();
        austria().testUnit!.faults.set('lost-answer', { count: 2 });
      }
      for (let i = 0; i < 3; i++) {
        const sale = cashSale(100 + i);
        cash.push(sale.saleId);
        await record(sale);
        await record(sale); // a resend
        const charge = saleBody([ledgerLine(9, 1, 500, { vatRateBp: 1000 })], {
          kind: 'room-charge',
          payments: [{ method: 'room', amountCents: 500 }],
          room: { roomReservationId: 4711 },
        });
        rooms.push(charge.saleId);
        await record(charge);
      }
      if (round === 0) restart();
    }
    const store = austria().store;
    for (const id of cash) expect(store.receiptsOfSale(id)).toHaveLength(1);
    for (const id of rooms) expect(store.receiptsOfSale(id)).toHaveLength(0);
    expect(store.receipts().filter((r) => r.purpose === 'sale')).toHaveLength(cash.length);
  });

  it('keeps the DEP append-only: no row is changed or deleted', async () => {
    await record(cashSale());
    const db = austria().store.db;
    expect(() => db.prepare("UPDATE rksv_receipt SET jws = 'x'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM rksv_receipt').run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM rksv_attempt').run()).toThrow(/append-only/);
    expect(() => db.prepare("UPDATE rksv_outage SET cause = 'x'").run()).not.toThrow(); // no rows
  });
});
