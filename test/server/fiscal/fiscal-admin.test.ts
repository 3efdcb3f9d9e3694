// The fiscal admin screens (/admin/fiscal): the country, the TSE set-up with the PUK shown once, the
// ELSTER data, the exports; for managers and hotel IT only: a caller elsewhere on the network without
// a session and a paired tablet get 401, a manager's session and the admin key get in.
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTar } from '../../../src/server/fiscal/tar.ts';
import type { RunningServer } from '../../../src/server/listen.ts';
import {
  type FormSender,
  type HostRequest,
  postAdminForm,
  requestWithHost,
  startAdminServer,
} from '../../support/host-request.ts';

const ADMIN_KEY = 'fiscal-admin-key-77';
let server: RunningServer;
beforeAll(async () => {
  server = await startAdminServer(ADMIN_KEY, {
    staffKeyRounds: 1000,
    fiscal: { dataDir: null, testMode: true },
  });
  await server.hub.staff.add({ name: 'Anna', role: 'manager', pin: '9999' });
  await server.hub.staff.add({ name: 'Mia', role: 'waiter', pin: '1111' });
});
afterAll(() => server.close());

/** A request to the server, by default as on the server machine itself (see requestWithHost). */
const send = (path: string, options: HostRequest = {}) => requestWithHost(server.port, path, options);
const post = (path: string, fields: Record<string, string>, from: FormSender = {}) =>
  postAdminForm(server.port, path, fields, from);

describe('the fiscal screens on the server machine', () => {
  it('start with no fiscal country; refuse an unknown one naming the field', async () => {
    const page = await send('/admin/fiscal');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<option value="none" selected>');
    expect(server.fiscal.country()).toBe('none');
    const bad = await post('/admin/fiscal/country', { country: 'FR' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ success: false, field: 'country' });
    expect(server.fiscal.country()).toBe('none');
    const noSetup = await post('/admin/fiscal/setup', { tillSerial: 'X' });
    expect(noSetup.status).toBe(409);
  });

  it('chooses Germany, sets up the TSS and this till with the PUK shown once, and lists the ELSTER data', async () => {
    expect((await post('/admin/fiscal/country', { country: 'DE' })).status).toBe(303);
    expect(server.fiscal.country()).toBe('DE');
    const before = await send('/admin/fiscal', { headers: { 'accept-language': 'de-DE' } });
    expect(before.body).toContain('TEST-TSE');
    expect(before.body).toContain('Noch keine TSE eingerichtet');

    const badSerial = await post('/admin/fiscal/setup', { tillSerial: 'BAR/1', startOfUse: '2026-12-01' });
    expect(badSerial.status).toBe(400);
    expect(JSON.parse(badSerial.body)).toMatchObject({ field: 'tillSerial' });
    expect(server.fiscal.german()!.store.setup()).toBeUndefined();

    const done = await post('/admin/fiscal/setup', {
      tillSerial: 'HOTEL-TILL BAR 1',
      startOfUse: '2026-12-01',
    });
    expect(done.status).toBe(200);
    const puk = /data-testid="puk">([^<]+)</.exec(done.body)?.[1];
    expect(puk).toMatch(/^[0-9A-F]{10}$/);
    expect(done.body).toMatch(/data-testid="tse-serial">[0-9a-f]{64}</);
    expect(done.body).toContain('data-testid="start-of-use">2026-12-01<');
    expect(done.body).toContain('data-testid="tse-type">TEST-TSE');
    expect(server.hub.audit.list({ kind: 'tse_set_up' })).toHaveLength(1);

    const later = await send('/admin/fiscal');
    expect(later.body).not.toContain(puk!);
    expect(later.body).toContain('data-testid="till-serial">HOTEL-TILL BAR 1<');
    expect((await post('/admin/fiscal/setup', { tillSerial: 'HOTEL-TILL BAR 2' })).status).toBe(409);

    expect((await post('/admin/fiscal/start-of-use', { startOfUse: '2026-12-02' })).status).toBe(303);
    expect(server.fiscal.german()!.elster()!.startOfUse).toBe('2026-12-02');
    expect((await post('/admin/fiscal/start-of-use', { startOfUse: 'soon' })).status).toBe(400);
    // Once the TSE is set up, signing cannot be switched off (issue 30): refused, on record.
    const off = await post('/admin/fiscal/country', { country: 'none' });
    expect(off.status).toBe(409);
    expect(JSON.parse(off.body)).toMatchObject({ code: 'fiscal_signing_locked', field: 'country' });
    expect(server.fiscal.country()).toBe('DE');
  });

  it('downloads the TSE export; the DSFinV-K export of Z numbers not closed is 404 naming the field', async () => {
    await server.fiscal.driver().sign({
      saleId: 'admin-sale-1',
      kind: 'sale',
      recordedAt: new Date().toISOString(),
      grossCentsByVatId: { 1: 500 },
      payments: { cashCents: 500, nonCashCents: 0 },
    });
    // Started by a POST only: a GET has no side effect (issue 30).
    expect((await send('/admin/fiscal/tse-export.tar')).status).toBe(405);
    const tar = await post('/admin/fiscal/tse-export.tar', {});
    expect(tar.status).toBe(200);
    expect(tar.headers['content-type']).toBe('application/x-tar');
    const names = readTar(new Uint8Array(tar.bytes)).map((entry) => entry.name);
    expect(names).toContain('info.csv');
    expect(names.filter((name) => name.endsWith('.log'))).toHaveLength(2);
    const dsfinvk = await send('/admin/fiscal/dsfinvk.zip?from=1&to=2');
    expect(dsfinvk.status).toBe(404);
    expect(JSON.parse(dsfinvk.body)).toMatchObject({ code: 'z_unknown', field: 'from' });
    expect((await send('/admin/fiscal/dsfinvk.zip?from=x&to=2')).status).toBe(400);
  });
});

