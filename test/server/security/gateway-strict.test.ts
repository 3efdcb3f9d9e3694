// What a paired tablet may ask the gateway for (issue 20): placeholders hold only what they name
// (ids digits, dates dates; nothing percent-encoded, so `..%2f..%2fcontacts` never reaches the
// PMS), no query string but a listed one, guest answers narrowed to the till's fields (no e-mail,
// no home address), and the reservation list for yesterday to tomorrow only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { NOW, pinnedHotel, stayOf, TODAY } from '../../support/hotel.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';

let hotel: TestHotel;
let app: TabletApp;
const forwarded: string[] = [];

beforeEach(() => {
  hotel = pinnedHotel();
  app = tabletApp({ hotel, now: () => NOW });
  forwarded.length = 0;
});
afterEach(() => hotel.close());

async function ask(path: string) {
  const answer = await app.request(path);
  const text = await answer.text();
  return { status: answer.status, text, json: JSON.parse(text) as { code?: string; field?: string } };
}

describe('path placeholders and query strings', () => {
  it('refuses an encoded path that would climb out of the endpoint, and other non-ids', async () => {
    for (const path of [
      '/api/get/invoice/..%2f..%2fcontacts',
      '/api/get/invoice/%31%32',
      '/api/get/invoice/12abc',
      '/api/get/single_id/mainreservations/-1',
      '/api/get/roomreservation/cost/1.5',
      `/api/get/timespan/reservations/${TODAY}/2026-02-31/2020-01-01`,
      `/api/get/timespan/reservations/${TODAY}/${TODAY}/yesterday`,
      '/api/set/invoice/paid/1/2/3/maybe',
    ]) {
      const answer = await ask(path);
      expect(answer.status, path).toBe(400);
      expect(answer.json.code, path).toMatch(/^path_(encoded|param_invalid)$/);
    }
  });

  it('passes on only a listed query', async () => {
    const refused = await ask('/api/get/hotel/payment?lang=de');
    expect(refused).toMatchObject({ status: 400, json: { code: 'query_not_allowed', field: 'lang' } });
    const sneaky = await ask(
      `/api/get/timespan/reservations/${TODAY}/${TODAY}/2020-01-01?include_noshows=yes&limit=all`,
    );
    expect(sneaky.json).toMatchObject({ code: 'query_not_allowed', field: 'limit' });
    const listed = await ask(
      `/api/get/timespan/reservations/${TODAY}/${TODAY}/2020-01-01?include_noshows=yes`,
    );
    expect(listed.status).toBe(200);
  });
});

describe('guest data', () => {
  it('answers the reservation list for yesterday to tomorrow only', async () => {
    expect((await ask(`/api/get/timespan/reservations/2026-11-21/2026-11-23/2020-01-01`)).status).toBe(200);
    const year = await ask(`/api/get/timespan/reservations/2026-01-01/2026-12-31/2020-01-01`);
    expect(year).toMatchObject({ status: 400, json: { code: 'span_not_allowed', field: 'start' } });
    const later = await ask(`/api/get/timespan/reservations/${TODAY}/2026-11-24/2020-01-01`);
    expect(later).toMatchObject({ status: 400, json: { code: 'span_not_allowed', field: 'end' } });
  });

  it('hands a tablet the room, name, dates and ids, never e-mail addresses or home addresses', async () => {
    const stay = stayOf(hotel.db, 'Bauer');
    const { main_reservation_id: mainId } = hotel.db
      .prepare('SELECT main_reservation_id FROM room_reservations WHERE id = ?')
      .get(stay) as { main_reservation_id: number };
    const list = await ask(`/api/get/timespan/reservations/${TODAY}/${TODAY}/2020-01-01`);
    const single = await ask(`/api/get/single_id/roomreservations/${stay}`);
    const main = await ask(`/api/get/single_id/mainreservations/${mainId}`);
    for (const answer of [list, single, main]) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toMatch(/@example\.com|"email"|"street"|"zip"|"city"|invoice_recipient/);
    }
    const listed = (JSON.parse(list.text) as { data: Record<string, unknown>[] }).data;
    expect(listed.length).toBeGreaterThan(0);
    const bauer = listed.find((row) => row.id === stay)!;
    expect(bauer).toMatchObject({
      room_number: expect.any(String),
      start_date: expect.any(String),
      end_date: expect.any(String),
      guest: { lastname: 'Bauer' },
    });
    expect(Object.keys(bauer.guest as object).sort()).toEqual(
      expect.arrayContaining(['firstname', 'lastname']),
    );
  });
});

describe("the test hotel's own /pms/api", () => {
  it('refuses a body that is not exactly JSON, as the gateway does (a form can send text/plain)', async () => {
    const stay = stayOf(hotel.db, 'Bauer');
    const body = JSON.stringify({ room_reservation_id: stay, products: [{ id: 1, quantity: 1 }] });
    for (const type of ['text/plain; x=application/json', 'application/json-seq', 'text/plain']) {
      const answer = await app.server.request('/pms/api/set/add/products', {
        method: 'POST',
        headers: { 'x-ibelsa-key': hotel.keys.write, 'content-type': type },
        body,
      });
      expect(answer.status, type).toBe(415);
    }
  });
});
