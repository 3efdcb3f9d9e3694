// A tip on a card taken on a stand-alone terminal, and refunding such a sale (issue 30): the tip is in
// the X/Z's tips and the stand-alone list, held to the outlet's tip limits; the refund goes back on
// the stand-alone terminal with its receipt number and is listed apart like the payment; a card refund
// that names no terminal, or another way than the sale was paid, or more than it took, is refused
// (409 `card_payment_unknown` naming the field) and nothing is written. Money reckoned by fast-check.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerPayment, LedgerRecord } from '../../../src/pms/ledger-wire.ts';
import { ADMIN_WORDS } from '../../../src/server/admin/admin-words.ts';
import { dayPage } from '../../../src/server/admin/closing-page.ts';
import { reportSlip } from '../../../src/server/printing/ledger-printing.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { addStaff, signedApproval } from '../staff/staff-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { ledgerLine, PILS, postSale, recordSale, saleBody } from './ledger-support.ts';

let hotel: TestHotel;
let app: TabletApp;
beforeEach(() => {
  hotel = pinnedHotel();
  app = tabletApp({ hotel });
});
afterEach(() => hotel.close());

const recorded = () =>
  (app.hub.db.prepare('SELECT COUNT(*) AS n FROM ledger_sales').get() as { n: number }).n;

/** `pils` Pils (4.20 each) paid on the stand-alone terminal with receipt `receipt`, and a tip. */
function standaloneSale(pils: number, receipt: string, tipCents: number): LedgerRecord {
  return saleBody([ledgerLine(PILS, pils, 420)], {
    payments: [{ method: 'card', amountCents: 420 * pils, tipCents, standalone: { receiptNumber: receipt } }],
  });
}

/** A refund of `pils` Pils of `sale`, paid back as `payment` says (amount filled in). */
function refundOf(sale: LedgerRecord, pils: number, payment: Partial<LedgerPayment>): LedgerRecord {
  return saleBody([ledgerLine(PILS, -pils, 420)], {
    kind: 'refund',
    refersTo: sale.saleId,
    payments: [{ method: 'card', amountCents: -420 * pils, ...payment }],
  });
}

describe('a tip on a stand-alone card payment', () => {
  it('is in the tips figure, the card money and the stand-alone list, apart from the amount', async () => {
    const sale = await recordSale(app, standaloneSale(2, '0042', 160));
    const x = app.hub.closing.xReport();
    expect(x.hotel.tipCents).toBe(160);
    expect(x.hotel.grossCents).toBe(840);
    expect(x.hotel.byPayment).toMatchObject([{ method: 'card', amountCents: 840, tipCents: 160 }]);
    expect(x.standaloneCards).toMatchObject([
      { saleId: sale.saleId, kind: 'sale', receiptNumber: '0042', amountCents: 840, tipCents: 160 },
    ]);
  });

  it('above the outlet’s tip limit needs a manager’s over_limit approval, as a till tip does', async () => {
    const anna = (await addStaff(app, [{ name: 'Anna', role: 'manager', pin: '9999' }]))('Anna');
    // 2 Pils 8.40: the tip share is 50 % of 8.40 = 4.20, at least 5.00; 6.00 is above
    const body = standaloneSale(2, '0043', 600);
    const refused = await postSale(app, body);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'limit_exceeded', field: 'payments.0.tipCents' });
    expect(recorded()).toBe(0);
    const token = await signedApproval(app, anna, '9999', {
      action: 'over_limit',
      subject: body.saleId,
      amountCents: 600,
    });
    expect((await postSale(app, { ...body, approvals: [token] })).status).toBe(200);
    expect(app.hub.closing.xReport().hotel.tipCents).toBe(600);
    const within = standaloneSale(2, '0044', 500);
    expect((await postSale(app, within)).status).toBe(200);
  });
});

