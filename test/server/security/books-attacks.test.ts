// Issue 30's attacks on the books by a paired tablet, as regression tests (each failed on 7be31cd):
// a record declaring its own catalogue price, VAT rate or group; amounts near the integer limit or
// `1e300`; a sale, line or tip beyond the outlet's limits; a refund above its approval or twice the
// sale. Each is refused with its code and nothing is written, or, for a sale made without the
// server, recorded with its price deviation on the X report; another tablet keeps selling.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerRecord } from '../../../src/pms/ledger-wire.ts';
import type { StaffCard } from '../../../src/pms/staff-calls.ts';
import { dayBefore } from '../../../src/server/ledger/closing/business-day.ts';
import { localDate } from '../../../src/server/ledger/closing/day-closing.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { ledgerLine, PILS, postSale, saleBody, type Tablet } from '../ledger/ledger-support.ts';
import { addAnnaAndMia, STAFF_KEY_ROUNDS, signedApproval } from '../staff/staff-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';

/** Champagne 0,75 l: 89.00 at 20 % in group 1 "Bar" (the test hotel's catalogue). */
const CHAMPAGNE = 10;

let hotel: TestHotel;
let app: TabletApp;
let anna: StaffCard;
beforeEach(async () => {
  hotel = pinnedHotel();
  app = tabletApp({ hotel }, { staffKeyRounds: STAFF_KEY_ROUNDS });
  ({ anna } = await addAnnaAndMia(app));
});
afterEach(() => hotel.close());

const stored = (saleId: string) => app.hub.ledger.outcomes.stored(saleId);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const approval = (action: 'over_limit' | 'void_sale', subject: string, amountCents: number | null) =>
  signedApproval(app, anna, '9999', { action, subject, amountCents });

/** A second paired tablet of the same server and outlet. */
function otherTablet(): Tablet {
  const { code } = app.hub.createPairingCode({ outlet: 'bar', name: 'Other tablet' });
  const { token } = app.hub.redeemPairingCode(code, '127.0.0.1');
  return {
    request: (path, init = {}) =>
      app.server.request(path, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: `${app.hub.cookieName}=${token}`,
          'x-till-request-id': randomUUID(),
        },
      }),
  };
}

describe('the tablet declares the catalogue price', () => {
  it('is refused for champagne at 0.01 declared as its catalogue price (or none), and nothing is stored', async () => {
    for (const declared of [1, null]) {
      const body = saleBody([ledgerLine(CHAMPAGNE, 1, 1, { cataloguePriceCents: declared })]);
      const answer = await postSale(app, body);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ code: 'approval_required' });
      expect(stored(body.saleId)).toBeUndefined();
    }
    expect(app.hub.closing.xReport().hotel.records).toBe(0);
  });

  it('records a sale made without the server at a price it cannot justify, as a deviation on the X report', async () => {
    const body = saleBody([ledgerLine(CHAMPAGNE, 1, 1, { cataloguePriceCents: 1 })], {
      createdAt: minutesAgo(30),
    });
    expect((await postSale(app, body)).status).toBe(200);
    expect(stored(body.saleId)!.lines).toMatchObject([
      { unit_price_cents: 1, catalogue_price_cents: 8900, discount_cents: 8899 },
    ]);
    const report = app.hub.closing.xReport();
    expect(report.hotel.discountCents).toBe(8899);
    expect(report.deviations).toMatchObject([{ saleId: body.saleId, amountCents: 8899 }]);
    expect(app.hub.audit.list({ kind: 'ledger_deviation' })).toMatchObject([
      { subject: body.saleId, amountCents: 8899 },
    ]);
  });
});

describe('the tablet picks the VAT rate and the group', () => {
  it('stores the catalogue’s rate and group whatever the record says, and the X report lists no made-up rate', async () => {
    for (const vatRateBp of [0, 1234, null]) {
      const body = saleBody([
        ledgerLine(PILS, 1, 420, {
          vatRateBp,
          taxClassId: 3,
          commodityGroupId: 99,
          commodityGroupName: 'Fake',
        }),
      ]);
      expect((await postSale(app, body)).status).toBe(200);
      expect(stored(body.saleId)!.lines).toMatchObject([
        { vat_rate_bp: 2000, vat_cents: 70, commodity_group_id: 1, commodity_group_name: 'Bar' },
      ]);
    }
    const report = app.hub.closing.xReport();
    expect(report.hotel.byVat.map((row) => row.vatRateBp)).toEqual([2000]);
    expect(report.hotel.byGroup.map((row) => row.groupId)).toEqual([1]);
  });

  it('prices a record of a newer app that sends no catalogue fields, and refuses a product no catalogue has', async () => {
    const bare = saleBody([{ productId: PILS, name: 'Pils', quantity: 2, unitPriceCents: 420 } as never]);
    expect((await postSale(app, bare)).status).toBe(200);
    expect(stored(bare.saleId)!.lines).toMatchObject([{ catalogue_price_cents: 420, vat_rate_bp: 2000 }]);
    const unknown = saleBody([ledgerLine(999_999, 1, 420)]);
    const answer = await postSale(app, unknown);
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ code: 'product_unknown', field: 'lines.0.productId' });
  });
});

