// The details of a booking: notes on room and main reservations, key-card links, the invoice
// recipient (on the main reservation) and additional guests. Invariants: the main guest and
// person_count never change; key cards and guests change only on BOOKED or CHECKED_IN stays (409).
// Unknown ids in a body: 422 naming the field. Every rule: docs/test-hotel.md.
import { Hono } from 'hono';
import { parseBody } from '../../node-http/body.ts';
import { ApiError, ok } from '../../node-http/errors.ts';
import {
  AdditionalGuestRequest,
  KeyCardRequest,
  MainNoteRequest,
  RoomNoteRequest,
  StayRecipientRequest,
} from '../../pms/wire-bookings.ts';
import type { TestHotel } from '../hotel.ts';
import { atomic, type HotelDb, insertRow, statement } from '../infra/db.ts';
import { contactRow, resolveContact } from '../model/contacts.ts';
import { contactName, findStay, type StayRow, staysOfMain, staysToWire, touchStay } from '../model/stays.ts';

const CURRENT = new Set(['BOOKED', 'CHECKED_IN']);

function stayOrRefuse(db: HotelDb, id: number, current = false): StayRow {
  const stay = findStay(db, id);
  if (!stay) {
    throw new ApiError(422, `room_reservation_id: there is no room reservation ${id}`, 'room_reservation_id');
  }
  if (current && !CURRENT.has(stay.status)) {
    throw new ApiError(
      409,
      `room_reservation_id: room reservation ${id} is ${stay.status}; only BOOKED or CHECKED_IN stays change`,
      'room_reservation_id',
    );
  }
  return stay;
}

function additionalGuests(db: HotelDb, stayId: number): number[] {
  return statement(
    db,
    'SELECT contact_id FROM additional_guests WHERE room_reservation_id = ? ORDER BY rowid',
  )
    .pluck()
    .all(stayId) as number[];
}

export function bookingDetailRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  routes.post('/api/set/roomreservation/note', async (c) => {
    const body = await parseBody(c, RoomNoteRequest);
    const note = atomic(db, () => {
      const stay = stayOrRefuse(db, body.room_reservation_id);
      const now = hotel.timestamp();
      const id = insertRow(db, 'reservation_notes', {
        main_reservation_id: stay.main_reservation_id,
        room_reservation_id: stay.id,
        text: body.note,
        housekeeping_report: body.housekeeping_report ? 1 : 0,
        breakfast_report: body.breakfast_report ? 1 : 0,
        automailing: body.automailing ? 1 : 0,
        created_at: now,
      });
      touchStay(db, stay, now);
      return { id, created_at: now };
    });
    const { room_reservation_id: _, note: text, ...flags } = body;
    return ok(c, { id: note.id, text, ...flags, created_at: note.created_at });
  });

  routes.post('/api/set/mainreservation/note', async (c) => {
    const body = await parseBody(c, MainNoteRequest);
    const note = atomic(db, () => {
      const [first] = staysOfMain(db, body.main_reservation_id);
      if (!first) {
        throw new ApiError(
          422,
          `main_reservation_id: there is no main reservation ${body.main_reservation_id}`,
          'main_reservation_id',
        );
      }
      const now = hotel.timestamp();
      const id = insertRow(db, 'reservation_notes', {
        main_reservation_id: first.main_reservation_id,
        text: body.note,
        automailing: body.automailing ? 1 : 0,
        created_at: now,
      });
      touchStay(db, first, now);
      return { id, created_at: now };
    });
    return ok(c, {
      id: note.id,
      text: body.note,
      automailing: body.automailing,
      created_at: note.created_at,
    });
  });

  routes.post('/api/set/cardid_to_roomreservation', async (c) => {
    const body = await parseBody(c, KeyCardRequest);
    atomic(db, () => {
      const stay = stayOrRefuse(db, body.room_reservation_id, true);
      const holder = statement(
        db,
        `SELECT rr.id FROM key_cards k JOIN room_reservations rr ON rr.id = k.room_reservation_id
         WHERE k.card_id = ? AND rr.id <> ? AND rr.status IN ('BOOKED', 'CHECKED_IN')`,
      ).get(body.card_id, stay.id) as { id: number } | undefined;
      if (holder) {
        throw new ApiError(
          409,
          `card_id: card ${body.card_id} is linked to room reservation ${holder.id}`,
          'card_id',
        );
      }
      const now = hotel.timestamp();
      statement(
        db,
        'INSERT INTO key_cards (card_id, room_reservation_id, linked_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      ).run(body.card_id, stay.id, now);
      touchStay(db, stay, now);
    });
    return ok(c, { room_reservation_id: body.room_reservation_id, card_id: body.card_id });
  });

  routes.post('/api/set/roomreservation/invoicerecipient', async (c) => {
    const body = await parseBody(c, StayRecipientRequest);
    const stayId = atomic(db, () => {
      const stay = stayOrRefuse(db, body.room_reservation_id);
      const recipientId = resolveContact(db, body.recipient, 'recipient');
      const now = hotel.timestamp();
      statement(db, 'UPDATE main_reservations SET recipient_contact_id = ? WHERE id = ?').run(
        recipientId,
        stay.main_reservation_id,
      );
      statement(
        db,
        `UPDATE invoices SET recipient_name = ? WHERE status = 'open' AND payer = 'recipient'
           AND recipient_contact_id IS NULL AND room_reservation_id IN (
             SELECT id FROM room_reservations WHERE main_reservation_id = ?)`,
      ).run(contactName(contactRow(db, recipientId)!), stay.main_reservation_id);
      touchStay(db, stay, now);
      return stay.id;
    });
    return ok(c, staysToWire(db, [findStay(db, stayId)!])[0]);
  });

  routes.post('/api/set/roomreservation/handle_additional_guest', async (c) => {
    const body = await parseBody(c, AdditionalGuestRequest);
    const stayId = atomic(db, () => {
      const stay = stayOrRefuse(db, body.room_reservation_id, true);
      const guests = additionalGuests(db, stay.id);
      if (body.contact_id !== undefined) {
        if (body.contact_id === stay.guest_id) {
          throw new ApiError(409, 'contact_id: the main guest cannot be removed or replaced', 'contact_id');
        }
        if (!guests.includes(body.contact_id)) {
          throw new ApiError(
            422,
            `contact_id: contact ${body.contact_id} is not an additional guest of room reservation ${stay.id}`,
            'contact_id',
          );
        }
        statement(db, 'DELETE FROM additional_guests WHERE room_reservation_id = ? AND contact_id = ?').run(
          stay.id,
          body.contact_id,
        );
      }
      if (body.action !== 'remove' && body.guest) {
        const contactId = resolveContact(db, body.guest, 'guest');
        const remaining = guests.filter((id) => id !== body.contact_id);
        if (contactId === stay.guest_id || remaining.includes(contactId)) {
          throw new ApiError(
            409,
            `guest: contact ${contactId} is already a guest of this room reservation`,
            'guest',
          );
        }
        if (remaining.length + 1 >= stay.person_count) {
          throw new ApiError(
            409,
            `guest: room reservation ${stay.id} is for ${stay.person_count} persons and names them all; ` +
              'the number of guests is never changed',
            'guest',
          );
        }
        insertRow(db, 'additional_guests', {
          room_reservation_id: stay.id,
          contact_id: contactId,
          added_at: hotel.timestamp(),
        });
      }
      touchStay(db, stay, hotel.timestamp());
      return stay.id;
    });
    return ok(c, staysToWire(db, [findStay(db, stayId)!])[0]);
  });

  return routes;
}
