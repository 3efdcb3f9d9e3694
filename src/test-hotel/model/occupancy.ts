// Who occupies what, night by night: the availability the rates, inventory and booking endpoints
// report and enforce, and the rooms free for allocation. Invariants: a stay occupies
// start_date <= night < end_date, only while BOOKED or CHECKED_IN; availability = rooms - occupying
// stays, negative only by allow_overbooking. The rules in full: docs/test-hotel.md.
import { ApiError } from '../../node-http/errors.ts';
import { addDays } from '../infra/clock.ts';
import { type HotelDb, statement } from '../infra/db.ts';

export const OCCUPYING_STATUSES = "('BOOKED', 'CHECKED_IN')";

export interface CategoryRow {
  id: number;
  code: string;
  name: string;
  max_persons: number;
  /** how many rooms the category has */
  rooms: number;
}

export function categoriesWithRoomCounts(db: HotelDb): CategoryRow[] {
  return statement(
    db,
    `SELECT c.id, c.code, c.name, c.max_persons, COUNT(r.id) AS rooms
     FROM room_categories c LEFT JOIN rooms r ON r.category_id = c.id GROUP BY c.id ORDER BY c.id`,
  ).all() as CategoryRow[];
}

/** Every date from first to last, both inclusive. */
export function datesFrom(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

function nightsOf(occupied: Map<number, Map<string, number>>, categoryId: number): Map<string, number> {
  let nights = occupied.get(categoryId);
  if (!nights) {
    nights = new Map();
    occupied.set(categoryId, nights);
  }
  return nights;
}

/** Occupied rooms per category and night, for the nights first..last (inclusive). */
export function occupiedByNight(db: HotelDb, first: string, last: string): Map<number, Map<string, number>> {
  const stays = statement(
    db,
    `SELECT category_id, start_date, end_date FROM room_reservations
     WHERE status IN ${OCCUPYING_STATUSES} AND start_date <= ? AND end_date > ?`,
  ).all(last, first) as { category_id: number; start_date: string; end_date: string }[];
  const occupied = new Map<number, Map<string, number>>();
  for (const stay of stays) {
    const nights = nightsOf(occupied, stay.category_id);
    const from = stay.start_date > first ? stay.start_date : first;
    for (let night = from; night < stay.end_date && night <= last; night = addDays(night, 1)) {
      nights.set(night, (nights.get(night) ?? 0) + 1);
    }
  }
  return occupied;
}

/** A stay a booking request asks for, with the request field to name when it cannot be had. */
export interface NightsWanted {
  categoryId: number;
  start: string;
  /** departure day, exclusive */
  end: string;
  field: string;
}

/**
 * Rule 8: refuses (409, naming the night and the field) the first wanted stay that finds a night of
 * its category without availability, counting the wanted stays before it. allowOverbooking skips it.
 */
export function assertAvailable(
  db: HotelDb,
  wanted: readonly NightsWanted[],
  allowOverbooking: boolean,
): void {
  if (allowOverbooking || wanted.length === 0) return;
  const first = wanted.map((w) => w.start).sort()[0]!;
  const last = addDays(
    wanted
      .map((w) => w.end)
      .sort()
      .at(-1)!,
    -1,
  );
  const occupied = occupiedByNight(db, first, last);
  const categories = new Map(categoriesWithRoomCounts(db).map((c) => [c.id, c]));
  for (const stay of wanted) {
    const category = categories.get(stay.categoryId);
    const nights = nightsOf(occupied, stay.categoryId);
    for (let night = stay.start; night < stay.end; night = addDays(night, 1)) {
      const taken = nights.get(night) ?? 0;
      if (taken >= (category?.rooms ?? 0)) {
        throw new ApiError(
          409,
          `${stay.field}: no availability left on ${night}: every room of category ` +
            `${category?.name ?? stay.categoryId} is booked that night`,
          stay.field,
        );
      }
      nights.set(night, taken + 1);
    }
  }
}

/** An occupying stay other than `exceptStayId` that holds the room for a night of start..end. */
export function roomTakenBy(
  db: HotelDb,
  roomId: number,
  start: string,
  end: string,
  exceptStayId = 0,
): { id: number; start_date: string; end_date: string; status: string } | undefined {
  return statement(
    db,
    `SELECT id, start_date, end_date, status FROM room_reservations
     WHERE room_id = @room AND id <> @except AND status IN ${OCCUPYING_STATUSES}
       AND start_date < @end AND (end_date > @start OR status = 'CHECKED_IN')
     ORDER BY start_date LIMIT 1`,
  ).get({ room: roomId, except: exceptStayId, start, end }) as
    | { id: number; start_date: string; end_date: string; status: string }
    | undefined;
}

/** The lowest-numbered clean room of the category free for the whole stay, if any. */
export function freeCleanRoom(
  db: HotelDb,
  stay: { id: number; category_id: number; start_date: string; end_date: string },
): { id: number; number: string } | undefined {
  return statement(
    db,
    `SELECT r.id, r.number FROM rooms r
     WHERE r.category_id = @category AND r.clean = 1 AND NOT EXISTS (
       SELECT 1 FROM room_reservations o
       WHERE o.room_id = r.id AND o.id <> @stay AND o.status IN ${OCCUPYING_STATUSES}
         AND o.start_date < @end AND (o.end_date > @start OR o.status = 'CHECKED_IN'))
     ORDER BY r.number LIMIT 1`,
  ).get({ category: stay.category_id, stay: stay.id, start: stay.start_date, end: stay.end_date }) as
    | { id: number; number: string }
    | undefined;
}