describe('an offline tablet’s catalogue', () => {
  it('judges a sale by the catalogue version it sold from, and a newer price by the newer version', async () => {
    const read = async () => {
      const answer = await app.request('/api/get/products/available');
      expect(answer.status).toBe(200);
      return Number(answer.headers.get('x-till-catalogue-version'));
    };
    const before = await read();
    expect(before).toBeGreaterThan(0);
    hotel.db.prepare('UPDATE products SET price_cents = 1000 WHERE id = ?').run(PILS);
    const after = await read();
    expect(after).toBeGreaterThan(before);
    // Sold at 4.20 from the older list: no discount at all.
    const old = saleBody([ledgerLine(PILS, 1, 420)], { catalogueVersion: before, createdAt: minutesAgo(1) });
    expect((await postSale(app, old)).status).toBe(200);
    expect(stored(old.saleId)!.lines).toMatchObject([{ catalogue_price_cents: 420, discount_cents: 0 }]);
    // At 4.20 from the newer list (10.00): 58 % off, no approval.
    const cheap = saleBody([ledgerLine(PILS, 1, 420, { cataloguePriceCents: 420 })], {
      catalogueVersion: after,
    });
    const refused = await postSale(app, cheap);
    expect(refused.status).toBe(403);
    expect(stored(cheap.saleId)).toBeUndefined();
  });
});

describe('amounts near the integer limit', () => {
  const huge = (body: LedgerRecord, path: string, value: number) => {
    const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
    const keys = path.split('.');
    let at = copy as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
    at[keys.at(-1)!] = value;
    return copy;
  };

  it('answers 400 naming the field, never 500, for 1e300 or 8.99e18 anywhere, and another tablet keeps selling', async () => {
    const base = saleBody([ledgerLine(PILS, 1, 420)], {
      payments: [{ method: 'card', amountCents: 420, tipCents: 0, pmsPaymentMethodId: 1 }],
      room: { roomReservationId: 1 },
      takeBack: { line: 0, quantity: 1 },
      shift: { shiftId: 's1', floatCents: 0 },
    });
    const fields = [
      'totalCents',
      'lines.0.unitPriceCents',
      'lines.0.cataloguePriceCents',
      'lines.0.productId',
      'lines.0.quantity',
      'lines.0.taxClassId',
      'lines.0.commodityGroupId',
      'payments.0.amountCents',
      'payments.0.tipCents',
      'payments.0.pmsPaymentMethodId',
      'room.roomReservationId',
      'takeBack.line',
      'shift.floatCents',
    ];
    for (const field of fields)
      for (const value of [1e300, 8.99e18]) {
        const answer = await postSale(app, huge(base, field, value));
        expect(answer.status, `${field} = ${value}`).toBe(400);
        expect(await answer.json(), field).toMatchObject({ code: 'sale_invalid', field });
      }
    // A whole record of 8.99e18 cents, its lines adding up: refused at the edge too.
    const whole = saleBody([ledgerLine(PILS, 1, 420)]);
    const answer = await postSale(app, { ...whole, totalCents: 8.99e18 });
    expect(answer.status).toBe(400);
    expect(app.hub.closing.xReport().hotel.records).toBe(0);
    expect((await postSale(otherTablet(), saleBody([ledgerLine(PILS, 1, 420)]))).status).toBe(200);
  });
});

describe('the outlet’s limits', () => {
  it('holds a sale above the outlet’s limit to a manager’s over_limit approval of its amount', async () => {
    const saleId = randomUUID();
    const lines = () => [ledgerLine(CHAMPAGNE, 30, 8900)]; // 2,670.00
    const refused = await postSale(app, saleBody(lines(), { saleId }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'limit_exceeded', field: 'totalCents' });
    const short = await postSale(
      app,
      saleBody(lines(), { saleId, approvals: [await approval('over_limit', saleId, 100_000)] }),
    );
    expect(short.status).toBe(403);
    const approved = saleBody(lines(), {
      saleId,
      approvals: [await approval('over_limit', saleId, 267_000)],
    });
    expect((await postSale(app, approved)).status).toBe(200);
    expect(stored(saleId)!.approvals).toMatchObject([{ action: 'over_limit', amount_cents: 267_000 }]);
  });

  it('holds a tip of 150.00 on a 4.20 beer, and 10,000,000,000 of tips, to the limits', async () => {
    const tipped = (tipCents: number) =>
      saleBody([ledgerLine(PILS, 1, 420)], { payments: [{ method: 'card', amountCents: 420, tipCents }] });
    const big = await postSale(app, tipped(15_000));
    expect(big.status).toBe(403);
    expect(await big.json()).toMatchObject({ code: 'limit_exceeded', field: 'payments.0.tipCents' });
    const share = await postSale(app, tipped(2_000)); // 20.00 on 4.20: above half of the sale
    expect(share.status).toBe(403);
    expect((await postSale(app, tipped(1_000_000_000_000))).status).toBe(400);
    expect((await postSale(app, tipped(200))).status).toBe(200);
    expect(app.hub.closing.xReport().hotel.tipCents).toBe(200);
  });

  it('holds an opening float above the limit to an approval', async () => {
    const shiftId = randomUUID();
    const open = (approvals: string[]) =>
      saleBody([], {
        kind: 'shift-open',
        payments: [],
        shift: { shiftId, drawer: 'main', floatCents: 500_000 },
        approvals,
      });
    const refused = await postSale(app, open([]));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'limit_exceeded', field: 'shift.floatCents' });
    expect((await postSale(app, open([await approval('over_limit', shiftId, 500_000)]))).status).toBe(200);
  });
});

