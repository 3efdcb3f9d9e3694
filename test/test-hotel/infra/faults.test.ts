// Fault injection on the till's `/api` (what a tablet sees, before the gateway forwards to the test
// hotel): injected 5xx and connection resets write nothing, a drop after commit writes but never
// answers, delays delay, `times` and seeded `probability` make runs reproducible. Also the test-mode
// control routes under /__test, and that sockets really are cut on a listening server.
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { type RunningServer, startServer } from '../../../src/server/listen.ts';
import { FaultInjector } from '../../../src/test-hotel/infra/faults.ts';
import { tabletOf } from '../../server/tablet-app.ts';
import { call, count, tabletHotelTest as it, NOW, stayOf } from '../../support/hotel.ts';

const json = { 'content-type': 'application/json' };

describe('faults on /api', () => {
  it('passes requests through untouched while no rule is set', async ({ tablet }) => {
    const before = tablet.items();
    expect((await tablet.chargeBauer()).status).toBe(200);
    expect(tablet.items()).toBe(before + 1);
    expect(tablet.faults.counts().total).toBe(0);
  });

  it('answers an injected 503 without forwarding, so nothing is written', async ({ tablet }) => {
    tablet.faults.add({ path: '/api/set/add/products', kind: 'error5xx' });
    const before = tablet.items();
    const response = await tablet.chargeBauer();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ success: false });
    expect(tablet.items()).toBe(before);
    expect(tablet.faults.counts()).toMatchObject({ error5xx: 1, total: 1 });
  });

  it('uses the status a rule gives', async ({ tablet }) => {
    tablet.faults.add({ path: '/api/get/', kind: 'error5xx', status: 502 });
    expect((await tablet.fetch('/api/get/hotel/payment')).status).toBe(502);
  });

  it('cuts the connection on reset before forwarding: the tablet sees a network error, nothing is written', async ({
    tablet,
  }) => {
    tablet.faults.add({ path: '/api/set/add/products', kind: 'reset' });
    const before = tablet.items();
    await expect(tablet.chargeBauer()).rejects.toThrow(new TypeError('network connection lost'));
    expect(tablet.items()).toBe(before);
  });

  it('commits, then cuts the connection on drop-after-commit: the charge is in the PMS though the tablet got no answer', async ({
    tablet,
  }) => {
    tablet.faults.add({ path: '/api/set/add/products', kind: 'drop-after-commit' });
    const before = tablet.items();
    await expect(tablet.chargeBauer()).rejects.toThrow(TypeError);
    expect(tablet.items()).toBe(before + 1);
  });

  it('delays and then carries on', async ({ tablet }) => {
    tablet.faults.add({ path: '/api/get/hotel/payment', kind: 'delay', ms: 120 });
    const started = performance.now();
    const response = await tablet.fetch('/api/get/hotel/payment');
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('applies a rule only as many times as asked, and only to its method', async ({ tablet }) => {
    tablet.faults.add({ path: '/api/set/add/products', method: 'post', kind: 'error5xx', times: 2 });
    tablet.faults.add({ path: '/api/get/hotel/payment', method: 'POST', kind: 'error5xx' });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await tablet.chargeBauer()).status);
    expect(statuses).toEqual([503, 503, 200]);
    expect((await tablet.fetch('/api/get/hotel/payment')).status).toBe(200);
    expect(tablet.faults.rules()[0]).toMatchObject({ applied: 2, times: 2 });
  });

  it('strikes the same requests on every run for the same seed', () => {
    const run = () => {
      const injector = new FaultInjector(7);
      injector.add({ path: '/api/', kind: 'error5xx', probability: 0.3 });
      return Array.from({ length: 40 }, () => injector.strike('GET', '/api/get/x').length);
    };
    const first = run();
    expect(run()).toEqual(first);
    const hits = first.filter(Boolean).length;
    expect(hits).toBeGreaterThan(4);
    expect(hits).toBeLessThan(24);
  });

  it('leaves /pms alone: faults act only on what a tablet sees', async ({ app, tablet }) => {
    tablet.faults.add({ path: '/', kind: 'error5xx' });
    expect((await call(app, 'GET', '/pms/api/get/hotel/payment')).status).toBe(200);
  });
});

describe('faults on a listening server', () => {
  let server: RunningServer;
  const tablet = () => tabletOf(server);
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dbFile: ':memory:',
      testMode: true,
      staticDir: 'nonexistent',
      now: () => NOW,
      recordedSalesOnly: false, // the faults on a listening server, not the ledger's check of writes
    });
  });
  afterAll(() => server.close());
  afterEach(() => server.hotel?.faults?.clear());

  const charge = () =>
    tablet()(`${server.url}/api/set/add/products`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        room_reservation_id: stayOf(server.hotel!.db, 'Bauer'),
        products: [{ id: 1, quantity: 1 }],
      }),
    });
  const serverItems = () => count(server.hotel!.db, 'invoice_items');

  it('destroys the socket on reset and writes nothing', async () => {
    server.hotel?.faults?.add({ path: '/api/set/add/products', kind: 'reset' });
    const before = serverItems();
    await expect(charge()).rejects.toThrow(TypeError);
    expect(serverItems()).toBe(before);
  });

  it('destroys the socket after the commit on drop-after-commit, and keeps serving', async () => {
    server.hotel?.faults?.add({ path: '/api/set/add/products', kind: 'drop-after-commit', times: 1 });
    const before = serverItems();
    await expect(charge()).rejects.toThrow(TypeError);
    expect(serverItems()).toBe(before + 1);
    expect((await charge()).status).toBe(200);
    expect(serverItems()).toBe(before + 2);
  });
});
