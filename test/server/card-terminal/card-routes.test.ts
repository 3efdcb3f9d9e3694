// Who may use the card terminal: the tablet endpoints answer paired tablets only (an unpaired
// caller gets 401 and nothing reaches the terminal), a reversal or refund needs a manager's real
// approval (a tablet alone gets 403, recorded), and terminals are set up on the admin page by a
// manager or the admin key only (a paired tablet's cookie is no way in). Bad input: 400 naming
// the field, no row written.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../../../src/pms/http.ts';
import { APPROVAL_HEADER, type StaffCard } from '../../../src/pms/staff-calls.ts';
import { adminCookieName } from '../../../src/server/admin/admin-access.ts';
import type { TerminalDouble } from '../../../src/server/card-terminal/terminal-double.ts';
import { addAnnaAndMia, signedApproval } from '../staff/staff-support.ts';
import type { TabletApp } from '../tablet-app.ts';
import { type CardTill, startCardTill } from './card-support.ts';

let till: CardTill;
let app: TabletApp;
let double: TerminalDouble;
let anna: StaffCard;
let mia: StaffCard;

beforeAll(async () => {
  till = await startCardTill();
  ({ app, double } = till);
  ({ anna, mia } = await addAnnaAndMia(app));
});
afterAll(() => till.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  till.post(path, body, headers);
const paymentRows = () =>
  (app.hub.db.prepare('SELECT COUNT(*) AS n FROM card_payments').get() as { n: number }).n;

async function paid(saleId: string, amountCents: number) {
  expect((await post('/till/card/payments', { saleId, paymentNo: 1, amountCents })).status).toBe(200);
  for (;;) {
    const view = (await (await app.request(`/till/card/payments/${saleId}/1`)).json()) as { state: string };
    if (view.state !== 'new' && view.state !== 'sent') return view;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the tablet endpoints', () => {
  it('refuse an unpaired caller with 401, and nothing reaches the terminal', async () => {
    const sent = double.received().length;
    const answer = await app.server.request('/till/card/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: randomUUID() },
      body: JSON.stringify({ saleId: 'sale-x', paymentNo: 1, amountCents: 500 }),
    });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { code: string }).code).toBe('device_not_paired');
    expect(
      (await app.server.request('/till/card/terminal', { headers: { [REQUEST_ID_HEADER]: randomUUID() } }))
        .status,
    ).toBe(401);
    expect(double.received().length).toBe(sent);
    expect(paymentRows()).toBe(0);
  });

  it('refuse bad input naming the field, writing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ saleId: 'sale-1', paymentNo: 1, amountCents: 0 }, 'amountCents'],
      [{ saleId: 'sale-1', paymentNo: 1, amountCents: 12.5 }, 'amountCents'],
      [{ saleId: 'sale 1', paymentNo: 1, amountCents: 100 }, 'saleId'],
      [{ saleId: 'sale-1', paymentNo: 0, amountCents: 100 }, 'paymentNo'],
      [{ saleId: 'sale-1', paymentNo: 1, amountCents: 100, tillTipCents: -1 }, 'tillTipCents'],
    ];
    for (const [body, field] of cases) {
      const answer = await post('/till/card/payments', body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { field: string }).field).toBe(field);
    }
    expect(paymentRows()).toBe(0);
  });

  it('pay a paired tablet’s card payment and show it only to that tablet', async () => {
    expect(await (await app.request('/till/card/terminal')).json()).toEqual({
      terminal: { name: 'Bar', printsOwnSlips: true, currency: 978 },
    });
    expect(await paid('sale-1', 1890)).toMatchObject({
      state: 'approved',
      chargedCents: 1890,
      card: { terminalId: '52500001' },
    });
  });

  it('refuse a reversal without a manager’s approval, and with a waiter’s (403, recorded)', async () => {
    const none = await post('/till/card/payments/sale-1/1/reversal', {});
    expect(none.status).toBe(403);
    expect(((await none.json()) as { code: string }).code).toBe('approval_required');
    const waiters = await signedApproval(app, mia, '1111', {
      action: 'card_reversal',
      subject: 'sale-1',
      amountCents: 1890,
    });
    const byWaiter = await post('/till/card/payments/sale-1/1/reversal', {}, { [APPROVAL_HEADER]: waiters });
    expect(byWaiter.status).toBe(403);
    expect(double.charges().filter((tx) => tx.amountCents === 1890)).toHaveLength(1);
    const refused = app.hub.audit.list({ kind: 'approval_refused' });
    expect(refused.some((row) => row.note?.startsWith('card_reversal'))).toBe(true);
  });

  it('reverse with a manager’s approval, once', async () => {
    const token = await signedApproval(app, anna, '9999', {
      action: 'card_reversal',
      subject: 'sale-1',
      amountCents: 1890,
    });
    const reversed = await post('/till/card/payments/sale-1/1/reversal', {}, { [APPROVAL_HEADER]: token });
    expect(reversed.status).toBe(200);
    expect(((await reversed.json()) as { state: string }).state).toBe('reversed');
    expect(double.charges().filter((tx) => tx.amountCents === 1890)).toHaveLength(0);
    const again = await post('/till/card/payments/sale-1/1/reversal', {}, { [APPROVAL_HEADER]: token });
    expect(again.status).toBe(403); // the approval is spent
    expect(app.hub.audit.list({ kind: 'card_reversed' })).toHaveLength(1);
  });

  it('refund to a card with a manager’s approval only', async () => {
    expect(await paid('sale-2', 300)).toMatchObject({ state: 'approved' });
    expect((await post('/till/card/refunds', { saleId: 'sale-2', amountCents: 300 })).status).toBe(403);
    const token = await signedApproval(app, anna, '9999', {
      action: 'card_refund',
      subject: 'sale-2',
      amountCents: 300,
    });
    const refunded = await post(
      '/till/card/refunds',
      { saleId: 'sale-2', amountCents: 300 },
      { [APPROVAL_HEADER]: token },
    );
    expect(await refunded.json()).toMatchObject({ state: 'approved' });
    expect(double.journal().filter((tx) => tx.kind === 'refund')).toHaveLength(1);
  });
});

