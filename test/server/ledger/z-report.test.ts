// The Z report of a fixture day, against figures worked out by hand (docs/ledger.md, "The Z
// report"): two bar tablets on two drawers and a restaurant tablet; cash, card with a tip, a
// discount, room charges, a late charge, a void and a take-back. Then the counts, the Z, its
// numbers, and closed records refusing UPDATE and DELETE.
import { beforeEach, describe, expect, it } from 'vitest';
import type { DayReport } from '../../../src/pms/closing-wire.ts';
import type { ApprovalAction } from '../../../src/pms/staff-calls.ts';
import { createHub, type Device, type Hub } from '../../../src/server/hub/hub.ts';
import { dayBefore } from '../../../src/server/ledger/closing/business-day.ts';
import { createDayClosing, localDate } from '../../../src/server/ledger/closing/day-closing.ts';
import { ledgerDsfinvkClosings } from '../../../src/server/ledger/closing/dsfinvk-source.ts';
import { fixtureDevice, line, recordFixture } from './ledger-fixtures.ts';

/** A Z closes today's business day or the day before (business-day.ts). */
const TODAY_LOCAL = localDate(new Date());
const YESTERDAY = dayBefore(TODAY_LOCAL);

let hub: Hub;
let barA: Device;
let barB: Device;
let restaurant: Device;
let mia: string;
let jonas: string;
let anna: string;
const annaApproves = (action: ApprovalAction, amountCents: number | null = null) => [
  { action, manager: { id: anna, pin: '9999' }, amountCents },
];

/**
 * The day, and what it must add up to (cents):
 *   S1 bar A cash   2 × Beer 4.50 @19 (Drinks)            9.00 tendered 10.00 change 1.00  Mia
 *   S2 bar A card   Wine 6.00 @19 + Peanuts 3.00 @7 (Snacks) 9.00, tip 1.00              Mia
 *   S3 bar B cash   3 × Water 2.50 @19 (catalogue 3.00)    7.50, discount 1.50 (Anna)    Jonas
 *   RC1 restaurant  2 × Schnitzel 18.50 @7 (Food) room 101 37.00                           Jonas
 *   RC2 restaurant  Soup 6.50 @7 (Food) room 205            6.50, refused by the PMS       Jonas
 *   LC2 restaurant  late charge of RC2: invoice 6.50 (moves 6.50 from room to invoice)     Jonas
 *   V1  bar A       void of S1: -2 × Beer, cash -9.00 paid out (Anna)                      Mia
 *   TB1 restaurant  take-back of one Schnitzel of RC1: room -18.50 (Anna)                  Jonas
 *   S4  bar A cash  Cocktail 12.00 @19 (Drinks), tendered 20.00, not yet in the PMS        Mia
 * Bar A opened drawer "Bar 1" with 100.00, bar B "Bar 2" with 50.00.
 */
