// Contact rows of the test hotel: reading one, its wire form, creating and updating, and turning a
// ContactRef of a request (an id, or details) into a contact id. Our rules where pms-api.md is
// silent: details reuse the contact of the same type with the same names (case-insensitive) and
// the same non-empty e-mail address, and otherwise create one; an unknown id in a body is a 422
// naming `<field>.id`. Callers run these inside their own transaction, so a later refusal of the
// same request also takes back a contact created for it.
import type * as v from 'valibot';
import { ApiError } from '../../node-http/errors.ts';
import type { Contact, ContactRef, NewContact } from '../../pms/wire-contacts.ts';
import { type HotelDb, statement } from '../infra/db.ts';

export interface ContactRow {
  id: number;
  type: 'PERSON' | 'COMPANY';
  title: string;
  firstname: string;
  lastname: string;
  company_name: string;
  email: string;
  phone: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  gender: string;
  language: string;
  marketing_consent: 0 | 1;
  smart_check: string;
}

/** The columns a request may write, in the order of the wire. */
export const CONTACT_COLUMNS = [
  'type',
  'title',
  'firstname',
  'lastname',
  'company_name',
  'email',
  'phone',
  'street',
  'zip',
  'city',
  'country',
  'gender',
  'language',
  'marketing_consent',
] as const;

export function contactRow(db: HotelDb, id: number): ContactRow | undefined {
  return statement(db, 'SELECT * FROM contacts WHERE id = ?').get(id) as ContactRow | undefined;
}

export function contactToWire(row: ContactRow): v.InferInput<typeof Contact> {
  const { marketing_consent, ...rest } = row;
  return {
    id: rest.id,
    type: rest.type,
    title: rest.title,
    firstname: rest.firstname,
    lastname: rest.lastname,
    company_name: rest.company_name,
    email: rest.email,
    phone: rest.phone,
    street: rest.street,
    zip: rest.zip,
    city: rest.city,
    country: rest.country,
    gender: rest.gender,
    language: rest.language,
    marketing_consent: marketing_consent === 1,
    smart_check: rest.smart_check,
  };
}

type Fields = Partial<Record<(typeof CONTACT_COLUMNS)[number], string | boolean>>;

/** The given fields as column values (booleans as 0/1), omitted ones left out. */
function columnValues(fields: Fields): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const column of CONTACT_COLUMNS) {
    const value = fields[column];
    if (value === undefined) continue;
    values[column] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  return values;
}

export function insertContact(db: HotelDb, fields: NewContact): number {
  const values = columnValues(fields);
  const columns = Object.keys(values);
  const sql =
    columns.length === 0
      ? 'INSERT INTO contacts DEFAULT VALUES'
      : `INSERT INTO contacts (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
  return Number(statement(db, sql).run(values).lastInsertRowid);
}

/** Writes the given fields (and smart_check, when given); omitted fields stay as they are. */
export function updateContact(db: HotelDb, id: number, fields: Fields & { smart_check?: string }): void {
  const values: Record<string, string | number> = columnValues(fields);
  if (fields.smart_check !== undefined) values.smart_check = fields.smart_check;
  const columns = Object.keys(values);
  if (columns.length === 0) return;
  statement(db, `UPDATE contacts SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run({
    ...values,
    id,
  });
}

const same = (a: string, b: string) => a.localeCompare(b, 'de', { sensitivity: 'accent' }) === 0;

/** The contact a ContactRef means: the one with its id, the same person or company, or a new one. */
export function resolveContact(db: HotelDb, ref: ContactRef, field: string): number {
  if ('id' in ref) {
    if (!contactRow(db, ref.id)) {
      throw new ApiError(422, `${field}.id: there is no contact ${ref.id}`, `${field}.id`);
    }
    return ref.id;
  }
  const type = ref.type ?? 'PERSON';
  const email = ref.email ?? '';
  if (email !== '') {
    const candidates = statement(
      db,
      'SELECT * FROM contacts WHERE type = ? AND email = ? COLLATE NOCASE ORDER BY id',
    ).all(type, email) as ContactRow[];
    const match = candidates.find((c) =>
      type === 'COMPANY'
        ? same(c.company_name, ref.company_name ?? '')
        : same(c.lastname, ref.lastname ?? '') && same(c.firstname, ref.firstname ?? ''),
    );
    if (match) return match.id;
  }
  return insertContact(db, { ...ref, type });
}

/** True when the contact is the main or an additional guest of a BOOKED or CHECKED_IN stay. */
export function hasActiveReservation(db: HotelDb, contactId: number): boolean {
  return (
    statement(
      db,
      `SELECT 1 FROM room_reservations rr
       WHERE rr.status IN ('BOOKED', 'CHECKED_IN') AND (rr.guest_id = @id OR EXISTS (
         SELECT 1 FROM additional_guests ag WHERE ag.room_reservation_id = rr.id AND ag.contact_id = @id))
       LIMIT 1`,
    ).get({ id: contactId }) !== undefined
  );
}
