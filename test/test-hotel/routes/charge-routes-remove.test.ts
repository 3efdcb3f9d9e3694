// Taking room charges back: units come off the stay's OPEN items only, newest first or from the named
// item, all or nothing; and what a stay still owes (unpaid items, total as a decimal string).
import * as v from 'valibot';
import { describe, expect } from 'vitest';
import { Responses } from '../../../src/pms/wire.ts';
import {
  chargeStay,
  count,
  type HotelApi,
  hotelTest as it,
  itemsOfStay,
  productOf,
  snapshot,
  stayOf,
} from '../../support/hotel.ts';

const remove = (api: HotelApi, stay: number, lines: unknown[]) =>
  api.post('/api/set/remove/products', { room_reservation_id: stay, optional_products: lines });

describe('POST /api/set/remove/products', () => {
  it('takes back the newest units of a product first, lowering or deleting items', async ({ hotel, api }) => {
    const stay = stayOf(hotel.db, 'Pichler');
    await chargeStay(api, stay, [{ id: 1, quantity: 2 }]);
    await chargeStay(api, stay, [{ id: 1, quantity: 3 }]);
    const [older, newer] = itemsOfStay(hotel, stay).filter((item) => item.product_id === 1);
    const { status, body } = await remove(api, stay, [{ id: 1, quantity: 4 }]);
    expect(status).toBe(200);
    expect(v.parse(Responses.removeProducts, body).data.removed_quantity).toBe(4);
    expect(count(hotel.db, 'invoice_items', 'id = ?', newer?.id)).toBe(0);
    expect(hotel.db.prepare('SELECT quantity FROM invoice_items WHERE id = ?').pluck().get(older?.id)).toBe(
      1,
    );
  });

  it('takes back from the very item named by invoice_item_id', async ({ hotel, api }) => {
    const stay = stayOf(hotel.db, 'Pichler');
    const first = (await chargeStay(api, stay, [{ id: 1, quantity: 2 }])).body.data.invoice_items[0].id;
    await chargeStay(api, stay, [{ id: 1, quantity: 2 }]);
    expect((await remove(api, stay, [{ id: 1, quantity: 1, invoice_item_id: first }])).status).toBe(200);
    expect(
      itemsOfStay(hotel, stay)
        .filter((item) => item.product_id === 1)
        .map((item) => item.quantity),
    ).toEqual([1, 2]);
  });

  it('refuses to take back more than is open with 409 and removes nothing, not even the valid lines', async ({
    hotel,
    api,
  }) => {
    const stay = stayOf(hotel.db, 'Bauer'); // 2 Pils open
    const pils = productOf(hotel.db, 'B-100');
    const before = snapshot(hotel.db);
    const answer = await remove(api, stay, [
      { id: productOf(hotel.db, 'M-204'), quantity: 1 },
      { id: pils, quantity: 3 },
    ]);
    expect([answer.status, answer.body.field]).toEqual([409, 'optional_products.1.quantity']);
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('never takes back items of closed invoices', async ({ hotel, api }) => {
    const stay = stayOf(hotel.db, 'Schneider'); // checked out, Riesling on a closed invoice
    const riesling = productOf(hotel.db, 'B-111');
    const closedItem = itemsOfStay(hotel, stay).find((item) => item.product_id === riesling);
    const before = snapshot(hotel.db);
    const byProduct = await remove(api, stay, [{ id: riesling, quantity: 1 }]);
    expect(byProduct.status).toBe(409);
    const byItem = await remove(api, stay, [{ id: riesling, quantity: 1, invoice_item_id: closedItem?.id }]);
    expect([byItem.status, byItem.body.field]).toEqual([409, 'optional_products.0.invoice_item_id']);
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses an unknown product, a foreign item or an item of another product with 422', async ({
    hotel,
    api,
  }) => {
    const stay = stayOf(hotel.db, 'Bauer');
    const foreignItem = itemsOfStay(hotel, stayOf(hotel.db, 'Gruber'))[0]?.id;
    const pilsItem = itemsOfStay(hotel, stay).find(
      (item) => item.product_id === productOf(hotel.db, 'B-100'),
    )?.id;
    const before = snapshot(hotel.db);
    for (const [line, field] of [
      [{ id: 9999, quantity: 1 }, 'optional_products.0.id'],
      [{ id: 1, quantity: 1, invoice_item_id: foreignItem }, 'optional_products.0.invoice_item_id'],
      [
        { id: productOf(hotel.db, 'M-204'), quantity: 1, invoice_item_id: pilsItem },
        'optional_products.0.invoice_item_id',
      ],
    ] as const) {
      const answer = await remove(api, stay, [line]);
      expect([answer.status, answer.body.field]).toEqual([422, field]);
    }
    expect((await remove(api, 4242, [{ id: 1, quantity: 1 }])).body.field).toBe('room_reservation_id');
    expect(snapshot(hotel.db)).toEqual(before);
  });
});

describe('GET /api/get/roomreservation/cost/{room_reservation_id}', () => {
  it('lists the unpaid items with their total as a decimal string, plus templates and payment methods', async ({
    hotel,
    api,
  }) => {
    const stay = stayOf(hotel.db, 'Bauer');
    const { status, body } = await api.get(`/api/get/roomreservation/cost/${stay}`, { key: 'read' });
    expect(status).toBe(200);
    expect(body.data.total).toBe('399.40'); // 3 nights at 129.00, 2 Pils at 4.20, peanuts 4.00
    const parsed = v.parse(Responses.reservationCost, body);
    expect(parsed.data.invoice_items).toHaveLength(5);
    expect(parsed.data.invoice_templates).toHaveLength(3);
    expect(parsed.data.payment_methods).toHaveLength(4);
    await chargeStay(api, stay, [{ id: productOf(hotel.db, 'B-122'), quantity: 2 }]);
    expect((await api.get(`/api/get/roomreservation/cost/${stay}`)).body.data.total).toBe('420.40');
  });

  it('leaves out items already paid', async ({ hotel, api }) => {
    const prepaid = stayOf(hotel.db, 'Rossi');
    const { body } = await api.get(`/api/get/roomreservation/cost/${prepaid}`);
    expect(body.data).toMatchObject({ invoice_items: [], total: '0.00' });
  });

  it('answers 404 for an unknown reservation', async ({ api }) => {
    const { status, body } = await api.get('/api/get/roomreservation/cost/99999');
    expect([status, body.field]).toEqual([404, 'entity_id']);
  });
});
