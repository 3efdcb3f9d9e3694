// The details of a booking: notes on room and main reservations with their flags, key-card links,
// the invoice recipient (stored on the main reservation), and additional guests (add, remove,
// replace) while the main guest and the number of guests never change.
import * as v from 'valibot';
import { describe, expect } from 'vitest';
import { BookingResponses } from '../../../src/pms/wire-bookings.ts';
import type { TestHotel } from '../../../src/test-hotel/hotel.ts';
import { type HotelApi, hotelTest as it, snapshot, stayOf } from '../../support/hotel.ts';

const stay = (hotel: TestHotel, api: HotelApi, lastname: string) =>
  api.get(`/api/get/single_id/roomreservations/${stayOf(hotel.db, lastname)}`);

describe('notes', () => {
  it('adds a room-reservation note with its report and automailing flags', async ({ hotel, api }) => {
    const bauer = stayOf(hotel.db, 'Bauer');
    const { status, body } = await api.post('/api/set/roomreservation/note', {
      room_reservation_id: bauer,
      note: 'Feather-free pillows',
      housekeeping_report: true,
      automailing: true,
    });
    expect(status).toBe(200);
    expect(v.parse(BookingResponses.note, body).data).toMatchObject({
      text: 'Feather-free pillows',
      housekeeping_report: true,
      breakfast_report: false,
      automailing: true,
    });
    expect(hotel.db.prepare('SELECT * FROM reservation_notes').all()).toEqual([
      expect.objectContaining({
        room_reservation_id: bauer,
        housekeeping_report: 1,
        breakfast_report: 0,
        automailing: 1,
      }),
    ]);
    expect((await stay(hotel, api, 'Bauer')).body.data.notes).toHaveLength(1);
  });

  it('adds a main-reservation note, shown with every room of the group', async ({ hotel, api }) => {
    const main = hotel.db
      .prepare("SELECT id FROM main_reservations WHERE reservation_number = '24110'")
      .pluck()
      .get();
    const { status } = await api.post('/api/set/mainreservation/note', {
      main_reservation_id: main,
      note: 'Invoice to HQ',
    });
    expect(status).toBe(200);
    const group = await api.get(`/api/get/single_id/mainreservations/${main}`);
    expect(group.body.data.notes.map((n: { text: string }) => n.text)).toEqual(['Invoice to HQ']);
    expect(group.body.data.room_reservations.map((r: { notes: unknown[] }) => r.notes)).toEqual([[], [], []]);
    expect(group.body.data.room_reservations[0].main_reservation.notes).toHaveLength(1);
  });

  it('refuses an unknown reservation with 422 and an empty note with 400, writing nothing', async ({
    hotel,
    api,
  }) => {
    const before = snapshot(hotel.db);
    const unknown = await api.post('/api/set/roomreservation/note', { room_reservation_id: 999, note: 'x' });
    expect([unknown.status, unknown.body.field]).toEqual([422, 'room_reservation_id']);
    const empty = await api.post('/api/set/mainreservation/note', { main_reservation_id: 1, note: '  ' });
    expect([empty.status, empty.body.field]).toEqual([400, 'note']);
    expect(snapshot(hotel.db)).toEqual(before);
  });
});

describe('POST /api/set/cardid_to_roomreservation', () => {
  it('links key cards to a stay, once each', async ({ hotel, api }) => {
    const bauer = stayOf(hotel.db, 'Bauer');
    for (const card of ['04:A2:19:FF', '04:A2:19:FF', '04:B7:00:01']) {
      expect(
        (await api.post('/api/set/cardid_to_roomreservation', { room_reservation_id: bauer, card_id: card }))
          .status,
      ).toBe(200);
    }
    expect((await stay(hotel, api, 'Bauer')).body.data.key_cards).toEqual(['04:A2:19:FF', '04:B7:00:01']);
  });

  it('refuses a card linked to another current stay, and a stay that has left, with 409', async ({
    hotel,
    api,
  }) => {
    await api.post('/api/set/cardid_to_roomreservation', {
      room_reservation_id: stayOf(hotel.db, 'Bauer'),
      card_id: 'C-1',
    });
    const before = snapshot(hotel.db);
    const taken = await api.post('/api/set/cardid_to_roomreservation', {
      room_reservation_id: stayOf(hotel.db, 'Gruber'),
      card_id: 'C-1',
    });
    expect([taken.status, taken.body.field]).toEqual([409, 'card_id']);
    const left = await api.post('/api/set/cardid_to_roomreservation', {
      room_reservation_id: stayOf(hotel.db, 'Fischer'),
      card_id: 'C-2',
    });
    expect([left.status, left.body.field]).toEqual([409, 'room_reservation_id']);
    expect(snapshot(hotel.db)).toEqual(before);
  });
});

describe('POST /api/set/roomreservation/invoicerecipient', () => {
  it('stores the recipient on the main reservation; open invoices following it change too', async ({
    hotel,
    api,
  }) => {
    const bauer = stayOf(hotel.db, 'Bauer');
    const { status, body } = await api.post('/api/set/roomreservation/invoicerecipient', {
      room_reservation_id: bauer,
      recipient: {
        type: 'COMPANY',
        company_name: 'Leipziger Messe GmbH',
        email: 'billing@messe.example',
        city: 'Leipzig',
      },
    });
    expect(status).toBe(200);
    expect(body.data.main_reservation.invoice_recipient).toMatchObject({
      name: 'Leipziger Messe GmbH',
      city: 'Leipzig',
    });
    const recipient = hotel.db
      .prepare(
        'SELECT c.company_name FROM main_reservations m JOIN contacts c ON c.id = m.recipient_contact_id WHERE m.id = ?',
      )
      .pluck()
      .get(body.data.main_reservation_id);
    expect(recipient).toBe('Leipziger Messe GmbH');
    expect(
      hotel.db
        .prepare("SELECT recipient_name FROM invoices WHERE room_reservation_id = ? AND status = 'open'")
        .pluck()
        .all(bauer),
    ).toEqual(['Leipziger Messe GmbH']);
  });

  it('refuses an unknown stay or contact with 422, writing nothing', async ({ hotel, api }) => {
    const before = snapshot(hotel.db);
    const noStay = await api.post('/api/set/roomreservation/invoicerecipient', {
      room_reservation_id: 999,
      recipient: { id: 1 },
    });
    expect([noStay.status, noStay.body.field]).toEqual([422, 'room_reservation_id']);
    const noContact = await api.post('/api/set/roomreservation/invoicerecipient', {
      room_reservation_id: stayOf(hotel.db, 'Bauer'),
      recipient: { id: 999 },
    });
    expect([noContact.status, noContact.body.field]).toEqual([422, 'recipient.id']);
    expect(snapshot(hotel.db)).toEqual(before);
  });
});
