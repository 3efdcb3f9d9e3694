// The numbered rules of pms-api.md's Errors section, and the States and Limits rows, where the
// tests beside each endpoint left an outcome unasserted: every refusal here is checked for its
// status, the field its JSON error names, and a database left exactly as it was. The table
// "Rules and where they are tested" in docs/pms-api.md lists these and the endpoint tests together.
import { describe, expect } from 'vitest';
import type { TestHotel } from '../../../src/test-hotel/hotel.ts';
import { type Answer, type HotelApi, hotelTest as it, snapshot, stayOf, TODAY } from '../../support/hotel.ts';

const openInvoices = (hotel: TestHotel, stayId: number) =>
  hotel.db
    .prepare("SELECT id FROM invoices WHERE room_reservation_id = ? AND status = 'open' ORDER BY id")
    .pluck()
    .all(stayId) as number[];

/** Pays every open invoice of the stay through roomreservation/paid. */
async function payAll(api: HotelApi, stayId: number) {
  const cost = await api.get(`/api/get/roomreservation/cost/${stayId}`);
  const paid = await api.get(`/api/set/roomreservation/paid/${stayId}/1/2/no/${cost.body.data.total}`);
  expect(paid.status).toBe(200);
}

/** Sends the request and expects a refusal with this status and field that wrote nothing. */
async function expectRefused(hotel: TestHotel, send: () => Promise<Answer>, status: number, field: string) {
  const before = snapshot(hotel.db);
  const answer = await send();
  expect([answer.status, answer.body.success, answer.body.field]).toEqual([status, false, field]);
  expect(snapshot(hotel.db)).toEqual(before);
  return answer;
}

describe('Errors 2: check-in needs a clean room assigned', () => {
  it('refuses a stay without a room with 409 naming entity_id, writing nothing', async ({ hotel, api }) => {
    const brown = stayOf(hotel.db, 'Brown');
    const answer = await expectRefused(
      hotel,
      () => api.get(`/api/set/roomreservation/checkin/${brown}/yes`),
      409,
      'entity_id',
    );
    expect(answer.body.message).toContain('no room assigned');
  });

  it('refuses allocate/checkin when the assigned room is dirty, writing nothing', async ({ hotel, api }) => {
    const leitner = stayOf(hotel.db, 'Leitner');
    const answer = await expectRefused(
      hotel,
      () => api.get(`/api/set/roomreservation/allocate/checkin/${leitner}/no`),
      409,
      'entity_id',
    );
    expect(answer.body.message).toContain('not clean');
  });
});

describe('Errors 3: check-out on the departure day with every invoice closed', () => {
  it("refuses a paid stay before its departure day without pre_checkout 'yes', writing nothing", async ({
    hotel,
    api,
  }) => {
    const bauer = stayOf(hotel.db, 'Bauer'); // departs tomorrow
    await payAll(api, bauer);
    await expectRefused(
      hotel,
      () => api.get(`/api/set/roomreservation/checkout/${bauer}/no`),
      409,
      'entity_id',
    );
  });

  it('refuses a stay departing today while its invoice is open, writing nothing', async ({ hotel, api }) => {
    const whitfield = stayOf(hotel.db, 'Whitfield');
    expect(openInvoices(hotel, whitfield).length).toBeGreaterThan(0);
    await expectRefused(
      hotel,
      () => api.get(`/api/set/roomreservation/checkout/${whitfield}/no`),
      409,
      'entity_id',
    );
  });

  it('refuses the last room of a group while another room of it has an open invoice, writing nothing', async ({
    hotel,
    api,
  }) => {
    const [hofer, mueller, becker] = ['Hofer', 'Müller', 'Becker'].map((name) => stayOf(hotel.db, name));
    expect((await api.get(`/api/set/roomreservation/checkout/${hofer}/yes`)).status).toBe(200);
    expect((await api.get(`/api/set/roomreservation/checkout/${mueller}/yes`)).status).toBe(200);
    await payAll(api, becker!);
    await expectRefused(
      hotel,
      () => api.get(`/api/set/roomreservation/checkout/${becker}/yes`),
      409,
      'entity_id',
    );
  });
});

describe('Errors 5: only items of open invoices can be moved', () => {
  it('refuses a partial payment of an item on a closed invoice with 409 naming the item, writing nothing', async ({
    hotel,
    api,
  }) => {
    const schneider = stayOf(hotel.db, 'Schneider'); // departed: its invoice is closed
    const closedItem = hotel.db
      .prepare('SELECT id FROM invoice_items WHERE room_reservation_id = ?')
      .pluck()
      .get(schneider);
    await expectRefused(
      hotel,
      () =>
        api.post('/api/set/roomreservation/paidpartial', {
          entity_id: schneider,
          template_id: 1,
          payment_method_id: 1,
          send_invoice: 'no',
          invoiceitem_ids: [closedItem],
        }),
      409,
      'invoiceitem_ids.0',
    );
  });
});

describe('Errors 7: a blocked rate cannot be used', () => {
  it('refuses the optional products of a blocked rate with 409 naming rate_id', async ({ hotel, api }) => {
    await expectRefused(hotel, () => api.get('/api/get/products/optional/4'), 409, 'rate_id');
  });

  it('refuses adding a room on a blocked rate with 409 naming rate_id, writing nothing', async ({
    hotel,
    api,
  }) => {
    const main = hotel.db
      .prepare('SELECT main_reservation_id FROM room_reservations WHERE id = ?')
      .pluck()
      .get(stayOf(hotel.db, 'Brown'));
    await expectRefused(
      hotel,
      () =>
        api.post('/api/set/add/room_to_reservation', {
          main_reservation_id: main,
          category_id: 2,
          rate_id: 4,
          start_date: '2026-11-30',
          end_date: '2026-12-01',
        }),
      409,
      'rate_id',
    );
  });
});