async function recordFixtureDay(): Promise<void> {
  hub.outlets.update('bar', {
    name: 'Bar',
    drawers: ['Bar 1', 'Bar 2'],
    cashDifferenceLimitCents: 500,
    retentionDays: 30,
  });
  barA = fixtureDevice(hub, 'bar', 'Bar A');
  barB = fixtureDevice(hub, 'bar', 'Bar B');
  restaurant = fixtureDevice(hub, 'restaurant', 'Restaurant 1');
  mia = (await hub.staff.add({ name: 'Mia', role: 'waiter', pin: '1111' })).id;
  jonas = (await hub.staff.add({ name: 'Jonas', role: 'waiter', pin: '2222' })).id;
  anna = (await hub.staff.add({ name: 'Anna', role: 'manager', pin: '9999' })).id;
  const at = (hhmm: string) => `2026-11-26T${hhmm}:00.000Z`;
  await recordFixture(hub, barA, {
    kind: 'shift-open',
    staffId: mia,
    createdAt: at('08:00'),
    shift: { shiftId: 'a1', drawer: 'Bar 1', floatCents: 10_000 },
  });
  await recordFixture(hub, barB, {
    kind: 'shift-open',
    staffId: jonas,
    createdAt: at('08:05'),
    shift: { shiftId: 'b1', drawer: 'Bar 2', floatCents: 5_000 },
  });
  await recordFixture(hub, barA, {
    saleId: 'S1',
    kind: 'sale',
    staffId: mia,
    createdAt: at('09:10'),
    outcomes: ['done', 'done'],
    lines: [line('Beer', 2, 450, 1900, 'Drinks')],
    payments: [{ method: 'cash', amountCents: 900, tenderedCents: 1000, changeCents: 100 }],
  });
  await recordFixture(hub, barA, {
    saleId: 'S2',
    kind: 'sale',
    staffId: mia,
    createdAt: at('09:40'),
    outcomes: ['done', 'needs-attention'],
    lines: [line('Wine', 1, 600, 1900, 'Drinks'), line('Peanuts', 1, 300, 700, 'Snacks')],
    payments: [{ method: 'card', amountCents: 900, tipCents: 100 }],
  });
  await recordFixture(hub, barB, {
    saleId: 'S3',
    kind: 'sale',
    staffId: jonas,
    createdAt: at('10:15'),
    outcomes: ['done'],
    approvedBy: annaApproves('discount', 150),
    lines: [line('Water', 3, 250, 1900, 'Drinks', 300)],
    payments: [{ method: 'cash', amountCents: 750, tenderedCents: 750, changeCents: 0 }],
  });
  await recordFixture(hub, restaurant, {
    saleId: 'RC1',
    kind: 'room-charge',
    staffId: jonas,
    createdAt: at('12:30'),
    outcomes: ['done'],
    lines: [line('Schnitzel', 2, 1850, 700, 'Food')],
    payments: [{ method: 'room', amountCents: 3700 }],
    room: { roomReservationId: 11, roomNumber: '101', guestName: 'Ms Weber' },
  });
  await recordFixture(hub, restaurant, {
    saleId: 'RC2',
    kind: 'room-charge',
    staffId: jonas,
    createdAt: at('12:45'),
    outcomes: ['refused'],
    lines: [line('Soup', 1, 650, 700, 'Food')],
    payments: [{ method: 'room', amountCents: 650 }],
    room: { roomReservationId: 12, roomNumber: '205', guestName: 'Mr Kaya' },
  });
  await recordFixture(hub, restaurant, {
    saleId: 'LC2',
    kind: 'late-charge',
    refersTo: 'RC2',
    staffId: jonas,
    createdAt: at('12:50'),
    outcomes: ['done'],
    lines: [line('Soup', 1, 650, 700, 'Food')],
    payments: [{ method: 'invoice', amountCents: 650 }],
    room: { roomReservationId: 12, roomNumber: '205', guestName: 'Mr Kaya' },
  });
  await recordFixture(hub, barA, {
    saleId: 'V1',
    kind: 'void',
    refersTo: 'S1',
    staffId: mia,
    createdAt: at('13:05'),
    outcomes: ['done'],
    approvedBy: annaApproves('void_sale'),
    reason: 'wrong table',
    lines: [line('Beer', -2, 450, 1900, 'Drinks')],
    payments: [{ method: 'cash', amountCents: -900 }],
  });
  await recordFixture(hub, restaurant, {
    saleId: 'TB1',
    kind: 'take-back',
    refersTo: 'RC1',
    staffId: jonas,
    createdAt: at('13:20'),
    outcomes: ['done'],
    approvedBy: annaApproves('take_back', 1850),
    takeBack: { line: 0, quantity: 1 },
    lines: [line('Schnitzel', -1, 1850, 700, 'Food')],
    payments: [{ method: 'room', amountCents: -1850 }],
    room: { roomReservationId: 11, roomNumber: '101' },
  });
  await recordFixture(hub, barA, {
    saleId: 'S4',
    kind: 'sale',
    staffId: mia,
    createdAt: at('21:30'),
    lines: [line('Cocktail', 1, 1200, 1900, 'Drinks')],
    payments: [{ method: 'cash', amountCents: 1200, tenderedCents: 2000, changeCents: 800 }],
  });
}

