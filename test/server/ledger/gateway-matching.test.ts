// The gateway with the ledger on (recordedSalesOnly): a PMS write is forwarded only when its
// `x-till-sale` names a recorded sale of this tablet and the write matches it (products, quantities,
// prices; for a take-back, the record it belongs to and its room), and an invoice is closed only
// when the till created it for that sale, with the recorded payment. Refusals come before anything
// reaches the PMS; every write the PMS takes has an audit row. Reads are unchanged.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerRecord } from '../../../src/pms/ledger-wire.ts';
import { SALE_HEADER } from '../../../src/pms/staff-calls.ts';
import { createApp } from '../../../src/server/app.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { count, hotelApi, openCashInvoice, pinnedHotel, productOf, stayOf } from '../../support/hotel.ts';
import { addStaff, STAFF_KEY_ROUNDS, signedApproval } from '../staff/staff-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { ledgerLine, recordSale, saleBody } from './ledger-support.ts';

let hotel: TestHotel;
let app: TabletApp;
let pils: number; // 4.20 in the catalogue
const CASH = 1;
const CARD = 2;

beforeEach(() => {
  hotel = pinnedHotel();
  app = tabletApp({ hotel, recordedSalesOnly: true }, { staffKeyRounds: STAFF_KEY_ROUNDS });
  pils = productOf(hotel.db, 'B-100');
});
afterEach(() => hotel.close());

const items = () => count(hotel.db, 'invoice_items');
const invoiceStatus = (id: number) =>
  (hotel.db.prepare('SELECT status FROM invoices WHERE id = ?').get(id) as { status: string } | undefined)
    ?.status;

function post(path: string, saleId: string | null, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(saleId ? { [SALE_HEADER]: saleId } : {}), ...headers },
    body: JSON.stringify(body),
  });
}
const get = (path: string, saleId: string | null) =>
  app.request(path, { headers: saleId ? { [SALE_HEADER]: saleId } : {} });

async function codeOf(answer: Response): Promise<[number, string]> {
  return [answer.status, ((await answer.json()) as { code: string }).code];
}

/** Two Pils paid cash, recorded; answers the record. */
const cashSale = (fields: Partial<LedgerRecord> = {}) =>
  recordSale(
    app,
    saleBody([ledgerLine(pils, 2, 420)], {
      payments: [{ method: 'cash', amountCents: 840, pmsPaymentMethodId: CASH }],
      ...fields,
    }),
  );

async function createInvoice(saleId: string): Promise<number> {
  const answer = await post('/api/set/create/servicecashregister/invoice', saleId, { reference: 'K7QM-1F' });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { invoice_id: number } }).data.invoice_id;
}