describe('States: closing an invoice', () => {
  it("records send_invoice 'yes' on the invoice closed by id, and produces its document", async ({
    hotel,
    api,
  }) => {
    const [invoice] = openInvoices(hotel, stayOf(hotel.db, 'Bauer'));
    const closed = await api.get(`/api/set/invoice/paid/${invoice}/1/2/yes`);
    expect(closed.status).toBe(200);
    expect(hotel.db.prepare('SELECT status, send_invoice FROM invoices WHERE id = ?').get(invoice)).toEqual({
      status: 'closed',
      send_invoice: 1,
    });
    const document = await api.api.request(closed.body.data.document_url, {
      headers: { 'x-ibelsa-key': 'demo-read-key' },
    });
    expect([document.status, document.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  });

  it("records send_invoice 'yes' on every invoice the reservation-based close closes", async ({
    hotel,
    api,
  }) => {
    const bauer = stayOf(hotel.db, 'Bauer');
    const invoices = openInvoices(hotel, bauer);
    const cost = await api.get(`/api/get/roomreservation/cost/${bauer}`);
    const paid = await api.get(`/api/set/roomreservation/paid/${bauer}/1/2/yes/${cost.body.data.total}`);
    expect(paid.status).toBe(200);
    for (const id of invoices) {
      expect(hotel.db.prepare('SELECT status, send_invoice FROM invoices WHERE id = ?').get(id)).toEqual({
        status: 'closed',
        send_invoice: 1,
      });
    }
  });
});

describe('Limits: the time-span listing covers at most 12 months', () => {
  it('answers a period of exactly 12 months and refuses one day more with 400 naming end', async ({
    hotel,
    api,
  }) => {
    const exactly = await api.get(`/api/get/timespan/reservations/${TODAY}/2027-11-22/2000-01-01`);
    expect(exactly.status).toBe(200);
    await expectRefused(
      hotel,
      () => api.get(`/api/get/timespan/reservations/${TODAY}/2027-11-23/2000-01-01`),
      400,
      'end',
    );
  });
});

type BadInput = [method: 'GET' | 'POST', path: string, body: unknown, status: number, field: string];

/** Endpoints whose bad input bad-input.test.ts leaves to the endpoint tests: here all in one place. */
const BAD_INPUT: BadInput[] = [
  ['GET', '/api/get/products/optional/x', undefined, 400, 'rate_id'],
  ['GET', '/api/get/roomreservation/cost/0', undefined, 400, 'entity_id'],
  ['GET', '/api/get/single_id/stays/1', undefined, 400, 'entity'],
  ['GET', '/api/get/single_id/roomreservations/x', undefined, 400, 'id'],
  ['GET', '/api/get/single_number/mainreservations/24 101', undefined, 400, 'number'],
  ['GET', '/api/get/timespan/reservations/2026-11-22/2026-12-22/yesterday', undefined, 400, 'last_modified'],
  [
    'GET',
    '/api/get/timespan/reservations/2026-11-22/2026-12-22/2026-11-01/25:00',
    undefined,
    400,
    'last_modified_time',
  ],
  ['GET', '/api/set/invoice/paid/1/1/1/perhaps', undefined, 400, 'send_invoice'],
  ['GET', '/api/set/invoice/paid/x/1/1/no', undefined, 400, 'entity_id'],
  ['POST', '/api/get/roomreservation/searchpattern', { firstname: 'Antje' }, 400, 'lastname'],
  [
    'POST',
    '/api/set/add/products',
    { room_reservation_id: 1, products: [{ id: 1, quantity: 0 }] },
    400,
    'products.0.quantity',
  ],
  ['POST', '/api/set/add/products', { products: [{ id: 1, quantity: 1 }] }, 400, 'room_reservation_id'],
  [
    'POST',
    '/api/set/add/products',
    { room_reservation_id: 1, products: [{ id: 1, quantity: 1 }], booking_date: '22.11.2026' },
    400,
    'booking_date',
  ],
  [
    'POST',
    '/api/set/remove/products',
    { room_reservation_id: 1, optional_products: [{ id: 'cola', quantity: 1 }] },
    400,
    'optional_products.0.id',
  ],
  ['POST', '/api/set/add/invoice/products', { invoice_id: 1, products: [] }, 400, 'products'],
  [
    'POST',
    '/api/set/add/invoice/products',
    { invoice_id: 'one', products: [{ id: 1, quantity: 1 }] },
    400,
    'invoice_id',
  ],
  ['POST', '/api/set/create/servicecashregister/invoice', { reference: 7 }, 400, 'reference'],
  [
    'POST',
    '/api/create/products',
    { name: '', price: 1, commodity_group_id: 1, tax_class_id: 1 },
    400,
    'name',
  ],
  ['POST', '/api/create/commoditygroups', { name: 42 }, 400, 'name'],
];

describe('bad input on the endpoints the till uses most', () => {
  for (const [method, path, body, status, field] of BAD_INPUT) {
    it(`${method} ${path} ${body === undefined ? '' : JSON.stringify(body)} is a ${status} naming ${field}, writing nothing`, async ({
      hotel,
      api,
    }) => {
      await expectRefused(
        hotel,
        () => (method === 'GET' ? api.get(path) : api.post(path, body)),
        status,
        field,
      );
    });
  }
});