describe('refund approvals bind their amount', () => {
  it('refuses a refund above its approval, above what is left of the sale, or of a product the sale had not', async () => {
    const sale = saleBody([ledgerLine(PILS, 10, 420)]); // 42.00
    expect((await postSale(app, sale)).status).toBe(200);
    const refund = (quantity: number, approvals: string[], productId = PILS, price = 420) =>
      saleBody([ledgerLine(productId, -quantity, price)], {
        kind: 'refund',
        refersTo: sale.saleId,
        payments: [{ method: 'cash', amountCents: -quantity * price }],
        approvals,
      });
    // An approval for 4.20 does not cover a refund of 42.00.
    const small = await postSale(app, refund(10, [await approval('void_sale', sale.saleId, 420)]));
    expect(small.status).toBe(403);
    expect(await small.json()).toMatchObject({ code: 'approval_mismatch' });
    // Champagne was never sold: not refunded, whatever the approval.
    const other = await postSale(
      app,
      refund(1, [await approval('void_sale', sale.saleId, null)], CHAMPAGNE, 4200),
    );
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: 'refund_exceeds_sale' });
    expect((await postSale(app, refund(6, [await approval('void_sale', sale.saleId, 2520)]))).status).toBe(
      200,
    );
    // 6 of 10 refunded: 5 more is beyond what is left, also with an approval of no amount.
    const twice = await postSale(app, refund(5, [await approval('void_sale', sale.saleId, null)]));
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: 'refund_exceeds_sale', field: 'lines.0.quantity' });
    expect((await postSale(app, refund(4, [await approval('void_sale', sale.saleId, 1680)]))).status).toBe(
      200,
    );
    expect(app.hub.closing.xReport().hotel.grossCents).toBe(0);
  });
});

describe('the Z’s business day', () => {
  it('is a real date, today or the day before, never before the last Z’s: 2026-99-99 is refused and changes nothing', async () => {
    const cardSale = () =>
      postSale(
        app,
        saleBody([ledgerLine(PILS, 1, 420)], { payments: [{ method: 'card', amountCents: 420 }] }),
      );
    expect((await cardSale()).status).toBe(200);
    const closer = { staffId: anna.id, staffName: 'Anna' };
    const close = (businessDay: string) =>
      app.hub.closing.closeDay({ upToSeq: app.hub.closing.xReport().upToSeq, businessDay }, closer);
    const today = localDate(new Date());
    for (const bogus of ['2026-99-99', '2026-02-30', '2099-01-01', dayBefore(dayBefore(today)), 'today'])
      expect(() => close(bogus), bogus).toThrow(expect.objectContaining({ code: 'business_day_invalid' }));
    expect(app.hub.closing.lastZ()).toBeNull();
    expect(close(today).zNumber).toBe(1);
    expect((await cardSale()).status).toBe(200);
    expect(() => close(dayBefore(today))).toThrow(expect.objectContaining({ code: 'business_day_earlier' }));
    expect(close(today).zNumber).toBe(2);
  });
});

describe('pairing', () => {
  it('names the tablet by its code, not as it names itself, and no two tablets alike', () => {
    const first = app.hub.createPairingCode({ outlet: 'bar', name: '' });
    const second = app.hub.createPairingCode({ outlet: 'bar', name: '' });
    const one = app.hub.redeemPairingCode(first.code, '127.0.0.1', 'Bar 1').device;
    const two = app.hub.redeemPairingCode(second.code, '127.0.0.1', 'Bar 1').device;
    expect(one.name).not.toBe('Bar 1');
    expect(two.name).not.toBe(one.name);
    const names = app.hub
      .listDevices()
      .filter((d) => !d.revokedAt)
      .map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('audit events from a tablet', () => {
  const report = (tablet: Tablet, count: number, amountCents = 100) =>
    tablet.request('/till/audit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        events: Array.from({ length: count }, () => ({
          id: randomUUID(),
          kind: 'sign_in',
          at: new Date().toISOString(),
          staffId: null,
          amountCents,
        })),
      }),
    });

  it('are limited per minute per tablet (429 audit_rate), another tablet still reports; 1e300 is a 400', async () => {
    // 1,400 events in 7 reports: at most 600 a minute pass, 1,200 if a minute turns meanwhile.
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push((await report(app, 200)).status);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((status) => status === 200).length).toBeLessThanOrEqual(6);
    expect((await report(otherTablet(), 1)).status).toBe(200);
    const huge = await report(otherTablet(), 1, 1e300);
    expect(huge.status).toBe(400);
  });
});
