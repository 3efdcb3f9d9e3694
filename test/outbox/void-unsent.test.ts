// A sale voided on the tablet before the till server knew it (issue 30): the ledger still gets the
// sale and then its void, with the approver and the reason, so the Z and the TSE see both; nothing
// of it goes to the PMS.
import { describe, expect, it } from 'vitest';
import { recordCashSale, recordRoomCharge } from '../../src/outbox/journal.ts';
import { voidSale } from '../../src/outbox/void-sale.ts';
import { voidRecordOf } from '../../src/outbox/void-unsent.ts';
import { equalShareSale } from '../../src/rules/equal-share.ts';
import { createHub } from '../../src/server/hub/hub.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import { fixtureDevice } from '../server/ledger/ledger-fixtures.ts';
import { createFakePms } from './support/fake-pms.ts';
import { CARD_PAYMENT, createClock, PILS, replayAgainst, TILL, useFreshDatabase } from './support/setup.ts';

useFreshDatabase();

const PILS_TAXED = { ...PILS, vatRateBp: 1900, cataloguePriceCents: 420 };
const MANAGER = { ...TILL, staffId: 'staff-mia', approvals: ['approval-void-1'] };

describe('a sale voided before it reached the till server', () => {
  it('reaches the ledger as the cash sale and then its void, with the approval and the reason', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({
      ...TILL,
      lines: [PILS_TAXED],
      payment: CARD_PAYMENT,
      tender: { method: 'cash', tenderedCents: 1000, changeCents: 160 },
    });

    await voidSale(sale.id, 'guest changed their mind', MANAGER);
    await replayAgainst(pms, clock);
    await replayAgainst(pms, clock);

    expect(pms.calls).toHaveLength(0);
    const records = [...pms.ledger.values()].sort((a, b) => a.seq - b.seq).map((e) => e.record);
    expect(records.map((r) => [r.kind, r.totalCents])).toEqual([
      ['sale', 840],
      ['void', -840],
    ]);
    const [sold, voided] = records;
    expect(sold!.saleId).toBe(sale.id);
    expect(sold!.payments).toEqual([
      { method: 'cash', amountCents: 840, pmsPaymentMethodId: 2, tenderedCents: 1000, changeCents: 160 },
    ]);
    expect(voided).toMatchObject({
      refersTo: sale.id,
      reason: 'guest changed their mind',
      approvals: ['approval-void-1'],
      staffId: 'staff-mia',
      payments: [{ method: 'cash', amountCents: -840, pmsPaymentMethodId: 2 }],
    });
    expect(voided!.lines.map((l) => [l.productId, l.quantity, l.unitPriceCents, l.vatRateBp])).toEqual([
      [7, -2, 420, 1900],
    ]);
    await expect(voidSale(voided!.saleId, 'undo', MANAGER)).rejects.toMatchObject({
      refusal: { code: 'is-cancellation' },
    });
    expect((await readSale(sale.id))?.sale.status).toBe('voided');
    expect((await readSale(voided!.saleId))?.sale.status).toBe('synced');
  });

  it('on the till server the day holds the sale and its void: nothing sold, the void listed, no cash expected', async () => {
    const pms = createFakePms();
    const sale = await recordCashSale({
      ...TILL,
      lines: [PILS_TAXED],
      payment: CARD_PAYMENT,
      tender: { method: 'cash', tenderedCents: 840 },
    });
    await voidSale(sale.id, 'glass broke', TILL);
    await replayAgainst(pms, createClock());

    const hub = createHub({ dbFile: ':memory:', staffKeyRounds: 100_000 });
    const tablet = fixtureDevice(hub, 'bar', 'Bar A');
    const records = [...pms.ledger.values()].sort((a, b) => a.seq - b.seq).map((e) => e.record);
    for (const record of records) await hub.ledger.record(tablet, record);

    const x = hub.closing.xReport();
    expect(x.hotel.records).toBe(2);
    expect(x.hotel.grossCents).toBe(0);
    expect(x.hotel.corrections.map((c) => [c.kind, c.refersTo, c.amountCents, c.reason])).toEqual([
      ['void', sale.id, -840, 'glass broke'],
    ]);
    expect(x.drawers.reduce((sum, d) => sum + d.expectedCents, 0)).toBe(0);
  });

  it('a part of an equal split voided before it was sent: its void takes back the part’s own lines, its items to the thousandth', async () => {
    const pms = createFakePms();
    const bill = [{ ...PILS_TAXED, quantity: 2 }];
    const { lines, share } = equalShareSale(bill, { billId: 'bill-1', part: 1, parts: 3 }, 'share');
    const sale = await recordCashSale({
      ...TILL,
      lines,
      share,
      split: true,
      payment: CARD_PAYMENT,
      tender: { method: 'cash', tenderedCents: 280 },
    });
    await voidSale(sale.id, 'paid twice', TILL);
    await replayAgainst(pms, createClock());

    const hub = createHub({ dbFile: ':memory:', staffKeyRounds: 100_000 });
    const tablet = fixtureDevice(hub, 'bar', 'Bar A');
    const records = [...pms.ledger.values()].sort((a, b) => a.seq - b.seq).map((e) => e.record);
    expect(
      records.map((r) => [r.kind, r.totalCents, r.lines.map((l) => [l.quantity, l.unitPriceCents])]),
    ).toEqual([
      ['sale', 280, [[2, 420]]],
      ['void', -280, [[-1, 280]]],
    ]);
    for (const record of records) await hub.ledger.record(tablet, record);
    const milli = hub.db
      .prepare('SELECT quantity_milli AS milli FROM ledger_lines ORDER BY sale_seq')
      .all() as { milli: number }[];
    expect(milli.map((row) => row.milli)).toEqual([667, -667]); // two Pils in three parts: 0.667 each
    const x = hub.closing.xReport();
    expect([x.hotel.grossCents, x.hotel.byGroup.reduce((sum, g) => sum + g.quantityMilli, 0)]).toEqual([
      0, 0,
    ]);
  });

  it('a room charge voided before it was sent: the ledger has the charge and its void, the room nothing', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const charge = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS_TAXED] });

    await voidSale(charge.id, 'wrong room', MANAGER);
    await replayAgainst(pms, clock);

    expect(pms.calls).toHaveLength(0);
    const records = [...pms.ledger.values()].sort((a, b) => a.seq - b.seq).map((e) => e.record);
    expect(records.map((r) => [r.kind, r.totalCents, r.payments[0]?.method, r.refersTo])).toEqual([
      ['room-charge', 840, 'room', undefined],
      ['void', -840, 'room', charge.id],
    ]);
  });

  it('a sale already on the ledger, refused by the PMS and voided: the ledger gets its void, not the sale again', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS_TAXED], payment: CARD_PAYMENT });
    pms.failNext('createCashInvoice', { kind: 'rejected', status: 422, message: 'no template' });
    await replayAgainst(pms, clock);

    await voidSale(sale.id, 'sold by mistake', MANAGER);
    await replayAgainst(pms, clock);
    await replayAgainst(pms, clock);

    const records = [...pms.ledger.values()].sort((a, b) => a.seq - b.seq).map((e) => e.record);
    expect(records.map((r) => [r.kind, r.totalCents, r.refersTo, r.reason])).toEqual([
      ['sale', 840, undefined, undefined],
      ['void', -840, sale.id, 'sold by mistake'],
    ]);
    expect(records[1]).toMatchObject({
      approvals: ['approval-void-1'],
      payments: [{ method: 'invoice', amountCents: -840, pmsPaymentMethodId: 2 }],
    });
  });
});

describe('the void record of a stand-alone card sale (issue 30)', () => {
  it('takes back the amount and the tip, naming the stand-alone receipt', () => {
    const sale = {
      v: 1 as const,
      saleId: 'sale-1',
      reference: 'K7QM-1F',
      kind: 'sale' as const,
      createdAt: new Date(0).toISOString(),
      staffId: null,
      lines: [],
      totalCents: 840,
      approvals: [],
      payments: [
        { method: 'card' as const, amountCents: 840, tipCents: 160, standalone: { receiptNumber: '0042' } },
      ],
    };
    expect(voidRecordOf(sale, 'void-1', 'K7QM-1G', TILL, 0, 'wrong table').payments).toEqual([
      { method: 'card', amountCents: -840, tipCents: -160, standalone: { receiptNumber: '0042' } },
    ]);
  });
});
