// Recording sales in the ledger (`POST /till/sales`) as a paired tablet does: stored once by sale id
// (a resend gets the stored answer, another body under the id is refused), checked at the edge
// (nothing written for a bad body or totals that do not add up), numbered per outlet, net and VAT
// worked out per line, and its approvals checked once (with the key of the device they name; an open
// price by its line total) and spent with it: two records racing for one approval, exactly one
// passes. Only paired tablets may record.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerRecordAnswer } from '../../../src/pms/ledger-wire.ts';
import type { StaffCard } from '../../../src/pms/staff-calls.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { addAnnaAndMia, STAFF_KEY_ROUNDS, signedApproval } from '../staff/staff-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { ledgerLine, OPEN_PRICE, PILS, postSale, SCHNITZEL, saleBody } from './ledger-support.ts';

let hotel: TestHotel;
let app: TabletApp;

beforeEach(() => {
  hotel = pinnedHotel();
  app = tabletApp({ hotel }, { staffKeyRounds: STAFF_KEY_ROUNDS });
});
afterEach(() => hotel.close());

const recordedCount = () => app.hub.ledger.outcomes.list(app.device, 0, 500).sales.length;

describe('recording a sale', () => {
  it('stores its lines with net and VAT, its payment, an audit row, and answers its numbers', async () => {
    // The rates are the catalogue's (20 % and 10 %), whatever the tablet says.
    const body = saleBody([ledgerLine(PILS, 2, 420), ledgerLine(SCHNITZEL, 1, 2450, { vatRateBp: 700 })], {
      payments: [{ method: 'cash', amountCents: 3290, tenderedCents: 4000, changeCents: 710 }],
    });
    const answer = await postSale(app, body);
    expect(answer.status).toBe(200);
    const stored = (await answer.json()) as LedgerRecordAnswer;
    expect(stored).toMatchObject({ saleId: body.saleId, receiptNumber: 1 });
    const rows = app.hub.ledger.outcomes.stored(body.saleId)!;
    expect(rows.lines.map((l) => [l.gross_cents, l.net_cents, l.vat_cents])).toEqual([
      [840, 700, 140],
      [2450, 2227, 223],
    ]);
    expect(rows.payments).toMatchObject([
      { method: 'cash', amount_cents: 3290, tendered_cents: 4000, change_cents: 710 },
    ]);
    expect(app.hub.audit.list({ kind: 'sale_recorded' })).toMatchObject([
      { subject: body.saleId, amountCents: 3290, deviceId: app.device.id },
    ]);
  });

  it('answers a resend of the same body with the stored answer, once in the ledger', async () => {
    const body = saleBody([ledgerLine(PILS, 1, 420)]);
    const first = await (await postSale(app, body)).json();
    const again = await postSale(app, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect(recordedCount()).toBe(1);
  });

  it('refuses another body under a used sale id with 409 sale_conflict, and keeps the first', async () => {
    const body = saleBody([ledgerLine(PILS, 1, 420)]);
    await postSale(app, body);
    const changed = saleBody([ledgerLine(PILS, 2, 420)], { saleId: body.saleId });
    const answer = await postSale(app, changed);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ code: 'sale_conflict', field: 'saleId' });
    expect(app.hub.ledger.outcomes.stored(body.saleId)!.lines).toMatchObject([{ quantity: 1 }]);
  });

  it('refuses a bad body with 400 naming the field, and writes nothing', async () => {
    const body = saleBody([ledgerLine(PILS, 1, 420)]);
    const bad = { ...body, lines: [{ ...body.lines[0], unitPriceCents: 4.2 }] };
    const answer = await postSale(app, bad);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'sale_invalid', field: 'lines.0.unitPriceCents' });
    const notJson = await app.request('/till/sales', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect(recordedCount()).toBe(0);
  });

  it.each([
    ['totalCents', { totalCents: 999 }],
    ['payments', { payments: [{ method: 'cash' as const, amountCents: 400 }] }],
    [
      'payments.0.changeCents',
      { payments: [{ method: 'cash' as const, amountCents: 420, tenderedCents: 500, changeCents: 70 }] },
    ],
  ])('refuses totals that do not add up (%s) with 400, and writes nothing', async (field, fields) => {
    const answer = await postSale(app, saleBody([ledgerLine(PILS, 1, 420)], fields));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'sale_totals', field });
    expect(recordedCount()).toBe(0);
  });

  it('refuses a sale with a negative quantity (taking back is a void, take-back or refund)', async () => {
    const answer = await postSale(app, saleBody([ledgerLine(PILS, 2, 420), ledgerLine(SCHNITZEL, -1, 420)]));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'sale_invalid', field: 'lines.1.quantity' });
    expect(recordedCount()).toBe(0);
  });

  it('refuses a void of a sale the ledger does not hold', async () => {
    const answer = await postSale(
      app,
      saleBody([ledgerLine(PILS, -1, 420)], { kind: 'void', refersTo: 'nope' }),
    );
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ code: 'sale_unknown', field: 'refersTo' });
  });

  it('numbers receipts consecutively per outlet', async () => {
    // A restaurant tablet paired with the same server.
    const { code } = app.hub.createPairingCode({ outlet: 'restaurant', name: 'Restaurant' });
    const { token } = app.hub.redeemPairingCode(code, '127.0.0.1');
    const other = {
      request: (path: string, init: RequestInit) =>
        app.server.request(path, {
          ...init,
          headers: {
            ...(init.headers as Record<string, string>),
            cookie: `${app.hub.cookieName}=${token}`,
            'x-till-request-id': crypto.randomUUID(),
          },
        }),
    };
    const numbers: number[] = [];
    for (const tablet of [app, other, app, app, other]) {
      const answer = (await (
        await postSale(tablet, saleBody([ledgerLine(PILS, 1, 420)]))
      ).json()) as LedgerRecordAnswer;
      numbers.push(answer.receiptNumber);
    }
    expect(numbers).toEqual([1, 1, 2, 3, 2]);
  });
});

