// Room charges: adding products to a stay (onto the right open invoice, with a booking date inside
// the stay, overrides stored beside the originals, the stay's last_modified moved on); every refusal
// (closed stay, date outside the stay, open price without price, unknown stay) writes nothing.
import * as v from 'valibot';
import { describe, expect } from 'vitest';
import { Responses } from '../../../src/pms/wire.ts';
import {
  chargeStay,
  count,
  hotelTest as it,
  itemsOfStay,
  productOf,
  snapshot,
  stayOf,
  TODAY,
} from '../../support/hotel.ts';

describe('POST /api/set/add/products', () => {
  it("puts the items on the stay's open invoice, dated today, and marks the stay as changed", async ({
    hotel,
    api,
  }) => {
    const stay = stayOf(hotel.db, 'Bauer');
    const openInvoice = hotel.db
      .prepare("SELECT id FROM invoices WHERE room_reservation_id = ? AND status = 'open'")
      .pluck()
      .get(stay);
    const { status, body } = await chargeStay(api, stay, [{ id: productOf(hotel.db, 'M-201'), quantity: 2 }]);
    expect(status).toBe(200);
    const [item] = v.parse(Responses.addProducts, body).data.invoice_items;
    expect(hotel.db.prepare('SELECT * FROM invoice_items WHERE id = ?').get(item?.id)).toMatchObject({
      invoice_id: openInvoice,
      room_reservation_id: stay,
      quantity: 2,
      price_cents: 350,
      bookkeeping_date: TODAY,
      guest_id: hotel.db.prepare('SELECT guest_id FROM room_reservations WHERE id = ?').pluck().get(stay),
    });
    expect(
      hotel.db.prepare('SELECT last_modified FROM room_reservations WHERE id = ?').pluck().get(stay),
    ).toBe('2026-11-22T10:00:00+01:00');
  });

  it('stores a name and price override as name and price, the product’s own as original_name and original_price', async ({
    hotel,
    api,
  }) => {
    const stay = stayOf(hotel.db, 'Gruber');
    const { body } = await chargeStay(api, stay, [
      { id: productOf(hotel.db, 'V-500'), quantity: 1, name: 'Ladestation 23,4 kWh', price: '9.36' },
    ]);
    expect(body.data.invoice_items[0]).toMatchObject({
      name: 'Ladestation 23,4 kWh',
      original_name: 'Ladestation / Charging station',
      price: 9.36,
      original_price: 0,
    });
    expect(itemsOfStay(hotel, stay).at(-1)).toMatchObject({
      name: 'Ladestation 23,4 kWh',
      price_cents: 936,
      original_price_cents: 0,
    });
  });

  it('requires a price for the open-price charging station, naming products.<i>.price', async ({
    hotel,
    api,
  }) => {
    const stay = stayOf(hotel.db, 'Gruber');
    const before = snapshot(hotel.db);
    const { status, body } = await chargeStay(api, stay, [
      { id: 1, quantity: 1 },
      { id: productOf(hotel.db, 'V-500'), quantity: 1 },
    ]);
    expect([status, body.field]).toEqual([422, 'products.1.price']);
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('accepts a booking date anywhere from arrival to departure day', async ({ hotel, api }) => {
    const stay = stayOf(hotel.db, 'Bauer'); // 2026-11-19 .. 2026-11-23
    for (const date of ['2026-11-19', '2026-11-23']) {
      const answer = await chargeStay(api, stay, [{ id: 1, quantity: 1 }], { booking_date: date });
      expect(answer.status, date).toBe(200);
      expect(itemsOfStay(hotel, stay).at(-1)?.bookkeeping_date).toBe(date);
    }
  });

  it('refuses a booking date outside the stay with 422 naming booking_date, writing nothing', async ({
    hotel,
    api,
  }) => {
    const stay = stayOf(hotel.db, 'Bauer');
    const before = snapshot(hotel.db);
    for (const date of ['2026-11-18', '2026-11-24']) {
      const answer = await chargeStay(api, stay, [{ id: 1, quantity: 1 }], { booking_date: date });
      expect([answer.status, answer.body.field], date).toEqual([422, 'booking_date']);
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it("dates a charge on a future stay to its arrival day, opening the stay's first invoice", async ({
    hotel,
    api,
  }) => {
    const stay = stayOf(hotel.db, 'Kowalska'); // arrives in three days, no invoice yet
    expect(count(hotel.db, 'invoices', 'room_reservation_id = ?', stay)).toBe(0);
    expect((await chargeStay(api, stay, [{ id: 1, quantity: 1 }])).status).toBe(200);
    expect(itemsOfStay(hotel, stay)).toMatchObject([
      { bookkeeping_date: '2026-11-25', invoice_status: 'open' },
    ]);
    const invoice = hotel.db.prepare('SELECT * FROM invoices WHERE room_reservation_id = ?').get(stay);
    expect(invoice).toMatchObject({ kind: 'room', payer: 'recipient', recipient_name: 'Anna Kowalska' });
  });

  it('sends extras of a self_pay ADDITIONAL stay to the guest, not to the company paying the room', async ({
    hotel,
    api,
  }) => {
    const stay = stayOf(hotel.db, 'Wagner');
    await chargeStay(api, stay, [{ id: productOf(hotel.db, 'M-203'), quantity: 1 }]);
    const added = itemsOfStay(hotel, stay).at(-1);
    expect(added).toMatchObject({ payer: 'guest' });
    const guestInvoice = hotel.db
      .prepare('SELECT recipient_name FROM invoices WHERE id = ?')
      .get(added?.invoice_id);
    expect(guestInvoice).toEqual({ recipient_name: 'Maximilian Wagner' });
    const roomRate = itemsOfStay(hotel, stay).find((item) => String(item.name).startsWith('Logis'));
    expect(roomRate).toMatchObject({ payer: 'recipient' });
  });

  it('refuses charges to cancelled, checked-out and no-show stays with 409', async ({ hotel, api }) => {
    const before = snapshot(hotel.db);
    for (const lastname of ['Schmid', 'Schneider', 'Steiner', 'Demir']) {
      const answer = await chargeStay(api, stayOf(hotel.db, lastname), [{ id: 1, quantity: 1 }]);
      expect([answer.status, answer.body.field], lastname).toEqual([409, 'room_reservation_id']);
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses an unknown reservation with 422 naming room_reservation_id', async ({ api }) => {
    const answer = await chargeStay(api, 99999, [{ id: 1, quantity: 1 }]);
    expect([answer.status, answer.body.field]).toEqual([422, 'room_reservation_id']);
  });
});
