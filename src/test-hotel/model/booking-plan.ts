// Planning and writing new room reservations, shared by create/reservation and
// add/room_to_reservation. Planning checks every room of a request before anything is written
// (rate usable, rule 7; room and category agree and are free; persons fit; rule 8 availability),
// and finds or creates guests (model/contacts.ts) inside the caller's transaction.

import { ApiError } from '../../node-http/errors.ts';
import type { RoomBooking } from '../../pms/wire-bookings.ts';
import { type HotelDb, insertRow, statement } from '../infra/db.ts';
import { resolveContact } from './contacts.ts';
import { assertAvailable, categoriesWithRoomCounts, roomTakenBy } from './occupancy.ts';
import { rateCategoryIds, usableRate } from './rates.ts';

export interface PlannedStay {
  categoryId: number;
  roomId: number | null;
  rateId: number;
  start: string;
  end: string;
  personCount: number;
  guestId: number;
  companyId: number | null;
  selfPay: RoomBooking['self_pay'];
  arrivalTime: string;
  departureTime: string;
}

export interface PlanOptions {
  today: string;
  /** The request field of booking i, e.g. `rooms.1.rate_id`, or just `rate_id` for add-room. */
  field: (i: number, key: string) => string;
  mainGuestId: number;
  companyId: number | null;
  allowOverbooking: boolean;
}

/** Checks every booking and returns the stays to write, or throws the first refusal. */
export function planStays(
  db: HotelDb,
  bookings: readonly RoomBooking[],
  options: PlanOptions,
): PlannedStay[] {
  const categories = new Map(categoriesWithRoomCounts(db).map((k) => [k.id, k]));
  const plans = bookings.map((booking, i): PlannedStay => {
    const at = (key: string) => options.field(i, key);
    const rate = usableRate(db, booking.rate_id, at('rate_id'), 'body');
    let categoryId = booking.category_id;
    let roomId: number | null = null;
    if (booking.room_id !== undefined) {
      const room = statement(db, 'SELECT id, number, category_id FROM rooms WHERE id = ?').get(
        booking.room_id,
      ) as { id: number; number: string; category_id: number } | undefined;
      if (!room)
        throw new ApiError(422, `${at('room_id')}: there is no room ${booking.room_id}`, at('room_id'));
      if (categoryId !== undefined && categoryId !== room.category_id) {
        throw new ApiError(
          422,
          `${at('room_id')}: room ${room.number} is in category ${room.category_id}, not ${categoryId}`,
          at('room_id'),
        );
      }
      categoryId = room.category_id;
      roomId = room.id;
    }
    const category = categories.get(categoryId ?? 0);
    if (!category) {
      throw new ApiError(
        422,
        `${at('category_id')}: there is no room category ${categoryId}`,
        at('category_id'),
      );
    }
    if (!rateCategoryIds(db, rate.id).includes(category.id)) {
      throw new ApiError(
        422,
        `${at('category_id')}: rate ${rate.id} (${rate.name}) does not sell ${category.name}`,
        at('category_id'),
      );
    }
    if (booking.person_count > category.max_persons) {
      throw new ApiError(
        422,
        `${at('person_count')}: ${category.name} holds at most ${category.max_persons} persons`,
        at('person_count'),
      );
    }
    if (booking.start_date < options.today) {
      throw new ApiError(
        422,
        `${at('start_date')}: ${booking.start_date} lies before today (${options.today})`,
        at('start_date'),
      );
    }
    return {
      categoryId: category.id,
      roomId,
      rateId: rate.id,
      start: booking.start_date,
      end: booking.end_date,
      personCount: booking.person_count,
      guestId: booking.guest ? resolveContact(db, booking.guest, at('guest')) : options.mainGuestId,
      companyId: options.companyId,
      selfPay: booking.self_pay,
      arrivalTime: booking.arrival_time ?? '',
      departureTime: booking.departure_time ?? '',
    };
  });
  plans.forEach((plan, i) => {
    if (plan.roomId === null) return;
    const taken = roomTakenBy(db, plan.roomId, plan.start, plan.end);
    const twice = plans.some(
      (other, j) => j < i && other.roomId === plan.roomId && other.start < plan.end && other.end > plan.start,
    );
    if (taken || twice) {
      const by = taken
        ? `room reservation ${taken.id} (${taken.start_date} to ${taken.end_date})`
        : 'this request';
      throw new ApiError(
        409,
        `${options.field(i, 'room_id')}: the room is taken by ${by}`,
        options.field(i, 'room_id'),
      );
    }
  });
  assertAvailable(
    db,
    plans.map((plan, i) => ({
      categoryId: plan.categoryId,
      start: plan.start,
      end: plan.end,
      field: options.field(i, 'category_id'),
    })),
    options.allowOverbooking,
  );
  return plans;
}

/** Writes the planned stays as BOOKED room reservations of the main reservation; returns their ids. */
export function insertStays(
  db: HotelDb,
  mainId: number,
  plans: readonly PlannedStay[],
  now: string,
): number[] {
  return plans.map((plan) =>
    insertRow(db, 'room_reservations', {
      main_reservation_id: mainId,
      status: 'BOOKED',
      self_pay: plan.selfPay,
      start_date: plan.start,
      end_date: plan.end,
      arrival_time: plan.arrivalTime,
      departure_time: plan.departureTime,
      room_id: plan.roomId,
      category_id: plan.categoryId,
      rate_id: plan.rateId,
      guest_id: plan.guestId,
      company_id: plan.companyId,
      person_count: plan.personCount,
      created_at: now,
      last_modified: now,
    }),
  );
}

/** The next reservation number: one above the highest numeric one (our choice). */
export function nextReservationNumber(db: HotelDb): string {
  const highest = statement(
    db,
    "SELECT MAX(CAST(reservation_number AS INTEGER)) FROM main_reservations WHERE reservation_number GLOB '[0-9]*'",
  )
    .pluck()
    .get() as number | null;
  return String(Math.max(highest ?? 0, 10_000) + 1);
}