describe('who may record', () => {
  it('refuses an unpaired caller and a revoked tablet with 401, and writes nothing', async () => {
    const body = JSON.stringify(saleBody([ledgerLine(PILS, 1, 420)]));
    const headers = { 'content-type': 'application/json', 'x-till-request-id': crypto.randomUUID() };
    const stranger = await app.server.request('/till/sales', { method: 'POST', headers, body });
    expect(stranger.status).toBe(401);
    expect((await app.server.request('/till/sales')).status).toBe(401);
    app.hub.revokeDevice(app.device.id);
    const revoked = await postSale(app, JSON.parse(body));
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ code: 'device_revoked' });
    expect(app.hub.ledger.outcomes.list(app.device, 0, 10).sales).toEqual([]);
  });

  it('lists only the tablet its own records, paged', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const body = saleBody([ledgerLine(PILS, 1, 420)]);
      ids.push(body.saleId);
      await postSale(app, body);
    }
    const first = (await (await app.request('/till/sales?limit=2')).json()) as {
      sales: { saleId: string }[];
      next: number;
    };
    expect(first.sales.map((s) => s.saleId)).toEqual(ids.slice(0, 2));
    const rest = (await (await app.request(`/till/sales?after=${first.next}`)).json()) as {
      sales: { saleId: string }[];
      next: null;
    };
    expect(rest).toMatchObject({ next: null });
    expect(rest.sales.map((s) => s.saleId)).toEqual(ids.slice(2));
    expect((await app.request('/till/sales?limit=0')).status).toBe(400);
  });
});

