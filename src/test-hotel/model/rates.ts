// Rates as the rest of the test hotel uses them: finding a rate a request may use (rule 7: a rate
// blocked for the interface is refused everywhere, 409, as products/optional does; an inactive rate
// likewise), the categories a rate sells, and the price-import rule that a target rate is empty or
// holds only weekly periods, Monday to Sunday. Unknown rate: 404 when named in the path, 422 in a body.
import { ApiError } from '../../node-http/errors.ts';
import { addDays } from '../infra/clock.ts';
import { type HotelDb, statement } from '../infra/db.ts';

export interface RateRow {
  id: number;
  name: string;
  description: string;
  is_adds: 0 | 1;
  promo_code: string;
  blocked_for_api: 0 | 1;
  active: 0 | 1;
}

export function findRate(db: HotelDb, id: number): RateRow | undefined {
  return statement(db, 'SELECT * FROM rates WHERE id = ?').get(id) as RateRow | undefined;
}

/** The rate, or a refusal: unknown (404 in the path, 422 in a body), blocked or inactive (409). */
export function usableRate(db: HotelDb, id: number, field: string, where: 'path' | 'body'): RateRow {
  const rate = findRate(db, id);
  if (!rate) {
    throw new ApiError(where === 'path' ? 404 : 422, `${field}: there is no rate ${id}`, field);
  }
  if (rate.blocked_for_api === 1) {
    throw new ApiError(409, `${field}: rate ${id} (${rate.name}) is blocked for the interface`, field);
  }
  if (rate.active !== 1) {
    throw new ApiError(409, `${field}: rate ${id} (${rate.name}) is not active`, field);
  }
  return rate;
}

/** Ids of the room categories the rate sells, ascending. */
export function rateCategoryIds(db: HotelDb, rateId: number): number[] {
  return statement(db, 'SELECT category_id FROM rate_categories WHERE rate_id = ? ORDER BY category_id')
    .pluck()
    .all(rateId) as number[];
}

/** 0 = Monday ... 6 = Sunday. */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The Monday of the week a date lies in. */
export function mondayOf(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

/** A period of the rate that is not exactly one week, Monday to Sunday; undefined when there is none. */
export function nonWeeklyPeriod(
  db: HotelDb,
  rateId: number,
): { start_date: string; end_date: string } | undefined {
  const periods = statement(db, 'SELECT start_date, end_date FROM rate_periods WHERE rate_id = ?').all(
    rateId,
  ) as { start_date: string; end_date: string }[];
  return periods.find((p) => weekdayIndex(p.start_date) !== 0 || p.end_date !== addDays(p.start_date, 6));
}
