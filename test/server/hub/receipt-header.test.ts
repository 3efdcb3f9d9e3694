// The receipt header belongs to the hotel and its outlets, set once on the server (issue 22): the
// admin page sets the hotel's and an outlet's own (checked, naming the refused field, nothing
// half-written), warns while an outlet would print without a VAT ID, and records each change; a
// paired tablet reads its outlet's header and cannot change it; an unpaired caller reads nothing.
// Also the outlet's quick reasons, set with its rules on the admin page and served with the staff list.
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

let server: RunningServer;
beforeAll(async () => {
  server = await startAdminServer('k-7d1e');
});
afterAll(() => server.close());

/** A request to the server, by default as on the server machine itself (see requestWithHost). */
const send = (path: string, options: HostRequest = {}) => requestWithHost(server.port, path, options);

/** A form sent from the admin page, on `host` (default: the server machine itself). */
const post = (path: string, fields: Record<string, string>, from: FormSender = {}) =>
  postAdminForm(server.port, path, fields, from);

/** A tablet of `outlet` paired with the server: its device cookie. */
async function pairedTablet(outlet: 'bar' | 'minibar'): Promise<string> {
  const { code } = server.hub.createPairingCode({ outlet, name: `${outlet} tablet` });
  const paired = await send('/till/pair', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-till-request-id': crypto.randomUUID() },
    body: JSON.stringify({ code }),
  });
  expect(paired.status).toBe(200);
  return String(paired.headers['set-cookie']).split(';')[0]!;
}

const headerOf = async (cookie: string) => {
  const answer = await send('/till/receipt-header', { headers: { cookie } });
  return {
    status: answer.status,
    header: answer.status === 200 ? JSON.parse(answer.body).header : undefined,
  };
};

describe('the receipt header', () => {
  it('is set on the admin page for the hotel, an outlet may override it, and paired tablets get their outlet’s', async () => {
    const bar = await pairedTablet('bar');
    const minibar = await pairedTablet('minibar');
    expect(await headerOf(bar)).toEqual({
      status: 200,
      header: { hotelName: '', hotelAddress: '', vatId: '' },
    });
    expect((await send('/admin')).body).toContain('data-testid="no-vat-id"');

    const hotel = {
      hotelName: 'Hotel Alpenrose',
      hotelAddress: 'Dorfstraße 1, 6020 Innsbruck',
      vatId: 'atu 1234-5678',
    };
    expect((await post('/admin/receipt-header/hotel', hotel)).status).toBe(303);
    expect(
      (
        await post('/admin/receipt-header/minibar', {
          hotelName: 'Alpenrose Minibar',
          hotelAddress: '',
          vatId: '',
        })
      ).status,
    ).toBe(303);

    expect((await headerOf(bar)).header).toEqual({
      hotelName: 'Hotel Alpenrose',
      hotelAddress: 'Dorfstraße 1, 6020 Innsbruck',
      vatId: 'ATU12345678',
    });
    expect((await headerOf(minibar)).header).toEqual({
      hotelName: 'Alpenrose Minibar',
      hotelAddress: 'Dorfstraße 1, 6020 Innsbruck',
      vatId: 'ATU12345678',
    });
    expect((await send('/admin')).body).not.toContain('data-testid="no-vat-id"');
    expect(
      server.hub.audit
        .list({ kind: 'receipt_header_changed' })
        .map((row) => row.subject)
        .sort(),
    ).toEqual(['hotel', 'minibar']);
  });

  it('refuses a bad value naming the field, and writes nothing of that form', async () => {
    const before = server.hub.receiptHeaders.stored('hotel');
    const bad = await post('/admin/receipt-header/hotel', {
      hotelName: 'Changed',
      hotelAddress: '',
      vatId: 'not a vat id!',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('vatId');
    expect(server.hub.receiptHeaders.stored('hotel')).toEqual(before);
    expect((await post('/admin/receipt-header/lobby', { hotelName: 'x' })).status).toBe(400);
  });

  it('cannot be changed by a paired tablet, and is not served to an unpaired caller', async () => {
    const bar = await pairedTablet('bar');
    const before = server.hub.receiptHeaders.stored('hotel');
    const host = `${hostname().toLowerCase()}:${server.port}`;
    const fromTablet = await post(
      '/admin/receipt-header/hotel',
      { hotelName: 'Hacked', hotelAddress: '', vatId: '' },
      { host, cookie: bar },
    );
    expect(fromTablet.status).toBe(401);
    expect(server.hub.receiptHeaders.stored('hotel')).toEqual(before);
    expect((await send('/till/receipt-header')).status).toBe(401);
  });
});

describe('the outlet’s quick reasons (issue 22, "Reasons")', () => {
  const rules = { openPriceLimit: '100', discountLimitPercent: '20', idleLockMinutes: '5' };
  it('are set on the admin page one per line, reach the tablet with the staff list, and a bad one is refused naming the field', async () => {
    const saved = await post('/admin/policies/minibar', {
      ...rules,
      quickReasons: 'Glas zerbrochen\r\n\r\n  Falsch   gebucht ',
    });
    expect(saved.status).toBe(303);
    expect(server.hub.staff.policy('minibar').quickReasons).toEqual(['Glas zerbrochen', 'Falsch gebucht']);
    const tablet = await pairedTablet('minibar');
    const list = await send('/till/staff', { headers: { cookie: tablet } });
    expect(JSON.parse(list.body).policy.quickReasons).toEqual(['Glas zerbrochen', 'Falsch gebucht']);

    const tooLong = await post('/admin/policies/minibar', { ...rules, quickReasons: 'x'.repeat(61) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toContain('quick reasons');
    expect(server.hub.staff.policy('minibar').quickReasons).toEqual(['Glas zerbrochen', 'Falsch gebucht']);
  });
});
