// Check-in (rule 2: a clean room must be assigned), allocate-and-check-in, allocating a room, and
// check-out (rule 3: on the departure day or earlier with pre_checkout 'yes', which shortens the
// stay; all invoices closed, except in a group until its last room; smart_check cleared), on the
// hotel clock pinned to Sunday 2026-11-22 10:00.
import { describe, expect } from 'vitest';
import { createTestHotel, type TestHotel } from '../../../src/test-hotel/hotel.ts';
import { type HotelApi, hotelApi, hotelTest as it, NOW, snapshot, stayOf } from '../../support/hotel.ts';

const row = (hotel: TestHotel, stayId: number) =>
  hotel.db
    .prepare(
      `SELECT rr.status, rr.end_date, r.number AS room, rr.guest_registered FROM room_reservations rr
       LEFT JOIN rooms r ON r.id = rr.room_id WHERE rr.id = ?`,
    )
    .get(stayId) as { status: string; end_date: string; room: string | null; guest_registered: number };

/** Pays every open invoice of the stay through roomreservation/paid. */
async function payAll(api: HotelApi, stayId: number) {
  const cost = await api.get(`/api/get/roomreservation/cost/${stayId}`);
  const paid = await api.get(`/api/set/roomreservation/paid/${stayId}/1/2/no/${cost.body.data.total}`);
  expect(paid.status).toBe(200);
}

describe('GET /api/set/roomreservation/checkin/{entity_id}/{do_register_guest}', () => {
  it('checks a BOOKED stay into its assigned clean room', async ({ hotel, api }) => {
    const yilmaz = stayOf(hotel.db, 'Yılmaz');
    const { status, body } = await api.get(`/api/set/roomreservation/checkin/${yilmaz}/yes`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'CHECKED_IN', room_number: '107' });
    expect(row(hotel, yilmaz)).toMatchObject({ status: 'CHECKED_IN', guest_registered: 1 });
  });

  it('refuses a stay whose room is not clean, or that has no room, with 409 (rule 2)', async ({
    hotel,
    api,
  }) => {
    const before = snapshot(hotel.db);
    const leitner = await api.get(`/api/set/roomreservation/checkin/${stayOf(hotel.db, 'Leitner')}/no`);
    expect([leitner.status, leitner.body.field]).toEqual([409, 'entity_id']);
    expect(leitner.body.message).toContain('room 203 is not clean');
    const brown = await api.get(`/api/set/roomreservation/checkin/${stayOf(hotel.db, 'Brown')}/no`);
    expect(brown.status).toBe(409);
    expect(brown.body.message).toContain('no room assigned');
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses a stay that is not BOOKED or arrives later with 409, an unknown one with 404', async ({
    hotel,
    api,
  }) => {
    for (const [path, status] of [
      [`${stayOf(hotel.db, 'Bauer')}/no`, 409],
      [`${stayOf(hotel.db, 'Andersen')}/no`, 409],
      ['9999/no', 404],
      [`${stayOf(hotel.db, 'Yılmaz')}/maybe`, 400],
    ] as const) {
      expect((await api.get(`/api/set/roomreservation/checkin/${path}`)).status, path).toBe(status);
    }
  });
});

describe('allocating rooms', () => {
  it('allocate/checkin assigns the lowest free clean room of the category, then checks in', async ({
    hotel,
    api,
  }) => {
    const brown = stayOf(hotel.db, 'Brown');
    const { status, body } = await api.get(`/api/set/roomreservation/allocate/checkin/${brown}/no`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'CHECKED_IN', room_number: '110' });
  });

  it('allocate/checkin does not clean a dirty assigned room: still refused (rule 2)', async ({
    hotel,
    api,
  }) => {
    const leitner = await api.get(
      `/api/set/roomreservation/allocate/checkin/${stayOf(hotel.db, 'Leitner')}/no`,
    );
    expect(leitner.status).toBe(409);
  });

  it('allocate_room assigns a free clean room to a stay without one, skipping dirty and held rooms', async ({
    hotel,
    api,
  }) => {
    const andersen = stayOf(hotel.db, 'Andersen'); // Komfort double, 23rd to 25th
    const { status, body } = await api.get(`/api/set/allocate_room/${andersen}`);
    expect(status).toBe(200);
    // 104 Bauer (until 23rd), 105 free
    expect(body.data.room_number).toBe('105');
    expect(row(hotel, andersen)).toMatchObject({ status: 'BOOKED', room: '105' });
    const again = await api.get(`/api/set/allocate_room/${andersen}`);
    expect([again.status, again.body.message]).toEqual([
      409,
      expect.stringContaining('already has room 105'),
    ]);
  });

  it('refuses with 409 when no clean room of the category is free', async ({ hotel, api }) => {
    hotel.db.prepare('UPDATE rooms SET clean = 0 WHERE category_id = 4').run();
    const before = snapshot(hotel.db);
    const { status, body } = await api.get(
      `/api/set/roomreservation/allocate/checkin/${stayOf(hotel.db, 'Brown')}/no`,
    );
    expect(status).toBe(409);
    expect(body.message).toContain('no clean room of category Junior Suite');
    expect(snapshot(hotel.db)).toEqual(before);
  });
});

