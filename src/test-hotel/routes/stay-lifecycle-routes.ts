// Check-in, room allocation and check-out of the test hotel, on the hotel's clock (today()):
// checkin (rule 2: a clean room assigned), allocate/checkin, allocate_room, and checkout (rule 3: on
// the departure day or with pre_checkout 'yes', invoices closed, the group exception). Refusals are
// 409 naming the path parameter. Every state change and our choices: docs/test-hotel.md.
import { type Context, Hono } from 'hono';
import { ApiError, ok, param } from '../../node-http/errors.ts';
import { IdParam, YesNo } from '../../pms/wire.ts';
import type { TestHotel } from '../hotel.ts';
import { atomic, type HotelDb, statement } from '../infra/db.ts';
import { freeCleanRoom, roomTakenBy } from '../model/occupancy.ts';
import { findStay, type StayRow, staysToWire, touchStay } from '../model/stays.ts';

function stayOr404(db: HotelDb, id: number): StayRow {
  const stay = findStay(db, id);
  if (!stay) throw new ApiError(404, `there is no room reservation ${id}`, 'entity_id');
  return stay;
}

function refuse(message: string): never {
  throw new ApiError(409, message, 'entity_id');
}

function assertBooked(stay: StayRow): void {
  if (stay.status !== 'BOOKED') refuse(`room reservation ${stay.id} is ${stay.status}, not BOOKED`);
}

/** Assigns the lowest-numbered free clean room of the stay's category, or refuses. */
function allocate(db: HotelDb, stay: StayRow): void {
  const room = freeCleanRoom(db, stay);
  if (!room) {
    refuse(
      `no clean room of category ${stay.room_category_name} is free from ${stay.start_date} to ${stay.end_date}`,
    );
  }
  statement(db, 'UPDATE room_reservations SET room_id = ? WHERE id = ?').run(room.id, stay.id);
}

/** Rule 2 and our arrival window: the stay may be checked in now, into its assigned clean room. */
function assertCanCheckIn(db: HotelDb, stayId: number, today: string): void {
  const stay = findStay(db, stayId)!;
  if (stay.start_date > today)
    refuse(`room reservation ${stay.id} arrives on ${stay.start_date}, not before`);
  if (stay.end_date <= today) refuse(`room reservation ${stay.id} departed on ${stay.end_date}`);
  if (stay.room_id === null) {
    refuse(`room reservation ${stay.id} has no room assigned; check-in needs a clean room`);
  }
  const room = statement(db, 'SELECT number, clean FROM rooms WHERE id = ?').get(stay.room_id) as {
    number: string;
    clean: 0 | 1;
  };
  if (room.clean !== 1) refuse(`room ${room.number} is not clean; check-in needs a clean room`);
  const holder = roomTakenBy(db, stay.room_id, stay.start_date, stay.end_date, stay.id);
  if (holder?.status === 'CHECKED_IN') {
    refuse(`room ${room.number} is still occupied by room reservation ${holder.id}`);
  }
}

/** Open invoices that hold at least one item, of the given stays. */
function unpaidInvoices(db: HotelDb, stayIds: readonly number[]): number[] {
  return statement(
    db,
    `SELECT DISTINCT i.id FROM invoices i JOIN invoice_items ii ON ii.invoice_id = i.id
     WHERE i.status = 'open' AND i.room_reservation_id IN (SELECT value FROM json_each(?)) ORDER BY i.id`,
  )
    .pluck()
    .all(JSON.stringify(stayIds)) as number[];
}

export function stayLifecycleRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  const checkIn = (allocateFirst: boolean) => (c: Context) => {
    const stayId = param(c, 'entity_id', IdParam);
    const register = param(c, 'do_register_guest', YesNo);
    atomic(db, () => {
      const stay = stayOr404(db, stayId);
      assertBooked(stay);
      if (allocateFirst && stay.room_id === null) allocate(db, stay);
      assertCanCheckIn(db, stay.id, hotel.today());
      const now = hotel.timestamp();
      statement(
        db,
        "UPDATE room_reservations SET status = 'CHECKED_IN', checked_in_at = ?, guest_registered = ? WHERE id = ?",
      ).run(now, register === 'yes' ? 1 : 0, stay.id);
      touchStay(db, stay, now);
    });
    return ok(c, staysToWire(db, [findStay(db, stayId)!])[0]);
  };
  routes.get('/api/set/roomreservation/checkin/:entity_id/:do_register_guest', checkIn(false));
  routes.get('/api/set/roomreservation/allocate/checkin/:entity_id/:do_register_guest', checkIn(true));

  routes.get('/api/set/allocate_room/:entity_id', (c) => {
    const stayId = param(c, 'entity_id', IdParam);
    atomic(db, () => {
      const stay = stayOr404(db, stayId);
      assertBooked(stay);
      if (stay.room_id !== null) refuse(`room reservation ${stay.id} already has room ${stay.room_number}`);
      allocate(db, stay);
      touchStay(db, stay, hotel.timestamp());
    });
    return ok(c, staysToWire(db, [findStay(db, stayId)!])[0]);
  });

  routes.get('/api/set/roomreservation/checkout/:entity_id/:pre_checkout', (c) => {
    const stayId = param(c, 'entity_id', IdParam);
    const early = param(c, 'pre_checkout', YesNo) === 'yes';
    atomic(db, () => {
      const stay = stayOr404(db, stayId);
      const today = hotel.today();
      if (stay.status !== 'CHECKED_IN')
        refuse(`room reservation ${stay.id} is ${stay.status}, not CHECKED_IN`);
      if (stay.end_date !== today && !(early && today < stay.end_date)) {
        refuse(
          `room reservation ${stay.id} departs on ${stay.end_date}, today is ${today}; ` +
            "check-out is on the departure day, or earlier with pre_checkout 'yes'",
        );
      }
      const group = statement(
        db,
        'SELECT id, status FROM room_reservations WHERE main_reservation_id = ?',
      ).all(stay.main_reservation_id) as { id: number; status: string }[];
      const othersStaying = group.some(
        (s) => s.id !== stay.id && (s.status === 'BOOKED' || s.status === 'CHECKED_IN'),
      );
      if (!othersStaying) {
        const unpaid = unpaidInvoices(
          db,
          group.map((s) => s.id),
        );
        if (unpaid.length > 0) {
          refuse(
            `invoice${unpaid.length > 1 ? 's' : ''} ${unpaid.join(', ')} of reservation ${stay.reservation_number} ` +
              `${unpaid.length > 1 ? 'are' : 'is'} still open; check-out needs all invoices closed`,
          );
        }
      }
      const now = hotel.timestamp();
      statement(
        db,
        "UPDATE room_reservations SET status = 'CHECKED_OUT', checked_out_at = ?, end_date = ? WHERE id = ?",
      ).run(now, today, stay.id);
      statement(
        db,
        `UPDATE contacts SET smart_check = '' WHERE id = ? OR id IN (
           SELECT contact_id FROM additional_guests WHERE room_reservation_id = ?)`,
      ).run(stay.guest_id, stay.id);
      if (stay.room_id !== null) statement(db, 'UPDATE rooms SET clean = 0 WHERE id = ?').run(stay.room_id);
      touchStay(db, stay, now);
    });
    return ok(c, staysToWire(db, [findStay(db, stayId)!])[0]);
  });

  return routes;
}
