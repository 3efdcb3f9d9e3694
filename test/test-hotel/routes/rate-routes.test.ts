// Rates and inventory: the active-rate list (blocked and inactive rates left out, rule 7), rooms and
// categories, inventory statistics (default: the following 12 months), prices with the restrictions
// per day, and availability per day counted from the stays (person_count selecting categories).
import * as v from 'valibot';
import { describe, expect } from 'vitest';
import { RateResponses } from '../../../src/pms/wire-rates.ts';
import { count, type HotelApi, hotelTest as it, TODAY } from '../../support/hotel.ts';

const read = (api: HotelApi, path: string) => api.get(path, { key: 'read' });

describe('GET /api/get/allactiverates', () => {
  it('lists the active rates with success as the string "true", leaving blocked and inactive rates out', async ({
    hotel,
    api,
  }) => {
    const { status, body } = await read(api, '/api/get/allactiverates');
    expect(status).toBe(200);
    expect(body.success).toBe('true');
    const { data } = v.parse(RateResponses.allActiveRates, body);
    expect(data.map((r) => r.rate_id)).toEqual([1, 2, 3]);
    expect(body.totalCount).toBe(3);
    expect(data[0]).toEqual({
      rate_id: 1,
      rate_name: 'Übernachtung mit Frühstück',
      rate_description: 'Bed and breakfast',
      is_adds: false,
      promo_code: '',
    });
    expect(count(hotel.db, 'rates', 'blocked_for_api = 1 OR active = 0')).toBe(2);
  });
});

describe('GET /api/get/roomandcategory/{group}', () => {
  it("lists every room with its category for 'room', clean and dirty ones", async ({ api }) => {
    const { body } = await read(api, '/api/get/roomandcategory/room');
    const { data } = v.parse(RateResponses.roomsWithCategory, body);
    expect(data).toHaveLength(40);
    expect(data.find((r) => r.number === '203')).toMatchObject({ clean: false, category: { code: 'EZ' } });
    expect(data.find((r) => r.number === '310')).toMatchObject({
      clean: true,
      category: { name: 'Junior Suite' },
    });
  });

  it("lists every category with its rooms for 'category'", async ({ api }) => {
    const { body } = await read(api, '/api/get/roomandcategory/category');
    const { data } = v.parse(RateResponses.categoriesWithRooms, body);
    expect(data.map((k) => [k.code, k.rooms.length])).toEqual([
      ['EZ', 12],
      ['DZK', 16],
      ['SUP', 8],
      ['JS', 4],
    ]);
  });

  it("refuses any other group with 400 naming 'group'", async ({ api }) => {
    const { status, body } = await read(api, '/api/get/roomandcategory/rooms');
    expect([status, body.field]).toEqual([400, 'group']);
  });
});

describe('GET /api/get/inventory_message/{starts_at}/{ends_at}', () => {
  it('covers the following 12 months from the hotel today when no dates are given', async ({ api }) => {
    const { status, body } = await read(api, '/api/get/inventory_message');
    expect(status).toBe(200);
    const { data } = v.parse(RateResponses.inventory, body);
    expect([data.starts_at, data.ends_at, data.days.length]).toEqual([TODAY, '2027-11-21', 365]);
    expect(data.rooms).toBe(40);
    const fromStart = await read(api, `/api/get/inventory_message/${TODAY}`);
    expect(fromStart.body.data.ends_at).toBe('2027-11-21');
  });

  it('counts occupied rooms, arrivals and departures per night from the stays', async ({ hotel, api }) => {
    const { body } = await read(api, '/api/get/inventory_message/2026-11-22/2026-11-23');
    const occupying = (night: string) =>
      count(
        hotel.db,
        'room_reservations',
        "status IN ('BOOKED', 'CHECKED_IN') AND start_date <= ? AND end_date > ?",
        night,
        night,
      );
    expect(body.data.days).toEqual([
      {
        date: '2026-11-22',
        rooms: 40,
        occupied: occupying('2026-11-22'),
        available: 40 - occupying('2026-11-22'),
        arrivals: 5,
        departures: 4,
        occupancy: Math.round((occupying('2026-11-22') / 40) * 1000) / 10,
      },
      expect.objectContaining({ date: '2026-11-23', occupied: occupying('2026-11-23') }),
    ]);
  });

  it('refuses an end before the start or a period over 12 months with 400 naming ends_at', async ({
    api,
  }) => {
    for (const path of ['2026-11-22/2026-11-21', '2026-11-22/2027-11-23']) {
      const { status, body } = await read(api, `/api/get/inventory_message/${path}`);
      expect([status, body.field], path).toEqual([400, 'ends_at']);
    }
  });
});

