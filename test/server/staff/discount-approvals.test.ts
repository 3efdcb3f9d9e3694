import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saleHeaders } from '../../../src/outbox/sale-headers.ts';
import {
  APPROVAL_HEADER,
  type Approval,
  SALE_HEADER,
  SPLIT_HEADER,
  type StaffCard,
} from '../../../src/pms/staff-calls.ts';
import type { SaleRecord } from '../../../src/storage/records.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { createHotelApi } from '../../../src/test-hotel/routes/pms-api.ts';
import { count, pinnedHotel, productOf, stayOf } from '../../support/hotel.ts';
import { json, useUpstreams } from '../gateway-upstream.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { addStaff, STAFF_KEY_ROUNDS, signedApproval } from './staff-support.ts';

const startUpstream = useUpstreams();

let hotel: TestHotel;
let app: TabletApp;
let anna: StaffCard; // manager, PIN 9999
let mia: StaffCard; // waiter, PIN 1111
let pils: number; // 4.20 in the catalogue
let charging: number; // the charging station: an open price

const ANNA = { name: 'Anna', role: 'manager', pin: '9999' } as const;
const MIA = { name: 'Mia', role: 'waiter', pin: '1111' } as const;
/** Anna (unless `managers` is false) and Mia on `tablet`'s server. */
const withStaff = (tablet: TabletApp, managers = true) => addStaff(tablet, managers ? [ANNA, MIA] : [MIA]);

beforeEach(async () => {
  hotel = pinnedHotel();
  // The gateway's older discount check stands only for writes of no recorded sale: the migration opt-out.
  app = tabletApp({ hotel, recordedSalesOnly: false }, { staffKeyRounds: STAFF_KEY_ROUNDS });
  const card = await withStaff(app);
  anna = card('Anna');
  mia = card('Mia');
  pils = productOf(hotel.db, 'B-100');
  charging = productOf(hotel.db, 'V-500');
});
afterEach(() => hotel.close());

/** A discount approval signed with `card`'s key (Anna's for sale-1 on this tablet unless told). */
const approval = (card: StaffCard, pin: string, fields: Partial<Approval> = {}) =>
  signedApproval(app, card, pin, { action: 'discount', subject: 'sale-1', amountCents: 240, ...fields });

const itemsOfHotel = () => count(hotel.db, 'invoice_items');

/** Opens a cash invoice through the gateway (no approval needed) and answers its id. */
async function openInvoice(tablet: TabletApp = app): Promise<number> {
  const answer = await tablet.request('/api/set/create/servicecashregister/invoice', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SALE_HEADER]: 'sale-1' },
    body: JSON.stringify({ reference: 'T1-0001' }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { invoice_id: number } }).data.invoice_id;
}

/** Puts `products` on cash invoice `invoiceId` through the gateway with these headers. */
function sell(invoiceId: number, products: unknown[], headers: Record<string, string>, tablet = app) {
  return tablet.request('/api/set/add/invoice/products', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SALE_HEADER]: 'sale-1', ...headers },
    body: JSON.stringify({ invoice_id: invoiceId, products }),
  });
}

/** Two Pils at 3.00 instead of 4.20: 2.40 off, 28.6 %, above the default limit of 20 %. */
const twoPilsAt300 = () => [{ id: pils, quantity: 2, price: '3.00' }];

async function codeOf(answer: Response): Promise<[number, string]> {
  return [answer.status, ((await answer.json()) as { code: string }).code];
}