const count = (denominations: Record<string, number>, drawer: string) => ({
  outlet: 'bar',
  drawer,
  denominations,
});

beforeEach(async () => {
  hub = createHub({ dbFile: ':memory:', staffKeyRounds: 100_000 });
  await recordFixtureDay();
});

describe('the X report of the fixture day', () => {
  let x: DayReport;
  beforeEach(() => {
    x = hub.closing.xReport();
  });

  it('adds up by payment method, tips apart, a late charge moving its amount from the room to an invoice', () => {
    expect(x.hotel.byPayment).toEqual([
      { method: 'card', records: 1, amountCents: 900, tipCents: 100 },
      { method: 'cash', records: 4, amountCents: 1950, tipCents: 0 },
      { method: 'invoice', records: 1, amountCents: 650, tipCents: 0 },
      { method: 'room', records: 3, amountCents: 1850, tipCents: 0 },
    ]);
    expect(x.hotel.grossCents).toBe(5350);
    expect(x.hotel.byPayment.reduce((sum, p) => sum + p.amountCents, 0)).toBe(5350);
    expect(x.hotel.tipCents).toBe(100);
    expect(x.hotel.records).toBe(9);
  });

  it('adds up by VAT rate: net, tax and gross, net rounded per line', () => {
    expect(x.hotel.byVat).toEqual([
      { vatRateBp: 1900, netCents: 2142, vatCents: 408, grossCents: 2550 },
      { vatRateBp: 700, netCents: 2616, vatCents: 184, grossCents: 2800 },
    ]);
    expect(x.hotel.netCents + x.hotel.vatCents).toBe(x.hotel.grossCents);
  });

  it('splits by outlet, commodity group, staff member and device', () => {
    const outlet = (id: string) => x.outlets.find((o) => o.outlet === id)!;
    expect(outlet('bar').grossCents).toBe(2850);
    expect(outlet('restaurant').grossCents).toBe(2500);
    expect(outlet('minibar').grossCents).toBe(0);
    expect(x.hotel.byGroup.map((g) => [g.groupName, g.quantity, g.grossCents])).toEqual([
      ['Drinks', 5, 2550], // 2 beer + wine + 3 water - 2 beer + cocktail
      ['Food', 2, 2500],
      ['Snacks', 1, 300],
    ]);
    expect(x.hotel.byStaff.map((s) => [s.staffName, s.records, s.grossCents, s.tipCents])).toEqual([
      ['Jonas', 5, 3250, 0],
      ['Mia', 4, 2100, 100],
    ]);
    expect(x.hotel.byDevice.map((d) => [d.deviceName, d.records, d.grossCents])).toEqual([
      ['Restaurant 1', 4, 2500],
      ['Bar A', 4, 2100],
      ['Bar B', 1, 750],
    ]);
  });

  it('lists voids, take-backs and discounts with who approved them, room charges by room, and late charges', () => {
    expect(
      x.hotel.corrections.map((c) => [c.kind, c.saleId, c.refersTo, c.amountCents, c.approvedBy]),
    ).toEqual([
      ['void', 'V1', 'S1', -900, 'Anna'],
      ['take-back', 'TB1', 'RC1', -1850, 'Anna'],
    ]);
    expect(x.hotel.corrections[0]!.reason).toBe('wrong table');
    expect(x.hotel.discounts.map((d) => [d.saleId, d.amountCents, d.approvedBy])).toEqual([
      ['S3', 150, 'Anna'],
    ]);
    expect(x.hotel.discountCents).toBe(150);
    expect(x.hotel.roomCharges).toEqual([
      { room: '101', records: 1, grossCents: 3700 },
      { room: '205', records: 1, grossCents: 650 },
    ]);
    expect(x.hotel.lateCharges.map((l) => [l.saleId, l.refersTo, l.amountCents])).toEqual([
      ['LC2', 'RC2', 650],
    ]);
  });

  it('works out each drawer: float, cash sales, cash paid out, expected', () => {
    const drawer = (name: string) => x.drawers.find((d) => d.drawer === name)!;
    expect(drawer('Bar 1')).toMatchObject({
      floatCents: 10_000,
      cashSalesCents: 2100,
      refundsCents: 900,
      expectedCents: 11_200,
      count: null,
    });
    expect(drawer('Bar 2')).toMatchObject({
      floatCents: 5_000,
      cashSalesCents: 750,
      refundsCents: 0,
      expectedCents: 5_750,
    });
    expect(drawer('Restaurant')).toMatchObject({ floatCents: 0, cashSalesCents: 0, expectedCents: 0 });
  });

  it('lists sales not yet in the PMS per tablet, and sales that need attention', () => {
    expect(x.pendingByDevice.map((p) => [p.deviceName, p.pending])).toEqual([['Bar A', 1]]);
    expect(x.pendingByDevice[0]!.lastSeenAt).not.toBeNull();
    // RC2 was refused, but its late charge took it over; S2's second step needs attention.
    expect(x.attention.map((a) => [a.saleId, a.outcome])).toEqual([['S2', 'needs-attention']]);
  });
});

