import { describe, expect } from 'vitest';
import {
  count,
  createReservation,
  NEW_GUEST as guest,
  hotelTest as it,
  snapshot,
  stayOf,
  suiteRoom,
  suitesFree,
} from '../../support/hotel.ts';

describe('GET /api/set/cancel/{entity}/{id}', () => {
  it('cancels a BOOKED room reservation and gives its nights back', async ({ hotel, api }) => {
    const brown = stayOf(hotel.db, 'Brown');
    expect(await suitesFree(api, '2026-11-25')).toBe(3);
    const { status, body } = await api.get(`/api/set/cancel/roomreservations/${brown}`);
    expect([status, body.data]).toEqual([200, { cancelled: [brown], status: 'CANCELLED' }]);
    expect(hotel.db.prepare('SELECT status FROM room_reservations WHERE id = ?').pluck().get(brown)).toBe(
      'CANCELLED',
    );
    expect(await suitesFree(api, '2026-11-25')).toBe(4);
  });

  it('cancels every room of a main reservation together', async ({ hotel, api }) => {
    const { body } = await createReservation(api, {
      guest,
      rooms: [suiteRoom(), { ...suiteRoom(), category_id: 2 }],
    });
    const answer = await api.get(`/api/set/cancel/mainreservations/${body.data.id}`);
    expect(answer.body.data.cancelled).toHaveLength(2);
    expect(
      count(hotel.db, 'room_reservations', "main_reservation_id = ? AND status = 'CANCELLED'", body.data.id),
    ).toBe(2);
  });

  it('refuses a stay that is not BOOKED, or already cancelled, with 409 and an unknown one with 404', async ({
    hotel,
    api,
  }) => {
    const before = snapshot(hotel.db);
    const group = hotel.db
      .prepare("SELECT id FROM main_reservations WHERE reservation_number = '24110'")
      .pluck()
      .get();
    for (const [path, status] of [
      [`roomreservations/${stayOf(hotel.db, 'Bauer')}`, 409],
      [`mainreservations/${group}`, 409],
      [`roomreservations/${stayOf(hotel.db, 'Schmid')}`, 409],
      ['roomreservations/9999', 404],
      ['reservations/1', 400],
    ] as const) {
      const answer = await api.get(`/api/set/cancel/${path}`);
      expect(answer.status, path).toBe(status);
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });
});