describe('a discount beyond the outlet limit on a cash invoice', () => {
  it('is refused without an approval, naming why, and nothing reaches the test hotel', async () => {
    const invoice = await openInvoice();
    const before = itemsOfHotel();
    const answer = await sell(invoice, twoPilsAt300(), {});
    expect(answer.status).toBe(403);
    const body = (await answer.json()) as { code: string; field: string; message: string };
    expect(body).toMatchObject({ code: 'approval_required', field: 'approval' });
    expect(body.message).toContain(`product ${pils} is sold 28.6 % below its catalogue price`);
    expect(itemsOfHotel()).toBe(before);
    expect(app.hub.audit.list({ kind: 'approval_refused' })).toMatchObject([
      { subject: 'sale-1', note: expect.stringContaining('discount: approval_required') },
    ]);
  });

  it("goes through with a manager's approval of at least the cents taken off, at the price sent", async () => {
    const invoice = await openInvoice();
    const before = itemsOfHotel();
    expect((await sell(invoice, twoPilsAt300(), {})).status).toBe(403);
    const answer = await sell(invoice, twoPilsAt300(), { [APPROVAL_HEADER]: await approval(anna, '9999') });
    expect(answer.status).toBe(200);
    expect(itemsOfHotel()).toBe(before + 1);
    const item = hotel.db
      .prepare('SELECT price_cents AS price, quantity FROM invoice_items WHERE invoice_id = ?')
      .get(invoice);
    expect(item).toEqual({ price: 300, quantity: 2 });
  });

  it("refuses a waiter's key, a forged or altered token, another sale's, device's or action's approval, and too small an amount", async () => {
    const invoice = await openInvoice();
    const before = itemsOfHotel();
    const tryWith = async (token: string) =>
      codeOf(await sell(invoice, twoPilsAt300(), { [APPROVAL_HEADER]: token }));
    // Mia signs as herself (not a manager), and as Anna (not Anna's signature).
    expect(await tryWith(await approval(mia, '1111', { managerId: mia.id }))).toEqual([
      403,
      'approval_not_manager',
    ]);
    expect(await tryWith(await approval(mia, '1111', { managerId: anna.id }))).toEqual([
      403,
      'approval_invalid',
    ]);
    // Anna's real approval with its amount raised: the signature no longer fits.
    const [payload, signature] = (await approval(anna, '9999', { amountCents: 10 })).split('.');
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), amountCents: 99_999 }),
    ).toString('base64url');
    expect(await tryWith(`${raised}.${signature}`)).toEqual([403, 'approval_invalid']);
    expect(await tryWith('not-a-token')).toEqual([403, 'approval_required']);
    expect(await tryWith(await approval(anna, '9999', { subject: 'sale-2' }))).toEqual([
      403,
      'approval_mismatch',
    ]);
    expect(await tryWith(await approval(anna, '9999', { deviceId: 'another-tablet' }))).toEqual([
      403,
      'approval_invalid', // this tablet's key is no other device's
    ]);
    // An open price's approval is not a discount's.
    expect(
      await tryWith(await approval(anna, '9999', { action: 'open_price', amountCents: 99_999 })),
    ).toEqual([403, 'approval_required']);
    expect(await tryWith(await approval(anna, '9999', { amountCents: 239 }))).toEqual([
      403,
      'approval_mismatch',
    ]);
    expect(itemsOfHotel()).toBe(before);
    expect(app.hub.audit.list({ kind: 'approval_refused' })).toHaveLength(8);
  });
});

