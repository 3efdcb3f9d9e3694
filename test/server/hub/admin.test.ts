// The admin page: open on the server machine itself; from anywhere else only with the admin key;
// its forms only from its own pages. Against a listening server, since "the server machine" is a
// matter of the socket's address and the Host name.
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/server/listen.ts';
import {
  type FormSender,
  type HostRequest,
  postAdminForm,
  requestWithHost,
  startAdminServer,
} from '../../support/host-request.ts';

const ADMIN_KEY = 'test-admin-key-4f0c';
let server: RunningServer;
beforeAll(async () => {
  // The app over plain HTTP for every host name, as over HTTPS: these tests are about who may use
  // the admin page, not about TLS (on plain HTTP another machine gets only the setup page).
  server = await startAdminServer(ADMIN_KEY);
});
afterAll(() => server.close());

/** A request to the server, with the Host header a browser on the server machine (default) or elsewhere on the LAN would send. */
const send = (path: string, options: HostRequest = {}) => requestWithHost(server.port, path, options);
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';

describe('on the server machine itself (http://localhost)', () => {
  it('opens without signing in, and makes a pairing code that pairs a tablet', async () => {
    const page = await send('/admin');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Pair a tablet');

    const made = await send('/admin/pairing-codes', {
      method: 'POST',
      headers: { 'content-type': FORM, origin: `http://localhost:${server.port}` },
      body: form({ outlet: 'restaurant', name: 'Terrace' }),
    });
    expect(made.status).toBe(200);
    const code = /data-testid="pairing-code">([A-Z0-9]{4})-([A-Z0-9]{4})</.exec(made.body);
    expect(code).not.toBeNull();
    expect(made.body).toContain('<svg');
    expect(made.body).toContain(`/pair?code=${code![1]}${code![2]}`);
    const { device } = server.hub.redeemPairingCode(`${code![1]}${code![2]}`, '127.0.0.1');
    expect(device).toMatchObject({ name: 'Terrace', outlet: 'restaurant' });
  });

  it('refuses a form sent from another page (no or a foreign Origin) with 403', async () => {
    const before = server.hub.listDevices().length;
    for (const headers of [
      {},
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    ] as Record<string, string>[]) {
      const answer = await send('/admin/pairing-codes', {
        method: 'POST',
        headers: { 'content-type': FORM, ...headers },
        body: form({ outlet: 'bar' }),
      });
      expect(answer.status).toBe(403);
    }
    expect(server.hub.listDevices()).toHaveLength(before);
  });
});

