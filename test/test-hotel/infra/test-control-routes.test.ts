// The test-mode control routes under /__test: adding validated fault rules, listing them with their
// counts, removing them, reseeding the demo data and pinning the hotel clock; absent outside test mode.
import { describe, expect } from 'vitest';
import { createTestHotel } from '../../../src/test-hotel/hotel.ts';
import { tabletApp } from '../../server/tablet-app.ts';
import { call, tabletHotelTest as it, NOW } from '../../support/hotel.ts';

describe('/__test control routes', () => {
  it('adds validated rules, lists them with counts, and removes them', async ({ app, tablet }) => {
    const added = await call(app, 'POST', '/__test/faults', {
      body: {
        rules: [
          { path: '/api/set/', kind: 'reset', times: 1 },
          { path: '/api/get/', kind: 'delay', ms: 1 },
        ],
        seed: 3,
      },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.rules).toHaveLength(2);
    await expect(tablet.chargeBauer()).rejects.toThrow(TypeError);
    const listed = await call(app, 'GET', '/__test/faults');
    expect(listed.body.data.counts).toMatchObject({ reset: 1, total: 1 });
    expect((await call(app, 'DELETE', '/__test/faults')).body.data.rules).toEqual([]);
    expect((await tablet.chargeBauer()).status).toBe(200);
    const zeroed = await call(app, 'DELETE', '/__test/faults?counts=reset');
    expect(zeroed.body.data.counts.total).toBe(0);
  });

  it('refuses a malformed rule with 400 and adds none of a batch', async ({ app, tablet }) => {
    for (const body of [
      { path: '/api/', kind: 'explode' },
      { path: 'api', kind: 'reset' },
      {
        rules: [
          { path: '/api/', kind: 'reset' },
          { path: '/api/', kind: 'delay', probability: 2 },
        ],
      },
    ]) {
      expect((await call(app, 'POST', '/__test/faults', { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(tablet.faults.rules()).toEqual([]);
  });

  it('puts the demo data back on reset', async ({ app, tablet }) => {
    const before = tablet.items();
    await tablet.chargeBauer();
    const answer = await call(app, 'POST', '/__test/reset');
    expect(answer.body.data).toEqual({ today: '2026-11-22' });
    expect(tablet.items()).toBe(before);
  });

  it('pins and releases the hotel clock', async ({ hotel, app }) => {
    const pinned = await call(app, 'POST', '/__test/clock', { body: { now: '2026-12-24T18:00:00+01:00' } });
    expect(pinned.body.data).toEqual({ now: '2026-12-24T18:00:00+01:00', today: '2026-12-24' });
    expect((await call(app, 'POST', '/__test/clock', { body: { now: 'tomorrow' } })).status).toBe(400);
    await call(app, 'POST', '/__test/clock', { body: { now: null } });
    expect(hotel.timestamp()).toBe('2026-11-22T10:00:00+01:00');
  });

  it('does not exist outside test mode', async () => {
    const plain = createTestHotel({ dbFile: ':memory:', testMode: false, now: () => NOW });
    const plainApp = tabletApp({ hotel: plain });
    expect((await call(plainApp, 'GET', '/__test/faults')).status).toBe(404);
    plain.close();
  });
});