describe('what needs no discount approval', () => {
  it('a discount up to the limit (a cent a line for rounding), and any price at or above the catalogue', async () => {
    const invoice = await openInvoice();
    const before = itemsOfHotel();
    // 20 % off 4.20 is 3.36; 3 Pils at 3.36, 3.36 and 3.35 take 2.53 off 12.60: 20 % and a cent.
    const atLimit = [
      { id: pils, quantity: 2, price: '3.36' },
      { id: pils, quantity: 1, price: '3.35' },
    ];
    expect((await sell(invoice, atLimit, {})).status).toBe(200);
    expect((await sell(invoice, [{ id: pils, quantity: 1, price: '3.34' }], {})).status).toBe(403);
    expect(
      (
        await sell(
          invoice,
          [
            { id: pils, quantity: 1, price: '4.20' },
            { id: pils, quantity: 1 },
          ],
          {},
        )
      ).status,
    ).toBe(200);
    expect(itemsOfHotel()).toBe(before + 4);
  });

  it('the limit the outlet set: 50 % lets 2.10 through', async () => {
    app.hub.staff.setPolicy('bar', {
      openPriceLimitCents: 10_000,
      discountLimitPercent: 50,
      idleLockMinutes: 5,
      lockAfterSale: false,
    });
    const invoice = await openInvoice();
    expect((await sell(invoice, [{ id: pils, quantity: 1, price: '2.10' }], {})).status).toBe(200);
    expect((await sell(invoice, [{ id: pils, quantity: 1, price: '2.00' }], {})).status).toBe(403);
  });

  it('anything until the hotel adds its first manager', async () => {
    const other = pinnedHotel();
    try {
      const tablet = tabletApp(
        { hotel: other, recordedSalesOnly: false },
        { staffKeyRounds: STAFF_KEY_ROUNDS },
      );
      await withStaff(tablet, false);
      const invoice = await openInvoice(tablet);
      const before = count(other.db, 'invoice_items');
      const answer = await sell(
        invoice,
        [{ id: productOf(other.db, 'B-100'), quantity: 2, price: '0.50' }],
        {},
        tablet,
      );
      expect(answer.status).toBe(200);
      expect(count(other.db, 'invoice_items')).toBe(before + 1);
      // Once a manager is added, the same write needs an approval.
      await tablet.hub.staff.add({ name: 'Anna', role: 'manager', pin: '9999' });
      const [status] = await codeOf(
        await sell(invoice, [{ id: productOf(other.db, 'B-100'), quantity: 2, price: '0.50' }], {}, tablet),
      );
      expect(status).toBe(403);
      expect(count(other.db, 'invoice_items')).toBe(before + 1);
    } finally {
      other.close();
    }
  });

  it('a catalogue product at its own price above the open-price limit (only open prices need that approval)', async () => {
    app.hub.staff.setPolicy('bar', {
      openPriceLimitCents: 100,
      discountLimitPercent: 20,
      idleLockMinutes: 5,
      lockAfterSale: false,
    });
    const invoice = await openInvoice();
    expect((await sell(invoice, [{ id: pils, quantity: 1, price: '4.20' }], {})).status).toBe(200);
    const open = await sell(invoice, [{ id: charging, quantity: 1, price: '1.01' }], {});
    expect(await codeOf(open)).toEqual([403, 'approval_required']);
  });

  it('a part of a split bill that says so, recorded in the audit log', async () => {
    const invoice = await openInvoice();
    const before = itemsOfHotel();
    const half = await sell(invoice, [{ id: pils, quantity: 1, price: '2.10' }], { [SPLIT_HEADER]: '1' });
    expect(half.status).toBe(200);
    expect(itemsOfHotel()).toBe(before + 1);
    expect(app.hub.audit.list({ kind: 'split_below_catalogue' })).toMatchObject([
      { subject: 'sale-1', amountCents: 210, note: expect.stringContaining('50 % below') },
    ]);
  });

  it('a price the hotel lowered a moment ago (the gateway reads the catalogue again before refusing)', async () => {
    const invoice = await openInvoice();
    expect((await sell(invoice, [{ id: pils, quantity: 1, price: '3.00' }], {})).status).toBe(403);
    hotel.db.prepare('UPDATE products SET price_cents = 300 WHERE id = ?').run(pils);
    expect((await sell(invoice, [{ id: pils, quantity: 1, price: '3.00' }], {})).status).toBe(200);
  });
});

