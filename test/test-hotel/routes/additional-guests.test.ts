import { describe, expect } from 'vitest';
import type { TestHotel } from '../../../src/test-hotel/hotel.ts';
import { count, type HotelApi, hotelTest as it, snapshot, stayOf } from '../../support/hotel.ts';

const stay = (hotel: TestHotel, api: HotelApi, lastname: string) =>
  api.get(`/api/get/single_id/roomreservations/${stayOf(hotel.db, lastname)}`);

describe('POST /api/set/roomreservation/handle_additional_guest', () => {
  const handle = (hotel: TestHotel, api: HotelApi, body: object) =>
    api.post('/api/set/roomreservation/handle_additional_guest', {
      room_reservation_id: stayOf(hotel.db, 'Bauer'),
      ...body,
    });
  const additional = async (hotel: TestHotel, api: HotelApi) =>
    (await stay(hotel, api, 'Bauer')).body.data.additional_guests.map(
      (g: { fullname: string }) => g.fullname,
    );
  const mainGuestAndCount = (hotel: TestHotel) =>
    hotel.db
      .prepare('SELECT guest_id, person_count FROM room_reservations WHERE id = ?')
      .get(stayOf(hotel.db, 'Bauer'));

  it('adds a guest (creating the contact), removes one, and replaces one, never the main guest or the count', async ({
    hotel,
    api,
  }) => {
    const before = mainGuestAndCount(hotel);
    expect(
      (
        await handle(hotel, api, {
          action: 'add',
          guest: { firstname: 'Paul', lastname: 'Bauer', email: 'paul@example.com' },
        })
      ).status,
    ).toBe(200);
    expect(await additional(hotel, api)).toEqual(['Bauer, Paul']);
    const paul = hotel.db
      .prepare("SELECT id FROM contacts WHERE email = 'paul@example.com'")
      .pluck()
      .get() as number;

    const replaced = await handle(hotel, api, { action: 'replace', contact_id: paul, guest: { id: 2 } });
    expect(replaced.status).toBe(200);
    expect(await additional(hotel, api)).toEqual(['Gruber, Lukas']);
    expect((await handle(hotel, api, { action: 'remove', contact_id: 2 })).status).toBe(200);
    expect(await additional(hotel, api)).toEqual([]);
    expect(mainGuestAndCount(hotel)).toEqual(before);
    expect(count(hotel.db, 'contacts', 'id = ?', paul)).toBe(1);
  });

  it('reuses an existing contact with the same names and e-mail', async ({ hotel, api }) => {
    await handle(hotel, api, {
      action: 'add',
      guest: { firstname: 'Lukas', lastname: 'GRUBER', email: 'lukas.gruber@example.com' },
    });
    expect(hotel.db.prepare('SELECT contact_id FROM additional_guests').pluck().all()).toEqual([2]);
  });

  it('refuses to remove or replace the main guest, or to name more guests than booked, with 409', async ({
    hotel,
    api,
  }) => {
    await handle(hotel, api, { action: 'add', guest: { id: 2 } });
    const before = snapshot(hotel.db);
    const mainGuest = (mainGuestAndCount(hotel) as { guest_id: number }).guest_id;
    for (const [body, field] of [
      [{ action: 'remove', contact_id: mainGuest }, 'contact_id'],
      [{ action: 'replace', contact_id: mainGuest, guest: { id: 3 } }, 'contact_id'],
      [{ action: 'add', guest: { id: 3 } }, 'guest'],
      [{ action: 'add', guest: { id: 2 } }, 'guest'],
    ] as const) {
      const answer = await handle(hotel, api, body);
      expect([answer.status, answer.body.field], JSON.stringify(body)).toEqual([409, field]);
    }
    const notAGuest = await handle(hotel, api, { action: 'remove', contact_id: 5 });
    expect([notAGuest.status, notAGuest.body.field]).toEqual([422, 'contact_id']);
    const missing = await handle(hotel, api, { action: 'replace', guest: { id: 3 } });
    expect([missing.status, missing.body.field]).toEqual([400, 'contact_id']);
    expect(snapshot(hotel.db)).toEqual(before);
  });
});