describe('counting the drawers and closing the day', () => {
  const manager = () => ({ managerId: anna, managerName: 'Anna', approvalId: null });

  it('counts a drawer: over or short, and who counted; above the limit only with a manager', () => {
    const bar1 = hub.closing.countDrawer(
      count({ '5000': 2, '1000': 1, '100': 1, '50': 1 }, 'Bar 1'),
      { staffId: mia, staffName: 'Mia' },
      null,
    );
    expect(bar1.count).toMatchObject({
      countedCents: 11_150,
      differenceCents: -50,
      countedBy: 'Mia',
      approvedBy: null,
    });
    const over = count({ '5000': 1, '1000': 1, '500': 1 }, 'Bar 2');
    expect(() => hub.closing.countDrawer(over, { staffId: jonas, staffName: 'Jonas' }, null)).toThrow(
      expect.objectContaining({ code: 'cash_difference_needs_approval', status: 403 }),
    );
    expect(hub.db.prepare('SELECT COUNT(*) AS n FROM cash_counts').get()).toEqual({ n: 1 });
    const bar2 = hub.closing.countDrawer(over, { staffId: jonas, staffName: 'Jonas' }, manager());
    expect(bar2.count).toMatchObject({
      countedCents: 6_500,
      differenceCents: 750,
      countedBy: 'Jonas',
      approvedBy: 'Anna',
    });
  });

  it('refuses the Z while a drawer that held cash is uncounted, then closes with consecutive numbers per outlet and for the hotel', async () => {
    const x = hub.closing.xReport();
    const closer = { staffId: anna, staffName: 'Anna' };
    expect(() => hub.closing.closeDay({ upToSeq: x.upToSeq }, closer)).toThrow(
      expect.objectContaining({ code: 'drawer_not_counted' }),
    );
    hub.closing.countDrawer(count({ '5000': 2, '1000': 1, '100': 1, '50': 1 }, 'Bar 1'), closer, null);
    hub.closing.countDrawer(count({ '5000': 1, '500': 1, '200': 1, '50': 1 }, 'Bar 2'), closer, null);
    const z1 = hub.closing.closeDay({ upToSeq: x.upToSeq, businessDay: YESTERDAY }, closer);
    expect(z1.zNumber).toBe(1);
    expect(z1.report.hotel.grossCents).toBe(5350);
    expect(z1.report.drawers.find((d) => d.drawer === 'Bar 2')!.count).toMatchObject({
      countedCents: 5_750,
      differenceCents: 0,
    });
    expect(z1.report.attention.map((a) => a.saleId)).toEqual(['S2']);
    expect(z1.report.pendingByDevice.map((p) => p.pending)).toEqual([1]);

    // A second close of the same records is refused; the next day's record lands on Z 2.
    expect(() => hub.closing.closeDay({ upToSeq: x.upToSeq }, closer)).toThrow(
      expect.objectContaining({ code: 'day_already_closed' }),
    );
    await recordFixture(hub, restaurant, {
      saleId: 'S5',
      kind: 'sale',
      staffId: jonas,
      createdAt: '2026-11-27T10:00:00.000Z',
      lines: [line('Coffee', 1, 320, 1900, 'Drinks')],
      payments: [{ method: 'card', amountCents: 320 }],
    });
    const next = hub.closing.xReport();
    // Still pending: S4 from the closed day (bar A) and S5 (the restaurant).
    expect(next.pendingByDevice.map((p) => [p.deviceName, p.pending])).toEqual([
      ['Bar A', 1],
      ['Restaurant 1', 1],
    ]);
    expect(next.afterSeq).toBe(x.upToSeq);
    expect(next.hotel.grossCents).toBe(320);
    expect(next.drawers.every((d) => d.count === null && d.floatCents === 0)).toBe(true);
    const z2 = hub.closing.closeDay({ upToSeq: next.upToSeq, businessDay: TODAY_LOCAL }, closer);
    expect(z2.zNumber).toBe(2);
    const numbers = hub.db
      .prepare('SELECT scope, z_number AS n, gross_cents AS gross FROM z_closings ORDER BY z_id')
      .all();
    expect(numbers).toEqual([
      { scope: '*', n: 1, gross: 5350 },
      { scope: 'bar', n: 1, gross: 2850 },
      { scope: 'restaurant', n: 1, gross: 2500 },
      { scope: 'minibar', n: 1, gross: 0 },
      { scope: '*', n: 2, gross: 320 },
      { scope: 'bar', n: 2, gross: 0 },
      { scope: 'restaurant', n: 2, gross: 320 },
      { scope: 'minibar', n: 2, gross: 0 },
    ]);
    expect(hub.closing.closed(z1.zId)!.report.hotel.byVat).toEqual(z1.report.hotel.byVat);
  });

  it('keeps closed days immutable: closings, counts and the closed records refuse UPDATE and DELETE', () => {
    const closer = { staffId: anna, staffName: 'Anna' };
    hub.closing.countDrawer(count({ '5000': 2, '1000': 1, '100': 1, '50': 1 }, 'Bar 1'), closer, null);
    hub.closing.countDrawer(count({ '5000': 1, '500': 1, '200': 1, '50': 1 }, 'Bar 2'), closer, null);
    hub.closing.closeDay({ upToSeq: hub.closing.xReport().upToSeq }, closer);
    const refused = [
      `UPDATE z_closings SET gross_cents = 0`,
      `DELETE FROM z_closings`,
      `UPDATE cash_counts SET counted_cents = 0`,
      `DELETE FROM cash_counts`,
      `UPDATE ledger_sales SET total_cents = 0 WHERE sale_id = 'S1'`,
      `DELETE FROM ledger_lines`,
      `UPDATE ledger_payments SET amount_cents = 0`,
      `DELETE FROM ledger_approvals`,
    ];
    for (const sql of refused) expect(() => hub.db.exec(sql), sql).toThrow(/append-only|immutable/);
    expect(hub.db.prepare(`SELECT SUM(gross_cents) AS g FROM z_closings WHERE scope = '*'`).get()).toEqual({
      g: 5350,
    });
  });
});

