// Group commit: write requests arriving together share one durable COMMIT, every one of them stays
// atomic on its own (a refused request in the batch writes nothing while the others commit), no
// answer leaves before the commit, and a failed COMMIT takes back the whole batch.
import { describe, expect } from 'vitest';
import type { TestHotel } from '../../../src/test-hotel/hotel.ts';
import { count, type HotelApi, hotelTest as it, stayOf } from '../../support/hotel.ts';

const charge = (hotel: TestHotel, api: HotelApi, productId: number) =>
  api.post('/api/set/add/products', {
    room_reservation_id: stayOf(hotel.db, 'Bauer'),
    products: [{ id: productId, quantity: 1 }],
  });

describe('group commit', () => {
  it('commits concurrent writes together, each answered only once it is committed', async ({
    hotel,
    api,
  }) => {
    const items = count(hotel.db, 'invoice_items');
    const batches = hotel.commits.stats.batches;
    const answers = await Promise.all(Array.from({ length: 10 }, () => charge(hotel, api, 1)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(hotel.db.inTransaction).toBe(false);
    expect(count(hotel.db, 'invoice_items')).toBe(items + 10);
    expect(hotel.commits.stats.batches - batches).toBeLessThan(10);
  });

  it('takes back only the refused request of a batch', async ({ hotel, api }) => {
    const items = count(hotel.db, 'invoice_items');
    const answers = await Promise.all([
      charge(hotel, api, 1),
      charge(hotel, api, 999),
      charge(hotel, api, 2),
      charge(hotel, api, 23),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 422, 200, 422]);
    expect(count(hotel.db, 'invoice_items')).toBe(items + 2);
    expect(count(hotel.db, 'invoice_items', 'product_id IN (999, 23)')).toBe(0);
  });

  it('rejects everyone waiting on a batch whose COMMIT fails, and keeps none of its writes', async ({
    hotel,
    api,
  }) => {
    const items = count(hotel.db, 'invoice_items');
    hotel.commits.join();
    hotel.db.pragma('defer_foreign_keys = ON');
    // a row pointing at no invoice: allowed until the COMMIT checks the deferred foreign key
    hotel.db
      .prepare(
        `INSERT INTO invoice_items (invoice_id, name, original_name, quantity, price_cents, original_price_cents,
           bookkeeping_date, created_at) VALUES (999999, 'x', 'x', 1, 0, 0, '2026-11-22', 'now')`,
      )
      .run();
    await expect(hotel.commits.durable()).rejects.toThrow(/FOREIGN KEY/);
    expect(hotel.db.inTransaction).toBe(false);
    expect(count(hotel.db, 'invoice_items')).toBe(items);
    expect((await charge(hotel, api, 1)).status).toBe(200);
  });

  it('answers a request whose batch failed with 500, as an outcome the client must check', async ({
    hotel,
    api,
  }) => {
    const items = count(hotel.db, 'invoice_items');
    const pending = charge(hotel, api, 1);
    // wait (in microtasks, so the batch cannot commit meanwhile) until the charge opened its batch
    for (let turns = 0; !hotel.db.inTransaction; turns++) {
      if (turns > 10_000) throw new Error('the charge never opened a batch');
      await Promise.resolve();
    }
    // then sabotage that batch before its commit runs
    hotel.db.pragma('defer_foreign_keys = ON');
    hotel.db
      .prepare(
        `INSERT INTO invoice_items (invoice_id, name, original_name, quantity, price_cents, original_price_cents,
           bookkeeping_date, created_at) VALUES (999999, 'x', 'x', 1, 0, 0, '2026-11-22', 'now')`,
      )
      .run();
    const answer = await pending;
    expect(answer.status).toBe(500);
    expect(count(hotel.db, 'invoice_items')).toBe(items);
  });
});
