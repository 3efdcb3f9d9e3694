// The price import: POST /api/set/priceforrate answers a token at once and imports asynchronously;
// the status endpoint reports 'In progress.' and then 'Done.'. Start must equal End (rule 9, one day
// per entry); the target rate must be empty or hold only weekly periods Monday to Sunday; a blocked
// rate is refused (rule 7). A refused import stores nothing and changes no price.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect } from 'vitest';
import { RateResponses } from '../../../src/pms/wire-rates.ts';
import { createTestHotel, type TestHotel } from '../../../src/test-hotel/hotel.ts';
import { count, type HotelApi, hotelApi, hotelTest as it, NOW, snapshot } from '../../support/hotel.ts';

const day = (date: string, prices: [string, string][], end = date) => ({
  Start: date,
  End: end,
  CurrencyCode: 'EUR',
  prices: prices.map(([NumberOfGuests, AmountAfterTax]) => ({ NumberOfGuests, AmountAfterTax })),
});

const priceOf = (hotel: TestHotel, rate: number, category: number, date: string, persons: number) =>
  hotel.db
    .prepare(
      'SELECT amount_cents FROM rate_prices WHERE rate_id = ? AND category_id = ? AND date = ? AND person_count = ?',
    )
    .pluck()
    .get(rate, category, date, persons);

const status = async (api: HotelApi, token: string) =>
  (await api.get(`/api/check/priceforrate/${token}`, { key: 'read' })).body;

