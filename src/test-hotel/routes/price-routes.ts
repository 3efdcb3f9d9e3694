// Price import endpoints of the test hotel: POST /api/set/priceforrate checks the whole payload,
// stores the import and answers its token at once (applied later, model/price-imports.ts); GET
// /api/check/priceforrate/{token} reports 'In progress.' or 'Done.'. Refusals, all before anything
// is stored (rules 7 and 9, weekly periods, categories, currency, dates): docs/test-hotel.md.
import { Hono } from 'hono';
import * as v from 'valibot';
import { parseBody } from '../../node-http/body.ts';
import { ApiError, ok, param } from '../../node-http/errors.ts';
import { parseMoney } from '../../pms/money.ts';
import { PriceImportRequest } from '../../pms/wire-rate-updates.ts';
import type { TestHotel } from '../hotel.ts';
import { addMonths } from '../infra/clock.ts';
import { atomic } from '../infra/db.ts';
import { HOTEL_PROFILE } from '../model/hotel-profile.ts';
import { categoriesWithRoomCounts } from '../model/occupancy.ts';
import type { PriceRow } from '../model/price-imports.ts';
import { nonWeeklyPeriod, rateCategoryIds, usableRate } from '../model/rates.ts';
import { okTrueString } from './rate-routes.ts';

const Token = v.pipe(v.string(), v.uuid('must be a price-import token'));

const same = (a: string, b: string) => a.localeCompare(b, 'de', { sensitivity: 'accent' }) === 0;

export function priceRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  routes.post('/api/set/priceforrate', async (c) => {
    const body = await parseBody(c, PriceImportRequest);
    const token = atomic(db, () => {
      const rate = usableRate(db, body.rate_id, 'rate_id', 'body');
      const odd = nonWeeklyPeriod(db, rate.id);
      if (odd) {
        throw new ApiError(
          409,
          `rate_id: rate ${rate.id} (${rate.name}) has the period ${odd.start_date} to ${odd.end_date}, ` +
            'which is not one week from Monday to Sunday; prices can be imported only into an empty rate ' +
            'or one with weekly periods',
          'rate_id',
        );
      }
      const sold = new Set(rateCategoryIds(db, rate.id));
      const categories = categoriesWithRoomCounts(db);
      const today = hotel.today();
      const horizon = addMonths(today, 24);
      const rows: PriceRow[] = [];
      const seen = new Set<string>();
      for (const [key, days] of Object.entries(body.servicerate)) {
        const field = `servicerate.${key}`;
        const category = categories.find((k) => same(k.name, key) || same(k.code, key));
        if (!category) throw new ApiError(422, `${field}: there is no room category "${key}"`, field);
        if (!sold.has(category.id)) {
          throw new ApiError(422, `${field}: rate ${rate.id} does not sell ${category.name}`, field);
        }
        days.forEach((day, i) => {
          const at = `${field}.${i}`;
          if (day.CurrencyCode !== HOTEL_PROFILE.currency) {
            throw new ApiError(
              422,
              `${at}.CurrencyCode: the hotel takes prices in ${HOTEL_PROFILE.currency}`,
              `${at}.CurrencyCode`,
            );
          }
          if (day.Start < today || day.Start > horizon) {
            throw new ApiError(
              422,
              `${at}.Start: ${day.Start} is not between today (${today}) and ${horizon}`,
              `${at}.Start`,
            );
          }
          day.prices.forEach((price, j) => {
            const persons = Number(price.NumberOfGuests);
            const priceField = `${at}.prices.${j}.NumberOfGuests`;
            if (persons > category.max_persons) {
              throw new ApiError(
                422,
                `${priceField}: ${category.name} holds at most ${category.max_persons} persons`,
                priceField,
              );
            }
            const slot = `${category.id}|${day.Start}|${persons}`;
            if (seen.has(slot)) {
              throw new ApiError(
                422,
                `${priceField}: the price for ${persons} on ${day.Start} is given twice`,
                priceField,
              );
            }
            seen.add(slot);
            rows.push({
              category_id: category.id,
              date: day.Start,
              person_count: persons,
              amount_cents: parseMoney(price.AmountAfterTax),
              currency: day.CurrencyCode,
            });
          });
        });
      }
      return hotel.priceImports.enqueue(rate.id, rows);
    });
    return ok(c, { token });
  });

  routes.get('/api/check/priceforrate/:token', (c) => {
    const token = param(c, 'token', Token);
    const status = hotel.priceImports.status(token);
    if (!status) throw new ApiError(404, `there is no price import ${token}`, 'token');
    return okTrueString(c, status);
  });

  return routes;
}
