// Money strict in the test hotel: every amount in a request, as a JSON number or a string, has at
// most two decimals exactly as written and stays within its limit. A refusal is a 400 whose JSON
// error names the field and says which rule or limit it broke; nothing is written, not even the
// lines of the same request that were fine (docs/pms-api.md, Envelope and values: Money).
import { describe, expect } from 'vitest';
import type { TestHotel } from '../../../src/test-hotel/hotel.ts';
import {
  type Answer,
  addInvoiceLines,
  chargeStay,
  hotelTest as it,
  openCashInvoice,
  productOf,
  snapshot,
  stayOf,
} from '../../support/hotel.ts';

/** Sends the request and expects a 400 naming `field` with `message`, and an unchanged database. */
async function expectRefused(hotel: TestHotel, send: () => Promise<Answer>, field: string, message: string) {
  const before = snapshot(hotel.db);
  const answer = await send();
  expect([answer.status, answer.body.success, answer.body.field]).toEqual([400, false, field]);
  expect(answer.body.message).toContain(message);
  expect(snapshot(hotel.db)).toEqual(before);
}

const BAD_PRICES: [price: number | string, message: string][] = [
  [1e-9, 'must have at most two decimals'],
  [0.001, 'must have at most two decimals'],
  [12.345, 'must have at most two decimals'],
  ['12.345', 'must have at most two decimals'],
  [100000.01, 'must be at most 100000.00'],
  ['999999', 'must be at most 100000.00'],
  [-1, 'must be at least 0.00'],
  ['1e-9', 'must be an amount'],
];

describe('a price override on a room charge (add/products)', () => {
  for (const [price, message] of BAD_PRICES) {
    it(`refuses ${JSON.stringify(price)} with 400 naming products.1.price, charging no line`, async ({
      hotel,
      api,
    }) => {
      const stay = stayOf(hotel.db, 'Bauer');
      const beer = productOf(hotel.db, 'M-201');
      const lines = [
        { id: beer, quantity: 1 },
        { id: beer, quantity: 1, price },
      ];
      await expectRefused(hotel, () => chargeStay(api, stay, lines), 'products.1.price', message);
    });
  }

  it('takes two decimals as a number or a string, and 100000.00 exactly', async ({ hotel, api }) => {
    const stay = stayOf(hotel.db, 'Bauer');
    const beer = productOf(hotel.db, 'M-201');
    const answer = await chargeStay(api, stay, [
      { id: beer, quantity: 1, price: 12.34 },
      { id: beer, quantity: 1, price: '0.10' },
      { id: beer, quantity: 1, price: '100000.00' },
    ]);
    expect(answer.status).toBe(200);
    const prices = hotel.db
      .prepare('SELECT price_cents FROM invoice_items WHERE room_reservation_id = ? ORDER BY id DESC LIMIT 3')
      .pluck()
      .all(stay);
    expect(prices).toEqual([10_000_000, 10, 1234]);
  });
});

describe('a price on a cash-register invoice (add/invoice/products)', () => {
  it('refuses 1e-9 as a JSON number with 400 naming products.0.price: the item never becomes free', async ({
    hotel,
    api,
  }) => {
    const invoice = await openCashInvoice(api);
    const charger = productOf(hotel.db, 'M-201');
    await expectRefused(
      hotel,
      () => addInvoiceLines(api, invoice, [{ id: charger, quantity: 1, price: 1e-9 }]),
      'products.0.price',
      'must have at most two decimals',
    );
  });
});

describe('a new product’s price (create/products)', () => {
  for (const [price, message] of BAD_PRICES) {
    it(`refuses ${JSON.stringify(price)} with 400 naming price, creating nothing`, async ({ hotel, api }) => {
      await expectRefused(
        hotel,
        () =>
          api.post('/api/create/products', { name: 'Sekt', price, commodity_group_id: 1, tax_class_id: 1 }),
        'price',
        message,
      );
    });
  }
});

describe('the amount of a reservation-based close (roomreservation/paid)', () => {
  it('refuses three decimals in the path with 400 naming amount, closing nothing', async ({ hotel, api }) => {
    const stay = stayOf(hotel.db, 'Bauer');
    const before = snapshot(hotel.db);
    const answer = await api.get(`/api/set/roomreservation/paid/${stay}/1/2/no/12.345`);
    expect([answer.status, answer.body.field]).toEqual([400, 'amount']);
    expect(snapshot(hotel.db)).toEqual(before);
  });
});
