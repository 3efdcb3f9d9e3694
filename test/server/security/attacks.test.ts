// Every attack of issue 11 against the gateway, as a regression test: each is refused, and the
// hotel's data is unchanged and unread. The callers: an anonymous one on the network, a web page
// the staff happen to open (which can make the browser send forms, images and no-cors fetches,
// but not custom headers), and a page reaching the server under a foreign host name (DNS rebinding).
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { count, pinnedHotel, productOf, snapshot, stayOf, TODAY } from '../../support/hotel.ts';
import { pairedHub } from '../tablet-app.ts';

let hotel: TestHotel;
let app: Hono;
let cookie: string;
beforeEach(() => {
  hotel = pinnedHotel();
  const paired = pairedHub();
  cookie = paired.cookie;
  app = createApp({ hotel, hub: paired.hub });
});
afterEach(() => hotel.close());

const openInvoice = () =>
  hotel.db
    .prepare("SELECT id FROM invoices WHERE status = 'open' ORDER BY id LIMIT 1")
    .pluck()
    .get() as number;
const closeUrl = (invoice: number) => `/api/set/invoice/paid/${invoice}/1/1/no`;
const chargeBody = () =>
  JSON.stringify({
    room_reservation_id: stayOf(hotel.db, 'Bauer'),
    products: [{ id: productOf(hotel.db, 'M-201'), quantity: 1 }],
  });

/** A request with everything the till's app sends, except a device cookie. */
const asTheTillWouldSend = (method: string, path: string, body?: string) =>
  app.request(path, {
    method,
    headers: { 'content-type': 'application/json', 'x-till-request-id': randomUUID() },
    ...(body ? { body } : {}),
  });

