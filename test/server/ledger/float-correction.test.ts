// A drawer's opening float on the admin day page (issue 30): shown per drawer, and corrected by a
// manager as a new recorded act with its reason (append-only, audited), never an update of the
// tablet's `shift-open`; the X and the Z use the latest act; a correction belongs to its own day.
// Nobody else corrects it: not unsigned, not a paired tablet, not the admin key without a manager.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayBefore } from '../../../src/server/ledger/closing/business-day.ts';
import { drawerCashUps } from '../../../src/server/ledger/closing/cash-up.ts';
import { localDate } from '../../../src/server/ledger/closing/day-closing.ts';
import type { FloatCorrectionRow } from '../../../src/server/ledger/closing/float-corrections.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { ANNA_AND_MIA, addStaff, STAFF_KEY_ROUNDS } from '../staff/staff-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { recordShiftWithPils } from './ledger-fixtures.ts';

const ANNA_PASSWORD = 'anna counts the bar';
const FORM = 'application/x-www-form-urlencoded';

let hotel: TestHotel;
let app: TabletApp;

beforeEach(async () => {
  hotel = pinnedHotel('DE');
  app = tabletApp({ hotel, adminKey: 'admin-key-for-tests' }, { staffKeyRounds: STAFF_KEY_ROUNDS });
  const card = await addStaff(app, ANNA_AND_MIA);
  await app.hub.staff.setAdminPassword(card('Anna').id, ANNA_PASSWORD);
  // the tablet opened the shift with a 50.00 float and sold 2 Pils for 7.60 cash
  await recordShiftWithPils(app.hub, app.device, card('Mia').id, { createdAt: '2026-11-26T18:30:00.000Z' });
});
afterEach(() => hotel.close());

