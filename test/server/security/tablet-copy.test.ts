// What a copy of one tablet's storage gives an attacker (issue 20, docs/security.md "A copied
// tablet"): its staff cards and its device cookie. A 4-digit manager PIN falls to an offline search
// with the real KDF (PBKDF2-SHA-256 through Web Crypto, as the tablet opens a card; fewer rounds
// here, the knob the server already has, so the search takes seconds). With the PIN: no admin
// session (the admin page takes an admin password or the admin key, never a PIN), and the opened
// key signs approvals the server takes for the copied tablet only, never for another device.
import { randomInt } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_HEADER, SALE_HEADER, type StaffCard } from '../../../src/pms/staff-calls.ts';
import { openStaffKey, signApproval } from '../../../src/pms/staff-keys.ts';
import { adminCookieName } from '../../../src/server/admin/admin-access.ts';
import type { Device } from '../../../src/server/hub/hub.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { count, pinnedHotel, productOf, stayOf } from '../../support/hotel.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';

/** Few rounds, so that trying 10,000 PINs takes seconds; the scheme is the tablet's own. */
const CRACK_ROUNDS = 1_000;

let hotel: TestHotel;
let app: TabletApp;
let annaPin: string;
let other: { device: Device; cookie: string };

beforeEach(async () => {
  hotel = pinnedHotel();
  app = tabletApp(
    {
      hotel,
      adminKey: 'the-admin-key-no-tablet-holds',
      allowedHosts: ['till.hotel.example'],
      // The gateway's own approval check of a take-back; the ledger's check of an approval signed
      // with another tablet's key is in test/server/ledger/record-sale.test.ts.
      recordedSalesOnly: false,
    },
    { staffKeyRounds: CRACK_ROUNDS },
  );
  annaPin = String(randomInt(10_000)).padStart(4, '0');
  await app.hub.staff.add({ name: 'Anna', role: 'manager', pin: annaPin });
  await app.hub.staff.add({ name: 'Mia', role: 'waiter', pin: '1111' });
  const { code } = app.hub.createPairingCode({ outlet: 'restaurant', name: 'Other tablet' });
  const paired = app.hub.redeemPairingCode(code, '127.0.0.1');
  other = { device: paired.device, cookie: `${app.hub.cookieName}=${paired.token}` };
  // The other tablet has fetched its cards too: the manager has a key on it.
  expect((await asOther('/till/staff')).status).toBe(200);
});
afterEach(() => hotel.close());

function asOther(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('cookie', other.cookie);
  headers.set('x-till-request-id', crypto.randomUUID());
  return app.server.request(path, { ...init, headers });
}

/** Everything the copied tablet keeps about staff: its cards, as GET /till/staff gave them. */
async function copiedCards(): Promise<StaffCard[]> {
  const answer = await app.request('/till/staff');
  return ((await answer.json()) as { staff: StaffCard[] }).staff;
}

/** Tries every 4-digit PIN against a card, as an attacker with the copy would. */
async function crack(card: StaffCard): Promise<{ pin: string; key: CryptoKey; tried: number }> {
  for (let n = 0; n < 10_000; n += 1) {
    const pin = String(n).padStart(4, '0');
    const key = await openStaffKey(pin, card.sealedKey);
    if (key) return { pin, key, tried: n + 1 };
  }
  throw new Error('no 4-digit PIN opens the card');
}

/** A take-back request of a Pils charged to Bauer's stay, sent by `send` with `approval`. */
async function takeBack(
  send: (path: string, init: RequestInit) => Promise<Response> | Response,
  approval: string,
  sale: string,
) {
  const stay = stayOf(hotel.db, 'Bauer');
  const pils = productOf(hotel.db, 'B-100');
  const json = { 'content-type': 'application/json' };
  const charged = await send('/api/set/add/products', {
    method: 'POST',
    headers: { ...json, [SALE_HEADER]: `${sale}-charge` },
    body: JSON.stringify({ room_reservation_id: stay, products: [{ id: pils, quantity: 1 }] }),
  });
  expect(charged.status).toBe(200);
  const before = count(hotel.db, 'invoice_items', 'room_reservation_id = ?', stay);
  const answer = await send('/api/set/remove/products', {
    method: 'POST',
    headers: { ...json, [SALE_HEADER]: sale, [APPROVAL_HEADER]: approval },
    body: JSON.stringify({ room_reservation_id: stay, optional_products: [{ id: pils, quantity: 1 }] }),
  });
  const after = count(hotel.db, 'invoice_items', 'room_reservation_id = ?', stay);
  return {
    status: answer.status,
    code: ((await answer.json()) as { code?: string }).code,
    removed: before - after,
  };
}