describe('a cash sale the ledger holds', () => {
  it('goes through step by step when each write matches it, each with an audit row', async () => {
    const { saleId } = await cashSale();
    const invoice = await createInvoice(saleId);
    const added = await post('/api/set/add/invoice/products', saleId, {
      invoice_id: invoice,
      products: [{ id: pils, quantity: 2, price: 4.2 }],
    });
    expect(added.status).toBe(200);
    expect((await get(`/api/set/invoice/paid/${invoice}/3/${CASH}/no`, saleId)).status).toBe(200);
    expect(invoiceStatus(invoice)).toBe('closed');
    expect(app.hub.audit.list({ kind: 'pms_write' }).map((row) => row.subject)).toEqual([
      saleId,
      saleId,
      saleId,
    ]);
  });

  it('refuses a write that does not match it (quantity, price, product), and nothing reaches the PMS', async () => {
    const { saleId } = await cashSale();
    const invoice = await createInvoice(saleId);
    const before = items();
    for (const products of [
      [{ id: pils, quantity: 3, price: 4.2 }],
      [{ id: pils, quantity: 2, price: 0.5 }],
      [{ id: pils + 1, quantity: 2, price: 4.2 }],
      [
        { id: pils, quantity: 2, price: 4.2 },
        { id: pils, quantity: 2, price: 4.2 },
      ],
    ]) {
      const answer = await post('/api/set/add/invoice/products', saleId, { invoice_id: invoice, products });
      expect(await codeOf(answer)).toEqual([409, 'write_mismatch']);
    }
    expect(items()).toBe(before);
    expect(app.hub.audit.list({ kind: 'pms_write_refused' })).toHaveLength(4);
  });

  it("refuses a write that names no recorded sale, or another tablet's", async () => {
    const before = items();
    const unnamed = await post('/api/set/create/servicecashregister/invoice', null, { reference: 'X' });
    expect(await codeOf(unnamed)).toEqual([409, 'sale_not_recorded']);
    const unknown = await post('/api/set/create/servicecashregister/invoice', 'made-up', { reference: 'X' });
    expect(await codeOf(unknown)).toEqual([409, 'sale_not_recorded']);
    // A sale recorded by another tablet of this server.
    const { code } = app.hub.createPairingCode({ outlet: 'bar', name: 'Other' });
    const { token } = app.hub.redeemPairingCode(code, '127.0.0.1');
    const other = saleBody([ledgerLine(pils, 1, 420)]);
    await recordSale(
      {
        request: (path, init) =>
          app.server.request(path, {
            ...init,
            headers: {
              ...(init?.headers as Record<string, string>),
              cookie: `${app.hub.cookieName}=${token}`,
              'x-till-request-id': crypto.randomUUID(),
            },
          }),
      },
      other,
    );
    const theirs = await post('/api/set/create/servicecashregister/invoice', other.saleId, {
      reference: 'X',
    });
    expect(await codeOf(theirs)).toEqual([409, 'sale_not_recorded']);
    expect(items()).toBe(before);
    expect(count(hotel.db, 'invoices', "reference = 'X'")).toBe(0);
  });

  it('leaves reads as they were', async () => {
    expect((await app.request('/api/get/hotel/payment')).status).toBe(200);
  });
});

describe("a recorded sale's lines reach the PMS once", () => {
  it('refuses a second add of the same lines, also sent at once, also after a restart of the gateway', async () => {
    const { saleId } = await cashSale();
    const invoice = await createInvoice(saleId);
    const add = (tablet: Pick<TabletApp, 'request'> = app) =>
      tablet.request('/api/set/add/invoice/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SALE_HEADER]: saleId },
        body: JSON.stringify({ invoice_id: invoice, products: [{ id: pils, quantity: 2, price: '4.20' }] }),
      });
    const before = items();
    const together = await Promise.all([add(), add()]);
    expect(together.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await codeOf(together.find((answer) => answer.status === 409)!)).toEqual([409, 'write_repeated']);
    expect(await codeOf(await add())).toEqual([409, 'write_repeated']);
    // The same hub behind a new app (the gateway's memory gone): the audit log still knows.
    const restarted = createApp({ hotel, hub: app.hub, recordedSalesOnly: true });
    const again = await restarted.request('/api/set/add/invoice/products', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: app.cookie,
        'x-till-request-id': crypto.randomUUID(),
        [SALE_HEADER]: saleId,
      },
      body: JSON.stringify({ invoice_id: invoice, products: [{ id: pils, quantity: 2, price: '4.20' }] }),
    });
    expect(await codeOf(again)).toEqual([409, 'write_repeated']);
    expect(items()).toBe(before + 1);
  });
});

describe('closing an invoice', () => {
  it("is refused for an invoice the till did not create (issue 19's GET /api/set/invoice/paid/3/1/1/no)", async () => {
    const before = invoiceStatus(3);
    expect(await codeOf(await get('/api/set/invoice/paid/3/1/1/no', null))).toEqual([
      409,
      'sale_not_recorded',
    ]);
    const { saleId } = await cashSale();
    expect(await codeOf(await get('/api/set/invoice/paid/3/1/1/no', saleId))).toEqual([
      409,
      'invoice_not_of_sale',
    ]);
    // An invoice opened in the PMS by someone else, named with a recorded sale of this tablet.
    const foreign = await openCashInvoice(hotelApi(hotel));
    expect(await codeOf(await get(`/api/set/invoice/paid/${foreign}/3/${CASH}/no`, saleId))).toEqual([
      409,
      'invoice_not_of_sale',
    ]);
    expect(invoiceStatus(3)).toBe(before);
    expect(invoiceStatus(foreign)).toBe('open');
  });

  it("is refused for another sale's invoice, and with another payment than the recorded one", async () => {
    const first = await cashSale();
    const second = await cashSale();
    const invoice = await createInvoice(first.saleId);
    expect(await codeOf(await get(`/api/set/invoice/paid/${invoice}/3/${CASH}/no`, second.saleId))).toEqual([
      409,
      'invoice_not_of_sale',
    ]);
    expect(await codeOf(await get(`/api/set/invoice/paid/${invoice}/3/${CARD}/no`, first.saleId))).toEqual([
      409,
      'payment_mismatch',
    ]);
    expect(invoiceStatus(invoice)).toBe('open');
  });
});