describe('POST /api/set/priceforrate and GET /api/check/priceforrate/{token}', () => {
  it("answers a token at once, reports 'In progress.', then 'Done.' with the prices written", async ({
    hotel,
    api,
  }) => {
    const before = priceOf(hotel, 2, 1, '2026-12-01', 1);
    const { status: code, body } = await api.post('/api/set/priceforrate', {
      rate_id: 2,
      servicerate: {
        Einzelzimmer: [day('2026-12-01', [['1', '99.00']])],
        JS: [
          day('2026-12-01', [
            ['1', '250.50'],
            ['4', '310.00'],
          ]),
          day('2026-12-02', [['2', '260.00']]),
        ],
      },
    });
    expect(code).toBe(200);
    const { token } = v.parse(RateResponses.priceImport, body).data;
    expect(await status(api, token)).toEqual({ success: 'true', totalCount: 1, data: 'In progress.' });
    expect(priceOf(hotel, 2, 1, '2026-12-01', 1)).toBe(before);

    await hotel.settleImports();
    const done = await status(api, token);
    expect(v.parse(RateResponses.priceImportStatus, done).data).toBe('Done.');
    expect(priceOf(hotel, 2, 1, '2026-12-01', 1)).toBe(9900);
    expect(priceOf(hotel, 2, 4, '2026-12-01', 1)).toBe(25050);
    expect(priceOf(hotel, 2, 4, '2026-12-01', 4)).toBe(31000);
    expect(priceOf(hotel, 2, 4, '2026-12-02', 2)).toBe(26000);
  });

  it('gives the empty target rate the weekly periods, Monday to Sunday, of the days it priced', async ({
    hotel,
    api,
  }) => {
    expect(count(hotel.db, 'rate_periods', 'rate_id = 2')).toBe(0);
    await api.post('/api/set/priceforrate', {
      rate_id: 2,
      servicerate: { DZK: [day('2026-12-01', [['2', '140.00']]), day('2026-12-10', [['2', '150.00']])] },
    });
    await hotel.settleImports();
    const periods = hotel.db
      .prepare('SELECT start_date, end_date FROM rate_periods WHERE rate_id = 2 ORDER BY start_date')
      .all();
    expect(periods).toEqual([
      { start_date: '2026-11-30', end_date: '2026-12-06' },
      { start_date: '2026-12-07', end_date: '2026-12-13' },
    ]);
  });

  it('imports into a rate holding only weekly periods', async ({ hotel, api }) => {
    const weekly = count(hotel.db, 'rate_periods', 'rate_id = 1');
    expect(weekly).toBeGreaterThan(50);
    const { body } = await api.post('/api/set/priceforrate', {
      rate_id: 1,
      servicerate: { Einzelzimmer: [day('2026-11-23', [['1', '120.00']])] },
    });
    await hotel.settleImports();
    expect((await status(api, body.data.token)).data).toBe('Done.');
    expect(priceOf(hotel, 1, 1, '2026-11-23', 1)).toBe(12000);
    expect(count(hotel.db, 'rate_periods', 'rate_id = 1')).toBe(weekly);
  });

  it('refuses End unlike Start with 400 naming End, storing nothing (rule 9)', async ({ hotel, api }) => {
    const before = snapshot(hotel.db);
    const { status: code, body } = await api.post('/api/set/priceforrate', {
      rate_id: 2,
      servicerate: { Einzelzimmer: [day('2026-12-01', [['1', '99.00']], '2026-12-02')] },
    });
    expect([code, body.field]).toEqual([400, 'servicerate.Einzelzimmer.0.End']);
    expect(body.message).toContain('must equal Start');
    await hotel.settleImports();
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses a rate holding a period that is not one week Monday to Sunday with 409', async ({
    hotel,
    api,
  }) => {
    const before = snapshot(hotel.db);
    const { status: code, body } = await api.post('/api/set/priceforrate', {
      rate_id: 3,
      servicerate: { DZK: [day('2026-12-01', [['2', '180.00']])] },
    });
    expect([code, body.field]).toEqual([409, 'rate_id']);
    expect(body.message).toContain('not one week from Monday to Sunday');
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses a rate blocked for the interface with 409 (rule 7)', async ({ hotel, api }) => {
    const { status: code, body } = await api.post('/api/set/priceforrate', {
      rate_id: 4,
      servicerate: { Einzelzimmer: [day('2026-12-01', [['1', '80.00']])] },
    });
    expect([code, body.field]).toEqual([409, 'rate_id']);
    expect(count(hotel.db, 'price_imports')).toBe(0);
  });

  it('refuses unusable entries with 422 naming the field, storing nothing', async ({ hotel, api }) => {
    const before = snapshot(hotel.db);
    for (const [servicerate, field] of [
      [{ Penthouse: [day('2026-12-01', [['1', '99.00']])] }, 'servicerate.Penthouse'],
      [
        { Einzelzimmer: [{ ...day('2026-12-01', [['1', '99.00']]), CurrencyCode: 'CHF' }] },
        'servicerate.Einzelzimmer.0.CurrencyCode',
      ],
      [{ Einzelzimmer: [day('2026-11-21', [['1', '99.00']])] }, 'servicerate.Einzelzimmer.0.Start'],
      [
        { Einzelzimmer: [day('2026-12-01', [['2', '99.00']])] },
        'servicerate.Einzelzimmer.0.prices.0.NumberOfGuests',
      ],
      [
        {
          EZ: [
            day('2026-12-01', [
              ['1', '99.00'],
              ['1', '98.00'],
            ]),
          ],
        },
        'servicerate.EZ.0.prices.1.NumberOfGuests',
      ],
    ] as const) {
      const answer = await api.post('/api/set/priceforrate', { rate_id: 2, servicerate });
      expect([answer.status, answer.body.field]).toEqual([422, field]);
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('answers 404 for an unknown token and 400 for one that is not a token', async ({ api }) => {
    const unknown = await api.get('/api/check/priceforrate/6f1c2a8e-1b2c-4d3e-8f90-123456789abc');
    expect([unknown.status, unknown.body.field]).toEqual([404, 'token']);
    const bad = await api.get('/api/check/priceforrate/latest');
    expect([bad.status, bad.body.field]).toEqual([400, 'token']);
  });
});

describe('an import in progress when the hotel closes', () => {
  it('is applied when the hotel opens again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'price-import-'));
    try {
      const dbFile = join(dir, 'hotel.sqlite');
      const first = createTestHotel({ dbFile, testMode: false, now: () => NOW, importDelayMs: 60_000 });
      const { body } = await hotelApi(first).post('/api/set/priceforrate', {
        rate_id: 2,
        servicerate: { Einzelzimmer: [day('2026-12-05', [['1', '77.00']])] },
      });
      first.close();
      const again = createTestHotel({ dbFile, testMode: false, now: () => NOW, importDelayMs: 0 });
      await again.settleImports();
      const answer = await hotelApi(again).get(`/api/check/priceforrate/${body.data.token}`);
      expect(answer.body.data).toBe('Done.');
      expect(
        again.db
          .prepare(
            "SELECT amount_cents FROM rate_prices WHERE rate_id = 2 AND category_id = 1 AND date = '2026-12-05'",
          )
          .pluck()
          .get(),
      ).toBe(7700);
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
