// Card payments in the sales ledger (issues 19 and 25): a sale paid through the terminal double is
// recorded once with its terminal data and the tip apart (tipCents, not revenue); the X report adds
// the tip apart from the card total; a record claiming a card payment the terminal never approved
// (unknown sale, other amount, other tip, forged trace, declined) is refused with 409
// `card_payment_unknown` and nothing is written; a refund's record names money the terminal gave
// back; the terminal's end-of-day is set beside the ledger's card money, and the Z shows both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_CLOSING_SUBJECT } from '../../../src/pms/closing-wire.ts';
import type { LedgerRecord } from '../../../src/pms/ledger-wire.ts';
import { APPROVAL_HEADER, type StaffCard } from '../../../src/pms/staff-calls.ts';
import type { TerminalDouble } from '../../../src/server/card-terminal/terminal-double.ts';
import { type CardTill, startCardTill } from '../card-terminal/card-support.ts';
import { addStaff, signedApproval } from '../staff/staff-support.ts';
import type { TabletApp } from '../tablet-app.ts';
import { ledgerLine, OPEN_PRICE, postSale, saleBody } from './ledger-support.ts';

let till: CardTill;
let app: TabletApp;
let double: TerminalDouble;
let anna: StaffCard;

beforeAll(async () => {
  till = await startCardTill();
  ({ app, double } = till);
  anna = (await addStaff(app, [{ name: 'Anna', role: 'manager', pin: '9999' }]))('Anna');
});
afterAll(() => till.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  till.post(path, body, headers);

interface PaidView {
  state: string;
  chargedCents: number | null;
  card: { brand: string; maskedPan: string; terminalId: string; traceNumber: number; receiptNumber: number };
}

/** Pays `amountCents` (+ a till tip) of `saleId` on the double and waits for the outcome. */
async function paid(saleId: string, amountCents: number, tillTipCents = 0): Promise<PaidView> {
  const started = await post('/till/card/payments', { saleId, paymentNo: 1, amountCents, tillTipCents });
  expect(started.status).toBe(200);
  for (;;) {
    const view = (await (await app.request(`/till/card/payments/${saleId}/1`)).json()) as PaidView;
    if (view.state !== 'new' && view.state !== 'sent') return view;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The ledger record a tablet sends for a sale paid by card (outbox/intents/ledger-body.ts's shape). */
function cardSale(saleId: string, view: PaidView, tipCents: number, amountCents: number): LedgerRecord {
  return saleBody([ledgerLine(OPEN_PRICE, 1, amountCents, { cataloguePriceCents: null })], {
    saleId,
    payments: [
      {
        method: 'card',
        amountCents,
        tipCents,
        card: { paymentNo: 1, ...view.card, tipFrom: 'till' },
      },
    ],
  });
}

const ledgerPaymentsOf = (saleId: string) =>
  app.hub.db
    .prepare(
      `SELECT p.method, p.amount_cents AS amountCents, p.tip_cents AS tipCents, p.card
         FROM ledger_payments p JOIN ledger_sales s ON s.seq = p.sale_seq WHERE s.sale_id = ?`,
    )
    .all(saleId) as { method: string; amountCents: number; tipCents: number; card: string | null }[];
const ledgerCount = () =>
  (app.hub.db.prepare('SELECT COUNT(*) AS n FROM ledger_sales').get() as { n: number }).n;

describe('a card sale in the ledger', () => {
  let view: PaidView;

  it('is recorded once with the terminal data and the tip apart, and a resend is the same record', async () => {
    view = await paid('card-1', 1890, 200);
    expect(view).toMatchObject({ state: 'approved', chargedCents: 2090 });
    const body = cardSale('card-1', view, 200, 1890);
    const first = await postSale(app, body);
    expect(first.status).toBe(200);
    const again = await postSale(app, body);
    expect(await again.json()).toEqual(await first.json());
    const rows = ledgerPaymentsOf('card-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'card', amountCents: 1890, tipCents: 200 });
    expect(JSON.parse(rows[0]!.card!)).toEqual({
      paymentNo: 1,
      brand: view.card.brand,
      maskedPan: view.card.maskedPan,
      terminalId: view.card.terminalId,
      traceNumber: view.card.traceNumber,
      receiptNumber: view.card.receiptNumber,
      tipFrom: 'till',
    });
    expect(view.card.maskedPan).toMatch(/\*{4}\d{4}$/);
    expect(view.card.terminalId).not.toBe('');
  });

  it('shows in the X report as card money with the tip apart (not revenue)', () => {
    const x = app.hub.closing.xReport();
    expect(x.hotel.byPayment.find((p) => p.method === 'card')).toEqual({
      method: 'card',
      records: 1,
      amountCents: 1890,
      tipCents: 200,
    });
    expect(x.hotel.grossCents).toBe(1890);
    expect(x.hotel.tipCents).toBe(200);
  });

  it('refuses a card payment the terminal never made, writing nothing', async () => {
    const before = ledgerCount();
    const declinedView = await (async () => {
      double.next('decline');
      return paid('card-declined', 990);
    })();
    expect(declinedView.state).toBe('declined');
    const forged: [string, LedgerRecord][] = [
      ['no such payment', cardSale('card-never', view, 200, 1890)],
      ['declined', cardSale('card-declined', { ...view, state: 'approved' }, 0, 990)],
    ];
    // the same sale id with another amount, tip or trace is another body: the card check answers first
    const approved = await paid('card-2', 500, 0);
    forged.push(
      ['more than charged', cardSale('card-2', approved, 0, 600)],
      ['a tip never charged', cardSale('card-2', approved, 150, 500)],
      [
        'a forged trace',
        cardSale('card-2', { ...approved, card: { ...approved.card, traceNumber: 4242 } }, 0, 500),
      ],
    );
    for (const [what, body] of forged) {
      const answer = await postSale(app, body);
      expect(answer.status, what).toBe(409);
      expect(await answer.json(), what).toMatchObject({
        code: 'card_payment_unknown',
        field: 'payments.0.card',
      });
    }
    expect(ledgerCount()).toBe(before);
    expect((await postSale(app, cardSale('card-2', approved, 0, 500))).status).toBe(200);
  });

  it('takes a refund record only for money the terminal gave back, with the tip given back too', async () => {
    const refund = (approval: string): LedgerRecord =>
      saleBody([ledgerLine(OPEN_PRICE, -1, 500, { cataloguePriceCents: null })], {
        kind: 'refund',
        refersTo: 'card-2',
        payments: [
          {
            method: 'card',
            amountCents: -500,
            tipCents: 0,
            card: { paymentNo: 1, ...view.card },
          },
        ],
        approvals: [approval],
      });
    const token = await signedApproval(app, anna, '9999', {
      action: 'void_sale',
      subject: 'card-2',
      amountCents: 500,
    });
    const early = await postSale(app, refund(token));
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'card_payment_unknown' });
    const reversed = await post('/till/card/payments/card-2/1/reversal', {}, { [APPROVAL_HEADER]: token });
    expect(reversed.status).toBe(200);
    // the refund's approval gave the card money back and is spent with the refund's record
    const recorded = await postSale(app, refund(token));
    expect(recorded.status).toBe(200);
    const x = app.hub.closing.xReport();
    expect(x.hotel.byPayment.find((p) => p.method === 'card')).toMatchObject({
      amountCents: 1890,
      tipCents: 200,
    });
  });

  it('refuses a refund of a sale this terminal took given back stand-alone, or naming no terminal', async () => {
    // issue 30: a card refund goes back on the terminal that took the payment; card-1 was this server's
    const refund = (payment: Partial<LedgerRecord['payments'][number]>): LedgerRecord =>
      saleBody([ledgerLine(OPEN_PRICE, -1, 1890, { cataloguePriceCents: null })], {
        kind: 'refund',
        refersTo: 'card-1',
        payments: [{ method: 'card', amountCents: -1890, tipCents: -200, ...payment }],
      });
    const before = ledgerCount();
    for (const [body, field] of [
      [refund({ standalone: { receiptNumber: '0815' } }), 'payments.0.standalone'],
      [refund({}), 'payments.0.card'],
    ] as const) {
      const answer = await postSale(app, body);
      expect(answer.status, field).toBe(409);
      expect(await answer.json(), field).toMatchObject({ code: 'card_payment_unknown', field });
    }
    expect(ledgerCount()).toBe(before);
  });

  it('sets the terminal’s end-of-day beside the ledger’s card money (tips included)', async () => {
    // A manager's (issue 30): the close_day approval of the day closing.
    const token = await signedApproval(app, anna, '9999', {
      action: 'close_day',
      subject: DAY_CLOSING_SUBJECT,
      amountCents: null,
    });
    const day = (await (
      await post('/till/card/end-of-day', {}, { [APPROVAL_HEADER]: token })
    ).json()) as Record<string, number>;
    // card-1 (1890 + 200 tip) is kept; card-2 (500) was reversed, and its refund is recorded
    expect(day).toMatchObject({
      terminalTotalCents: 2090,
      ledgerTotalCents: 2090,
      ledgerTipsCents: 200,
      ledgerCount: 3,
      differenceCents: 0,
    });
  });

  it('closes the day (Z) with the card money, the tips apart and the terminal’s end-of-day beside the ledger', () => {
    const x = app.hub.closing.xReport();
    const z = app.hub.closing.closeDay({ upToSeq: x.upToSeq }, { staffId: null, staffName: 'Anna' });
    expect(z.report.hotel.byPayment).toEqual([
      { method: 'card', records: 3, amountCents: 1890, tipCents: 200 },
    ]);
    expect(z.report.hotel.tipCents).toBe(200);
    expect(z.report.cardTerminals).toEqual([
      {
        terminal: 'Bar',
        ledgerCount: 3,
        ledgerAmountCents: 1890,
        ledgerTipsCents: 200,
        endOfDay: {
          at: expect.any(String),
          terminalTotalCents: 2090,
          ledgerTotalCents: 2090,
          differenceCents: 0,
        },
      },
    ]);
    // stored with the Z as it was closed; the next day starts without this end-of-day
    expect(app.hub.closing.closed(z.zId)!.report.cardTerminals).toEqual(z.report.cardTerminals);
    expect(app.hub.closing.xReport().cardTerminals).toBeUndefined();
  });

  it('shows the card terminals on the admin page’s Z, to a signed-in manager', async () => {
    const admin = (path: string, init: { cookie?: string; form?: Record<string, string> } = {}) =>
      app.server.request(`http://localhost${path}`, {
        method: init.form ? 'POST' : 'GET',
        headers: {
          host: 'localhost',
          'accept-language': 'en-GB',
          'sec-fetch-site': 'same-origin',
          ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(init.cookie ? { cookie: init.cookie } : {}),
        },
        body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      });
    const zId = (
      app.hub.db.prepare(`SELECT MAX(z_id) AS id FROM z_closings WHERE scope = '*'`).get() as { id: number }
    ).id;
    expect((await admin(`/admin/z/${zId}`)).status).toBe(401);
    // The admin page takes a manager's admin password, never a PIN (issue 20).
    const anna = app.hub.staff.list().find((member) => member.name === 'Anna')!;
    await app.hub.staff.setAdminPassword(anna.id, 'anna keeps the books');
    const login = await admin('/admin/login', { form: { name: 'Anna', password: 'anna keeps the books' } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const page = await (await admin(`/admin/z/${zId}`, { cookie })).text();
    const section = page.slice(page.indexOf('<section id="card-terminals"'));
    expect(section).toMatch(/^<section id="card-terminals"[^>]*><h2[^>]*>Card terminals/);
    const row = section.slice(
      section.indexOf('<tr data-terminal="Bar">'),
      section.indexOf('</tr>', section.indexOf('data-terminal')),
    );
    expect(
      row
        .replace(/<[^>]+>/g, '|')
        .replace(/\s+/g, '')
        .replace(/\|+/g, '|'),
    ).toBe('|Bar|3|€18.90|€2.00|€20.90|€20.90|€0.00|');
  });
});