describe('refunding a sale paid on a stand-alone terminal', () => {
  it('is recorded with the stand-alone terminal’s receipt number, the tip given back, listed apart', async () => {
    const sale = await recordSale(app, standaloneSale(2, '0042', 160));
    const refund = refundOf(sale, 2, { tipCents: -160, standalone: { receiptNumber: '0057' } });
    expect((await postSale(app, refund)).status).toBe(200);
    const x = app.hub.closing.xReport();
    expect(x.hotel.tipCents).toBe(0);
    expect(x.hotel.byPayment).toMatchObject([{ method: 'card', amountCents: 0, tipCents: 0 }]);
    expect(x.standaloneCards).toMatchObject([
      { saleId: sale.saleId, kind: 'sale', receiptNumber: '0042', amountCents: 840, tipCents: 160 },
      { saleId: refund.saleId, kind: 'refund', receiptNumber: '0057', amountCents: -840, tipCents: -160 },
    ]);
    // the admin page names the refund's row; the slip lists what was given back on its own line
    const page = await dayPage(ADMIN_WORDS.en, {
      lang: 'en',
      report: x,
      closings: [],
      outlets: [],
      today: '2026-12-06',
    }).toString();
    expect(page).toMatch(
      /data-standalone="0057">.*?<td>K7QM-1F \(Refund\)<\/td><td class="n">-€8\.40<\/td><td class="n">-€1\.60</s,
    );
    expect(page).toMatch(/data-figure="standalone-total">€0\.00</);
    expect(reportSlip(x, x.standaloneCards![0]!.outlet, 'Bar', 'Anna', 'de').payments).toEqual([
      { name: 'Karte', count: 2, cents: 0 },
      { name: '  davon Karte (Stand-alone-Terminal)', count: 1, cents: 840 },
      { name: '  davon Karte zurück (Stand-alone-Terminal)', count: 1, cents: -840 },
    ]);
  });

  it('refuses a card refund naming no terminal, a refund on this server’s terminal, or more than was taken', async () => {
    const sale = await recordSale(app, standaloneSale(2, '0042', 160));
    const cash = await recordSale(app, saleBody([ledgerLine(PILS, 1, 420)]));
    const cases: [string, LedgerRecord, string][] = [
      ['no terminal named', refundOf(sale, 2, {}), 'payments.0.card'],
      [
        'this server’s terminal',
        refundOf(sale, 1, { card: { paymentNo: 1, traceNumber: 9 } }),
        'payments.0.card',
      ],
      [
        'a cash sale refunded stand-alone',
        refundOf(cash, 1, { standalone: { receiptNumber: '0058' } }),
        'payments.0.standalone',
      ],
      [
        'a tip never taken',
        refundOf(sale, 1, { tipCents: -161, standalone: { receiptNumber: '0059' } }),
        'payments.0.standalone',
      ],
      [
        'a tip paid out on a refund',
        refundOf(sale, 1, { tipCents: 50, standalone: { receiptNumber: '0060' } }),
        'payments.0.standalone',
      ],
    ];
    const before = recorded();
    for (const [what, body, field] of cases) {
      const answer = await postSale(app, body);
      expect(answer.status, what).toBe(409);
      expect(await answer.json(), what).toMatchObject({ code: 'card_payment_unknown', field });
    }
    expect(recorded()).toBe(before);
  });

  it('counts earlier refunds: the tip is given back once', async () => {
    const sale = await recordSale(app, standaloneSale(2, '0042', 160));
    const first = refundOf(sale, 1, { tipCents: -160, standalone: { receiptNumber: '0061' } });
    expect((await postSale(app, first)).status).toBe(200);
    const again = refundOf(sale, 1, { tipCents: -1, standalone: { receiptNumber: '0062' } });
    expect((await postSale(app, again)).status).toBe(409);
    const rest = refundOf(sale, 1, { standalone: { receiptNumber: '0063' } });
    expect((await postSale(app, rest)).status).toBe(200);
  });
});

describe('the reckoning (fast-check)', () => {
  it('tips and card money on the X are the stand-alone sales less their refunds, refunds beyond them refused', async () => {
    // Each day: stand-alone sales of 1-5 Pils with a tip within the floor, and refunds asking for up to
    // all of a sale's Pils and up to more than its tip; the test keeps its own account.
    const operation = fc.record({
      pils: fc.integer({ min: 1, max: 5 }),
      tip: fc.integer({ min: 0, max: 500 }),
      refundPils: fc.integer({ min: 0, max: 5 }),
      refundTip: fc.integer({ min: 0, max: 600 }),
    });
    let sales = 0;
    let tips = 0;
    let amount = 0;
    let listed = 0;
    let receipt = 100;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 4 }), async (day) => {
        for (const op of day) {
          const sale = await recordSale(app, standaloneSale(op.pils, String(receipt++), op.tip));
          sales += 1;
          listed += 1;
          amount += 420 * op.pils;
          tips += op.tip;
          if (op.refundPils === 0) continue;
          const body = refundOf(sale, op.refundPils, {
            tipCents: -op.refundTip,
            standalone: { receiptNumber: String(receipt++) },
          });
          const fits = op.refundPils <= op.pils && op.refundTip <= op.tip;
          expect((await postSale(app, body)).status).toBe(fits ? 200 : 409);
          if (!fits) continue;
          listed += 1;
          amount -= 420 * op.refundPils;
          tips -= op.refundTip;
        }
        const x = app.hub.closing.xReport();
        expect(x.hotel.tipCents).toBe(tips);
        expect(x.hotel.byPayment.find((p) => p.method === 'card')).toMatchObject({
          amountCents: amount,
          tipCents: tips,
        });
        const list = x.standaloneCards ?? [];
        expect(list).toHaveLength(listed);
        expect(list.reduce((sum, p) => sum + p.amountCents, 0)).toBe(amount);
        expect(list.reduce((sum, p) => sum + p.tipCents, 0)).toBe(tips);
        expect(sales).toBeGreaterThan(0);
      }),
      { numRuns: 25 },
    );
  });
});
