// The day closing on the admin page: nobody reads or closes it without signing in, a waiter cannot
// sign in, a manager reads the X report (figures, charts, drawers), counts a drawer, closes the Z
// and reads it back as a page and as CSV; outlets are the hotel's own (a pool bar added here is
// paired, sold at and closed like the others). In-process: never the server machine itself.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayBefore } from '../../../src/server/ledger/closing/business-day.ts';
import { localDate } from '../../../src/server/ledger/closing/day-closing.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { ANNA_AND_MIA, addStaff, STAFF_KEY_ROUNDS } from '../staff/staff-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { fixtureDevice, line, recordFixture, recordShiftWithPils } from './ledger-fixtures.ts';

/** A Z closes today's business day or the day before (business-day.ts). */
const YESTERDAY = dayBefore(localDate(new Date()));

let hotel: TestHotel;
let app: TabletApp;
let mia: string;

beforeEach(async () => {
  hotel = pinnedHotel('DE'); // German rates: the server prices the fixtures' lines by the hotel's catalogue
  app = tabletApp({ hotel, adminKey: 'admin-key-for-tests' }, { staffKeyRounds: STAFF_KEY_ROUNDS });
  const card = await addStaff(app, ANNA_AND_MIA);
  mia = card('Mia').id;
  // The admin page takes a manager's admin password, never a PIN (issue 20).
  await app.hub.staff.setAdminPassword(card('Anna').id, ANNA_PASSWORD);
  await recordShiftWithPils(app.hub, app.device, mia, { createdAt: '2026-11-26T18:30:00.000Z' });
});
afterEach(() => hotel.close());

const FORM = 'application/x-www-form-urlencoded';
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
const ANNA_PASSWORD = 'anna counts the bar';
async function signIn(name: string, password: string): Promise<string | null> {
  const answer = await admin('/admin/login', { form: { name, password } });
  const cookie = answer.headers.get('set-cookie');
  return answer.status === 303 && cookie ? cookie.split(';')[0]! : null;
}
const zRows = () => (app.hub.db.prepare('SELECT COUNT(*) AS n FROM z_closings').get() as { n: number }).n;

describe('who may not', () => {
  it('answers every closing page and action 401 without signing in, and a waiter cannot sign in', async () => {
    expect(await signIn('Mia', 'a waiter has none')).toBeNull();
    for (const [path, form] of [
      ['/admin/day', undefined],
      ['/admin/day/payments.csv', undefined],
      ['/admin/z/1', undefined],
      [`/admin/day/close?upToSeq=2&businessDay=${YESTERDAY}`, undefined],
      ['/admin/day/counts', { outlet: 'bar', drawer: 'Bar', d5000: '1' }],
      ['/admin/day/close', { upToSeq: '2', businessDay: YESTERDAY }],
      [
        '/admin/outlets',
        { id: 'spa', name: 'Spa', drawers: 'Spa', cashDifferenceLimit: '5', retentionDays: '30' },
      ],
    ] as const) {
      const answer = await admin(path, form ? { form } : {});
      expect(answer.status, path).toBe(401);
      expect(await answer.text(), path).not.toContain('7.60');
    }
    expect(zRows()).toBe(0);
    expect(app.hub.outlets.exists('spa')).toBe(false);
  });
});

