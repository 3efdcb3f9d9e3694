// Manager approvals as the server checks them when the action reaches it: a take-back through the
// gateway and a void reported for the audit log pass only with a real approval (signed with the
// key sealed under an enabled manager's PIN, for this device and subject); a made-up manager, a
// waiter's signature, a forged or altered token and a replayed approval are refused, recorded,
// and leave the PMS untouched. Each action is in the audit log once, with staff and device.
import 'fake-indexeddb/auto'; // the tablet's audit queue is in IndexedDB (storage/audit-queue.ts)
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliverReports, reportRecorded } from '../../../src/features/staff/audit-reports.ts';
import { saleHeaders } from '../../../src/outbox/sale-headers.ts';
import {
  APPROVAL_HEADER,
  type Approval,
  type AuditAnswer,
  SALE_HEADER,
  type StaffCard,
  StaffListSchema,
} from '../../../src/pms/staff-calls.ts';
import { openStaffKey } from '../../../src/pms/staff-keys.ts';
import { openHubDb } from '../../../src/server/hub/hub-db.ts';
import { auditCsv, createAuditLog } from '../../../src/server/staff/audit-log.ts';
import type { SaleRecord } from '../../../src/storage/records.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { count, pinnedHotel, productOf, stayOf } from '../../support/hotel.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { addAnnaAndMia, STAFF_KEY_ROUNDS, signedApproval } from './staff-support.ts';

let hotel: TestHotel;
let app: TabletApp;
let anna: StaffCard; // manager, PIN 9999
let mia: StaffCard; // waiter, PIN 1111

beforeEach(async () => {
  hotel = pinnedHotel();
  // The gateway's older approval checks stand only for writes of no recorded sale: the migration opt-out.
  app = tabletApp({ hotel, recordedSalesOnly: false }, { staffKeyRounds: STAFF_KEY_ROUNDS });
  ({ anna, mia } = await addAnnaAndMia(app));
});
afterEach(() => hotel.close());

const approval = (card: StaffCard, pin: string, fields: Partial<Approval> = {}) =>
  signedApproval(app, card, pin, { action: 'take_back', subject: 'sale-1', amountCents: 420, ...fields });

/** Charges a Pils to Bauer's stay (straight to the test hotel) and answers a take-back request. */
async function chargeAndTakeBack(headers: Record<string, string>) {
  const stay = stayOf(hotel.db, 'Bauer');
  const pils = productOf(hotel.db, 'B-100');
  const charged = await app.request('/api/set/add/products', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SALE_HEADER]: 'sale-0' },
    body: JSON.stringify({ room_reservation_id: stay, products: [{ id: pils, quantity: 1 }] }),
  });
  expect(charged.status).toBe(200);
  const takeBack = () =>
    app.request('/api/set/remove/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ room_reservation_id: stay, optional_products: [{ id: pils, quantity: 1 }] }),
    });
  return { takeBack, itemsLeft: () => count(hotel.db, 'invoice_items', 'room_reservation_id = ?', stay) };
}

describe('the staff cards a tablet keeps', () => {
  it('carry a sealed key that the right PIN opens and a wrong one does not, and never the PIN', async () => {
    const text = JSON.stringify(anna);
    expect(text).not.toContain('9999');
    expect(await openStaffKey('9999', anna.sealedKey)).not.toBeNull();
    expect(await openStaffKey('9998', anna.sealedKey)).toBeNull();
    expect(anna.sealedKey.rounds).toBe(STAFF_KEY_ROUNDS);
  });

  it('are not given to an unpaired caller', async () => {
    expect((await app.server.request('/till/staff')).status).toBe(401);
    expect((await app.server.request('/till/audit', { method: 'POST' })).status).toBe(401);
  });
});

