// Who may read and close the day on a tablet (`/till/closing`): only a paired tablet carrying a
// manager's fresh `close_day` approval for this device. An unpaired caller gets 401; a waiter's
// signature, another action, another device's approval, a stale one or none get 403 and change
// nothing. A manager reads the X report, counts the drawers (approving an over/short above the
// limit), closes the Z and reads it back, as JSON and CSV.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDay, countDrawer, fetchDayReport } from '../../../src/pms/closing-calls.ts';
import { DAY_CLOSING_SUBJECT, type DayReport } from '../../../src/pms/closing-wire.ts';
import { APPROVAL_HEADER, type StaffCard } from '../../../src/pms/staff-calls.ts';
import { dayBefore } from '../../../src/server/ledger/closing/business-day.ts';
import { localDate } from '../../../src/server/ledger/closing/day-closing.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { addAnnaAndMia, STAFF_KEY_ROUNDS, signedApproval } from '../staff/staff-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { recordShiftWithPils } from './ledger-fixtures.ts';

/** A Z closes today's business day or the day before (business-day.ts). */
const YESTERDAY = dayBefore(localDate(new Date()));

let hotel: TestHotel;
let app: TabletApp;
let anna: StaffCard; // manager, PIN 9999
let mia: StaffCard; // waiter, PIN 1111

beforeEach(async () => {
  hotel = pinnedHotel();
  app = tabletApp({ hotel }, { staffKeyRounds: STAFF_KEY_ROUNDS });
  ({ anna, mia } = await addAnnaAndMia(app));
  await recordShiftWithPils(app.hub, app.device, mia.id, { outcomes: ['done'] });
});
afterEach(() => hotel.close());

const dayApproval = (card: StaffCard, pin: string, fields: Record<string, unknown> = {}) =>
  signedApproval(app, card, pin, {
    action: 'close_day',
    subject: DAY_CLOSING_SUBJECT,
    amountCents: null,
    ...fields,
  });