describe("a discount's approval covers its sale", () => {
  it('over several writes up to its amount, with several approvals adding up; then it is spent', async () => {
    const invoice = await openInvoice();
    const before = itemsOfHotel();
    const token = await approval(anna, '9999', { amountCents: 480 });
    expect((await sell(invoice, twoPilsAt300(), { [APPROVAL_HEADER]: token })).status).toBe(200);
    // The second write of the same sale is no replay: 2.40 of the 4.80 is left.
    expect((await sell(invoice, twoPilsAt300(), { [APPROVAL_HEADER]: token })).status).toBe(200);
    expect(await codeOf(await sell(invoice, twoPilsAt300(), { [APPROVAL_HEADER]: token }))).toEqual([
      403,
      'approval_used',
    ]);
    expect(itemsOfHotel()).toBe(before + 2);
    // Two approvals of 1.00 and 1.40 cover 2.40 together.
    const small = await approval(anna, '9999', { amountCents: 100 });
    const rest = await approval(anna, '9999', { amountCents: 140 });
    expect((await sell(invoice, twoPilsAt300(), { [APPROVAL_HEADER]: `${small}, ${rest}` })).status).toBe(
      200,
    );
    expect(itemsOfHotel()).toBe(before + 3);
  });

  it('is not spent by a write the PMS refused', async () => {
    const invoice = await openInvoice();
    const token = await approval(anna, '9999');
    const refused = await sell(invoice, [...twoPilsAt300(), { id: pils, quantity: 0 }], {
      [APPROVAL_HEADER]: token,
    });
    expect(refused.status).toBe(400);
    expect((await sell(invoice, twoPilsAt300(), { [APPROVAL_HEADER]: token })).status).toBe(200);
    // Its 2.40 are used now: the next write of the sale needs another approval.
    expect(await codeOf(await sell(invoice, twoPilsAt300(), { [APPROVAL_HEADER]: token }))).toEqual([
      403,
      'approval_used',
    ]);
  });

  it("on a room charge too, with an open price's approval beside it, each check taking its own", async () => {
    const stay = stayOf(hotel.db, 'Bauer');
    const items = () => count(hotel.db, 'invoice_items', 'room_reservation_id = ?', stay);
    const charge = (headers: Record<string, string>) =>
      app.request('/api/set/add/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SALE_HEADER]: 'sale-1', ...headers },
        body: JSON.stringify({
          room_reservation_id: stay,
          products: [...twoPilsAt300(), { id: charging, quantity: 1, price: '150.00' }],
        }),
      });
    const before = items();
    const open = await approval(anna, '9999', { action: 'open_price', amountCents: 15_000 });
    const discount = await approval(anna, '9999');
    expect(await codeOf(await charge({ [APPROVAL_HEADER]: open }))).toEqual([403, 'approval_required']);
    expect(await codeOf(await charge({ [APPROVAL_HEADER]: discount }))).toEqual([403, 'approval_required']);
    expect(items()).toBe(before);
    expect((await charge({ [APPROVAL_HEADER]: `${discount},${open}` })).status).toBe(200);
    expect(items()).toBe(before + 2);
  });
});

describe('a late charge of a discounted room charge', () => {
  it("goes through with the charge's approval, as the outbox sends it", async () => {
    const invoice = await openInvoice();
    const before = itemsOfHotel();
    const late = {
      id: 'late-1',
      lateChargeOf: 'sale-1',
      approvals: [await approval(anna, '9999')],
    } as unknown as SaleRecord;
    const headers = saleHeaders(late);
    expect((await sell(invoice, twoPilsAt300(), headers)).status).toBe(200);
    expect(itemsOfHotel()).toBe(before + 1);
  });
});

describe('a price the gateway cannot know', () => {
  it('refuses the write with a clear error when the PMS does not give its catalogue, writing nothing', async () => {
    const pms = createHotelApi(hotel);
    let catalogueReadable = true;
    const upstream = await startUpstream((request, response) => {
      if (request.path.startsWith('/api/get/products/available') && !catalogueReadable) {
        json(response, 500, { success: false, message: 'database busy' });
        return;
      }
      const init: RequestInit = {
        method: request.method,
        headers: request.headers as Record<string, string>,
      };
      if (request.body) init.body = request.body;
      void Promise.resolve(pms.fetch(new Request(`http://pms.invalid${request.path}`, init))).then(
        async (answer) => json(response, answer.status, await answer.json()),
      );
    });
    const tablet = tabletApp(
      { pms: { url: upstream.url, apiKey: hotel.keys.write }, recordedSalesOnly: false },
      { staffKeyRounds: STAFF_KEY_ROUNDS },
    );
    await withStaff(tablet);
    const invoice = await openInvoice(tablet);
    const before = itemsOfHotel();
    catalogueReadable = false;
    const answer = await sell(invoice, [{ id: pils, quantity: 1, price: '4.20' }], {}, tablet);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({
      code: 'price_unknown',
      message: expect.stringContaining('cannot check the prices'),
    });
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(itemsOfHotel()).toBe(before);
    catalogueReadable = true;
    expect((await sell(invoice, [{ id: pils, quantity: 1, price: '4.20' }], {}, tablet)).status).toBe(200);
  });

  it('refuses a product the catalogue does not list, naming the line', async () => {
    const invoice = await openInvoice();
    const before = itemsOfHotel();
    const answer = await sell(
      invoice,
      [
        { id: pils, quantity: 1, price: '4.20' },
        { id: 999_999, quantity: 1, price: '1.00' },
      ],
      {},
    );
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ code: 'price_unknown', field: 'products.1.id' });
    expect(itemsOfHotel()).toBe(before);
  });
});
