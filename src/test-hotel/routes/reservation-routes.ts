// Reservation endpoints of the test hotel: finding the guest (searchpattern), one room or main
// reservation by id or number, and the time-span listing. Our choices where pms-api.md is silent:
// names match case-insensitively (umlauts included) but exactly; cancelled stays are never found
// or listed; the time span lists stays with start_date <= end and end_date >= start; last_modified
// (+ optional time, default 00:00:00) compares the hotel's wall-clock time of the last change.
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { parseBody } from '../../node-http/body.ts';
import { ApiError, envelope, ok, okJson, param } from '../../node-http/errors.ts';
import { IdParam, IsoDate, SearchPatternRequest, TimeOfDay, YesNo } from '../../pms/wire.ts';
import type { TestHotel } from '../hotel.ts';
import { addMonths } from '../infra/clock.ts';
import { statement } from '../infra/db.ts';
import {
  findStay,
  mainToWire,
  SELECT_STAYS,
  type StayRow,
  staysOfMain,
  staysToWire,
} from '../model/stays.ts';

const SingleIdEntity = v.picklist(
  ['roomreservations', 'mainreservations'],
  "must be 'roomreservations' or 'mainreservations'",
);
const MainEntity = v.picklist(['mainreservations'], "must be 'mainreservations'");
const TimespanEntity = v.picklist(['reservations'], "must be 'reservations'");
const ReservationNumber = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,40}$/, 'must be a reservation number'));

/** Equal ignoring case, also for umlauts, but not ignoring accents. */
function sameName(a: string, b: string): boolean {
  return a.localeCompare(b, 'de', { sensitivity: 'accent' }) === 0;
}

export function reservationRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  routes.post('/api/get/roomreservation/searchpattern', async (c) => {
    const body = await parseBody(c, SearchPatternRequest);
    const candidates = statement(
      db,
      `${SELECT_STAYS} WHERE rr.status <> 'CANCELLED'
         AND (@number IS NULL OR mr.reservation_number = @number COLLATE NOCASE)
         AND (@start IS NULL OR rr.start_date = @start)
         AND (@end IS NULL OR rr.end_date = @end)
       ORDER BY rr.id`,
    ).all({
      number: body.reservation_number || null,
      start: body.start_date ?? null,
      end: body.end_date ?? null,
    }) as StayRow[];
    const found = candidates.filter(
      (stay) =>
        sameName(stay.guest_firstname, body.firstname) && sameName(stay.guest_lastname, body.lastname),
    );
    if (found.length === 0) throw new ApiError(404, 'No reservation found');
    return ok(c, staysToWire(db, found));
  });

  routes.get('/api/get/single_id/:entity/:id', (c) => {
    const entity = param(c, 'entity', SingleIdEntity);
    const id = param(c, 'id', IdParam);
    if (entity === 'roomreservations') {
      const stay = findStay(db, id);
      if (!stay) throw new ApiError(404, `there is no room reservation ${id}`, 'id');
      return ok(c, staysToWire(db, [stay])[0]);
    }
    const stays = staysOfMain(db, id);
    if (stays.length === 0) throw new ApiError(404, `there is no main reservation ${id}`, 'id');
    return ok(c, mainToWire(db, stays));
  });

  routes.get('/api/get/single_number/:entity/:number', (c) => {
    param(c, 'entity', MainEntity);
    const number = param(c, 'number', ReservationNumber);
    const main = statement(
      db,
      'SELECT id FROM main_reservations WHERE reservation_number = ? COLLATE NOCASE',
    ).get(number) as { id: number } | undefined;
    const stays = main ? staysOfMain(db, main.id) : [];
    if (stays.length === 0) throw new ApiError(404, `there is no reservation number ${number}`, 'number');
    return ok(c, mainToWire(db, stays));
  });

  const timespan = (c: Context) => {
    param(c, 'entity', TimespanEntity);
    const start = param(c, 'start', IsoDate);
    const end = param(c, 'end', IsoDate);
    const lastModified = param(c, 'last_modified', IsoDate);
    const time =
      c.req.param('last_modified_time') === undefined
        ? '00:00:00'
        : param(c, 'last_modified_time', TimeOfDay);
    if (end < start) throw new ApiError(400, `end: ${end} is before start ${start}`, 'end');
    if (end > addMonths(start, 12)) {
      throw new ApiError(
        400,
        `end: the period is limited to 12 months (at most ${addMonths(start, 12)})`,
        'end',
      );
    }
    const includeNoShows = c.req.query('include_noshows');
    if (includeNoShows !== undefined && !v.is(YesNo, includeNoShows)) {
      throw new ApiError(400, "include_noshows: must be 'yes' or 'no'", 'include_noshows');
    }
    const since = `${lastModified}T${time.length === 5 ? `${time}:00` : time}`;
    const noshows = includeNoShows === 'yes' ? 1 : 0;
    const key = `timespan/${start}/${end}/${since}/${noshows}`;
    return okJson(
      c,
      hotel.reads.json(key, () => envelope(staysToWire(db, listTimespan(start, end, since, noshows)))),
    );
  };
  const listTimespan = (start: string, end: string, since: string, noshows: 0 | 1) =>
    statement(
      db,
      `${SELECT_STAYS} WHERE rr.start_date <= @end AND rr.end_date >= @start
         AND substr(rr.last_modified, 1, 19) >= @since
         AND rr.status <> 'CANCELLED'
         AND (@noshows = 1 OR rr.status NOT IN ('NO_SHOW', 'NO_SHOW_GUARANTEED'))
       ORDER BY rr.start_date, rr.id`,
    ).all({ start, end, since, noshows }) as StayRow[];
  routes.get('/api/get/timespan/:entity/:start/:end/:last_modified', timespan);
  routes.get('/api/get/timespan/:entity/:start/:end/:last_modified/:last_modified_time', timespan);

  return routes;
}