describe('GET /api/set/roomreservation/checkout/{entity_id}/{pre_checkout}', () => {
  it('checks out on the departure day when all invoices are closed; the room becomes dirty', async ({
    hotel,
    api,
  }) => {
    const rossi = stayOf(hotel.db, 'Rossi'); // prepaid, departs today
    const { status, body } = await api.get(`/api/set/roomreservation/checkout/${rossi}/no`);
    expect(status).toBe(200);
    expect(body.data.status).toBe('CHECKED_OUT');
    expect(row(hotel, rossi)).toMatchObject({ status: 'CHECKED_OUT', end_date: '2026-11-22' });
    expect(hotel.db.prepare("SELECT clean FROM rooms WHERE number = '209'").pluck().get()).toBe(0);
  });

  it('refuses while an invoice is open, and checks out once it is paid (rule 3)', async ({ hotel, api }) => {
    const whitfield = stayOf(hotel.db, 'Whitfield');
    const before = snapshot(hotel.db);
    const refused = await api.get(`/api/set/roomreservation/checkout/${whitfield}/no`);
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringContaining('still open')]);
    expect(snapshot(hotel.db)).toEqual(before);
    await payAll(api, whitfield);
    expect((await api.get(`/api/set/roomreservation/checkout/${whitfield}/no`)).status).toBe(200);
  });

  it("refuses before the departure day without pre_checkout 'yes' (rule 3)", async ({ hotel, api }) => {
    const bauer = stayOf(hotel.db, 'Bauer'); // departs tomorrow
    await payAll(api, bauer);
    const refused = await api.get(`/api/set/roomreservation/checkout/${bauer}/no`);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      expect.stringContaining('departs on 2026-11-23'),
    ]);
    expect(row(hotel, bauer)).toMatchObject({ status: 'CHECKED_IN', end_date: '2026-11-23' });
  });

  it("checks out early with pre_checkout 'yes', shortening the stay to today and freeing its nights", async ({
    hotel,
    api,
  }) => {
    const bauer = stayOf(hotel.db, 'Bauer');
    await payAll(api, bauer);
    const { status } = await api.get(`/api/set/roomreservation/checkout/${bauer}/yes`);
    expect(status).toBe(200);
    expect(row(hotel, bauer)).toMatchObject({ status: 'CHECKED_OUT', end_date: '2026-11-22' });
    const { body } = await api.get('/api/get/inventory_message/2026-11-22/2026-11-22');
    const occupying = hotel.db
      .prepare(
        "SELECT COUNT(*) FROM room_reservations WHERE status IN ('BOOKED','CHECKED_IN') AND start_date <= '2026-11-22' AND end_date > '2026-11-22'",
      )
      .pluck()
      .get();
    expect(body.data.days[0].occupied).toBe(occupying);
  });

  it('clears smart_check of the guest at check-out', async ({ hotel, api }) => {
    const rossi = stayOf(hotel.db, 'Rossi');
    const guest = hotel.db
      .prepare('SELECT guest_id FROM room_reservations WHERE id = ?')
      .pluck()
      .get(rossi) as number;
    expect((await api.post('/api/set/contactdata', { id: guest, smart_check: 'yes' })).status).toBe(200);
    await api.get(`/api/set/roomreservation/checkout/${rossi}/no`);
    expect(hotel.db.prepare('SELECT smart_check FROM contacts WHERE id = ?').pluck().get(guest)).toBe('');
  });

  it('lets a group room leave with an open invoice, but the last room only when every invoice is closed', async ({
    hotel,
    api,
  }) => {
    const [hofer, mueller, becker] = ['Hofer', 'Müller', 'Becker'].map((name) => stayOf(hotel.db, name));
    expect((await api.get(`/api/set/roomreservation/checkout/${hofer}/yes`)).status).toBe(200);
    expect((await api.get(`/api/set/roomreservation/checkout/${mueller}/yes`)).status).toBe(200);
    await payAll(api, becker!);
    const last = await api.get(`/api/set/roomreservation/checkout/${becker}/yes`);
    expect([last.status, last.body.message]).toEqual([
      409,
      expect.stringMatching(/invoices \d+, \d+ of reservation 24110/),
    ]);
    await payAll(api, hofer!);
    await payAll(api, mueller!);
    expect((await api.get(`/api/set/roomreservation/checkout/${becker}/yes`)).status).toBe(200);
  });

  it('refuses a stay that is not checked in with 409', async ({ hotel, api }) => {
    expect(
      (await api.get(`/api/set/roomreservation/checkout/${stayOf(hotel.db, 'Yılmaz')}/yes`)).status,
    ).toBe(409);
    expect(
      (await api.get(`/api/set/roomreservation/checkout/${stayOf(hotel.db, 'Fischer')}/no`)).status,
    ).toBe(409);
  });

  it('checks out on the departure day by the hotel clock, whatever the wall clock says', async () => {
    const tomorrow = createTestHotel({ dbFile: ':memory:', testMode: true, now: () => NOW });
    try {
      const tomorrowApi = hotelApi(tomorrow);
      const bauer = stayOf(tomorrow.db, 'Bauer');
      const cost = await tomorrowApi.get(`/api/get/roomreservation/cost/${bauer}`);
      await tomorrowApi.get(`/api/set/roomreservation/paid/${bauer}/1/2/no/${cost.body.data.total}`);
      tomorrow.setClock(() => new Date('2026-11-23T09:30:00+01:00'));
      expect((await tomorrowApi.get(`/api/set/roomreservation/checkout/${bauer}/no`)).status).toBe(200);
    } finally {
      tomorrow.close();
    }
  });
});
