// The Austrian admin sections (/admin/fiscal with Austria chosen): set-up with the AES key and its
// check value shown once, the field named on bad input, special receipts, the test unit's outage
// switch with the Sammelbeleg after it, logged checks, DEP7 and crypto material downloads that pass
// the independent verifier, decommissioning; and nobody but the admin sign-in gets in.
import { createHash } from 'node:crypto';
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
import { type CryptoContainer, type Dep7, verifyDep } from './rksv-verifier.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startAdminServer('rksv-admin-key-31', {
    staffKeyRounds: 1000,
    fiscal: { dataDir: null, testMode: true },
  });
});
afterAll(() => server.close());

const send = (path: string, options: HostRequest = {}) => requestWithHost(server.port, path, options);
const post = (path: string, fields: Record<string, string>, from: FormSender = {}) =>
  postAdminForm(server.port, path, fields, from);
const SETUP = {
  kassenId: 'HOTEL-TILL-INN-1',
  businessName: 'Hotel Alpenblick',
  businessAddress: 'Maria-Theresien-Straße 1, 6020 Innsbruck',
  vatId: 'ATU12345678',
  taxNumber: '',
};
async function verifiedDownloads() {
  const dep = JSON.parse((await send('/admin/fiscal/at/dep7.json')).body) as Dep7;
  const material = JSON.parse((await send('/admin/fiscal/at/crypto-material.json')).body) as CryptoContainer;
  return { dep, ...verifyDep(dep, material) };
}

describe('the Austrian register on the admin page', () => {
  it('sets up with the AES key shown once, makes the Startbeleg, and names the field on bad input', async () => {
    expect((await post('/admin/fiscal/country', { country: 'AT' })).status).toBe(303);
    const before = await send('/admin/fiscal');
    expect(before.body).toContain('TEST signature unit');
    expect(before.body).toContain('name="kassenId"');
    const bad = await post('/admin/fiscal/at/setup', { ...SETUP, kassenId: 'BAR_1' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ field: 'kassenId' });
    const badUid = await post('/admin/fiscal/at/setup', { ...SETUP, vatId: 'DE123' });
    expect(JSON.parse(badUid.body)).toMatchObject({ field: 'vatId' });
    expect(server.fiscal.austria()!.store.register()).toBeUndefined();

    const done = await post('/admin/fiscal/at/setup', SETUP);
    expect(done.status).toBe(200);
    const key = /data-testid="aes-key">([^<]+)</.exec(done.body)![1]!;
    const check = /data-testid="check-value">([^<]+)</.exec(done.body)![1]!;
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    // The check value as the facts define it, reckoned here: SHA-256 of the key text, 3 bytes, no "=".
    expect(check).toBe(
      createHash('sha256').update(key).digest().subarray(0, 3).toString('base64').replace(/=/g, ''),
    );
    const again = await send('/admin/fiscal');
    expect(again.body).not.toContain(key);
    expect(again.body).toContain('HOTEL-TILL-INN-1');
    expect(again.body).toContain('Belegcheck');
    const { problems, receipts } = await verifiedDownloads();
    expect(problems).toEqual([]);
    expect(receipts.map((r) => r.kind)).toEqual(['start']);
    expect((await post('/admin/fiscal/at/setup', SETUP)).status).toBe(409);
  });

  it('makes a Nullbeleg; an outage of the test unit fails receipts until the Sammelbeleg; the DEP verifies', async () => {
    expect((await post('/admin/fiscal/at/zero', {})).status).toBe(303);
    expect((await post('/admin/fiscal/at/test-unit', { off: '1' })).status).toBe(303);
    expect((await post('/admin/fiscal/at/zero', {})).status).toBe(303);
    const during = await send('/admin/fiscal');
    expect(during.body).toContain('still out');
    expect((await verifiedDownloads()).endsInOutage).toBe(true);
    expect((await post('/admin/fiscal/at/test-unit', { off: '0' })).status).toBe(303);
    const { problems, receipts, endsInOutage } = await verifiedDownloads();
    expect(problems).toEqual([]);
    expect(endsInOutage).toBe(false);
    expect(receipts.map((r) => `${r.kind}:${r.signed}`)).toEqual([
      'start:true',
      'zero:true',
      'zero:false',
      'zero:true',
    ]);
  });

  it('logs a Belegcheck result and decommissions only when the export is confirmed', async () => {
    const start = server.fiscal.austria()!.store.lastOf('start')!;
    expect((await post('/admin/fiscal/at/check', { receiptNumber: 'nope', result: 'OK' })).status).toBe(400);
    expect(
      (
        await post('/admin/fiscal/at/check', {
          receiptNumber: start.receiptNumber,
          result: 'OK, Belegcheck-App',
        })
      ).status,
    ).toBe(303);
    expect((await send('/admin/fiscal')).body).not.toContain('Check the Startbeleg');
    const refused = await post('/admin/fiscal/at/decommission', {});
    expect(JSON.parse(refused.body)).toMatchObject({ field: 'confirm' });
    expect((await post('/admin/fiscal/at/decommission', { confirm: 'yes' })).status).toBe(303);
    expect((await send('/admin/fiscal')).body).toContain('Decommissioned');
    expect(server.fiscal.austria()!.store.lastOf('closing')?.signed).toBe(true);
    expect((await verifiedDownloads()).problems).toEqual([]);
  });
});

describe('who may use the Austrian admin actions', () => {
  const host = () => `${hostname().toLowerCase()}:${server.port}`;
  it('refuses a caller elsewhere without a session and a paired tablet (401), and makes no receipt', async () => {
    const count = server.fiscal.austria()!.store.receipts().length;
    const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'Bar 1' });
    const { token } = server.hub.redeemPairingCode(code, '127.0.0.1');
    const cookie = `${server.hub.cookieName}=${token}`;
    for (const from of [{ host: host() }, { host: host(), cookie }]) {
      expect(
        (
          await send('/admin/fiscal/at/dep7.json', {
            host: from.host,
            ...(from.cookie ? { headers: { cookie } } : {}),
          })
        ).status,
      ).toBe(401);
      expect((await send('/admin/fiscal/at/crypto-material.json', { host: from.host })).status).toBe(401);
      expect((await post('/admin/fiscal/at/zero', {}, from)).status).toBe(401);
      expect((await post('/admin/fiscal/at/test-unit', { off: '1' }, from)).status).toBe(401);
    }
    expect(server.fiscal.austria()!.store.receipts()).toHaveLength(count);
  });
});
