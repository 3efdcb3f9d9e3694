// An outlet's limits on one record (issue 30, ledger/bounds.ts) set on the admin page: a manager
// signed in sets them (the ledger then holds sales to them, and tablets get them with their policy
// to ask a manager first); a paired tablet, a caller not signed in, or a bad value changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../src/server/ledger/bounds.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { ANNA_AND_MIA, addStaff, STAFF_KEY_ROUNDS } from '../staff/staff-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { ledgerLine, PILS, postSale, saleBody } from './ledger-support.ts';

let hotel: TestHotel;
let app: TabletApp;
const ANNA_PASSWORD = 'anna counts the bar';
beforeEach(async () => {
  hotel = pinnedHotel();
  app = tabletApp({ hotel, adminKey: 'admin-key-for-tests' }, { staffKeyRounds: STAFF_KEY_ROUNDS });
  const card = await addStaff(app, ANNA_AND_MIA);
  await app.hub.staff.setAdminPassword(card('Anna').id, ANNA_PASSWORD);
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
async function signIn(): Promise<string> {
  const answer = await admin('/admin/login', { form: { name: 'Anna', password: ANNA_PASSWORD } });
  expect(answer.status).toBe(303);
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}

const LIMITS = {
  saleLimit: '50,00',
  lineLimit: '30.00',
  tipLimitPercent: '20',
  tipLimit: '15,00',
  floatLimit: '300,00',
};

describe('the outlet limits form', () => {
  it('is on the admin page, and a manager’s save sets the limits the ledger and the tablets get', async () => {
    const cookie = await signIn();
    const page = await (await admin('/admin', { cookie })).text();
    expect(page).toContain('action="/admin/limits/bar"');
    expect(page).toContain('name="saleLimit" inputmode="decimal" required value="2000.00"');

    expect((await admin('/admin/limits/bar', { cookie, form: LIMITS })).status).toBe(303);
    const set = {
      saleLimitCents: 5000,
      lineLimitCents: 3000,
      tipLimitPercent: 20,
      tipLimitCents: 1500,
      floatLimitCents: 30000,
    };
    expect(app.hub.ledger.limits.of('bar')).toEqual(set);
    expect(app.hub.audit.list({ kind: 'policy_changed' })).toMatchObject([
      { subject: 'bar', staffName: 'Anna' },
    ]);
    // The tablet gets them with its policy, to ask a manager before it records a sale above them.
    const staff = (await (await app.request('/till/staff')).json()) as { policy: { limits: unknown } };
    expect(staff.policy.limits).toEqual(set);
    // And the ledger holds a sale above them to a manager's approval.
    const above = await postSale(app, saleBody([ledgerLine(PILS, 13, 420)]));
    expect(above.status).toBe(403);
    expect(await above.json()).toMatchObject({ code: 'limit_exceeded' });
  });

  it('refuses a bad value with the field named, nothing changed', async () => {
    const cookie = await signIn();
    for (const [field, value] of [
      ['saleLimit', 'lots'],
      ['tipLimitPercent', '150'],
      ['floatLimit', '-5'],
    ] as const) {
      const answer = await admin('/admin/limits/bar', { cookie, form: { ...LIMITS, [field]: value } });
      expect(answer.status, field).toBe(400);
      expect(await answer.text()).toContain(field);
    }
    expect(app.hub.ledger.limits.of('bar')).toEqual(DEFAULT_LIMITS);
  });

  it('is not a paired tablet’s, nor anyone’s not signed in as a manager', async () => {
    // The tablet's own cookie (app.request carries it) is no admin session.
    const byTablet = await app.request('http://localhost/admin/limits/bar', {
      method: 'POST',
      headers: { host: 'localhost', 'sec-fetch-site': 'same-origin', 'content-type': FORM },
      body: new URLSearchParams(LIMITS).toString(),
    });
    expect([401, 403]).toContain(byTablet.status);
    expect((await admin('/admin/limits/bar', { form: LIMITS })).status).toBe(401);
    expect(app.hub.ledger.limits.of('bar')).toEqual(DEFAULT_LIMITS);
  });

  it('answers 404 for an outlet the hotel does not have', async () => {
    const cookie = await signIn();
    expect((await admin('/admin/limits/nowhere', { cookie, form: LIMITS })).status).toBe(404);
  });
});
