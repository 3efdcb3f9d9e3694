// Rate endpoints of the test hotel: the active rates (blocked and inactive ones left out; the list
// sends success as the string "true", as pms-api.md shows), a rate's prices and restrictions per day,
// and availability per day for the rate's categories. Our choices: periods are start..end inclusive
// and at most 12 months; the categories of the price call must be sold by the rate (404 naming
// `categories`); person_count selects the categories holding at least that many persons. A blocked
// rate is refused (409) on every endpoint that takes one (rule 7).
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { ApiError, ok, param } from '../../node-http/errors.ts';
import { toDecimalNumber } from '../../pms/money.ts';
import { IdParam, IsoDate } from '../../pms/wire.ts';
import type { TestHotel } from '../hotel.ts';
import { addMonths } from '../infra/clock.ts';
import { statement } from '../infra/db.ts';
import { HOTEL_PROFILE } from '../model/hotel-profile.ts';
import { categoriesWithRoomCounts, datesFrom, occupiedByNight } from '../model/occupancy.ts';
import { rateCategoryIds, usableRate } from '../model/rates.ts';

const IdList = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,49}$/, 'must be comma-separated ids, e.g. 1,2'),
  v.transform((s) => [...new Set(s.split(',').map(Number))]),
);
const PersonCounts = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d?(,[1-9]\d?){0,19}$/, 'must be comma-separated occupancies, e.g. 1,2'),
  v.transform((s) => [...new Set(s.split(',').map(Number))].sort((a, b) => a - b)),
);
const PersonCount = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d?$/, 'must be a whole number from 1 to 99'),
  v.transform(Number),
);

/** Reads a start..end period from the path: end not before start, at most 12 months (our limit). */
export function periodParams(c: Context, startName: string, endName: string): { start: string; end: string } {
  const start = param(c, startName, IsoDate);
  const end = param(c, endName, IsoDate);
  if (end < start) throw new ApiError(400, `${endName}: ${end} is before ${startName} ${start}`, endName);
  if (end > addMonths(start, 12)) {
    throw new ApiError(400, `${endName}: the period is limited to 12 months`, endName);
  }
  return { start, end };
}

/** The JSON envelope with success as the string "true", as the rate list and import status send it. */
export function okTrueString(c: Context, data: unknown) {
  return c.json({ success: 'true', totalCount: Array.isArray(data) ? data.length : 1, data });
}

interface RestrictionRow {
  date: string;
  min_los: number | null;
  max_los: number | null;
  closed_to_arrival: 0 | 1;
  closed_to_departure: 0 | 1;
}

export function rateRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  routes.get('/api/get/allactiverates', (c) => {
    const rates = statement(
      db,
      `SELECT id AS rate_id, name AS rate_name, description AS rate_description, is_adds, promo_code
       FROM rates WHERE blocked_for_api = 0 AND active = 1 ORDER BY id`,
    ).all() as { rate_id: number; is_adds: 0 | 1 }[];
    return okTrueString(
      c,
      rates.map((rate) => ({ ...rate, is_adds: rate.is_adds === 1 })),
    );
  });

  routes.get(
    '/api/get/allactiverates/prices/:rate_id/:start_date/:end_date/:categories/:person_counts',
    (c) => {
      const rate = usableRate(db, param(c, 'rate_id', IdParam), 'rate_id', 'path');
      const { start, end } = periodParams(c, 'start_date', 'end_date');
      const categories = param(c, 'categories', IdList);
      const personCounts = param(c, 'person_counts', PersonCounts);
      const sold = new Set(rateCategoryIds(db, rate.id));
      const unsold = categories.find((id) => !sold.has(id));
      if (unsold !== undefined) {
        throw new ApiError(404, `categories: rate ${rate.id} sells no room category ${unsold}`, 'categories');
      }
      const prices = statement(
        db,
        `SELECT category_id, date, person_count, amount_cents FROM rate_prices
       WHERE rate_id = ? AND date BETWEEN ? AND ?`,
      ).all(rate.id, start, end) as {
        category_id: number;
        date: string;
        person_count: number;
        amount_cents: number;
      }[];
      const priceOf = new Map(
        prices.map((p) => [`${p.date}|${p.category_id}|${p.person_count}`, p.amount_cents]),
      );
      const restrictions = new Map(
        (
          statement(db, 'SELECT * FROM rate_restrictions WHERE rate_id = ? AND date BETWEEN ? AND ?').all(
            rate.id,
            start,
            end,
          ) as RestrictionRow[]
        ).map((r) => [r.date, r]),
      );
      const days = datesFrom(start, end).map((date) => {
        const r = restrictions.get(date);
        return {
          date,
          min_los: r?.min_los ?? null,
          max_los: r?.max_los ?? null,
          closed_to_arrival: r?.closed_to_arrival === 1,
          closed_to_departure: r?.closed_to_departure === 1,
          prices: categories.flatMap((category_id) =>
            personCounts.map((person_count) => {
              const cents = priceOf.get(`${date}|${category_id}|${person_count}`);
              return {
                category_id,
                person_count,
                price: cents === undefined ? null : toDecimalNumber(cents),
              };
            }),
          ),
        };
      });
      return ok(c, { rate_id: rate.id, rate_name: rate.name, currency: HOTEL_PROFILE.currency, days });
    },
  );

  routes.get('/api/get/availabilities/:start/:end/:rate_id/:person_count', (c) => {
    const { start, end } = periodParams(c, 'start', 'end');
    const rate = usableRate(db, param(c, 'rate_id', IdParam), 'rate_id', 'path');
    const personCount = param(c, 'person_count', PersonCount);
    const sold = new Set(rateCategoryIds(db, rate.id));
    const selected = categoriesWithRoomCounts(db).filter(
      (k) => sold.has(k.id) && k.max_persons >= personCount,
    );
    const occupied = occupiedByNight(db, start, end);
    const days = datesFrom(start, end).map((date) => ({
      date,
      categories: selected.map((k) => ({
        category_id: k.id,
        category_name: k.name,
        max_persons: k.max_persons,
        rooms: k.rooms,
        available: k.rooms - (occupied.get(k.id)?.get(date) ?? 0),
      })),
    }));
    return ok(c, days);
  });

  return routes;
}