describe('a manager on the admin page', () => {
  it('reads the X report, counts the drawer, closes the Z and reads it back as a page and CSV', async () => {
    const cookie = (await signIn('Anna', ANNA_PASSWORD))!;
    expect(cookie).toBeTruthy();
    const day = await admin('/admin/day', { cookie });
    expect(day.status).toBe(200);
    const page = await day.text();
    expect(page).toContain('data-figure="gross">€7.60<');
    expect(page).toMatch(
      /<tr data-method="cash"><td>Cash<\/td><td class="n">1<\/td>\s*<td class="n">€7.60<\/td>/,
    );
    expect(page).toMatch(/<tr data-drawer="bar\/Bar">.*?€50.00.*?€7.60.*?€0.00.*?€57.60/s);
    expect(page).toContain('id="chart-hours"');
    expect((page.match(/<rect /g) ?? []).length).toBeGreaterThanOrEqual(4); // one hour, three outlets
    // issue 33: each chart is named, an hour reads "05–06", and one hour's bar is no bar across the page
    expect(page.match(/<svg [^>]*role="img" aria-label="[^"]+"/g)?.length).toBe(2);
    expect(page).toMatch(/<text [^>]*>\d\d–\d\d<\/text>/);
    const widths = [...page.matchAll(/<rect [^>]*width="(\d+)"/g)].map((match) => Number(match[1]));
    expect(Math.max(...widths)).toBeLessThanOrEqual(80);
    expect(page).toContain('name="upToSeq" value="2"');

    // "Close the day" leads to a confirmation page (nothing closed yet): the manager closes it.
    expect(page).toContain('<form method="get" action="/admin/day/close">');
    const confirm = await (
      await admin(`/admin/day/close?upToSeq=2&businessDay=${YESTERDAY}`, { cookie })
    ).text();
    expect(confirm).toContain(`Close business day ${YESTERDAY}?`);
    expect(confirm).toContain('records 1–2, gross €7.60');
    expect(confirm).toContain('Closed by: Anna');
    expect(confirm).toContain('name="confirmed" value="yes"');
    expect(confirm).not.toContain('name="closedBy"');
    expect(zRows()).toBe(0);
    // No one-click close: the POST without the confirmation closes nothing.
    const unconfirmed = await admin('/admin/day/close', {
      cookie,
      form: { upToSeq: '2', businessDay: YESTERDAY },
    });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain('confirmed: confirm the close');
    expect(zRows()).toBe(0);

    const uncounted = await admin('/admin/day/close', {
      cookie,
      form: { upToSeq: '2', businessDay: YESTERDAY, confirmed: 'yes' },
    });
    expect(uncounted.status).toBe(409);
    expect(await uncounted.text()).toContain('count the drawer');

    // 20 + 20 + 10 + 5 + 2 + 0.50 = 57.50: ten cents short; the signed-in manager approves any difference.
    const counted = await admin('/admin/day/counts', {
      cookie,
      form: {
        outlet: 'bar',
        drawer: 'Bar',
        d2000: '2',
        d1000: '1',
        d500: '1',
        d200: '1',
        d50: '1',
        countedBy: 'Mia',
      },
    });
    expect(counted.status).toBe(303);
    expect(
      app.hub.db
        .prepare(
          'SELECT counted_cents AS c, difference_cents AS d, counted_by_name AS who, approved_by_name AS ok FROM cash_counts',
        )
        .get(),
    ).toEqual({
      c: 5750,
      d: -10,
      who: 'Mia',
      ok: 'Anna',
    });

    const closed = await admin('/admin/day/close', {
      cookie,
      form: { upToSeq: '2', businessDay: YESTERDAY, confirmed: 'yes', closedBy: 'Someone else' },
    });
    expect(closed.status).toBe(303);
    const zPath = closed.headers.get('location')!;
    expect(zPath).toMatch(/^\/admin\/z\/\d+$/);
    const zPage = await (await admin(zPath, { cookie })).text();
    expect(zPage).toContain(`Z report 1 · Business day ${YESTERDAY}`);
    expect(zPage).toContain('Closed by: Anna');
    expect(zPage).not.toContain('action="/admin/day/close"');
    const csv = await admin(`${zPath}/vat.csv`, { cookie });
    expect(csv.headers.get('content-disposition')).toContain('z-1-vat.csv');
    expect((await csv.text()).split('\r\n')).toContain('*,1900,639,121,760');
    expect(app.hub.audit.list({ kind: 'day_closed' })).toHaveLength(1);
  });

  it('asks who closes the day when no person is signed in (admin key), and names them on the Z', async () => {
    const keyIn = await admin('/admin/login', { form: { key: 'admin-key-for-tests' } });
    const cookie = keyIn.headers.get('set-cookie')!.split(';')[0]!;
    const confirm = await (
      await admin(`/admin/day/close?upToSeq=2&businessDay=${YESTERDAY}`, { cookie })
    ).text();
    expect(confirm).toContain('name="closedBy" required');
    // The drawer counted to the cent (50.00 float + 7.60), so no approval is needed.
    const counted = await admin('/admin/day/counts', {
      cookie,
      form: {
        outlet: 'bar',
        drawer: 'Bar',
        d5000: '1',
        d500: '1',
        d200: '1',
        d50: '1',
        d10: '1',
        countedBy: 'Jonas',
      },
    });
    expect(counted.status).toBe(303);
    const nameless = await admin('/admin/day/close', {
      cookie,
      form: { upToSeq: '2', businessDay: YESTERDAY, confirmed: 'yes', closedBy: ' \u0007 ' },
    });
    expect(nameless.status).toBe(400);
    expect(await nameless.text()).toContain('closedBy: say who closes the day');
    expect(zRows()).toBe(0);
    const closed = await admin('/admin/day/close', {
      cookie,
      form: { upToSeq: '2', businessDay: YESTERDAY, confirmed: 'yes', closedBy: 'Jonas' },
    });
    expect(closed.status).toBe(303);
    const zPage = await (await admin(closed.headers.get('location')!, { cookie })).text();
    expect(zPage).toContain('Closed by: Jonas');
    expect(zPage).not.toContain('admin key ·');
    const [audit] = app.hub.audit.list({ kind: 'day_closed' });
    expect(audit).toMatchObject({ staffName: 'Jonas', note: expect.stringContaining('(admin key)') });
  });

  it('adds an outlet of the hotel’s own (a pool bar): paired, sold at, on the X report with its drawer', async () => {
    const cookie = (await signIn('Anna', ANNA_PASSWORD))!;
    const bad = await admin('/admin/outlets', {
      cookie,
      form: {
        id: 'Pool Bar!',
        name: 'Pool bar',
        drawers: 'Pool',
        cashDifferenceLimit: '5',
        retentionDays: '30',
      },
    });
    expect(bad.status).toBe(400);
    expect(app.hub.outlets.list().map((o) => o.id)).toEqual(['bar', 'restaurant', 'minibar']);
    const added = await admin('/admin/outlets', {
      cookie,
      form: {
        id: 'pool-bar',
        name: 'Pool bar',
        drawers: 'Pool 1, Pool 2',
        cashDifferenceLimit: '10,00',
        retentionDays: '14',
      },
    });
    expect(added.status).toBe(303);
    expect(app.hub.outlets.get('pool-bar')).toEqual({
      id: 'pool-bar',
      name: 'Pool bar',
      drawers: ['Pool 1', 'Pool 2'],
      cashDifferenceLimitCents: 1000,
      retentionDays: 14,
    });
    const dashboard = await (await admin('/admin', { cookie })).text();
    expect(dashboard).toContain('<option value="pool-bar">Pool bar</option>');

    const pool = fixtureDevice(app.hub, 'pool-bar', 'Pool tablet');
    expect(pool.outlet).toBe('pool-bar');
    await recordFixture(app.hub, pool, {
      kind: 'sale',
      staffId: mia,
      lines: [line('Lemonade', 1, 450, 1900, 'Soft drinks')],
      payments: [{ method: 'card', amountCents: 450 }],
    });
    const x = app.hub.closing.xReport();
    expect(x.outlets.find((o) => o.outlet === 'pool-bar')).toMatchObject({
      name: 'Pool bar',
      grossCents: 450,
    });
    expect(x.drawers.filter((d) => d.outlet === 'pool-bar').map((d) => d.drawer)).toEqual([
      'Pool 1',
      'Pool 2',
    ]);
    expect(app.hub.staff.policy('pool-bar').outlet).toBe('pool-bar');
  });
});