function send(path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = token ? { [APPROVAL_HEADER]: token } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.request(`/till/closing${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const zRows = () => (app.hub.db.prepare('SELECT COUNT(*) AS n FROM z_closings').get() as { n: number }).n;
const countRows = () =>
  (app.hub.db.prepare('SELECT COUNT(*) AS n FROM cash_counts').get() as { n: number }).n;

describe('who may not', () => {
  it('refuses an unpaired caller with 401', async () => {
    const answer = await app.server.request('/till/closing', {
      headers: { 'x-till-request-id': randomUUID() },
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ code: 'device_not_paired' });
  });

  it('refuses a paired tablet without a manager: no approval, a waiter, another action, another device, a stale one', async () => {
    const cases: [string | null, string][] = [
      [null, 'approval_required'],
      [await dayApproval(mia, '1111'), 'approval_not_manager'],
      [
        await signedApproval(app, anna, '9999', {
          action: 'void_sale',
          subject: DAY_CLOSING_SUBJECT,
          amountCents: null,
        }),
        'approval_mismatch',
      ],
      // Signed with this tablet's key but naming another device: no key of that device checks it (issue 20).
      [await dayApproval(anna, '9999', { deviceId: 'another-tablet' }), 'approval_invalid'],
      [
        await dayApproval(anna, '9999', { at: new Date(Date.now() - 31 * 60_000).toISOString() }),
        'approval_expired',
      ],
    ];
    for (const [token, code] of cases) {
      for (const [path, body] of [
        ['', undefined],
        ['/csv/payments', undefined],
        ['/counts', { outlet: 'bar', drawer: 'Bar', denominations: { '5000': 1 } }],
        ['/z', { upToSeq: 2 }],
      ] as const) {
        const answer = await send(path, token, body);
        expect(answer.status, `${code} ${path}`).toBe(403);
        expect(await answer.json(), `${code} ${path}`).toMatchObject({ code });
      }
    }
    expect(zRows()).toBe(0);
    expect(countRows()).toBe(0);
  });
});

describe('any paired tablet', () => {
  it('reads which records the last Z closed (for pruning), and its outlet’s retention with its staff list', async () => {
    const before = await send('/last-z', null);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ lastZ: null });
    app.hub.outlets.update('bar', {
      name: 'Bar',
      drawers: ['Bar'],
      cashDifferenceLimitCents: 500,
      retentionDays: 45,
    });
    const staff = await app.request('/till/staff');
    expect((await staff.json()).policy).toMatchObject({ outlet: 'bar', retentionDays: 45 });
    app.hub.closing.countDrawer(
      { outlet: 'bar', drawer: 'Bar', denominations: { '5000': 1 } },
      { staffId: null, staffName: 'test' },
      { managerId: anna.id, managerName: 'Anna', approvalId: null },
    );
    app.hub.closing.closeDay({ upToSeq: 2, businessDay: YESTERDAY }, { staffId: anna.id, staffName: 'Anna' });
    const after = await send('/last-z', null);
    expect(await after.json()).toMatchObject({
      lastZ: { zNumber: 1, upToSeq: 2, businessDay: YESTERDAY },
    });
    expect(
      (await app.server.request('/till/closing/last-z', { headers: { 'x-till-request-id': randomUUID() } }))
        .status,
    ).toBe(401);
  });
});

describe('a manager on a tablet', () => {
  it('reads the X report, counts the drawer, closes the Z and reads it back', async () => {
    const token = await dayApproval(anna, '9999');
    const read = await send('', token);
    expect(read.status).toBe(200);
    const { report } = (await read.json()) as { report: DayReport };
    expect(report.kind).toBe('X');
    expect(report.hotel.grossCents).toBe(760);
    expect(report.drawers.find((d) => d.drawer === 'Bar')).toMatchObject({
      floatCents: 5000,
      expectedCents: 5760,
    });

    const early = await send('/z', token, { upToSeq: report.upToSeq });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'drawer_not_counted', field: 'drawer' });

    const bad = await send('/counts', token, { outlet: 'bar', drawer: 'Bar', denominations: { '3000': 1 } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'denominations.3000' });

    // 50 + 5 + 2 + 0.50 + 0.10 = 57.60 expected; counted 57.00: 0.60 short, within the 5.00 limit.
    const counted = await send('/counts', token, {
      outlet: 'bar',
      drawer: 'Bar',
      denominations: { '5000': 1, '500': 1, '200': 1 },
      countedBy: 'Mia',
    });
    expect(counted.status).toBe(200);
    expect((await counted.json()).drawer.count).toMatchObject({
      countedCents: 5700,
      differenceCents: -60,
      countedBy: 'Mia',
    });

    const closed = await send('/z', token, { upToSeq: report.upToSeq, businessDay: YESTERDAY });
    expect(closed.status).toBe(200);
    const z = (await closed.json()) as { zId: number; zNumber: number; report: DayReport };
    expect(z.zNumber).toBe(1);
    expect(z.report.closedBy).toBe('Anna');
    expect(
      app.hub.db
        .prepare(`SELECT device_id AS d, closed_by_name AS who FROM z_closings WHERE scope = '*'`)
        .get(),
    ).toEqual({
      d: app.device.id,
      who: 'Anna',
    });
    const again = await send('/z', token, { upToSeq: report.upToSeq });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'day_already_closed' });

    const back = await send(`/z/${z.zId}`, token);
    expect(((await back.json()) as { report: DayReport }).report.hotel.byPayment).toEqual([
      { method: 'cash', records: 1, amountCents: 760, tipCents: 0 },
    ]);
    const csv = await send(`/z/${z.zId}/csv/drawers`, token);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe(
      'scope,drawer,float_cents,cash_sales_cents,paid_out_cents,expected_cents,counted_cents,difference_cents,counted_by,approved_by,counted_at,denominations',
    );
    expect(rows.find((r) => r.startsWith('bar,Bar,'))).toMatch(/^bar,Bar,5000,760,0,5760,5700,-60,Mia,Anna,/);
    const audit = app.hub.audit.list({}).map((row) => [row.kind, row.subject]);
    expect(audit).toContainEqual(['day_closed', 'Z 1']);
    expect(audit).toContainEqual(['cash_counted', 'bar/Bar']);
  });
});

describe("the tablet's calls (src/pms/closing-calls.ts)", () => {
  const fetcher = async (url: string, init: RequestInit) => app.request(url, init);

  it('read, count and close through /till/closing, and carry its refusals as codes', async () => {
    const waiter = await dayApproval(mia, '1111');
    await expect(fetchDayReport('', waiter, fetcher)).rejects.toMatchObject({
      code: 'approval_not_manager',
      status: 403,
    });
    const token = await dayApproval(anna, '9999');
    const report = await fetchDayReport('', token, fetcher);
    await expect(closeDay('', token, { upToSeq: report.upToSeq }, fetcher)).rejects.toMatchObject({
      code: 'drawer_not_counted',
      field: 'drawer',
    });
    const { drawer } = await countDrawer(
      '',
      token,
      { outlet: 'bar', drawer: 'Bar', denominations: { '5000': 1, '500': 1, '200': 1, '50': 1, '10': 1 } },
      fetcher,
    );
    expect(drawer.count).toMatchObject({ countedCents: 5760, differenceCents: 0 });
    const z = await closeDay('', token, { upToSeq: report.upToSeq }, fetcher);
    expect(z).toMatchObject({ zNumber: 1, report: { kind: 'Z', hotel: { grossCents: 760 } } });
  });
});