describe('records that carry no payment', () => {
  it('are settled by what they take back: a void of a cash sale pays cash out of its drawer, a room charge is the room', async () => {
    hub.closing.xReport(); // read before: the next report adds only what was recorded since
    await recordFixture(hub, barA, {
      saleId: 'V4',
      kind: 'void',
      refersTo: 'S4',
      staffId: mia,
      approvedBy: annaApproves('void_sale'),
      lines: [line('Cocktail', -1, 1200, 1900, 'Drinks')],
    });
    await recordFixture(hub, restaurant, {
      saleId: 'RC3',
      kind: 'room-charge',
      staffId: jonas,
      lines: [line('Tea', 1, 300, 700, 'Drinks')],
      room: { roomReservationId: 11, roomNumber: '101' },
    });
    const x = hub.closing.xReport();
    const paid = Object.fromEntries(x.hotel.byPayment.map((p) => [p.method, p.amountCents]));
    expect(paid).toEqual({ card: 900, cash: 1950 - 1200, invoice: 650, room: 1850 + 300 });
    expect(x.hotel.grossCents).toBe(5350 - 1200 + 300);
    expect(x.drawers.find((d) => d.drawer === 'Bar 1')).toMatchObject({
      refundsCents: 900 + 1200,
      expectedCents: 11_200 - 1200,
    });
    expect(x.hotel.roomCharges.find((r) => r.room === '101')).toEqual({
      room: '101',
      records: 2,
      grossCents: 4000,
    });
    const afresh = createDayClosing(hub.db, hub.outlets, () => new Date()).xReport();
    expect({ ...afresh, generatedAt: '' }).toEqual({ ...x, generatedAt: '' });
  });
});

