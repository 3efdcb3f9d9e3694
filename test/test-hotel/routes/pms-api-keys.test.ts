// Keys and bad input in general: the test hotel checks x-ibelsa-key like the real PMS (read key for
// reads, write key for every /api/set and /api/create), and every malformed request is a 4xx that
// names the problem and writes nothing, whether it reaches the hotel directly or through app.ts.
import { Hono } from 'hono';
import { describe, expect } from 'vitest';
import { ApiError, renderError } from '../../../src/node-http/errors.ts';
import type { TestHotel } from '../../../src/test-hotel/hotel.ts';
import { tabletApp } from '../../server/tablet-app.ts';
import { call, hotelTest as it, snapshot, stayOf } from '../../support/hotel.ts';

describe('API keys', () => {
  it('refuses a request without a key with 401', async ({ api }) => {
    const { status, body } = await api.get('/api/get/products/available', { key: null });
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, message: expect.stringContaining('x-ibelsa-key') });
  });

  it('refuses an unknown key with 401', async ({ api }) => {
    const { status } = await api.get('/api/get/hotel/payment', { key: 'guessed' });
    expect(status).toBe(401);
  });

  it('lets the read key read, including the POST search', async ({ api }) => {
    expect((await api.get('/api/get/products/available', { key: 'read' })).status).toBe(200);
    const search = await api.post(
      '/api/get/roomreservation/searchpattern',
      { reservation_number: '24101', firstname: 'Antje', lastname: 'Bauer' },
      { key: 'read' },
    );
    expect(search.status).toBe(200);
  });

  it('refuses the read key on every kind of write with 403 and writes nothing', async ({ hotel, api }) => {
    const before = snapshot(hotel.db);
    const writes: [string, string, unknown][] = [
      ['POST', '/api/set/create/servicecashregister/invoice', {}],
      [
        'POST',
        '/api/set/add/products',
        { room_reservation_id: stayOf(hotel.db, 'Bauer'), products: [{ id: 1, quantity: 1 }] },
      ],
      ['POST', '/api/create/commoditygroups', { name: 'Neu' }],
      ['GET', '/api/set/invoice/paid/1/1/1/no', undefined],
    ];
    for (const [method, path, body] of writes) {
      const answer = await call(api.api, method, path, { key: 'read', body });
      expect(answer.status, path).toBe(403);
      expect(answer.body.message).toContain('write access');
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('checks keys on /pms/api of the whole server too', async ({ hotel }) => {
    const app = tabletApp({ hotel });
    expect((await call(app, 'GET', '/pms/api/get/hotel/payment', { key: null })).status).toBe(401);
    expect((await call(app, 'GET', '/pms/api/set/invoice/paid/1/1/1/no', { key: 'read' })).status).toBe(403);
    expect((await call(app, 'GET', '/pms/api/get/hotel/payment', { key: 'read' })).status).toBe(200);
  });
});

describe('malformed requests', () => {
  const chargeBauer = (hotel: TestHotel) => ({
    room_reservation_id: stayOf(hotel.db, 'Bauer'),
    products: [{ id: 1, quantity: 1 }],
  });

  it('answers 400 to a body that is not JSON, and writes nothing', async ({ hotel, api }) => {
    const before = snapshot(hotel.db);
    const { status, body } = await call(api.api, 'POST', '/api/set/add/products', {
      raw: '{"room_reservation_id": 1,',
    });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, message: 'the request body is not valid JSON' });
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('answers 415 to a body that is not declared as JSON', async ({ hotel, api }) => {
    const answer = await call(api.api, 'POST', '/api/set/add/products', {
      raw: JSON.stringify(chargeBauer(hotel)),
      contentType: 'text/plain',
    });
    expect(answer.status).toBe(415);
  });

  it('answers 400 naming the field for wrong types', async ({ hotel, api }) => {
    const cases: [unknown, string][] = [
      [{ ...chargeBauer(hotel), room_reservation_id: '1' }, 'room_reservation_id'],
      [{ ...chargeBauer(hotel), products: 'cola' }, 'products'],
      [{ ...chargeBauer(hotel), products: [] }, 'products'],
      [{ ...chargeBauer(hotel), products: [{ id: 1, quantity: 1, price: 'cheap' }] }, 'products.0.price'],
      [{ ...chargeBauer(hotel), products: [{ id: 1.5, quantity: 1 }] }, 'products.0.id'],
      [{ ...chargeBauer(hotel), booking_date: '2026-11-31' }, 'booking_date'],
      [[chargeBauer(hotel)], ''],
    ];
    const before = snapshot(hotel.db);
    for (const [body, field] of cases) {
      const answer = await api.post('/api/set/add/products', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (field) expect(answer.body.field).toBe(field);
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses zero, negative, fractional and huge quantities naming products.<i>.quantity', async ({
    hotel,
    api,
  }) => {
    const before = snapshot(hotel.db);
    for (const quantity of [0, -1, 1.5, 1000, '2']) {
      const products = [
        { id: 1, quantity: 1 },
        { id: 2, quantity },
      ];
      const answer = await api.post('/api/set/add/products', { ...chargeBauer(hotel), products });
      expect(answer.status, String(quantity)).toBe(400);
      expect(answer.body.field).toBe('products.1.quantity');
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses negative prices and prices with more than two decimals', async ({ hotel, api }) => {
    for (const price of [-1, 1.005, '3.999']) {
      const answer = await api.post('/api/set/add/products', {
        ...chargeBauer(hotel),
        products: [{ id: 1, quantity: 1, price }],
      });
      expect(answer.status, String(price)).toBe(400);
      expect(answer.body.field).toBe('products.0.price');
    }
  });

  it('answers 400 naming a bad path parameter', async ({ api }) => {
    for (const [path, field] of [
      ['/api/get/roomreservation/cost/abc', 'entity_id'],
      ['/api/get/roomreservation/cost/0', 'entity_id'],
      ['/api/get/roomreservation/cost/-3', 'entity_id'],
      ['/api/get/roomreservation/cost/1234567890123456', 'entity_id'],
      ['/api/get/products/optional/1.5', 'rate_id'],
      ['/api/get/single_id/guests/1', 'entity'],
      ['/api/get/timespan/reservations/2026-13-01/2026-12-01/2026-01-01', 'start'],
    ]) {
      const answer = await api.get(path as string);
      expect(answer.status, path).toBe(400);
      expect(answer.body.field).toBe(field);
    }
  });

  it('answers 413 to an oversized body, directly and through the server, and writes nothing', async ({
    hotel,
    api,
  }) => {
    const before = snapshot(hotel.db);
    const huge = { recipient_name: 'x', reference: 'y'.repeat(300 * 1024) };
    expect((await api.post('/api/set/create/servicecashregister/invoice', huge)).status).toBe(413);
    const app = tabletApp({ hotel });
    const through = await call(app, 'POST', '/pms/api/set/create/servicecashregister/invoice', {
      body: huge,
    });
    expect(through.status).toBe(413);
    expect(through.body.success).toBe(false);
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('answers 404 in JSON for an endpoint the hotel does not have', async ({ api }) => {
    const { status, body } = await api.get('/api/get/deeplinks');
    expect(status).toBe(404);
    expect(body.success).toBe(false);
  });
});

describe('renderError', () => {
  it('renders ApiError with its status and field, and hides the internals of anything else', async () => {
    const app = new Hono();
    app.onError(renderError);
    app.get('/refused', () => {
      throw new ApiError(409, 'invoice 7 is closed', 'invoice_id');
    });
    app.get('/broken', () => {
      throw new Error('SQLITE_CORRUPT at /var/lib/secret.sqlite');
    });
    const refused = await app.request('/refused');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      success: false,
      message: 'invoice 7 is closed',
      field: 'invoice_id',
    });
    const original = console.error;
    console.error = () => {};
    try {
      const broken = await app.request('/broken');
      expect(broken.status).toBe(500);
      expect(await broken.text()).not.toContain('secret');
    } finally {
      console.error = original;
    }
  });
});
