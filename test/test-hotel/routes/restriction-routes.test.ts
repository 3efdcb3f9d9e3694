// Restrictions per rate period, stored per day: minlos and maxlos on every day of the period ('0'
// removes them, a Limits rule), cta and ctd by weekday with add, overwrite and remove (an empty list
// removes), all_restrictions 'remove' ignoring the period's other parameters, and an omitted
// parameter leaving its value unchanged. Refusals write nothing.
import { describe, expect } from 'vitest';
import type { TestHotel } from '../../../src/test-hotel/hotel.ts';
import { count, type HotelApi, hotelTest as it, snapshot } from '../../support/hotel.ts';

const restrict = (api: HotelApi, body: unknown) => api.post('/api/set/restrictions/rateperiod', body);

/** Rate 2's restrictions from 2027-01-04 (a Monday) to 2027-01-10, as stored per day. */
function week(hotel: TestHotel, rateId = 2) {
  return hotel.db
    .prepare(
      `SELECT date, min_los, max_los, closed_to_arrival AS cta, closed_to_departure AS ctd FROM rate_restrictions
       WHERE rate_id = ? AND date BETWEEN '2027-01-04' AND '2027-01-10' ORDER BY date`,
    )
    .all(rateId) as {
    date: string;
    min_los: number | null;
    max_los: number | null;
    cta: number;
    ctd: number;
  }[];
}

const MON_TO_SUN = [
  '2027-01-04',
  '2027-01-05',
  '2027-01-06',
  '2027-01-07',
  '2027-01-08',
  '2027-01-09',
  '2027-01-10',
];