describe('a take-back through the gateway', () => {
  it('is refused without an approval, and the stay keeps its item', async () => {
    const { takeBack, itemsLeft } = await chargeAndTakeBack({ [SALE_HEADER]: 'sale-1' });
    const before = itemsLeft();
    const answer = await takeBack();
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'approval_required', field: 'approval' });
    expect(itemsLeft()).toBe(before);
    expect(app.hub.audit.list({ kind: 'approval_refused' })).toHaveLength(1);
  });

  it("goes through with the manager's approval, once; the same approval again is refused", async () => {
    const token = await approval(anna, '9999');
    const { takeBack, itemsLeft } = await chargeAndTakeBack({
      [SALE_HEADER]: 'sale-1',
      [APPROVAL_HEADER]: token,
    });
    const before = itemsLeft();
    expect((await takeBack()).status).toBe(200);
    expect(itemsLeft()).toBe(before - 1);
    const replay = await takeBack();
    expect(replay.status).toBe(403);
    expect(await replay.json()).toMatchObject({ code: 'approval_used' });
    expect(itemsLeft()).toBe(before - 1);
  });

  it('refuses a made-up manager, a waiter, a forged signature, another sale and another device', async () => {
    const forged = async (token: string, sale = 'sale-1') => {
      const { takeBack, itemsLeft } = await chargeAndTakeBack({
        [SALE_HEADER]: sale,
        [APPROVAL_HEADER]: token,
      });
      const before = itemsLeft();
      const answer = await takeBack();
      expect(itemsLeft()).toBe(before);
      return [answer.status, ((await answer.json()) as { code: string }).code];
    };
    const real = await approval(anna, '9999');
    const [payload, signature] = real.split('.');
    const madeUp = await approval(anna, '9999', { managerId: randomUUID() });
    expect(await forged(madeUp)).toEqual([403, 'approval_not_manager']);
    expect(await forged(await approval(mia, '1111', { managerId: mia.id }))).toEqual([
      403,
      'approval_not_manager',
    ]);
    // Mia signs an approval naming Anna: the signature is not Anna's.
    expect(await forged(await approval(mia, '1111', { managerId: anna.id }))).toEqual([
      403,
      'approval_invalid',
    ]);
    // Anna's real approval with its amount raised: the signature no longer fits.
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), amountCents: 99_999 }),
    ).toString('base64url');
    expect(await forged(`${altered}.${signature}`)).toEqual([403, 'approval_invalid']);
    expect(await forged(real, 'sale-2')).toEqual([403, 'approval_mismatch']);
    // Signed with this tablet's key, an approval naming another device is checked with that
    // device's key (docs/security.md: keys are per device), so its signature is wrong there.
    expect(await forged(await approval(anna, '9999', { deviceId: 'another-tablet' }))).toEqual([
      403,
      'approval_invalid',
    ]);
    expect(await forged('not-a-token')).toEqual([403, 'approval_required']);
    expect(app.hub.audit.list({ kind: 'approval_refused' })).toHaveLength(7);
  });

  it("takes a void's approval of the charge, picked from several tokens in the header", async () => {
    const open = await approval(anna, '9999', { action: 'open_price', subject: 'sale-1' });
    const voided = await approval(anna, '9999', { action: 'void_sale', subject: 'sale-1' });
    const { takeBack, itemsLeft } = await chargeAndTakeBack({
      [SALE_HEADER]: 'sale-1',
      [APPROVAL_HEADER]: `${open}, ${voided}`,
    });
    const before = itemsLeft();
    expect((await takeBack()).status).toBe(200);
    expect(itemsLeft()).toBe(before - 1);
  });

  it('goes through once when the tablet reported the take-back for the audit log before sending it', async () => {
    const token = await approval(anna, '9999');
    const reported = await app.request('/till/audit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        events: [
          {
            id: randomUUID(),
            kind: 'take_back',
            at: '2026-11-22T09:00:00.000Z',
            staffId: mia.id,
            subject: 'sale-1',
            approval: token,
          },
        ],
      }),
    });
    expect(((await reported.json()) as { results: { outcome: string }[] }).results[0]?.outcome).toBe(
      'recorded',
    );
    const { takeBack, itemsLeft } = await chargeAndTakeBack({
      [SALE_HEADER]: 'sale-1',
      [APPROVAL_HEADER]: token,
    });
    const before = itemsLeft();
    expect((await takeBack()).status).toBe(200);
    expect(itemsLeft()).toBe(before - 1);
    expect((await takeBack()).status).toBe(403);
    expect(itemsLeft()).toBe(before - 1);
  });

  it('refuses the approval of a manager who was disabled, or whose PIN was reset since', async () => {
    const token = await approval(anna, '9999');
    await app.hub.staff.resetPin(anna.id, '4321');
    const { takeBack } = await chargeAndTakeBack({ [SALE_HEADER]: 'sale-1', [APPROVAL_HEADER]: token });
    expect(((await (await takeBack()).json()) as { code: string }).code).toBe('approval_invalid');
  });
});

