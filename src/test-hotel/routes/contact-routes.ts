// Contact endpoints of the test hotel: creating a contact, updating one by its id (omitted fields
// unchanged; smart_check only for a BOOKED or CHECKED_IN guest), and the search by pattern (our
// pattern language, at most 100 answers). Rules and the pattern language: docs/test-hotel.md.
import { Hono } from 'hono';
import { parseBody } from '../../node-http/body.ts';
import { ApiError, ok } from '../../node-http/errors.ts';
import { ContactSearch, ContactUpdate, NewContact } from '../../pms/wire-contacts.ts';
import type { TestHotel } from '../hotel.ts';
import { atomic, statement } from '../infra/db.ts';
import {
  type ContactRow,
  contactRow,
  contactToWire,
  hasActiveReservation,
  insertContact,
  updateContact,
} from '../model/contacts.ts';

export const MAX_SEARCH_RESULTS = 100;

/** A search pattern as a regular expression: `*` any text, anchored at the start, open at the end. */
function patternToRegex(pattern: string, leadingWildcard: boolean): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${leadingWildcard ? '.*' : ''}${body}`, 'iu');
}

const digits = (s: string) => s.replace(/\D/g, '');

function matcher(search: ContactSearch): (contact: ContactRow) => boolean {
  const tests: ((c: ContactRow) => boolean)[] = [];
  for (const field of ['firstname', 'lastname', 'company_name', 'email', 'city'] as const) {
    const pattern = search[field];
    if (!pattern) continue;
    const regex = patternToRegex(pattern.toLocaleLowerCase('de'), false);
    tests.push((c) => regex.test(c[field].toLocaleLowerCase('de')));
  }
  if (search.phone) {
    const regex = patternToRegex(search.phone.replace(/[^\d*]/g, ''), true);
    tests.push((c) => c.phone !== '' && regex.test(digits(c.phone)));
  }
  return (contact) => tests.every((test) => test(contact));
}

export function contactRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  routes.post('/api/set/create/contact', async (c) => {
    const body = await parseBody(c, NewContact);
    const created = atomic(db, () => contactRow(db, insertContact(db, body))!);
    return ok(c, contactToWire(created));
  });

  routes.post('/api/set/contactdata', async (c) => {
    const body = await parseBody(c, ContactUpdate);
    const updated = atomic(db, () => {
      const contact = contactRow(db, body.id);
      if (!contact) throw new ApiError(422, `id: there is no contact ${body.id}`, 'id');
      const after = { ...contact, ...body };
      if (after.type === 'PERSON' && !after.lastname) {
        throw new ApiError(422, 'lastname: a person needs a last name', 'lastname');
      }
      if (after.type === 'COMPANY' && !after.company_name) {
        throw new ApiError(422, 'company_name: a company needs a name', 'company_name');
      }
      if (body.smart_check !== undefined && !hasActiveReservation(db, body.id)) {
        throw new ApiError(
          409,
          `smart_check: contact ${body.id} is not the guest of a current reservation; ` +
            'smart_check is set only for guests with a reservation',
          'smart_check',
        );
      }
      const { id, ...fields } = body;
      updateContact(db, id, fields);
      return contactRow(db, id)!;
    });
    return ok(c, contactToWire(updated));
  });

  routes.post('/api/get/contacts/searchpattern', async (c) => {
    const body = await parseBody(c, ContactSearch);
    const matches = matcher(body);
    const found = (statement(db, 'SELECT * FROM contacts ORDER BY id').all() as ContactRow[])
      .filter(matches)
      .slice(0, MAX_SEARCH_RESULTS);
    return ok(c, found.map(contactToWire));
  });

  return routes;
}
