// The guest list for room charges against the embedded test hotel: refreshing it fetches today's
// stays through the PMS client and keeps them in IndexedDB for offline use (replacing, never
// merging, the old list), a failed refresh keeps the list it had, and the online search finds a
// stay by reservation number with first and last name.
process.env.TZ = 'Europe/Berlin'; // the test hotel's zone: the till's "today" must be the hotel's

import { randomUUID } from 'node:crypto';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  guests,
  loadCachedGuests,
  refreshedAt,
  refreshGuests,
  refreshState,
  searchReservation,
} from '../../src/features/room-charge/reservations.ts';
import { startServer } from '../../src/server/listen.ts';
import { readReservations, replaceReservations } from '../../src/storage/caches.ts';
import { closeTillDb } from '../../src/storage/db.ts';

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;
const realFetch = globalThis.fetch;

/** The device cookie of this test's tablet: the gateway serves paired tablets only. */
let deviceCookie = '';

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', dbFile: ':memory:', staticDir: 'dist' });
  const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'Test tablet' });
  const paired = await realFetch(new URL('/till/pair', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-till-request-id': randomUUID() },
    body: JSON.stringify({ code }),
  });
  if (!paired.ok) throw new Error(`pairing failed: ${paired.status} ${await paired.text()}`);
  deviceCookie = (paired.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await closeTillDb();
  globalThis.indexedDB = new IDBFactory();
  // The till calls its own origin ('/api/...'); here that origin is the test server, and the
  // browser would send the device cookie along.
  vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
    realFetch(new URL(url, server.url), { ...init, headers: { ...init.headers, cookie: deviceCookie } }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await closeTillDb();
});

describe('refreshing the guest list', () => {
  it('keeps today’s stays from the PMS on this device, with when they were fetched', async () => {
    const before = Date.now();
    expect(await refreshGuests()).toBe(true);

    const rooms = guests().map((stay) => stay.room_number);
    expect(rooms).toEqual(expect.arrayContaining(['104', '108', '201', '305', '107', '304']));
    expect(rooms).not.toContain('106'); // departed yesterday
    expect(guests().find((s) => s.room_number === '104')?.status).toBe('CHECKED_IN');
    expect(guests().find((s) => s.room_number === '304')?.status).toBe('CHECKED_OUT');
    expect(refreshedAt()).toBeGreaterThanOrEqual(before);
    expect(refreshState()).toBe('idle');

    const stored = await readReservations();
    expect(stored.map((s) => s.id).sort()).toEqual(
      guests()
        .map((s) => s.id)
        .sort(),
    );
    expect((await readReservations('104'))[0]?.guest.lastname).toBe('Bauer');
  });

  it('replaces the stored list, so a stay no longer listed does not linger', async () => {
    const stale = { ...(await firstStay()), id: 999_999, room_number: '999', cachedAt: 1 };
    await replaceReservations([stale]);
    await loadCachedGuests();
    expect(guests().map((s) => s.id)).toEqual([999_999]);

    await refreshGuests();
    expect((await readReservations()).some((s) => s.id === 999_999)).toBe(false);
  });

  it('keeps the list it had when the PMS cannot be reached, and says so', async () => {
    await refreshGuests();
    const kept = guests().length;
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await refreshGuests()).toBe(false);
    expect(refreshState()).toBe('failed');
    expect(guests()).toHaveLength(kept);
    expect(await readReservations()).toHaveLength(kept);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('searching online by reservation number and names', () => {
  it('finds the stay when number, first and last name match, whatever their case', async () => {
    const found = await searchReservation({
      reservationNumber: '24102',
      firstname: 'lukas',
      lastname: 'GRUBER',
    });
    expect(found.map((s) => s.room_number)).toEqual(['108']);
  });

  it('answers no stays for names that do not match', async () => {
    expect(
      await searchReservation({ reservationNumber: '24102', firstname: 'Lukas', lastname: 'Huber' }),
    ).toEqual([]);
  });
});

async function firstStay() {
  await refreshGuests();
  const first = guests()[0];
  if (!first) throw new Error('the test hotel lists no stays today');
  return first;
}