describe('a take-back by line, with the headers the outbox sends', () => {
  /** The take-back sale as recorded (its own id, the charge it takes back, its approvals). */
  const takeBackSale = (id: string, approvals: string[]) =>
    ({ id, reverses: 'charge-1', takeBack: { line: 0, quantity: 1 }, approvals }) as unknown as SaleRecord;

  it('passes with an approval naming the take-back itself, and one naming the charge is refused', async () => {
    const ofCharge = await approval(anna, '9999', { subject: 'charge-1' });
    const refusedHeaders = saleHeaders(takeBackSale('take-back-1', [ofCharge]));
    expect(refusedHeaders[SALE_HEADER]).toBe('take-back-1');
    const refused = await chargeAndTakeBack(refusedHeaders);
    const before = refused.itemsLeft();
    const answer = await refused.takeBack();
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'approval_mismatch' });
    expect(refused.itemsLeft()).toBe(before);

    const own = await approval(anna, '9999', { subject: 'take-back-2' });
    const approved = await chargeAndTakeBack(saleHeaders(takeBackSale('take-back-2', [own])));
    expect((await approved.takeBack()).status).toBe(200);
  });
});

describe('an open price above the outlet limit', () => {
  const sell = (price: string, headers: Record<string, string>) =>
    app.request('/api/set/add/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SALE_HEADER]: 'sale-9', ...headers },
      body: JSON.stringify({
        room_reservation_id: stayOf(hotel.db, 'Bauer'),
        products: [{ id: productOf(hotel.db, 'B-100'), quantity: 1, price }],
      }),
    });

  it('needs an approval of at least that price; up to the limit it needs none', async () => {
    app.hub.staff.setPolicy('bar', {
      openPriceLimitCents: 5_000,
      discountLimitPercent: 20,
      idleLockMinutes: 5,
      lockAfterSale: false,
    });
    expect((await sell('50.00', {})).status).toBe(200);
    const refused = await sell('50.01', {});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'approval_required' });
    const tooSmall = await approval(anna, '9999', {
      action: 'open_price',
      subject: 'sale-9',
      amountCents: 5_000,
    });
    expect(
      ((await (await sell('50.01', { [APPROVAL_HEADER]: tooSmall })).json()) as { code: string }).code,
    ).toBe('approval_mismatch');
    const enough = await approval(anna, '9999', {
      action: 'open_price',
      subject: 'sale-9',
      amountCents: 5_001,
    });
    expect((await sell('50.01', { [APPROVAL_HEADER]: enough })).status).toBe(200);
  });

  it('holds the line total to the limit too: 99.99 x 999 needs an approval of the whole line (issue 20)', async () => {
    const stay = stayOf(hotel.db, 'Bauer');
    const before = count(hotel.db, 'invoice_items', 'room_reservation_id = ?', stay);
    const many = (headers: Record<string, string>) =>
      app.request('/api/set/add/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SALE_HEADER]: 'sale-10', ...headers },
        body: JSON.stringify({
          room_reservation_id: stay,
          products: [{ id: productOf(hotel.db, 'B-100'), quantity: 999, price: '99.99' }],
        }),
      });
    const refused = await many({});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'approval_required' });
    const perItem = await approval(anna, '9999', {
      action: 'open_price',
      subject: 'sale-10',
      amountCents: 9_999,
    });
    expect(((await (await many({ [APPROVAL_HEADER]: perItem })).json()) as { code: string }).code).toBe(
      'approval_mismatch',
    );
    expect(count(hotel.db, 'invoice_items', 'room_reservation_id = ?', stay)).toBe(before);
    const whole = await approval(anna, '9999', {
      action: 'open_price',
      subject: 'sale-10',
      amountCents: 9_999 * 999,
    });
    expect((await many({ [APPROVAL_HEADER]: whole })).status).toBe(200);
  });
});