describe('an anonymous caller on the hotel network', () => {
  it('reads no stay, guest or contact', async () => {
    for (const [method, path, body] of [
      ['GET', `/api/get/timespan/reservations/${TODAY}/${TODAY}/2020-01-01`, undefined],
      ['POST', '/api/get/roomreservation/searchpattern', JSON.stringify({ lastname: 'Bauer' })],
      ['POST', '/api/get/contacts/searchpattern', JSON.stringify({ email: '*@' })],
      ['GET', `/api/get/roomreservation/cost/${stayOf(hotel.db, 'Bauer')}`, undefined],
    ] as const) {
      const answer = await asTheTillWouldSend(method, path, body);
      expect(answer.status, path).toBe(401);
      const text = await answer.text();
      expect(JSON.parse(text)).toMatchObject({ success: false, code: 'device_not_paired' });
      expect(text, path).not.toMatch(/Bauer|@/);
    }
  });

  it('charges no room, takes nothing back, closes no invoice and creates no contact', async () => {
    const before = snapshot(hotel.db);
    const invoice = openInvoice();
    for (const [method, path, body] of [
      ['POST', '/api/set/add/products', chargeBody()],
      [
        'POST',
        '/api/set/remove/products',
        JSON.stringify({
          room_reservation_id: stayOf(hotel.db, 'Bauer'),
          products: [{ id: 1, quantity: 1 }],
        }),
      ],
      ['GET', closeUrl(invoice), undefined],
      ['POST', '/api/set/create/contact', JSON.stringify({ lastname: 'Mallory' })],
    ] as const) {
      const answer = await asTheTillWouldSend(method, path, body);
      expect(answer.status, path).toBe(401);
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('learns nothing about the tablet or the gateway under /till, and only the public HTTPS address', async () => {
    for (const path of ['/till/device', '/till/gateway']) {
      const answer = await asTheTillWouldSend('GET', path);
      expect(answer.status, path).toBe(401);
      expect(await answer.json(), path).toMatchObject({ success: false, code: 'device_not_paired' });
    }
    const paired = await app.request('/till/gateway', { headers: { cookie } });
    expect(await paired.json()).toEqual({ upstream: 'embedded test hotel' });
    expect(await (await app.request('/till/https-address')).json()).toEqual({ https: 'https://localhost/' });
  });

  it('cannot use a made-up or another server’s device cookie', async () => {
    const invoice = openInvoice();
    for (const forged of [
      `${cookie.split('=')[0]}=${'A'.repeat(43)}`,
      `till_device_00000000=${cookie.split('=')[1]}`,
    ]) {
      const answer = await app.request(closeUrl(invoice), {
        headers: { cookie: forged, 'x-till-request-id': randomUUID() },
      });
      expect(answer.status).toBe(401);
    }
    expect(hotel.db.prepare('SELECT status FROM invoices WHERE id = ?').pluck().get(invoice)).toBe('open');
  });
});

describe('a web page staff open, riding on a paired tablet’s cookie', () => {
  it('cannot send a text/plain body that merely mentions application/json (no-cors fetch)', async () => {
    const before = count(hotel.db, 'invoice_items');
    for (const headers of [
      { cookie, 'content-type': 'text/plain; x=application/json' } as Record<string, string>,
      { cookie, 'content-type': 'text/plain; x=application/json', 'x-till-request-id': randomUUID() },
      { cookie, 'content-type': 'application/json; x=1', 'x-till-request-id': randomUUID() },
    ]) {
      const answer = await app.request('/api/set/add/products', {
        method: 'POST',
        headers,
        body: chargeBody(),
      });
      expect([400, 415]).toContain(answer.status);
    }
    expect(count(hotel.db, 'invoice_items')).toBe(before);
  });

  it('cannot close an invoice with an <img> (a GET without the till’s header), nor with HEAD', async () => {
    const invoice = openInvoice();
    const image = await app.request(closeUrl(invoice), { headers: { cookie, accept: 'image/*' } });
    expect(image.status).toBe(400);
    expect(await image.json()).toMatchObject({ code: 'not_from_till', field: 'x-till-request-id' });
    const head = await app.request(closeUrl(invoice), {
      method: 'HEAD',
      headers: { cookie, 'x-till-request-id': randomUUID() },
    });
    expect(head.status).toBe(405);
    expect(hotel.db.prepare('SELECT status FROM invoices WHERE id = ?').pluck().get(invoice)).toBe('open');
  });

  it('gets nothing forwarded that is not on the till’s list, even as a paired tablet', async () => {
    const before = snapshot(hotel.db);
    for (const [method, path] of [
      ['POST', '/api/get/contacts/searchpattern'],
      ['POST', '/api/set/create/contact'],
      ['GET', '/api/set/roomreservation/checkin/1/yes'],
      ['GET', '/api/get/invoice/1/document'],
      ['POST', '/api/get/products/available'], // listed, but as a GET
    ] as const) {
      const answer = await app.request(path, {
        method,
        headers: { cookie, 'content-type': 'application/json', 'x-till-request-id': randomUUID() },
        ...(method === 'POST' ? { body: '{"email":"*@","lastname":"X"}' } : {}),
      });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toMatch(/application\/json/);
    }
    expect(snapshot(hotel.db)).toEqual(before);
    // a path that climbs out of /api is the test hotel's own, which wants its key: never the gateway's
    const climbing = await app.request('/api/../pms/api/get/hotel/payment', {
      headers: { cookie, 'x-till-request-id': randomUUID() },
    });
    expect(climbing.status).toBe(401);
  });
});

describe('a request for a host name that is not the server’s (DNS rebinding)', () => {
  it('is refused before any route, with the paired cookie too', async () => {
    for (const path of ['/api/get/hotel/payment', '/till/device', '/admin', '/']) {
      const answer = await app.request(`http://evil.example${path}`, {
        headers: { cookie, host: 'evil.example', 'x-till-request-id': randomUUID() },
      });
      expect(answer.status, path).toBe(421);
    }
  });
});

describe('unknown paths', () => {
  it('answer 404 in JSON under /api, /pms/api and /till, never the app’s page', async () => {
    for (const path of ['/api/nothing', '/pms/api/get/nothing', '/pms/other', '/till/nothing']) {
      const answer = await app.request(path, {
        headers: { cookie, 'x-till-request-id': randomUUID(), 'x-ibelsa-key': hotel.keys.write },
      });
      expect(answer.status, path).toBe(404);
      expect(await answer.json(), path).toMatchObject({ success: false });
    }
  });
});
