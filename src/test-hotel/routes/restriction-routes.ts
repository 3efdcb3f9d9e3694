// Restrictions per rate period (POST /api/set/restrictions/rateperiod), stored per day of the rate:
// minlos/maxlos on every day ('0' removes), cta/ctd by weekday (add, overwrite, remove), and
// all_restrictions 'remove'. The whole body is checked before one transaction applies it; an
// omitted parameter leaves its value unchanged. Rules and our readings: docs/test-hotel.md.
import { Hono } from 'hono';
import { parseBody } from '../../node-http/body.ts';
import { ApiError, ok } from '../../node-http/errors.ts';
import { type RestrictionPeriod, RestrictionsRequest, WEEKDAYS } from '../../pms/wire-rate-updates.ts';
import type { TestHotel } from '../hotel.ts';
import { addMonths } from '../infra/clock.ts';
import { atomic, type HotelDb, statement } from '../infra/db.ts';
import { datesFrom } from '../model/occupancy.ts';
import { usableRate, weekdayIndex } from '../model/rates.ts';

interface DayRestrictions {
  min_los: number | null;
  max_los: number | null;
  closed_to_arrival: 0 | 1;
  closed_to_departure: 0 | 1;
}

const NONE: DayRestrictions = { min_los: null, max_los: null, closed_to_arrival: 0, closed_to_departure: 0 };

/** The new closed flag of a day for a cta/ctd list and action; undefined list leaves it as it is. */
function closedFlag(
  current: 0 | 1,
  weekday: string,
  list: readonly string[] | undefined,
  action?: string,
): 0 | 1 {
  if (list === undefined) return current;
  if (list.length === 0) return 0;
  const listed = list.includes(weekday);
  if (action === 'overwrite') return listed ? 1 : 0;
  if (action === 'add') return listed ? 1 : current;
  return listed ? 0 : current; // remove
}

function applyPeriod(db: HotelDb, rateId: number, period: RestrictionPeriod): number {
  const read = statement(db, 'SELECT * FROM rate_restrictions WHERE rate_id = ? AND date = ?');
  const write = statement(
    db,
    `INSERT INTO rate_restrictions (rate_id, date, min_los, max_los, closed_to_arrival, closed_to_departure)
     VALUES (@rate_id, @date, @min_los, @max_los, @closed_to_arrival, @closed_to_departure)
     ON CONFLICT (rate_id, date) DO UPDATE SET min_los = excluded.min_los, max_los = excluded.max_los,
       closed_to_arrival = excluded.closed_to_arrival, closed_to_departure = excluded.closed_to_departure`,
  );
  const remove = statement(db, 'DELETE FROM rate_restrictions WHERE rate_id = ? AND date = ?');
  const los = (current: number | null, given: number | undefined) =>
    given === undefined ? current : given === 0 ? null : given;
  const dates = datesFrom(period.start, period.end);
  for (const date of dates) {
    const current = (read.get(rateId, date) as DayRestrictions | undefined) ?? NONE;
    const weekday = WEEKDAYS[weekdayIndex(date)]!;
    const next: DayRestrictions =
      period.all_restrictions === 'remove'
        ? NONE
        : {
            min_los: los(current.min_los, period.minlos),
            max_los: los(current.max_los, period.maxlos),
            closed_to_arrival: closedFlag(current.closed_to_arrival, weekday, period.cta, period.cta_action),
            closed_to_departure: closedFlag(
              current.closed_to_departure,
              weekday,
              period.ctd,
              period.ctd_action,
            ),
          };
    const empty =
      next.min_los === null && next.max_los === null && !next.closed_to_arrival && !next.closed_to_departure;
    if (empty) remove.run(rateId, date);
    else write.run({ rate_id: rateId, date, ...next });
  }
  return dates.length;
}

export function restrictionRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  routes.post('/api/set/restrictions/rateperiod', async (c) => {
    const body = await parseBody(c, RestrictionsRequest);
    const changed = atomic(db, () => {
      const plan = Object.entries(body).map(([key, periods]) => {
        const rate = usableRate(db, Number(key), key, 'body');
        periods.forEach((period, i) => {
          if (period.end > addMonths(period.start, 24)) {
            throw new ApiError(400, `${key}.${i}.end: a period is limited to two years`, `${key}.${i}.end`);
          }
        });
        return { rateId: rate.id, periods };
      });
      let days = 0;
      for (const { rateId, periods } of plan) {
        for (const period of periods) days += applyPeriod(db, rateId, period);
      }
      return days;
    });
    return ok(c, { days_changed: changed });
  });

  return routes;
}