describe('what a tablet reports for the audit log', () => {
  const report = (events: unknown[]) =>
    app.request('/till/audit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events }),
    });
  const event = (fields: Record<string, unknown>) => ({
    id: randomUUID(),
    at: '2026-11-22T09:00:00.000Z',
    staffId: mia.id,
    ...fields,
  });

  it("records a waiter's void with the manager's approval once, with staff, device and approver", async () => {
    const voided = event({
      kind: 'void_sale',
      subject: 'sale-7',
      amountCents: 1300,
      note: 'wrong table',
      approval: await approval(anna, '9999', { action: 'void_sale', subject: 'sale-7', amountCents: 1300 }),
    });
    for (let i = 0; i < 2; i += 1) {
      const answer = await report([voided]);
      expect(await answer.json()).toEqual({ results: [{ id: voided.id, outcome: 'recorded' }] });
    }
    const rows = app.hub.audit.list({ kind: 'void_sale' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staffName: 'Mia',
      deviceId: app.device.id,
      deviceName: 'Test tablet',
      approvedBy: 'Anna',
      subject: 'sale-7',
      amountCents: 1300,
    });
  });

  it("records every approval a sale carries (an open price's and a discount's), as the tablet reports it", async () => {
    await app.hub.staff.add({ name: 'Ben', role: 'manager', pin: '7777' });
    const list = v.parse(StaffListSchema, await (await app.request('/till/staff')).json());
    const ben = list.staff.find((member) => member.name === 'Ben')!;
    const open = await approval(anna, '9999', {
      action: 'open_price',
      subject: 'sale-5',
      amountCents: 15_000,
    });
    const discount = await approval(ben, '7777', { action: 'discount', subject: 'sale-5', amountCents: 500 });
    const sale = {
      id: 'sale-5',
      reference: 'T1-0005',
      staffId: mia.id,
      totalCents: 15_340,
      approvals: [open, discount],
    } as unknown as SaleRecord;
    reportRecorded('sale', sale);
    await deliverReports(async (events) => (await report(events)).json() as Promise<AuditAnswer>);
    expect(app.hub.audit.list({ kind: 'sale' })).toMatchObject([
      { subject: 'sale-5', staffName: 'Mia', approvedBy: 'Anna, Ben', note: 'T1-0005' },
    ]);
    // A forged second approval refuses the report, even beside a real first one.
    const forged = event({
      kind: 'sale',
      subject: 'sale-6',
      approvals: [
        await approval(anna, '9999', { action: 'open_price', subject: 'sale-6' }),
        await approval(mia, '1111', { action: 'discount', subject: 'sale-6', managerId: anna.id }),
      ],
    });
    expect(((await (await report([forged])).json()) as AuditAnswer).results).toEqual([
      { id: forged.id, outcome: 'refused', code: 'approval_invalid' },
    ]);
  });

  it('refuses a void without an approval, and a replayed approval for another sale', async () => {
    const token = await approval(anna, '9999', { action: 'void_sale', subject: 'sale-7' });
    const first = event({ kind: 'void_sale', subject: 'sale-7', approval: token });
    const unapproved = event({ kind: 'void_sale', subject: 'sale-8' });
    const replayed = event({ kind: 'void_sale', subject: 'sale-8', approval: token });
    const answer = await report([first, unapproved, replayed]);
    expect(((await answer.json()) as { results: unknown[] }).results).toEqual([
      { id: first.id, outcome: 'recorded' },
      { id: unapproved.id, outcome: 'refused', code: 'approval_required' },
      { id: replayed.id, outcome: 'refused', code: 'approval_mismatch' },
    ]);
    expect(app.hub.audit.list({ kind: 'void_sale' })).toHaveLength(1);
    expect(app.hub.audit.list({ kind: 'approval_refused' })).toHaveLength(2);
  });

  it('counts failed PINs per device, and answers bad input with 400 naming the field, recording nothing', async () => {
    await report([event({ kind: 'pin_failed' }), event({ kind: 'pin_failed' }), event({ kind: 'sign_in' })]);
    expect(app.hub.audit.failedPinsByDevice()).toEqual([
      { deviceId: app.device.id, deviceName: 'Test tablet', count: 2 },
    ]);
    const before = app.hub.audit.list().length;
    const bad = await report([event({ kind: 'sign_in' }), event({ kind: 'teleport' })]);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'events.1.kind' });
    expect(app.hub.audit.list()).toHaveLength(before);
  });
});

describe('the audit log', () => {
  it('is append-only: the database refuses to change or delete a row', () => {
    const db = openHubDb(':memory:');
    const audit = createAuditLog(db, () => new Date());
    expect(audit.append({ eventId: 'e1', kind: 'sign_in', staffName: 'Mia' })).toBe(true);
    expect(audit.append({ eventId: 'e1', kind: 'sign_in', staffName: 'Mia' })).toBe(false);
    expect(() => db.prepare("UPDATE audit_log SET kind = 'x'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    expect(audit.list()).toHaveLength(1);
  });

  it('exports CSV a spreadsheet opens safely: quotes, commas and formulas', () => {
    const db = openHubDb(':memory:');
    const audit = createAuditLog(db, () => new Date('2026-11-22T10:00:00Z'));
    audit.append({
      kind: 'void_sale',
      staffName: 'Mia',
      note: '=HYPERLINK("x"), "quoted"',
      amountCents: -420,
    });
    const [header, row] = auditCsv(audit.list()).trimEnd().split('\r\n');
    expect(header).toBe(
      'seq,at,recordedAt,kind,staffName,staffId,deviceName,deviceId,approvedBy,subject,amountCents,note,count',
    );
    expect(row).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    expect(row).toContain(',-420,');
  });
});