describe('approvals on a recorded sale', () => {
  let anna: StaffCard;
  let mia: StaffCard;
  beforeEach(async () => {
    ({ anna, mia } = await addAnnaAndMia(app));
  });
  /** A line of an open-price product at 150.00, above the outlet's 100.00 limit. */
  const openPrice = () => ledgerLine(OPEN_PRICE, 1, 15_000, { cataloguePriceCents: null });

  it("refuses an open price above the limit without an approval, or with a waiter's, and writes nothing", async () => {
    const without = await postSale(app, saleBody([openPrice()]));
    expect(without.status).toBe(403);
    expect(await without.json()).toMatchObject({ code: 'approval_required' });
    const body = saleBody([openPrice()]);
    body.approvals = [
      await signedApproval(app, mia, '1111', {
        action: 'open_price',
        subject: body.saleId,
        amountCents: 15_000,
      }),
    ];
    const waiter = await postSale(app, body);
    expect(waiter.status).toBe(403);
    expect(await waiter.json()).toMatchObject({ code: 'approval_not_manager' });
    expect(recordedCount()).toBe(0);
    expect(app.hub.audit.list({ kind: 'approval_refused' })).toHaveLength(2);
  });

  it("records a manager's approval with the record, and an audit row naming her and the action", async () => {
    const body = saleBody([openPrice()]);
    body.approvals = [
      await signedApproval(app, anna, '9999', {
        action: 'open_price',
        subject: body.saleId,
        amountCents: 15_000,
      }),
    ];
    expect((await postSale(app, body)).status).toBe(200);
    expect(app.hub.ledger.outcomes.stored(body.saleId)!.approvals).toMatchObject([
      { action: 'open_price', manager_name: 'Anna', amount_cents: 15_000 },
    ]);
    expect(app.hub.audit.list({ kind: 'approval_used' })).toMatchObject([
      { approvedBy: 'Anna', note: 'open price approved by Anna', subject: body.saleId },
    ]);
  });

  it('holds a discount beyond the limit to an approval, except on a part of a split bill, which is on record', async () => {
    const cheap = () => [ledgerLine(PILS, 2, 300, { cataloguePriceCents: 420 })]; // 28.6 % off
    const plain = await postSale(app, saleBody(cheap()));
    expect(plain.status).toBe(403);
    expect(await plain.json()).toMatchObject({ code: 'approval_required' });
    const part = saleBody(cheap(), { split: true });
    expect((await postSale(app, part)).status).toBe(200);
    expect(app.hub.audit.list({ kind: 'split_below_catalogue' })).toMatchObject([
      { subject: part.saleId, amountCents: 240 },
    ]);
  });

  it("refuses an approval signed with another tablet's key for this one (approval_invalid), and writes nothing", async () => {
    // The manager's card as a second paired tablet has it: her key there signs for that tablet only.
    const { code } = app.hub.createPairingCode({ outlet: 'bar', name: 'Second tablet' });
    const second = app.hub.redeemPairingCode(code, '127.0.0.1');
    const cards = await app.server.request('/till/staff', {
      headers: { cookie: `${app.hub.cookieName}=${second.token}`, 'x-till-request-id': crypto.randomUUID() },
    });
    const annaThere = ((await cards.json()) as { staff: StaffCard[] }).staff.find(
      (card) => card.name === 'Anna',
    )!;
    const body = saleBody([openPrice()]);
    body.approvals = [
      await signedApproval(app, annaThere, '9999', {
        action: 'open_price',
        subject: body.saleId,
        amountCents: 15_000,
      }),
    ];
    const answer = await postSale(app, body);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'approval_invalid' });
    expect(recordedCount()).toBe(0);
  });

  it('holds the open-price limit to the line total: 2 x 60.00 needs an approval of 120.00', async () => {
    const twice = () => [ledgerLine(OPEN_PRICE, 2, 6_000, { cataloguePriceCents: null })];
    const without = await postSale(app, saleBody(twice()));
    expect(without.status).toBe(403);
    expect(await without.json()).toMatchObject({ code: 'approval_required' });
    const approve = async (body: ReturnType<typeof saleBody>, amountCents: number) => {
      body.approvals = [
        await signedApproval(app, anna, '9999', { action: 'open_price', subject: body.saleId, amountCents }),
      ];
      return body;
    };
    const unitOnly = await postSale(app, await approve(saleBody(twice()), 6_000));
    expect(unitOnly.status).toBe(403);
    expect(await unitOnly.json()).toMatchObject({ code: 'approval_mismatch' });
    expect(recordedCount()).toBe(0);
    expect((await postSale(app, await approve(saleBody(twice()), 12_000))).status).toBe(200);
    expect(recordedCount()).toBe(1);
  });

  it('refuses an approval naming another sale', async () => {
    const body = saleBody([openPrice()]);
    body.approvals = [
      await signedApproval(app, anna, '9999', {
        action: 'open_price',
        subject: 'another-sale',
        amountCents: 15_000,
      }),
    ];
    const answer = await postSale(app, body);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'approval_mismatch' });
  });

  it('stores one of two different bodies sent at once under one sale id with one approval', async () => {
    const saleId = crypto.randomUUID();
    const token = await signedApproval(app, anna, '9999', {
      action: 'open_price',
      subject: saleId,
      amountCents: 15_000,
    });
    // The same approval under the same sale id, two different bodies sent at once.
    const one = saleBody([openPrice()], { saleId, approvals: [token] });
    const two = saleBody([openPrice(), ledgerLine(PILS, 1, 420)], { saleId, approvals: [token] });
    const answers = await Promise.all([postSale(app, one), postSale(app, two)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(recordedCount()).toBe(1);
  });

  it('lets exactly one of two records racing for one approval pass; the other is refused approval_used', async () => {
    // Two units, so each void alone fits in what is left of the charge: the approval decides.
    const body = saleBody([ledgerLine(PILS, 2, 420)], {
      kind: 'room-charge',
      room: { roomReservationId: 1 },
    });
    await postSale(app, body);
    const token = await signedApproval(app, anna, '9999', {
      action: 'void_sale',
      subject: body.saleId,
      amountCents: -420,
    });
    const voids = [1, 2].map(() =>
      saleBody([ledgerLine(PILS, -1, 420)], { kind: 'void', refersTo: body.saleId, approvals: [token] }),
    );
    const answers = await Promise.all(voids.map((v) => postSale(app, v)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    const refused = answers.find((a) => a.status === 403)!;
    expect(await refused.json()).toMatchObject({ code: 'approval_used' });
    expect(recordedCount()).toBe(2);
    // The refused record, rolled back in the commit it shared with the other, left no gap in the numbers.
    const listed = app.hub.ledger.outcomes.list(app.device, 0, 10).sales;
    expect(listed.map((sale) => sale.receiptNumber)).toEqual([1, 2]);
  });

  it('refuses a void without a void_sale approval', async () => {
    const body = saleBody([ledgerLine(PILS, 1, 420)]);
    await postSale(app, body);
    const answer = await postSale(
      app,
      saleBody([ledgerLine(PILS, -1, 420)], {
        kind: 'void',
        refersTo: body.saleId,
        payments: [{ method: 'cash', amountCents: -420 }],
      }),
    );
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'approval_required' });
  });
});