describe('POST /api/set/restrictions/rateperiod', () => {
  it('stores minlos and maxlos on every day of the period', async ({ hotel, api }) => {
    const { status, body } = await restrict(api, {
      '2': [{ start: '2027-01-04', end: '2027-01-10', minlos: '3', maxlos: '10' }],
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ days_changed: 7 });
    expect(week(hotel).map((d) => [d.date, d.min_los, d.max_los])).toEqual(MON_TO_SUN.map((d) => [d, 3, 10]));
  });

  it("removes minlos with '0' and leaves an omitted maxlos unchanged", async ({ hotel, api }) => {
    await restrict(api, { '2': [{ start: '2027-01-04', end: '2027-01-10', minlos: '3', maxlos: '10' }] });
    await restrict(api, { '2': [{ start: '2027-01-07', end: '2027-01-08', minlos: '0' }] });
    expect(week(hotel).map((d) => [d.min_los, d.max_los])).toEqual([
      [3, 10],
      [3, 10],
      [3, 10],
      [null, 10],
      [null, 10],
      [3, 10],
      [3, 10],
    ]);
    await restrict(api, { '2': [{ start: '2027-01-04', end: '2027-01-10', minlos: '0', maxlos: '0' }] });
    expect(week(hotel)).toEqual([]);
  });

  it('closes to arrival by weekday: add, overwrite, remove, and an empty list opens every day', async ({
    hotel,
    api,
  }) => {
    const ctaDays = () =>
      week(hotel)
        .filter((d) => d.cta === 1)
        .map((d) => d.date);
    const period = (cta: string[], cta_action?: string) => ({
      '2': [{ start: '2027-01-04', end: '2027-01-10', cta, cta_action }],
    });
    await restrict(api, period(['Saturday'], 'add'));
    expect(ctaDays()).toEqual(['2027-01-09']);
    await restrict(api, period(['sunday', 'MONDAY'], 'add'));
    expect(ctaDays()).toEqual(['2027-01-04', '2027-01-09', '2027-01-10']);
    await restrict(api, period(['Monday'], 'remove'));
    expect(ctaDays()).toEqual(['2027-01-09', '2027-01-10']);
    await restrict(api, period(['Wednesday'], 'overwrite'));
    expect(ctaDays()).toEqual(['2027-01-06']);
    await restrict(api, period([]));
    expect(ctaDays()).toEqual([]);
  });

  it('closes to departure the same way, independently of arrival', async ({ hotel, api }) => {
    await restrict(api, {
      '2': [
        {
          start: '2027-01-04',
          end: '2027-01-10',
          cta: ['Friday'],
          cta_action: 'add',
          ctd: ['Sunday'],
          ctd_action: 'overwrite',
        },
      ],
    });
    expect(
      week(hotel)
        .map((d) => [d.date, d.cta, d.ctd])
        .filter(([, a, b]) => a || b),
    ).toEqual([
      ['2027-01-08', 1, 0],
      ['2027-01-10', 0, 1],
    ]);
  });

  it("removes every restriction of the period with all_restrictions 'remove', ignoring its other parameters", async ({
    hotel,
    api,
  }) => {
    await restrict(api, {
      '2': [{ start: '2027-01-04', end: '2027-01-10', minlos: '2', cta: ['Friday'], cta_action: 'add' }],
    });
    await restrict(api, {
      '2': [{ start: '2027-01-04', end: '2027-01-07', all_restrictions: 'remove', minlos: '5' }],
    });
    expect(week(hotel).map((d) => [d.date, d.min_los, d.cta])).toEqual([
      ['2027-01-08', 2, 1],
      ['2027-01-09', 2, 0],
      ['2027-01-10', 2, 0],
    ]);
  });

  it('shows the restrictions in the price information of the rate', async ({ api }) => {
    await restrict(api, {
      '1': [{ start: '2027-01-04', end: '2027-01-04', minlos: '4', ctd: ['monday'], ctd_action: 'add' }],
    });
    const { body } = await api.get('/api/get/allactiverates/prices/1/2027-01-04/2027-01-04/2/2');
    expect(body.data.days[0]).toMatchObject({ min_los: 4, closed_to_departure: true });
  });

  it('refuses a blocked rate with 409 (rule 7) and an unknown one with 422, writing nothing', async ({
    hotel,
    api,
  }) => {
    const before = snapshot(hotel.db);
    const period = { start: '2027-01-04', end: '2027-01-10', minlos: '2' };
    const blocked = await restrict(api, { '2': [period], '4': [period] });
    expect([blocked.status, blocked.body.field]).toEqual([409, '4']);
    const unknown = await restrict(api, { '2': [period], '99': [period] });
    expect([unknown.status, unknown.body.field]).toEqual([422, '99']);
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses malformed periods with 400 naming the field, writing nothing', async ({ hotel, api }) => {
    const before = snapshot(hotel.db);
    for (const [body, field] of [
      [{ '2': [{ start: '2027-01-04', end: '2027-01-03' }] }, '2.0.end'],
      [{ '2': [{ start: '2027-01-04', end: '2027-01-05', minlos: 'two' }] }, '2.0.minlos'],
      [{ '2': [{ start: '2027-01-04', end: '2027-01-05', minlos: '5', maxlos: '3' }] }, '2.0.maxlos'],
      [
        { '2': [{ start: '2027-01-04', end: '2027-01-05', cta: ['Funday'], cta_action: 'add' }] },
        '2.0.cta.0',
      ],
      [{ '2': [{ start: '2027-01-04', end: '2027-01-05', cta: ['Monday'] }] }, '2.0.cta_action'],
      [
        { '2': [{ start: '2027-01-04', end: '2027-01-05', ctd: ['Monday'], ctd_action: 'toggle' }] },
        '2.0.ctd_action',
      ],
      [
        { '2': [{ start: '2027-01-04', end: '2027-01-05', all_restrictions: 'all' }] },
        '2.0.all_restrictions',
      ],
      [{ '2': [{ start: '2027-01-04', end: '2029-01-05', minlos: '2' }] }, '2.0.end'],
      [{ first: [{ start: '2027-01-04', end: '2027-01-05' }] }, 'first'],
    ] as const) {
      const answer = await restrict(api, body);
      expect([answer.status, answer.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
    expect(count(hotel.db, 'rate_restrictions', 'rate_id = 2 AND date >= ?', '2027-01-04')).toBe(0);
    expect(snapshot(hotel.db)).toEqual(before);
  });
});