describe('room charges and take-backs', () => {
  it('charges the recorded room only with the recorded lines, and takes back only what a take-back records', async () => {
    const card = await addStaff(app, [{ name: 'Anna', role: 'manager', pin: '9999' }]);
    const stay = stayOf(hotel.db, 'Bauer');
    const onStay = () => count(hotel.db, 'invoice_items', 'room_reservation_id = ?', stay);
    const charge = await recordSale(
      app,
      saleBody([ledgerLine(pils, 2, 420)], {
        kind: 'room-charge',
        room: { roomReservationId: stay },
        payments: [{ method: 'room', amountCents: 840 }],
      }),
    );
    const before = onStay();
    const wrongRoom = await post('/api/set/add/products', charge.saleId, {
      room_reservation_id: stay + 1,
      products: [{ id: pils, quantity: 2, price: '4.20' }],
    });
    expect(await codeOf(wrongRoom)).toEqual([409, 'write_mismatch']);
    const charged = await post('/api/set/add/products', charge.saleId, {
      room_reservation_id: stay,
      products: [{ id: pils, quantity: 2, price: '4.20' }],
    });
    expect(charged.status).toBe(200);
    expect(onStay()).toBe(before + 1);

    const removeOne = (quantity: number) =>
      post('/api/set/remove/products', charge.saleId, {
        room_reservation_id: stay,
        optional_products: [{ id: pils, quantity }],
      });
    // No take-back recorded yet: the charge alone does not take anything back.
    expect(await codeOf(await removeOne(1))).toEqual([409, 'write_mismatch']);
    const takeBack = saleBody([ledgerLine(pils, -1, 420)], {
      kind: 'take-back',
      refersTo: charge.saleId,
      takeBack: { line: 1, quantity: 1 },
    });
    takeBack.approvals = [
      await signedApproval(app, card('Anna'), '9999', {
        action: 'take_back',
        subject: takeBack.saleId,
        amountCents: 420,
      }),
    ];
    await recordSale(app, takeBack);
    expect(await codeOf(await removeOne(2))).toEqual([409, 'write_mismatch']);
    const pilsOnStay = () =>
      (
        hotel.db
          .prepare(
            'SELECT COALESCE(SUM(quantity), 0) AS n FROM invoice_items WHERE room_reservation_id = ? AND product_id = ?',
          )
          .get(stay, pils) as { n: number }
      ).n;
    const pilsBefore = pilsOnStay();
    expect((await removeOne(1)).status).toBe(200);
    expect(pilsOnStay()).toBe(pilsBefore - 1);
    // Its approval was spent when it was recorded: no header needed, none accepted twice.
    expect(app.hub.audit.list({ kind: 'approval_used' })).toMatchObject([{ approvedBy: 'Anna' }]);
  });
});