describe('giving a refunded card sale’s money back', () => {
  it('takes the sale’s refund approval (void_sale of the sale’s amount) for the reversal, once', async () => {
    expect(await paid('sale-3', 1000)).toMatchObject({ state: 'approved' });
    const token = await signedApproval(app, anna, '9999', {
      action: 'void_sale',
      subject: 'sale-3',
      amountCents: 1000,
    });
    const reversed = await post('/till/card/payments/sale-3/1/reversal', {}, { [APPROVAL_HEADER]: token });
    expect(reversed.status).toBe(200);
    expect(double.charges().some((tx) => tx.amountCents === 1000)).toBe(false);
    const refund = await post(
      '/till/card/refunds',
      { saleId: 'sale-3', amountCents: 1000 },
      { [APPROVAL_HEADER]: token },
    );
    // Given back already: the terminal holds no card payment of the sale any more (issue 30).
    expect(refund.status).toBe(409);
  });

  it('refuses to refund more than the card was charged for the sale', async () => {
    expect(await paid('sale-4', 700)).toMatchObject({ state: 'approved' });
    const token = await signedApproval(app, anna, '9999', {
      action: 'void_sale',
      subject: 'sale-4',
      amountCents: 700,
    });
    const tooMuch = await post(
      '/till/card/refunds',
      { saleId: 'sale-4', amountCents: 701 },
      { [APPROVAL_HEADER]: token },
    );
    expect(tooMuch.status).toBe(400);
    expect(((await tooMuch.json()) as { field: string }).field).toBe('amountCents');
  });
});

describe('terminals on the admin page', () => {
  const form = (fields: Record<string, string>, cookie?: string) =>
    app.server.request('/admin/terminals', {
      method: 'POST',
      headers: {
        host: 'till.example',
        origin: 'https://till.example',
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
  const terminalCount = () =>
    (
      app.hub.db.prepare('SELECT COUNT(*) AS n FROM card_terminals WHERE removed_at IS NULL').get() as {
        n: number;
      }
    ).n;
  const valid = {
    name: 'Restaurant',
    serves: 'outlet:restaurant',
    host: '192.168.1.40',
    port: '20007',
    password: '123456',
    currency: 'EUR',
    slips: 'till',
  };

  it('refuses a caller without an admin session, a paired tablet’s cookie too', async () => {
    const before = terminalCount();
    expect((await form(valid)).status).toBe(401);
    expect((await form(valid, app.cookie)).status).toBe(401);
    expect(terminalCount()).toBe(before);
  });

  it('adds a terminal for a manager’s session, and refuses bad fields by name', async () => {
    const session = `${adminCookieName(app.hub)}=${app.hub.createAdminSession(null)}`;
    const before = terminalCount();
    const bad = await form({ ...valid, password: '12' }, session);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('password: the password is six digits');
    expect(terminalCount()).toBe(before);
    expect((await form(valid, session)).status).toBe(303);
    expect(terminalCount()).toBe(before + 1);
    const page = await app.server.request('/admin', { headers: { host: 'till.example', cookie: session } });
    const text = await page.text();
    expect(text).toContain('192.168.1.40:20007');
    expect(text).toContain('The terminal sends the slip lines to the till');
  });
});
