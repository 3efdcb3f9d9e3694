// Creating reservations (one room or a group under one number, guests reused or created, a service
// task on request), the availability rule (rule 8: a booked night without availability is refused,
// naming the day, unless allow_overbooking on create), adding a room to a reservation, cancelling,
// and a blocked rate refused on every booking (rule 7). Refusals write nothing.
import * as v from 'valibot';
import { describe, expect } from 'vitest';
import { BookingResponses } from '../../../src/pms/wire-bookings.ts';
import type { TestHotel } from '../../../src/test-hotel/hotel.ts';
import {
  count,
  createReservation,
  NEW_GUEST as guest,
  hotelTest as it,
  snapshot,
  suiteRoom,
  suitesFree,
} from '../../support/hotel.ts';

describe('POST /api/set/create/reservation', () => {
  it('books a group of rooms under one new reservation number, BOOKED, for a new guest', async ({
    hotel,
    api,
  }) => {
    const { status, body } = await createReservation(api, {
      guest,
      rooms: [
        { ...suiteRoom(), person_count: 3, arrival_time: '16:00' },
        {
          category_id: 2,
          rate_id: 2,
          start_date: '2026-11-23',
          end_date: '2026-11-24',
          guest: { firstname: 'Tom', lastname: 'Neumann' },
        },
      ],
      note: 'Anniversary',
    });
    expect(status).toBe(200);
    const { data } = v.parse(BookingResponses.createReservation, body);
    expect(data.reservation_number).toBe('24124');
    expect(data.service_task_id).toBeNull();
    expect(
      data.room_reservations.map((r) => [r.status, r.room_category_id, r.guest.lastname, r.person_count]),
    ).toEqual([
      ['BOOKED', 4, 'Neumann', 3],
      ['BOOKED', 2, 'Neumann', 1],
    ]);
    expect(data.room_reservations[0]?.arrival_time).toBe('16:00');
    expect(data.invoice_recipient?.email).toBe('eva.neumann@example.com');
    expect(body.data.notes.map((n: { text: string }) => n.text)).toEqual(['Anniversary']);
    expect(count(hotel.db, 'room_reservations', 'main_reservation_id = ?', data.id)).toBe(2);
    expect(count(hotel.db, 'contacts', "lastname = 'Neumann'")).toBe(2);
    expect(hotel.db.prepare('SELECT country FROM contacts WHERE email = ?').pluck().get(guest.email)).toBe(
      'DE',
    );
  });

  it('reuses the contact with the same names and e-mail, and a contact given by id', async ({ api }) => {
    const first = await createReservation(api, { guest, rooms: [suiteRoom('2026-11-30', '2026-12-01')] });
    const again = await createReservation(api, {
      guest: { ...guest, firstname: 'EVA' },
      rooms: [suiteRoom('2026-12-01', '2026-12-02')],
    });
    expect(again.body.data.room_reservations[0].guest_id).toBe(first.body.data.room_reservations[0].guest_id);
    const byId = await createReservation(api, {
      guest: { id: 1 },
      rooms: [suiteRoom('2026-12-02', '2026-12-03')],
    });
    expect(byId.body.data.room_reservations[0].guest.lastname).toBe('Bauer');
  });

  it('creates a service task referencing the new reservation with create_service_task', async ({
    hotel,
    api,
  }) => {
    const { body } = await createReservation(api, {
      guest,
      rooms: [suiteRoom()],
      create_service_task: true,
      service_task_text: 'Flowers',
    });
    const task = hotel.db.prepare('SELECT * FROM service_tasks WHERE id = ?').get(body.data.service_task_id);
    expect(task).toMatchObject({ main_reservation_id: body.data.id, text: 'Flowers', done: 0 });
  });

  it('refuses a booked night without availability with 409 naming the day, writing nothing (rule 8)', async ({
    hotel,
    api,
  }) => {
    expect(await suitesFree(api, '2026-11-23')).toBe(2);
    const before = snapshot(hotel.db);
    const { status, body } = await createReservation(api, {
      guest,
      rooms: [suiteRoom(), suiteRoom(), suiteRoom()],
    });
    expect([status, body.field]).toEqual([409, 'rooms.2.category_id']);
    expect(body.message).toContain('no availability left on 2026-11-23');
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('books beyond availability with allow_overbooking, leaving the night overbooked', async ({ api }) => {
    const { status } = await createReservation(api, {
      guest,
      rooms: [suiteRoom(), suiteRoom(), suiteRoom()],
      allow_overbooking: true,
    });
    expect(status).toBe(200);
    expect(await suitesFree(api, '2026-11-23')).toBe(-1);
    const next = await createReservation(api, { guest, rooms: [suiteRoom('2026-11-23', '2026-11-24')] });
    expect(next.status).toBe(409);
  });

  it('refuses a blocked or inactive rate with 409 (rule 7) and a rate without the category with 422', async ({
    hotel,
    api,
  }) => {
    const before = snapshot(hotel.db);
    for (const [room, status, field] of [
      [{ ...suiteRoom(), rate_id: 4 }, 409, 'rooms.0.rate_id'],
      [{ ...suiteRoom(), category_id: 2, rate_id: 5 }, 409, 'rooms.0.rate_id'],
      [{ ...suiteRoom(), category_id: 1, rate_id: 3 }, 422, 'rooms.0.category_id'],
    ] as const) {
      const answer = await createReservation(api, { guest, rooms: [room] });
      expect([answer.status, answer.body.field]).toEqual([status, field]);
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('books a named room only when no other stay holds it', async ({ api }) => {
    const free = await createReservation(api, {
      guest,
      rooms: [{ room_id: 10, rate_id: 1, start_date: '2026-11-26', end_date: '2026-11-28' }],
    });
    expect(free.body.data.room_reservations[0]).toMatchObject({ room_number: '110', room_category_id: 4 });
    const taken = await createReservation(api, {
      guest,
      rooms: [{ room_id: 30, rate_id: 1, start_date: '2026-11-23', end_date: '2026-11-24' }],
    });
    expect([taken.status, taken.body.field]).toEqual([409, 'rooms.0.room_id']);
    const clash = await createReservation(api, {
      guest,
      rooms: [{ room_id: 10, category_id: 2, rate_id: 1, start_date: '2026-11-29', end_date: '2026-11-30' }],
    });
    expect([clash.status, clash.body.field]).toEqual([422, 'rooms.0.room_id']);
  });

  it('refuses a stay in the past, too many persons or no night with the field named', async ({ api }) => {
    for (const [room, status, field] of [
      [suiteRoom('2026-11-21', '2026-11-23'), 422, 'rooms.0.start_date'],
      [{ ...suiteRoom(), person_count: 5 }, 422, 'rooms.0.person_count'],
      [suiteRoom('2026-11-23', '2026-11-23'), 400, 'rooms.0.end_date'],
      [{ rate_id: 1, start_date: '2026-11-23', end_date: '2026-11-24' }, 400, 'rooms.0.category_id'],
    ] as const) {
      const answer = await createReservation(api, { guest, rooms: [room] });
      expect([answer.status, answer.body.field], JSON.stringify(room)).toEqual([status, field]);
    }
  });
});

describe('POST /api/set/add/room_to_reservation', () => {
  const brownMain = (hotel: TestHotel) =>
    hotel.db.prepare("SELECT id FROM main_reservations WHERE reservation_number = '24112'").pluck().get();

  it('adds a room reservation for the main guest to an existing main reservation', async ({ hotel, api }) => {
    const { status, body } = await api.post('/api/set/add/room_to_reservation', {
      main_reservation_id: brownMain(hotel),
      ...suiteRoom('2026-11-22', '2026-11-26'),
      rate_id: 3,
      person_count: 2,
    });
    expect(status).toBe(200);
    const { data } = v.parse(BookingResponses.addRoom, body);
    expect(data).toMatchObject({
      reservation_number: '24112',
      status: 'BOOKED',
      guest: { lastname: 'Brown' },
    });
    expect(count(hotel.db, 'room_reservations', 'main_reservation_id = ?', brownMain(hotel))).toBe(2);
  });

  it('checks availability: a night without a free room is refused with 409 naming it (rule 8)', async ({
    hotel,
    api,
  }) => {
    const night25 = suiteRoom('2026-11-25', '2026-11-26');
    expect((await createReservation(api, { guest, rooms: [night25, night25, night25] })).status).toBe(200);
    const before = snapshot(hotel.db);
    const { status, body } = await api.post('/api/set/add/room_to_reservation', {
      main_reservation_id: brownMain(hotel),
      ...suiteRoom('2026-11-24', '2026-11-27'),
      allow_overbooking: true, // not a parameter of add-room: dropped
    });
    expect([status, body.field]).toEqual([409, 'category_id']);
    expect(body.message).toContain('no availability left on 2026-11-25');
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses an unknown main reservation with 422 and a blocked rate with 409', async ({ hotel, api }) => {
    const unknown = await api.post('/api/set/add/room_to_reservation', {
      main_reservation_id: 999,
      ...suiteRoom(),
    });
    expect([unknown.status, unknown.body.field]).toEqual([422, 'main_reservation_id']);
    const blocked = await api.post('/api/set/add/room_to_reservation', {
      main_reservation_id: brownMain(hotel),
      ...suiteRoom(),
      category_id: 2,
      rate_id: 4,
    });
    expect([blocked.status, blocked.body.field]).toEqual([409, 'rate_id']);
  });
});
