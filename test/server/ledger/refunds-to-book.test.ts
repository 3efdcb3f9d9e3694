// A refund's PMS side (issue 30, item 4): the interface makes no credit note, so a refund is listed
// apart as "to book in the PMS" - never as a sale not yet in the PMS - until a signed-in manager
// marks it booked on the admin page (audited); not signed in, nobody may; twice is refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { ANNA_AND_MIA, addStaff, STAFF_KEY_ROUNDS } from '../staff/staff-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { line, recordFixture, recordShiftWithPils } from './ledger-fixtures.ts';

let hotel: TestHotel;
let app: TabletApp;
let anna: string;
const ANNA_PASSWORD = 'anna counts the bar';

beforeEach(async () => {
  hotel = pinnedHotel();
  app = tabletApp({ hotel, adminKey: 'admin-key-for-tests' }, { staffKeyRounds: STAFF_KEY_ROUNDS });
  const card = await addStaff(app, ANNA_AND_MIA);
  anna = card('Anna').id;
  await app.hub.staff.setAdminPassword(anna, ANNA_PASSWORD);
  await recordShiftWithPils(app.hub, app.device, card('Mia').id, { outcomes: ['done', 'done'] });
  await recordFixture(app.hub, app.device, {
    saleId: 'R1',
    kind: 'refund',
    refersTo: 'S1',
    lines: [line('Pils', -2, 380, 1900, 'Beer')],
    payments: [{ method: 'cash', amountCents: -760 }],
    approvedBy: [{ action: 'void_sale', manager: { id: anna, pin: '9999' } }],
  });
});
afterEach(() => hotel.close());

function admin(path: string, options: { cookie?: string; form?: Record<string, string>; key?: string } = {}) {
  return app.server.request(`http://localhost${path}`, {
    method: options.form ? 'POST' : 'GET',
    headers: {
      host: 'localhost',
      'accept-language': 'en-GB',
      'sec-fetch-site': 'same-origin',
      ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.key ? { 'x-admin-key': options.key } : {}),
    },
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  });
}

describe('a refund to book in the PMS', () => {
  it('is listed apart, not as pending; a manager marks it booked (audited) and it leaves the list', async () => {
    const x = app.hub.closing.xReport();
    expect(x.refundsToBook?.map((r) => r.saleId)).toEqual(['R1']);
    expect(x.pendingByDevice.reduce((n, d) => n + d.pending, 0)).toBe(0);

    // Not signed in: 401; nothing marked.
    expect((await admin('/admin/day/refunds/booked', { form: { saleId: 'R1' } })).status).toBe(401);
    const login = await admin('/admin/login', { form: { name: 'Anna', password: ANNA_PASSWORD } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const page = await (await admin('/admin/day', { cookie })).text();
    expect(page).toContain('data-refund="R1"');
    expect(page).toContain('To book in the PMS (refunds)');

    const marked = await admin('/admin/day/refunds/booked', { cookie, form: { saleId: 'R1' } });
    expect(marked.status).toBe(303);
    expect(app.hub.closing.xReport().refundsToBook).toEqual([]);
    const audit = app.hub.db
      .prepare("SELECT staff_name AS who, subject FROM audit_log WHERE kind = 'refund_booked_in_pms'")
      .all();
    expect(audit).toEqual([{ who: 'Anna', subject: 'R1' }]);
    const again = await admin('/admin/day/refunds/booked', { cookie, form: { saleId: 'R1' } });
    expect(again.status).toBe(409);
    const unknown = await admin('/admin/day/refunds/booked', { cookie, form: { saleId: 'S1' } });
    expect(unknown.status).toBe(404);
  });
});
