// Room reservations ("stays") and main reservations of the test hotel: the one query that reads a
// stay with its guest, room, category and main reservation, and the wire forms RoomReservation and
// MainReservation (guest.fullname "Lastname, Firstname", the main reservation nested with its
// invoice recipient and duty_of_payment_at_kiosk, and all invoice items of the stay).
import type * as v from 'valibot';
import type { MainReservation, RoomReservation } from '../../pms/wire.ts';
import { type HotelDb, statement } from '../infra/db.ts';
import { type ItemRow, itemToWire } from './invoices.ts';
import { stayDetails } from './stay-details.ts';

export interface StayRow {
  id: number;
  main_reservation_id: number;
  reservation_number: string;
  duty_of_payment_at_kiosk: 0 | 1;
  recipient_contact_id: number | null;
  status: v.InferOutput<typeof RoomReservation>['status'];
  type: string;
  self_pay: 'NO' | 'ADDITIONAL' | 'ALL';
  start_date: string;
  end_date: string;
  arrival_time: string;
  departure_time: string;
  room_id: number | null;
  room_number: string | null;
  category_id: number;
  room_category_name: string;
  rate_id: number | null;
  guest_id: number;
  company_id: number | null;
  company_name: string | null;
  person_count: number;
  created_at: string;
  last_modified: string;
  guest_type: string;
  guest_title: string;
  guest_firstname: string;
  guest_lastname: string;
  guest_email: string;
  guest_smart_check: string;
}

/** Selects StayRow columns; append a WHERE clause. */
export const SELECT_STAYS = `
  SELECT rr.*, mr.reservation_number, mr.duty_of_payment_at_kiosk, mr.recipient_contact_id,
         r.number AS room_number, rc.name AS room_category_name, co.company_name AS company_name,
         g.type AS guest_type, g.title AS guest_title, g.firstname AS guest_firstname,
         g.lastname AS guest_lastname, g.email AS guest_email, g.smart_check AS guest_smart_check
  FROM room_reservations rr
  JOIN main_reservations mr ON mr.id = rr.main_reservation_id
  JOIN contacts g ON g.id = rr.guest_id
  JOIN room_categories rc ON rc.id = rr.category_id
  LEFT JOIN rooms r ON r.id = rr.room_id
  LEFT JOIN contacts co ON co.id = rr.company_id`;

export function findStay(db: HotelDb, id: number): StayRow | undefined {
  return statement(db, `${SELECT_STAYS} WHERE rr.id = ?`).get(id) as StayRow | undefined;
}

/** What a charge needs of a stay. */
export type StayCore = Pick<
  StayRow,
  | 'id'
  | 'main_reservation_id'
  | 'status'
  | 'start_date'
  | 'end_date'
  | 'guest_id'
  | 'self_pay'
  | 'recipient_contact_id'
>;

/** A stay's own row and its invoice recipient, without the joins of findStay (the charge path). */
export function findStayCore(db: HotelDb, id: number): StayCore | undefined {
  return statement(
    db,
    `SELECT rr.id, rr.main_reservation_id, rr.status, rr.start_date, rr.end_date, rr.guest_id, rr.self_pay,
            mr.recipient_contact_id
     FROM room_reservations rr JOIN main_reservations mr ON mr.id = rr.main_reservation_id WHERE rr.id = ?`,
  ).get(id) as StayCore | undefined;
}

export function staysOfMain(db: HotelDb, mainId: number): StayRow[] {
  return statement(db, `${SELECT_STAYS} WHERE rr.main_reservation_id = ? ORDER BY rr.id`).all(
    mainId,
  ) as StayRow[];
}

/** "Lastname, Firstname", as the PMS writes guest names. */
export function fullname(stay: Pick<StayRow, 'guest_firstname' | 'guest_lastname'>): string {
  return [stay.guest_lastname, stay.guest_firstname].filter(Boolean).join(', ');
}

/** Records that a stay changed now (its items or its status), for the time-span listing. */
export function touchStay(db: HotelDb, stay: Pick<StayRow, 'id' | 'main_reservation_id'>, at: string): void {
  statement(db, 'UPDATE room_reservations SET last_modified = ? WHERE id = ?').run(at, stay.id);
  statement(db, 'UPDATE main_reservations SET last_modified = ? WHERE id = ?').run(
    at,
    stay.main_reservation_id,
  );
}

interface ContactRow {
  type: string;
  firstname: string;
  lastname: string;
  company_name: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  email: string;
}

