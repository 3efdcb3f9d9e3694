// A card taken on a stand-alone terminal (issue 30: the till server was down, or no terminal is set
// up): the ledger payment carries `standalone.receiptNumber`, bounded and checked by the server (400
// naming the field, nothing written); it is card money on the X, listed apart with its receipt number
// on the X/Z, the admin day page and the printed Z slip, and never in a driven terminal's day.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerRecord } from '../../../src/pms/ledger-wire.ts';
import { ADMIN_WORDS } from '../../../src/server/admin/admin-words.ts';
import { dayPage } from '../../../src/server/admin/closing-page.ts';
import { cardBlock } from '../../../src/server/printing/card-receipt.ts';
import { reportSlip } from '../../../src/server/printing/ledger-printing.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { ledgerLine, PILS, postSale, SCHNITZEL, saleBody } from './ledger-support.ts';

let hotel: TestHotel;
let app: TabletApp;
beforeEach(() => {
  hotel = pinnedHotel();
  app = tabletApp({ hotel });
});
afterEach(() => hotel.close());

const recorded = () =>
  (app.hub.db.prepare('SELECT COUNT(*) AS n FROM ledger_sales').get() as { n: number }).n;

/** Two Pils (8.40) paid on the stand-alone terminal with `receiptNumber`, and whatever `payment` overrides. */
function standaloneSale(receiptNumber: unknown, payment: Record<string, unknown> = {}): LedgerRecord {
  return saleBody([ledgerLine(PILS, 2, 420)], {
    payments: [{ method: 'card', amountCents: 840, standalone: { receiptNumber }, ...payment } as never],
  });
}

describe('the wire field', () => {
  it('records a card payment taken on a stand-alone terminal with its receipt number', async () => {
    const body = standaloneSale('0042');
    expect((await postSale(app, body)).status).toBe(200);
    const stored = app.hub.ledger.outcomes.stored(body.saleId)!;
    expect(stored.payments).toMatchObject([{ method: 'card', amount_cents: 840, card: null }]);
    expect(app.hub.db.prepare('SELECT receipt_number AS n FROM ledger_standalone_cards').all()).toEqual([
      { n: '0042' },
    ]);
  });

  it.each([
    ['', 'no receipt number'],
    ['12a4', 'not digits'],
    ['12345678901', 'eleven digits'],
    [42, 'a number, not text'],
    [null, 'null'],
  ])(
    'refuses a receipt number %j (%s) with a 400 naming the field, nothing written',
    async (receipt, _why) => {
      const answer = await postSale(app, standaloneSale(receipt));
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { field: string }).field).toBe('payments.0.standalone.receiptNumber');
      expect(recorded()).toBe(0);
    },
  );

  it('refuses stand-alone on cash, beside the till terminal’s data, or other fields in it', async () => {
    const cases: [LedgerRecord, string][] = [
      [standaloneSale('7', { method: 'cash' }), 'payments.0.standalone'],
      [standaloneSale('7', { card: { paymentNo: 1, traceNumber: 5 } }), 'payments.0.standalone'],
      [
        saleBody([ledgerLine(PILS, 1, 420)], {
          payments: [
            { method: 'card', amountCents: 420, standalone: { receiptNumber: '7', pan: '4111' } } as never,
          ],
        }),
        'payments.0.standalone',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await postSale(app, body);
      expect(answer.status, JSON.stringify(body.payments)).toBe(400);
      expect(((await answer.json()) as { field: string }).field).toMatch(
        new RegExp(`^${field.replace(/\./g, '\\.')}`),
      );
    }
    expect(recorded()).toBe(0);
  });
});

describe('the printed receipt', () => {
  it('says stand-alone terminal and carries the typed receipt number, not a driven terminal’s data', () => {
    expect(cardBlock(standaloneSale('0042'))).toEqual({
      card: { chargedCents: 840, tipCents: 0, standalone: true, receiptNumber: '0042' },
    });
  });
});

describe('the X and Z', () => {
  it('count it as card money and list it apart with its receipt number, on the report, the admin page and the slip', async () => {
    const first = standaloneSale('0042');
    const second = saleBody([ledgerLine(SCHNITZEL, 1, 2450)], {
      payments: [{ method: 'card', amountCents: 2450, standalone: { receiptNumber: '0043' } }],
    });
    const cash = saleBody([ledgerLine(PILS, 1, 420)]);
    for (const body of [first, second, cash]) expect((await postSale(app, body)).status).toBe(200);

    const x = app.hub.closing.xReport();
    expect(x.hotel.byPayment).toMatchObject([
      { method: 'card', records: 2, amountCents: 3290 },
      { method: 'cash', records: 1, amountCents: 420 },
    ]);
    expect(x.standaloneCards).toMatchObject([
      { saleId: first.saleId, receiptNumber: '0042', amountCents: 840, tipCents: 0, kind: 'sale' },
      { saleId: second.saleId, receiptNumber: '0043', amountCents: 2450, tipCents: 0, kind: 'sale' },
    ]);
    const outlet = x.standaloneCards![0]!.outlet;

    const page = await dayPage(ADMIN_WORDS.en, {
      lang: 'en',
      report: x,
      closings: [],
      outlets: [],
      today: '2026-12-06',
    }).toString();
    expect(page).toContain('<h2>Card (stand-alone terminal)</h2>');
    expect(page).toContain('data-standalone="0042"');
    expect(page).toMatch(/data-figure="standalone-total">€32\.90</);

    const slip = reportSlip(x, outlet, 'Bar', 'Anna', 'de');
    expect(slip.payments).toEqual([
      { name: 'Karte', count: 2, cents: 3290 },
      { name: 'Bar', count: 1, cents: 420 },
      { name: '  davon Karte (Stand-alone-Terminal)', count: 2, cents: 3290 },
    ]);
  });

  it('leaves the block out of a report without stand-alone card payments', async () => {
    expect((await postSale(app, saleBody([ledgerLine(PILS, 1, 420)]))).status).toBe(200);
    expect(app.hub.closing.xReport().standaloneCards).toBeUndefined();
  });
});