const approvalFor = (key: CryptoKey, managerId: string, deviceId: string, subject: string) =>
  signApproval(key, {
    id: crypto.randomUUID(),
    managerId,
    deviceId,
    action: 'take_back',
    subject,
    amountCents: 100_000,
    at: new Date().toISOString(),
  });

describe("a copy of one tablet's storage, with the manager's 4-digit PIN cracked offline", () => {
  it('finds the PIN, but gets no admin session and no approval valid for another device', {
    timeout: 120_000,
  }, async () => {
    const cards = await copiedCards();
    const anna = cards.find((card) => card.role === 'manager')!;
    expect(JSON.stringify(cards)).not.toContain(annaPin === '0000' ? 'never' : `"${annaPin}"`);
    const started = performance.now();
    const cracked = await crack(anna);
    const ms = performance.now() - started;
    console.info(
      `cracked a 4-digit PIN at ${CRACK_ROUNDS} PBKDF2 rounds after ${cracked.tried} tries in ${Math.round(ms)} ms`,
    );
    expect(cracked.pin).toBe(annaPin);

    // No admin session: the admin page takes no PIN, from the tablet's cookie neither.
    const login = (fields: Record<string, string>) =>
      app.request('/admin/login', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          host: 'till.hotel.example',
        },
        body: new URLSearchParams(fields).toString(),
      });
    const tries: Record<string, string>[] = [
      { name: 'Anna', pin: cracked.pin },
      { name: 'Anna', password: cracked.pin },
      { key: cracked.pin },
    ];
    for (const fields of tries) {
      const answer = await login(fields);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('set-cookie') ?? '').not.toContain(adminCookieName(app.hub));
    }
    expect((await app.request('/admin/gateway-status')).status).toBe(401);
    expect(app.hub.audit.list({ kind: 'admin_sign_in' })).toHaveLength(0);

    // An approval signed with the cracked key, naming the other tablet: refused there, nothing taken back.
    const forOther = await approvalFor(cracked.key, anna.id, other.device.id, 'sale-other');
    const onOther = await takeBack(asOther, forOther, 'sale-other');
    expect(onOther).toEqual({ status: 403, code: 'approval_invalid', removed: 0 });
    await expect(
      app.hub.staff.checkApproval(forOther, {
        action: 'take_back',
        subject: 'sale-other',
        deviceId: other.device.id,
      }),
    ).rejects.toMatchObject({ code: 'approval_invalid' });
    expect(app.hub.audit.list({ kind: 'approval_refused' })[0]).toMatchObject({
      deviceId: other.device.id,
      note: expect.stringContaining('approval_invalid'),
    });

    // What the copy does give: approvals for the copied tablet itself, checked and recorded there.
    const forCopied = await approvalFor(cracked.key, anna.id, app.device.id, 'sale-copied');
    expect(await takeBack((path, init) => app.request(path, init), forCopied, 'sale-copied')).toEqual({
      status: 200,
      code: undefined,
      removed: 1,
    });
  });

  it('each tablet gets a key of its own: the other tablet’s card is not the copied one’s', async () => {
    const mine = (await copiedCards()).find((card) => card.role === 'manager')!;
    const theirs = ((await (await asOther('/till/staff')).json()) as { staff: StaffCard[] }).staff.find(
      (card) => card.role === 'manager',
    )!;
    expect(theirs.sealedKey.sealed).not.toBe(mine.sealedKey.sealed);
    // Both open with the PIN (the manager signs in on either), each signs for its own device only.
    expect(await openStaffKey(annaPin, theirs.sealedKey)).not.toBeNull();
    const key = (await openStaffKey(annaPin, mine.sealedKey))!;
    const token = await approvalFor(key, mine.id, other.device.id, 'sale-x');
    await expect(
      app.hub.staff.checkApproval(token, {
        action: 'take_back',
        subject: 'sale-x',
        deviceId: other.device.id,
      }),
    ).rejects.toMatchObject({ code: 'approval_invalid' });
  });

  it('a revoked tablet’s keys sign nothing from then on', async () => {
    const anna = (await copiedCards()).find((card) => card.role === 'manager')!;
    const key = (await openStaffKey(annaPin, anna.sealedKey))!;
    const token = await approvalFor(key, anna.id, app.device.id, 'sale-r');
    const use = { action: 'take_back' as const, subject: 'sale-r', deviceId: app.device.id };
    await expect(app.hub.staff.checkApproval(token, use)).resolves.toBeTruthy();
    app.hub.revokeDevice(app.device.id);
    await expect(app.hub.staff.checkApproval(token, use)).rejects.toMatchObject({ code: 'approval_invalid' });
  });
});
