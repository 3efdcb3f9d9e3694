// Pairing a tablet with the till server: one-time codes, the device cookie, revocation, and the
// limit on guessing codes. In-process against the whole app (the tablet's side is /till).
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { createHub, type Hub } from '../../../src/server/hub/hub.ts';
import { CODE_ALPHABET, normalisePairingCode } from '../../../src/server/hub/pairing-codes.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';

let hotel: TestHotel;
let hub: Hub;
let app: Hono;
let clock: Date;
beforeEach(() => {
  hotel = pinnedHotel();
  clock = new Date('2026-11-24T10:00:00Z');
  hub = createHub({ dbFile: ':memory:', now: () => clock });
  app = createApp({ hotel, hub });
});
afterEach(() => {
  hotel.close();
  hub.close();
});

const pair = (code: string, headers: Record<string, string> = {}) =>
  app.request('/till/pair', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-till-request-id': randomUUID(), ...headers },
    body: JSON.stringify({ code, name: 'Bar 2' }),
  });
const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';
const whoAmI = (cookie: string) => app.request('/till/device', { headers: { cookie } });

describe('a pairing code', () => {
  it('is 8 characters without look-alikes, and pairs one tablet for its outlet', async () => {
    const { code, expiresAt } = hub.createPairingCode({ outlet: 'minibar', name: 'Floor 3' });
    expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{8}$`));
    expect(expiresAt.getTime() - clock.getTime()).toBe(10 * 60_000);

    const paired = await pair(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
    expect(paired.status).toBe(200);
    // The code's name, not the one the tablet sent (issue 30: a tablet cannot name itself).
    expect(await paired.json()).toMatchObject({ device: { name: 'Floor 3', outlet: 'minibar' } });
    const setCookie = paired.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);

    const me = await whoAmI(cookieOf(paired));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ device: { name: 'Floor 3', outlet: 'minibar' } });
    expect(hub.listDevices()).toHaveLength(1);
  });

  it('works once, and not after 10 minutes', async () => {
    const first = hub.createPairingCode({ outlet: 'bar', name: '' });
    expect((await pair(first.code)).status).toBe(200);
    const again = await pair(first.code);
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ code: 'pairing_code_used', field: 'code' });

    const late = hub.createPairingCode({ outlet: 'bar', name: '' });
    clock = new Date(clock.getTime() + 10 * 60_000);
    const expired = await pair(late.code);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ code: 'pairing_code_expired' });
    expect(hub.listDevices()).toHaveLength(1);
  });

  it('cannot be guessed: after 10 wrong codes from one address the next try waits (429)', async () => {
    const { code } = hub.createPairingCode({ outlet: 'bar', name: '' });
    for (let i = 0; i < 10; i++) {
      const wrong = await pair('ABCDEFGH');
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ code: 'pairing_code_invalid', field: 'code' });
    }
    const blocked = await pair(code);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(hub.listDevices()).toHaveLength(0);
  });

  it('is only taken from the till’s app: a form post or text/plain is refused', async () => {
    const { code } = hub.createPairingCode({ outlet: 'bar', name: '' });
    const form = await app.request('/till/pair', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `code=${code}`,
    });
    expect(form.status).toBe(400);
    const plain = await pair(code, { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect(hub.listDevices()).toHaveLength(0);
  });

  it('normalises what staff type, and refuses what cannot be a code', () => {
    expect(normalisePairingCode(' abcd 2345 ')).toBe('ABCD2345');
    expect(normalisePairingCode('ABCD-1234')).toBeNull(); // 1 is not in the alphabet
    expect(normalisePairingCode('ABC')).toBeNull();
  });
});

describe('a revoked tablet', () => {
  it('gets 401 device_revoked on /till/device and on the gateway, and pairs again with a new code', async () => {
    const paired = await pair(hub.createPairingCode({ outlet: 'bar', name: '' }).code);
    const cookie = cookieOf(paired);
    const { device } = (await paired.json()) as { device: { id: string } };
    expect(hub.revokeDevice(device.id)).toBe(true);

    const me = await whoAmI(cookie);
    expect(me.status).toBe(401);
    expect(await me.json()).toMatchObject({ code: 'device_revoked' });
    const api = await app.request('/api/get/hotel/payment', {
      headers: { cookie, 'x-till-request-id': randomUUID() },
    });
    expect(api.status).toBe(401);
    expect(api.headers.get('x-till-gateway')).toBe('1');
    expect(await api.json()).toMatchObject({ code: 'device_revoked' });

    const again = await pair(hub.createPairingCode({ outlet: 'bar', name: '' }).code, { cookie });
    expect(again.status).toBe(200);
    const read = await app.request('/api/get/hotel/payment', {
      headers: { cookie: cookieOf(again), 'x-till-request-id': randomUUID() },
    });
    expect(read.status).toBe(200);
    expect(hub.listDevices().map((listed) => listed.revokedAt === null)).toEqual([true, false]);
  });

  it('is listed with when it was last seen', async () => {
    const paired = await pair(hub.createPairingCode({ outlet: 'restaurant', name: '' }).code);
    clock = new Date(clock.getTime() + 5 * 60_000);
    await whoAmI(cookieOf(paired));
    expect(hub.listDevices()[0]).toMatchObject({ outlet: 'restaurant', lastSeenAt: clock.toISOString() });
  });
});

describe('the pairing state a tablet asks at start (issue 33: no refused call before the pairing screen)', () => {
  const pairingState = (cookie?: string) =>
    app.request('/till/pairing-state', cookie ? { headers: { cookie } } : {});

  it('answers 200 for an unknown, a paired and a revoked tablet, and names only what /till/device would', async () => {
    const none = await pairingState();
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ device: null, refusal: 'device_not_paired' });
    const forged = await pairingState(`${hub.cookieName}=stolen-cookie-value-123`);
    expect(await forged.json()).toEqual({ device: null, refusal: 'device_not_paired' });

    const paired = await pair(hub.createPairingCode({ outlet: 'bar', name: '' }).code);
    const cookie = cookieOf(paired);
    const { device } = (await paired.json()) as { device: { id: string } };
    const known = await pairingState(cookie);
    expect(known.status).toBe(200);
    // the name is the pairing code's (issue 30: a tablet does not name itself)
    expect(await known.json()).toEqual({
      device: { id: device.id, name: 'Bar tablet', outlet: 'bar', role: 'till' },
    });

    hub.revokeDevice(device.id);
    const revoked = await pairingState(cookie);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ device: null, refusal: 'device_revoked' });
    expect(revoked.headers.get('set-cookie')).toBeNull();
  });
});