describe('the closed day as the DSFinV-K export reads it (dsfinvk-source.ts)', () => {
  it('maps the Z to a cash point closing: transactions with their types, lines, payments, tips and references', () => {
    const closer = { staffId: anna, staffName: 'Anna' };
    hub.closing.countDrawer(count({ '5000': 2, '1000': 1, '100': 1, '50': 1 }, 'Bar 1'), closer, null);
    hub.closing.countDrawer(count({ '5000': 1, '500': 1, '200': 1, '50': 1 }, 'Bar 2'), closer, null);
    hub.closing.closeDay({ upToSeq: hub.closing.xReport().upToSeq, businessDay: YESTERDAY }, closer);
    const [closing] = ledgerDsfinvkClosings(hub.db, 1, 1, '0.1.0');
    expect(closing).toMatchObject({ closingNumber: 1, bookingDay: YESTERDAY });
    expect(closing!.terminals.map((t) => t.model).sort()).toEqual(['Bar A', 'Bar B', 'Restaurant 1']);
    expect(closing!.vatRates).toEqual([
      { id: 1, rateHundredths: 1900, description: '19 %' },
      { id: 2, rateHundredths: 700, description: '7 %' },
      { id: 5, rateHundredths: 0, description: '0 %' },
    ]);
    const bon = (id: string) => closing!.transactions.find((t) => t.bonId === id)!;
    expect(closing!.transactions.map((t) => [t.bonId, t.bonType])).toEqual([
      ['S1', 'Beleg'],
      ['S2', 'Beleg'],
      ['S3', 'Beleg'],
      ['RC1', 'AVTransfer'],
      ['RC2', 'AVTransfer'],
      ['LC2', 'AVRechnung'],
      ['V1', 'AVBelegstorno'],
      ['TB1', 'AVBelegstorno'],
      ['S4', 'Beleg'],
    ]);
    expect(bon('S1')).toMatchObject({
      voided: true,
      payments: [{ type: 'Bar', amountCents: 900 }],
      allocationGroup: 'bar',
    });
    expect(bon('V1')).toMatchObject({
      payments: [{ type: 'Bar', amountCents: -900 }],
      references: [{ type: 'Transaktion', bonId: 'S1', closingNumber: 1 }],
      note: 'wrong table',
    });
    expect(bon('V1').lines[0]).toMatchObject({
      voided: true,
      quantityThousandths: -2000,
      grossCents: -900,
      vatId: 1,
    });
    expect(bon('S2').payments).toEqual([{ type: 'Unbar', amountCents: 1000 }]);
    expect(bon('S2').lines.map((l) => [l.businessCase, l.grossCents, l.vatId])).toEqual([
      ['Umsatz', 600, 1],
      ['Umsatz', 300, 2],
      ['TrinkgeldAN', 100, 5],
    ]);
    expect(bon('RC1')).toMatchObject({ payments: [], customer: { name: 'Ms Weber' } });
    expect(bon('RC1').references).toContainEqual({ type: 'ExterneSonstige', name: 'reservation 11' });
    // What the till took itself adds up: every Beleg's lines are its payments.
    for (const t of closing!.transactions.filter((t) => t.bonType === 'Beleg'))
      expect(
        t.lines.reduce((s, l) => s + l.grossCents, 0),
        t.bonId,
      ).toBe(t.payments.reduce((s, p) => s + p.amountCents, 0));
  });
});