function admin(path: string, options: { cookie?: string; form?: Record<string, string> } = {}) {
  return app.server.request(`http://localhost${path}`, {
    method: options.form ? 'POST' : 'GET',
    headers: {
      host: 'localhost',
      'accept-language': 'en-GB',
      'sec-fetch-site': 'same-origin',
      ...(options.form ? { 'content-type': FORM } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  });
}
async function signIn(name: string, password: string): Promise<string> {
  const answer = await admin('/admin/login', { form: { name, password } });
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}
const barDrawer = () =>
  app.hub.closing.xReport().drawers.find((d) => d.outlet === 'bar' && d.drawer === 'Bar')!;
const corrections = () =>
  app.hub.db
    .prepare(
      'SELECT float_cents AS cents, previous_cents AS was, reason, corrected_by_name AS who FROM float_corrections ORDER BY correction_id',
    )
    .all();
const tabletFloat = () =>
  app.hub.db
    .prepare(
      `SELECT json_extract(body, '$.shift.floatCents') AS cents FROM ledger_sales WHERE kind = 'shift-open'`,
    )
    .all();
const floatAudits = () =>
  app.hub.db
    .prepare(
      `SELECT staff_name AS who, subject, amount_cents AS cents FROM audit_log WHERE kind = 'float_corrected'`,
    )
    .all();

describe('the opening float on the admin day page', () => {
  it('is shown per drawer and corrected by a manager as a new record; the X and the Z use the latest', async () => {
    const cookie = await signIn('Anna', ANNA_PASSWORD);
    const before = await (await admin('/admin/day', { cookie })).text();
    expect(before).toMatch(/<tr data-drawer="bar\/Bar">.*?data-float="5000">€50.00/s);
    expect(before).toContain('data-float-form="bar/Bar"');

    const fix = { outlet: 'bar', drawer: 'Bar', float: '150,00', reason: 'typed 50 instead of 150' };
    expect((await admin('/admin/day/floats', { cookie, form: fix })).status).toBe(303);
    expect(barDrawer()).toMatchObject({ floatCents: 15000, cashSalesCents: 760, expectedCents: 15760 });
    const second = { ...fix, float: '120.00', reason: 'two rolls of coins were the restaurant’s' };
    expect((await admin('/admin/day/floats', { cookie, form: second })).status).toBe(303);
    expect(barDrawer()).toMatchObject({
      floatCents: 12000,
      expectedCents: 12760,
      floatCorrection: { previousCents: 15000, correctedBy: 'Anna', reason: second.reason },
    });
    // two new rows; the tablet's own record is as it came
    expect(corrections()).toEqual([
      { cents: 15000, was: 5000, reason: fix.reason, who: 'Anna' },
      { cents: 12000, was: 15000, reason: second.reason, who: 'Anna' },
    ]);
    expect(tabletFloat()).toEqual([{ cents: 5000 }]);
    expect(floatAudits()).toEqual([
      { who: 'Anna', subject: 'bar/Bar', cents: 15000 },
      { who: 'Anna', subject: 'bar/Bar', cents: 12000 },
    ]);
    expect(() => app.hub.db.prepare('UPDATE float_corrections SET float_cents = 0').run()).toThrow(
      /append-only/,
    );
    expect(() => app.hub.db.prepare('DELETE FROM float_corrections').run()).toThrow(/append-only/);
    const page = await (await admin('/admin/day', { cookie })).text();
    expect(page).toMatch(/data-float="12000">€120.00<\/td>/);
    expect(page).toMatch(
      /<tr class="float-note" data-float-corrected="bar\/Bar"><td colspan="9" class="muted">Opening float: €120.00, corrected by Anna, [^(]+ \(was €150.00\): two rolls/,
    );

    // The Z: the count agrees with 120.00 + 7.60, the closed day keeps the corrected float.
    const drawer = app.hub.closing.countDrawer(
      {
        outlet: 'bar',
        drawer: 'Bar',
        denominations: { '5000': 2, '2000': 1, '500': 1, '200': 1, '50': 1, '10': 1 },
      },
      { staffId: null, staffName: 'Anna' },
      null,
    );
    expect(drawer.count?.differenceCents).toBe(0);
    const z = app.hub.closing.closeDay(
      { upToSeq: 2, businessDay: dayBefore(localDate(new Date())) },
      { staffId: null, staffName: 'Anna' },
    );
    expect(z.report.drawers.find((d) => d.drawer === 'Bar')).toMatchObject({
      floatCents: 12000,
      expectedCents: 12760,
    });
    // the next day starts without it: no shift opened yet, no correction of that day
    expect(barDrawer()).toMatchObject({ floatCents: 0, expectedCents: 0 });
    expect(barDrawer().floatCorrection).toBeUndefined();
  });

  it('takes the latest act: a correction over the shift opened before it, a shift opened after it over it', () => {
    const queries = {
      floats: () => [{ seq: 5, outlet: 'bar', drawer: 'Bar', floatCents: 5000 }],
      cash: () => [],
      countsAfter: () => [],
    };
    const correction = (seenSeq: number): FloatCorrectionRow => ({
      correctionId: 1,
      outlet: 'bar',
      drawer: 'Bar',
      seenSeq,
      floatCents: 15000,
      previousCents: 0,
      reason: 'set in the morning',
      correctedBy: 'Anna',
      correctedAt: '2026-11-26T07:00:00.000Z',
    });
    const outlets = [{ id: 'bar', name: 'Bar', drawers: ['Bar'] }] as never;
    const floatOf = (rows: FloatCorrectionRow[]) =>
      drawerCashUps(queries as never, { after: 0, upTo: 9 }, outlets, 0, rows)[0]!.floatCents;
    expect(floatOf([])).toBe(5000);
    expect(floatOf([correction(5)])).toBe(15000); // made after the shift opened
    expect(floatOf([correction(3)])).toBe(5000); // the shift opened after the correction
  });

  it('is refused to anyone but a manager, and refused when wrong, with nothing written', async () => {
    const fix = { outlet: 'bar', drawer: 'Bar', float: '150,00', reason: 'typed 50 instead of 150' };
    // not signed in; a paired tablet's cookie
    expect((await admin('/admin/day/floats', { form: fix })).status).toBe(401);
    expect((await admin('/admin/day/floats', { form: fix, cookie: app.cookie })).status).toBe(401);
    const asTablet = await app.request('http://localhost/admin/day/floats', {
      method: 'POST',
      headers: { host: 'localhost', 'sec-fetch-site': 'same-origin', 'content-type': FORM },
      body: new URLSearchParams(fix).toString(),
    });
    expect(asTablet.status).toBe(401);
    // the admin key alone is no manager; a waiter's name is not one either
    const signedInKey = await admin('/admin/login', { form: { key: 'admin-key-for-tests' } });
    const key = signedInKey.headers.get('set-cookie')!.split(';')[0]!;
    const keyOnly = await admin('/admin/day/floats', { cookie: key, form: fix });
    expect(keyOnly.status).toBe(403);
    expect(await keyOnly.text()).toContain('a manager corrects the float');
    const waiter = await admin('/admin/day/floats', {
      cookie: key,
      form: { ...fix, managerName: 'Mia', managerPassword: 'whatever' },
    });
    expect(waiter.status).toBe(403);
    const cookie = await signIn('Anna', ANNA_PASSWORD);
    for (const [form, status, said] of [
      [{ ...fix, float: '-5' }, 400, 'float'],
      [{ ...fix, float: '1e300' }, 400, 'float'],
      [{ ...fix, reason: '  ' }, 400, 'say why'],
      [{ ...fix, drawer: 'Safe' }, 404, 'no drawer'],
      [{ ...fix, outlet: 'nowhere' }, 404, 'no such outlet'],
    ] as const) {
      const answer = await admin('/admin/day/floats', { cookie, form });
      expect(answer.status, JSON.stringify(form)).toBe(status);
      expect(await answer.text()).toContain(said);
    }
    expect(corrections()).toEqual([]);
    expect(floatAudits()).toEqual([]);
    expect(barDrawer().floatCents).toBe(5000);
  });
});