describe('GET /api/get/allactiverates/prices/{rate_id}/{start}/{end}/{categories}/{person_counts}', () => {
  it('answers a price per day, category and occupancy, null where the category holds fewer persons', async ({
    hotel,
    api,
  }) => {
    const { status, body } = await read(
      api,
      '/api/get/allactiverates/prices/2/2026-11-27/2026-11-28/1,4/1,2',
    );
    expect(status).toBe(200);
    const { data } = v.parse(RateResponses.ratePrices, body);
    expect(data).toMatchObject({ rate_id: 2, currency: 'EUR' });
    const friday = data.days[0]!;
    expect(friday.date).toBe('2026-11-27');
    expect(friday.prices).toEqual([
      { category_id: 1, person_count: 1, price: 10400 },
      { category_id: 1, person_count: 2, price: null },
      { category_id: 4, person_count: 1, price: 23400 },
      { category_id: 4, person_count: 2, price: 25900 },
    ]);
    const stored = hotel.db
      .prepare(
        "SELECT amount_cents FROM rate_prices WHERE rate_id = 2 AND category_id = 4 AND date = '2026-11-28' AND person_count = 2",
      )
      .pluck()
      .get();
    expect(data.days[1]?.prices[3]?.price).toBe(stored);
  });

  it('reports the restrictions of each day', async ({ api }) => {
    const { body } = await read(api, '/api/get/allactiverates/prices/3/2026-11-28/2026-11-29/2/2');
    expect(body.data.days.map((d: object) => ({ ...d, prices: undefined, date: undefined }))).toEqual([
      { min_los: 2, max_los: null, closed_to_arrival: false, closed_to_departure: false },
      { min_los: 2, max_los: null, closed_to_arrival: true, closed_to_departure: false },
    ]);
  });

  it('refuses a blocked rate with 409 (rule 7), an unknown rate or unsold category with 404', async ({
    api,
  }) => {
    for (const [path, status, field] of [
      ['4/2026-11-22/2026-11-23/1/1', 409, 'rate_id'],
      ['5/2026-11-22/2026-11-23/2/1', 409, 'rate_id'],
      ['99/2026-11-22/2026-11-23/1/1', 404, 'rate_id'],
      ['3/2026-11-22/2026-11-23/1/1', 404, 'categories'],
      ['1/2026-11-22/2026-11-23/1;2/1', 400, 'categories'],
      ['1/2026-11-22/2026-11-23/1/0', 400, 'person_counts'],
    ] as const) {
      const answer = await read(api, `/api/get/allactiverates/prices/${path}`);
      expect([answer.status, answer.body.field], path).toEqual([status, field]);
    }
  });
});

describe('GET /api/get/availabilities/{start}/{end}/{rate_id}/{person_count}', () => {
  it("reports per day the rooms left in each of the rate's categories", async ({ api }) => {
    const { status, body } = await read(api, '/api/get/availabilities/2026-11-22/2026-11-24/1/1');
    expect(status).toBe(200);
    const { data } = v.parse(RateResponses.availabilities, body);
    expect(data.map((d) => d.date)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    const suites = data.map((d) => d.categories.find((k) => k.category_id === 4)?.available);
    // Tanaka (310) until the 24th, Brown (no room yet) until the 26th
    expect(suites).toEqual([2, 2, 3]);
    expect(data[0]?.categories.map((k) => k.category_id)).toEqual([1, 2, 3, 4]);
  });

  it('selects only the categories holding at least person_count persons', async ({ api }) => {
    const { body } = await read(api, '/api/get/availabilities/2026-11-22/2026-11-22/1/3');
    expect(body.data[0].categories.map((k: { category_id: number }) => k.category_id)).toEqual([3, 4]);
    const { body: wellness } = await read(api, '/api/get/availabilities/2026-11-22/2026-11-22/3/1');
    expect(wellness.data[0].categories.map((k: { category_id: number }) => k.category_id)).toEqual([2, 3, 4]);
  });

  it('refuses a blocked rate with 409 (rule 7) and a bad person_count or period with 400', async ({
    api,
  }) => {
    for (const [path, status, field] of [
      ['2026-11-22/2026-11-23/4/1', 409, 'rate_id'],
      ['2026-11-22/2026-11-23/1/x', 400, 'person_count'],
      ['2026-11-23/2026-11-22/1/1', 400, 'end'],
    ] as const) {
      const answer = await read(api, `/api/get/availabilities/${path}`);
      expect([answer.status, answer.body.field], path).toEqual([status, field]);
    }
  });
});