describe('a late charge and a void', () => {
  it("a late charge opens, addresses and fills an invoice with its room charge's lines, and is not closed as paid", async () => {
    const stay = stayOf(hotel.db, 'Bauer');
    const charge = await recordSale(
      app,
      saleBody([ledgerLine(pils, 2, 420)], {
        kind: 'room-charge',
        room: { roomReservationId: stay },
        payments: [{ method: 'room', amountCents: 840 }],
      }),
    );
    const late = await recordSale(
      app,
      saleBody([ledgerLine(pils, 2, 420)], {
        kind: 'late-charge',
        refersTo: charge.saleId,
        room: { roomReservationId: stay },
      }),
    );
    // Its writes go by the room charge's id, as the outbox sends them (sale-headers.ts).
    const invoice = await createInvoice(charge.saleId);
    expect(app.hub.ledger.writes.saleOfInvoice(invoice)).toBe(late.saleId);
    const guest = (
      hotel.db.prepare('SELECT guest_id AS id FROM room_reservations WHERE id = ?').get(stay) as {
        id: number;
      }
    ).id;
    expect(
      (
        await post('/api/set/invoice/invoicerecipient', charge.saleId, {
          invoice_id: invoice,
          recipient: { id: guest },
        })
      ).status,
    ).toBe(200);
    const wrong = await post('/api/set/add/invoice/products', charge.saleId, {
      invoice_id: invoice,
      products: [{ id: pils, quantity: 2, price: '3.00' }],
    });
    expect(await codeOf(wrong)).toEqual([409, 'write_mismatch']);
    const added = await post('/api/set/add/invoice/products', charge.saleId, {
      invoice_id: invoice,
      products: [{ id: pils, quantity: 2, price: '4.20' }],
    });
    expect(added.status).toBe(200);
    expect(await codeOf(await get(`/api/set/invoice/paid/${invoice}/3/${CASH}/no`, charge.saleId))).toEqual([
      409,
      'payment_mismatch',
    ]);
    expect(invoiceStatus(invoice)).toBe('open');
  });

  it('a recorded void takes the whole charge back from its room, and nothing more', async () => {
    const card = await addStaff(app, [{ name: 'Anna', role: 'manager', pin: '9999' }]);
    const stay = stayOf(hotel.db, 'Bauer');
    const charge = await recordSale(
      app,
      saleBody([ledgerLine(pils, 2, 420)], {
        kind: 'room-charge',
        room: { roomReservationId: stay },
        payments: [{ method: 'room', amountCents: 840 }],
      }),
    );
    await post('/api/set/add/products', charge.saleId, {
      room_reservation_id: stay,
      products: [{ id: pils, quantity: 2, price: '4.20' }],
    });
    const voiding = saleBody([ledgerLine(pils, -2, 420)], { kind: 'void', refersTo: charge.saleId });
    voiding.approvals = [
      await signedApproval(app, card('Anna'), '9999', {
        action: 'void_sale',
        subject: charge.saleId,
        amountCents: 840,
      }),
    ];
    await recordSale(app, voiding);
    const remove = (quantity: number) =>
      post('/api/set/remove/products', charge.saleId, {
        room_reservation_id: stay,
        optional_products: [{ id: pils, quantity }],
      });
    expect(await codeOf(await remove(3))).toEqual([409, 'write_mismatch']);
    expect((await remove(2)).status).toBe(200);
    expect(app.hub.audit.list({ kind: 'approval_used' })).toMatchObject([
      { approvedBy: 'Anna', note: 'void sale approved by Anna' },
    ]);
  });
});

describe('with the ledger off (the default until tablets record first)', () => {
  it('forwards a write of no recorded sale as before, on record, and still matches a recorded one', async () => {
    const off = tabletApp({ hotel });
    const write = (saleId: string, quantity: number) =>
      off.request('/api/set/create/servicecashregister/invoice', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SALE_HEADER]: saleId },
        body: JSON.stringify({ reference: `Q${quantity}` }),
      });
    expect((await write('not-recorded', 1)).status).toBe(200);
    expect(off.hub.audit.list({ kind: 'pms_write' })).toMatchObject([
      {
        subject: 'not-recorded',
        note: 'not a recorded sale: POST /api/set/create/servicecashregister/invoice',
      },
    ]);
    const room = await recordSale(
      off,
      saleBody([ledgerLine(pils, 1, 420)], {
        kind: 'room-charge',
        room: { roomReservationId: stayOf(hotel.db, 'Bauer') },
      }),
    );
    // A room charge is not paid on an invoice: its sale id opens none.
    expect(await codeOf(await write(room.saleId, 2))).toEqual([409, 'write_mismatch']);
  });
});