describe('an outage on the fiscal screen', () => {
  it('lists the outage and the waiting sale; "Try the TSE now" signs it late and ends the outage', async () => {
    const german = server.fiscal.german()!;
    german.testTse!.faults.inject({ kind: 'server-error' });
    const mark = await server.fiscal.driver().sign({
      saleId: 'admin-sale-outage',
      kind: 'sale',
      recordedAt: new Date().toISOString(),
      grossCentsByVatId: { 2: 350 },
      payments: { cashCents: 350, nonCashCents: 0 },
    });
    expect(mark.status).toBe('unsigned');
    const during = await send('/admin/fiscal');
    expect(during.body).toContain('data-testid="waiting">1<');
    expect(during.body).toContain('still out');
    expect(during.body).toContain('TSE unreachable: E_INTERNAL');

    german.testTse!.faults.clear();
    expect((await post('/admin/fiscal/recover', {})).status).toBe(303);
    const after = await send('/admin/fiscal');
    expect(after.body).toContain('data-testid="waiting">0<');
    expect(after.body).not.toContain('still out');
    expect(server.fiscal.driver().reprint('admin-sale-outage')!.lines).toContain(
      'Nachträglich signiert / Signed later',
    );
  });
});

describe('who may use the fiscal screens', () => {
  const lan = hostname().toLowerCase();
  const host = () => `${lan}:${server.port}`;

  it('refuses a caller elsewhere on the network without a session (401), and changes nothing', async () => {
    expect((await send('/admin/fiscal', { host: host() })).status).toBe(401);
    expect((await post('/admin/fiscal/tse-export.tar', {}, { host: host() })).status).toBe(401);
    expect((await post('/admin/fiscal/country', { country: 'none' }, { host: host() })).status).toBe(401);
    expect(server.fiscal.country()).toBe('DE');
  });

  it('refuses a paired tablet: its device cookie is no admin session', async () => {
    const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'Bar 1' });
    const { token } = server.hub.redeemPairingCode(code, '127.0.0.1');
    const cookie = `${server.hub.cookieName}=${token}`;
    expect((await send('/admin/fiscal', { host: host(), headers: { cookie } })).status).toBe(401);
    expect((await post('/admin/fiscal/country', { country: 'none' }, { host: host(), cookie })).status).toBe(
      401,
    );
    expect(server.fiscal.country()).toBe('DE');
  });

  it('refuses a waiter, and lets a manager and the admin key in', async () => {
    const signIn = (fields: Record<string, string>) => post('/admin/login', fields, { host: host() });
    const waiter = await signIn({ name: 'Mia', pin: '1111' });
    expect(waiter.status).toBe(401);
    // The admin page takes a manager's admin password, never a PIN (issue 20).
    expect((await signIn({ name: 'Anna', pin: '9999' })).status).toBe(401);
    const anna = server.hub.staff.list().find((member) => member.name === 'Anna')!;
    await server.hub.staff.setAdminPassword(anna.id, 'anna keeps the books');
    const manager = await signIn({ name: 'Anna', password: 'anna keeps the books' });
    expect(manager.status).toBe(303);
    const managerCookie = String(manager.headers['set-cookie']).split(';')[0]!;
    const page = await send('/admin/fiscal', { host: host(), headers: { cookie: managerCookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('HOTEL-TILL BAR 1');

    const key = await signIn({ key: ADMIN_KEY });
    const keyCookie = String(key.headers['set-cookie']).split(';')[0]!;
    expect((await post('/admin/fiscal/tse-export.tar', {}, { host: host(), cookie: keyCookie })).status).toBe(
      200,
    );
  });
});