describe('from another machine on the hotel network', () => {
  const lan = hostname().toLowerCase();

  it('shows only the sign-in form and answers every action 401 until signed in with the admin key', async () => {
    const page = await send('/admin', { host: `${lan}:${server.port}` });
    expect(page.status).toBe(401);
    expect(page.body).toContain('Admin key');
    expect(page.body).not.toContain('Pair a tablet');
    expect((await send('/admin/gateway-status', { host: `${lan}:${server.port}` })).status).toBe(401);
    const revoke = await send(`/admin/devices/${server.hub.listDevices()[0]?.id ?? 'x'}/revoke`, {
      method: 'POST',
      host: `${lan}:${server.port}`,
      headers: { 'content-type': FORM, origin: `http://${lan}:${server.port}` },
    });
    expect(revoke.status).toBe(401);
    expect(server.hub.listDevices().every((device) => device.revokedAt === null)).toBe(true);
  });

  it('signs in with the admin key (not with a wrong one) and can then revoke a tablet', async () => {
    const origin = `http://${lan}:${server.port}`;
    const host = `${lan}:${server.port}`;
    const wrong = await send('/admin/login', {
      method: 'POST',
      host,
      headers: { 'content-type': FORM, origin },
      body: form({ key: 'guess' }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await send('/admin/login', {
      method: 'POST',
      host,
      headers: { 'content-type': FORM, origin },
      body: form({ key: ADMIN_KEY }),
    });
    expect(right.status).toBe(303);
    const session = String(right.headers['set-cookie']).split(';')[0]!;
    expect(String(right.headers['set-cookie'])).toMatch(
      /HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/,
    );

    const page = await send('/admin', { host, headers: { cookie: session } });
    expect(page.status).toBe(200);
    const device = server.hub.listDevices()[0]!;
    expect(page.body).toContain(device.name);
    const revoked = await send(`/admin/devices/${device.id}/revoke`, {
      method: 'POST',
      host,
      headers: { cookie: session, 'content-type': FORM, origin },
    });
    expect(revoked.status).toBe(303);
    expect(server.hub.listDevices().find((listed) => listed.id === device.id)?.revokedAt).not.toBeNull();
  });
});

// PINs are checked with scrypt (deliberately slow, ~0.1 s each): a dozen tries take seconds on a busy machine.
describe('staff on the admin page', { timeout: 30_000 }, () => {
  const lan = hostname().toLowerCase();
  const post = (path: string, fields: Record<string, string>, from: FormSender = {}) =>
    postAdminForm(server.port, path, fields, from);

  it('asks for the first manager, refuses a bad PIN naming it, and records each change once', async () => {
    const page = await send('/admin');
    expect(page.body).toContain('No manager yet');
    const badPin = await post('/admin/staff', { name: 'Anna', role: 'manager', pin: '12a4' });
    expect(badPin.status).toBe(400);
    expect(badPin.body).toContain('a PIN is 4 to 6 digits');
    expect(server.hub.staff.list()).toHaveLength(0);

    expect((await post('/admin/staff', { name: 'Anna', role: 'manager', pin: '9999' })).status).toBe(303);
    expect((await post('/admin/staff', { name: 'Mia', role: 'waiter', pin: '1111' })).status).toBe(303);
    const taken = await post('/admin/staff', { name: 'mia', role: 'waiter', pin: '2222' });
    expect(taken.status).toBe(409);
    const after = await send('/admin');
    expect(after.body).not.toContain('No manager yet');
    expect(after.body).toMatch(/Anna<\/td><td>Manager/);
    const anna = server.hub.staff.list().find((member) => member.name === 'Anna')!;

    const lastManager = await post(`/admin/staff/${anna.id}/disable`, {});
    expect(lastManager.status).toBe(409);
    expect(lastManager.body).toContain('the last manager cannot be disabled');
    const added = server.hub.audit.list({ kind: 'staff_added' });
    expect(added.map((row) => row.note).sort()).toEqual(['Anna (manager)', 'Mia (waiter)']);
    expect(added.every((row) => row.staffName === 'server machine')).toBe(true);
  });

  it('lets a manager sign in with name and admin password from another machine, never with a PIN, never a waiter, and locks out guessing', async () => {
    const host = `${lan}:${server.port}`;
    const annaId = server.hub.staff.list().find((member) => member.name === 'Anna')!.id;
    const miaId = server.hub.staff.list().find((member) => member.name === 'Mia')!.id;
    expect((await post(`/admin/staff/${miaId}/password`, { password: 'a waiter has none' })).status).toBe(
      400,
    );
    expect((await post(`/admin/staff/${annaId}/password`, { password: 'too short' })).status).toBe(400);
    expect(
      (await post(`/admin/staff/${annaId}/password`, { password: 'correct horse battery' })).status,
    ).toBe(303);
    const byPin = await post('/admin/login', { name: 'anna', pin: '9999', password: '9999' }, { host });
    expect(byPin.status).toBe(401);
    const waiter = await post('/admin/login', { name: 'Mia', password: 'a waiter has none' }, { host });
    expect(waiter.status).toBe(401);
    expect(waiter.body).toContain('do not match an active manager');
    const manager = await post('/admin/login', { name: 'anna', password: 'correct horse battery' }, { host });
    expect(manager.status).toBe(303);
    const session = String(manager.headers['set-cookie']).split(';')[0]!;

    const mia = server.hub.staff.list().find((member) => member.name === 'Mia')!;
    expect(
      (await post(`/admin/staff/${mia.id}/pin`, { pin: '3333' }, { host, cookie: session })).status,
    ).toBe(303);
    expect(server.hub.audit.list({ kind: 'staff_pin_reset' })[0]).toMatchObject({
      staffName: 'Anna',
      subject: mia.id,
    });
    expect(
      (
        await post(
          '/admin/policies/bar',
          { openPriceLimit: '80,50', discountLimitPercent: '15', idleLockMinutes: '3', lockAfterSale: '1' },
          { host, cookie: session },
        )
      ).status,
    ).toBe(303);
    expect(server.hub.staff.policy('bar')).toEqual({
      outlet: 'bar',
      openPriceLimitCents: 8050,
      discountLimitPercent: 15,
      idleLockMinutes: 3,
      lockAfterSale: true,
    });
    const badPolicy = await post(
      '/admin/policies/bar',
      { openPriceLimit: '1e-9', discountLimitPercent: '15', idleLockMinutes: '3' },
      { host, cookie: session },
    );
    expect(badPolicy.status).toBe(400);
    expect(badPolicy.body).toContain('at most two decimals');
    expect(server.hub.staff.policy('bar').openPriceLimitCents).toBe(8050);

    // The audit log and its CSV: for admins only.
    expect((await send('/admin/audit', { host })).status).toBe(401);
    expect((await send('/admin/audit.csv', { host })).status).toBe(401);
    const audit = await send('/admin/audit?kind=staff_pin_reset', { host, headers: { cookie: session } });
    expect(audit.status).toBe(200);
    expect(audit.body.match(/data-audit="staff_pin_reset"/g)).toHaveLength(1);
    const csv = await send('/admin/audit.csv?kind=admin_sign_in&staff=Anna', {
      host,
      headers: { cookie: session },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(2); // header and Anna's one sign-in

    // Disabled, the manager's session ends.
    await post('/admin/staff', { name: 'Ben', role: 'manager', pin: '5555' });
    const anna = server.hub.staff.list().find((member) => member.name === 'Anna')!;
    expect((await post(`/admin/staff/${anna.id}/disable`, {})).status).toBe(303);
    expect((await send('/admin', { host, headers: { cookie: session } })).status).toBe(401);

    const ben = server.hub.staff.list().find((member) => member.name === 'Ben')!;
    await post(`/admin/staff/${ben.id}/password`, { password: 'bens long password' });
    for (let i = 0; i < 8; i += 1)
      await post('/admin/login', { name: 'Ben', password: 'wrong guess!!' }, { host });
    const locked = await post('/admin/login', { name: 'Ben', password: 'bens long password' }, { host });
    expect(locked.status).toBe(429);
    expect(locked.body).toContain('Too many wrong tries');
  });
});