/** The display name an invoice made out to this contact carries. */
export function contactName(contact: Pick<ContactRow, 'type' | 'firstname' | 'lastname' | 'company_name'>) {
  return contact.type === 'COMPANY'
    ? contact.company_name
    : `${contact.firstname} ${contact.lastname}`.trim();
}

export function findContact(db: HotelDb, id: number): ContactRow | undefined {
  return statement(db, 'SELECT * FROM contacts WHERE id = ?').get(id) as ContactRow | undefined;
}

function recipientToWire(db: HotelDb, contactId: number | null) {
  const contact = contactId === null ? undefined : findContact(db, contactId);
  if (!contact) return null;
  const { street, zip, city, country, email } = contact;
  return { name: contactName(contact), street, zip, city, country, email };
}

type WireStay = v.InferInput<typeof RoomReservation>;

/** Wire forms of stays, with all their invoice items read in one query. */
export function staysToWire(db: HotelDb, stays: readonly StayRow[]): WireStay[] {
  if (stays.length === 0) return [];
  const items = statement(
    db,
    'SELECT * FROM invoice_items WHERE room_reservation_id IN (SELECT value FROM json_each(?)) ORDER BY id',
  ).all(JSON.stringify(stays.map((s) => s.id))) as ItemRow[];
  const itemsByStay = new Map<number | null, ItemRow[]>();
  for (const item of items) {
    const list = itemsByStay.get(item.room_reservation_id);
    if (list) list.push(item);
    else itemsByStay.set(item.room_reservation_id, [item]);
  }
  const recipients = new Map<number | null, ReturnType<typeof recipientToWire>>();
  const details = stayDetails(
    db,
    stays.map((s) => s.id),
    stays.map((s) => s.main_reservation_id),
  );
  return stays.map((stay) => {
    if (!recipients.has(stay.recipient_contact_id)) {
      recipients.set(stay.recipient_contact_id, recipientToWire(db, stay.recipient_contact_id));
    }
    const name = fullname(stay);
    return {
      id: stay.id,
      main_reservation_id: stay.main_reservation_id,
      reservation_number: stay.reservation_number,
      created_at: stay.created_at,
      last_modified: stay.last_modified,
      status: stay.status,
      type: stay.type,
      self_pay: stay.self_pay,
      start_date: stay.start_date,
      end_date: stay.end_date,
      arrival_time: stay.arrival_time,
      departure_time: stay.departure_time,
      room_id: stay.room_id,
      room_number: stay.room_number ?? '',
      room_category_id: stay.category_id,
      room_category_name: stay.room_category_name,
      rate_id: stay.rate_id,
      person_count: stay.person_count,
      guest: {
        id: stay.guest_id,
        type: stay.guest_type,
        title: stay.guest_title,
        firstname: stay.guest_firstname,
        lastname: stay.guest_lastname,
        fullname: name,
        email: stay.guest_email,
        smart_check: stay.guest_smart_check,
      },
      guest_id: stay.guest_id,
      guest_name: name,
      company_id: stay.company_id,
      company_name: stay.company_name ?? '',
      invoice_items: (itemsByStay.get(stay.id) ?? []).map(itemToWire),
      additional_guests: details.guestsOf(stay.id),
      key_cards: details.cardsOf(stay.id),
      notes: details.notesOfStay(stay.id),
      main_reservation: {
        id: stay.main_reservation_id,
        reservation_number: stay.reservation_number,
        invoice_recipient: recipients.get(stay.recipient_contact_id) ?? null,
        duty_of_payment_at_kiosk: stay.duty_of_payment_at_kiosk === 1,
        notes: details.notesOfMain(stay.main_reservation_id),
      },
    };
  });
}

/** A main reservation with all its room reservations. */
export function mainToWire(db: HotelDb, stays: readonly StayRow[]): v.InferInput<typeof MainReservation> {
  const [first] = stays;
  if (!first) throw new Error('a main reservation has at least one room reservation');
  const wire = staysToWire(db, stays);
  return {
    id: first.main_reservation_id,
    reservation_number: first.reservation_number,
    invoice_recipient: wire[0]?.main_reservation?.invoice_recipient ?? null,
    duty_of_payment_at_kiosk: first.duty_of_payment_at_kiosk === 1,
    notes: wire[0]?.main_reservation?.notes ?? [],
    room_reservations: wire,
  };
}
