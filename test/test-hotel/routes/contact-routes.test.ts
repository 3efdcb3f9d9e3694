// Contacts: creating one independent of a reservation, updating one by its internal id (smart_check
// only for guests with a reservation; gender, language and marketing consent; omitted fields
// unchanged), and the search by pattern, where a phone search starts with a wildcard.
import * as v from 'valibot';
import { describe, expect } from 'vitest';
import { Envelope } from '../../../src/pms/wire.ts';
import { Contact } from '../../../src/pms/wire-contacts.ts';
import type { TestHotel } from '../../../src/test-hotel/hotel.ts';
import { count, type HotelApi, hotelTest as it, snapshot } from '../../support/hotel.ts';

const contact = (hotel: TestHotel, id: number) =>
  hotel.db.prepare('SELECT * FROM contacts WHERE id = ?').get(id) as Record<string, unknown>;
const search = (api: HotelApi, body: object) =>
  api.post('/api/get/contacts/searchpattern', body, { key: 'read' });
const names = (answer: { body: { data: { lastname: string; company_name: string }[] } }) =>
  answer.body.data.map((c) => c.lastname || c.company_name);

describe('POST /api/set/create/contact', () => {
  it('creates a person or a company with gender, language and marketing consent', async ({ hotel, api }) => {
    const { status, body } = await api.post('/api/set/create/contact', {
      title: 'Frau',
      firstname: 'Clara',
      lastname: 'Ostermann',
      email: 'clara@example.com',
      phone: '+49 89 5566778',
      gender: 'female',
      language: 'DE',
      marketing_consent: true,
    });
    expect(status).toBe(200);
    const created = v.parse(Envelope(Contact), body).data;
    expect(created).toMatchObject({
      lastname: 'Ostermann',
      language: 'de',
      marketing_consent: true,
      smart_check: '',
    });
    expect(contact(hotel, created.id)).toMatchObject({
      gender: 'female',
      marketing_consent: 1,
      phone: '+49 89 5566778',
    });
    const company = await api.post('/api/set/create/contact', {
      type: 'COMPANY',
      company_name: 'Bergbahn AG',
    });
    expect(company.body.data).toMatchObject({ type: 'COMPANY', company_name: 'Bergbahn AG' });
  });

  it('refuses a person without a last name and bad fields with 400 naming the field', async ({
    hotel,
    api,
  }) => {
    const before = snapshot(hotel.db);
    for (const [body, field] of [
      [{ firstname: 'Clara' }, 'lastname'],
      [{ type: 'COMPANY', lastname: 'X' }, 'lastname'],
      [{ lastname: 'X', email: 'not-mail' }, 'email'],
      [{ lastname: 'X', gender: 'f' }, 'gender'],
      [{ lastname: 'X', language: 'deu' }, 'language'],
      [{ lastname: 'X', marketing_consent: 'yes' }, 'marketing_consent'],
      [{ lastname: 'X', phone: 'call me' }, 'phone'],
    ] as const) {
      const answer = await api.post('/api/set/create/contact', body);
      expect([answer.status, answer.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });
});

describe('POST /api/set/contactdata', () => {
  it('changes the given fields of the contact with that internal id and leaves the rest', async ({
    hotel,
    api,
  }) => {
    const before = contact(hotel, 1);
    const { status, body } = await api.post('/api/set/contactdata', {
      id: 1,
      email: 'antje.bauer@new.example',
      gender: 'female',
      language: 'en',
      marketing_consent: true,
    });
    expect(status).toBe(200);
    expect(body.data.email).toBe('antje.bauer@new.example');
    expect(contact(hotel, 1)).toEqual({
      ...before,
      email: 'antje.bauer@new.example',
      gender: 'female',
      language: 'en',
      marketing_consent: 1,
    });
  });

  it('sets smart_check for the guest of a current reservation, shown in the reservation', async ({
    hotel,
    api,
  }) => {
    expect((await api.post('/api/set/contactdata', { id: 1, smart_check: 'yes' })).status).toBe(200);
    expect(contact(hotel, 1).smart_check).toBe('yes');
    const { body } = await api.get('/api/get/single_id/roomreservations/1');
    expect(body.data.guest.smart_check).toBe('yes');
  });

  it('refuses smart_check for a contact without a current reservation with 409', async ({ hotel, api }) => {
    const schneider = hotel.db.prepare("SELECT id FROM contacts WHERE lastname = 'Schneider'").pluck().get();
    const before = snapshot(hotel.db);
    const answer = await api.post('/api/set/contactdata', {
      id: schneider,
      smart_check: 'yes',
      city: 'Kiel',
    });
    expect([answer.status, answer.body.field]).toEqual([409, 'smart_check']);
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('needs the internal id: missing 400, unknown 422, and keeps a person named', async ({ hotel, api }) => {
    const before = snapshot(hotel.db);
    const missing = await api.post('/api/set/contactdata', { email: 'x@example.com' });
    expect([missing.status, missing.body.field]).toEqual([400, 'id']);
    const unknown = await api.post('/api/set/contactdata', { id: 9999, city: 'Kiel' });
    expect([unknown.status, unknown.body.field]).toEqual([422, 'id']);
    const unnamed = await api.post('/api/set/contactdata', { id: 1, lastname: '' });
    expect([unnamed.status, unnamed.body.field]).toEqual([422, 'lastname']);
    const badFlag = await api.post('/api/set/contactdata', { id: 1, smart_check: 'done' });
    expect([badFlag.status, badFlag.body.field]).toEqual([400, 'smart_check']);
    expect(snapshot(hotel.db)).toEqual(before);
  });
});

describe('POST /api/get/contacts/searchpattern', () => {
  it('matches names from the start, ignoring case and umlauts in case, with * as a wildcard', async ({
    api,
  }) => {
    expect(names(await search(api, { lastname: 'bau' }))).toEqual(['Bauer']);
    expect(names(await search(api, { lastname: 'MÜLL' }))).toEqual(['Müller']);
    expect(names(await search(api, { lastname: '*er', city: 'Wien' }))).toEqual(['Gruber', 'Steiner']);
    expect(names(await search(api, { company_name: '*consult*' }))).toEqual(['Alpenblick Consulting GmbH']);
    expect(await search(api, { lastname: 'Zzz' })).toMatchObject({ status: 200, body: { data: [] } });
  });

  it('starts a phone search with a wildcard and compares digits only', async ({ hotel, api }) => {
    const phone = hotel.db
      .prepare("SELECT phone FROM contacts WHERE lastname = 'Bauer'")
      .pluck()
      .get() as string;
    const lastDigits = phone.replace(/\D/g, '').slice(-6);
    expect(names(await search(api, { phone: lastDigits }))).toEqual(['Bauer']);
    expect(names(await search(api, { phone: phone.replace(/ /g, '-') }))).toEqual(['Bauer']);
    expect(names(await search(api, { phone: lastDigits.slice(0, 3) })).length).toBeGreaterThanOrEqual(1);
  });

  it('answers with the read key and refuses an empty search with 400', async ({ hotel, api }) => {
    const empty = await search(api, { lastname: '*' });
    expect([empty.status, empty.body.field]).toEqual([400, 'lastname']);
    expect(count(hotel.db, 'contacts')).toBe(27);
  });
});
