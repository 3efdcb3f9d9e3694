// Voiding a sale with a reason: what each kind allows, what it leaves in the PMS, and that an
// applied room charge is reversed rather than silently kept.
import { describe, expect, it } from 'vitest';
import { recordCashSale, recordChargeReversal, recordRoomCharge } from '../../src/outbox/journal.ts';
import { voidSale } from '../../src/outbox/void-sale.ts';
import { createFakePms } from './support/fake-pms.ts';
import {
  CARD_PAYMENT,
  createClock,
  PILS,
  PILS_ONE,
  readPmsSteps,
  replayAgainst,
  TILL,
  useFreshDatabase,
} from './support/setup.ts';

useFreshDatabase();

describe('voiding a sale', () => {
  it('before anything was sent: nothing ever reaches the PMS, the journal keeps the sale and the reason', async () => {
    const pms = createFakePms();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });

    await voidSale(sale.id, 'guest changed their mind', TILL);
    await replayAgainst(pms, createClock());

    expect(pms.calls).toHaveLength(0);
    const entry = await readPmsSteps(sale.id);
    expect(entry?.sale).toMatchObject({
      status: 'voided',
      voided: { reason: 'guest changed their mind', staff: 'Mia' },
      totalCents: 840,
    });
    expect(entry?.intents.map((i) => i.state)).toEqual(['voided', 'voided', 'voided']);
  });

  it('a refused room charge: voided, nothing charged', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 999 }, lines: [PILS] });
    await replayAgainst(pms, clock);

    const reversal = await voidSale(sale.id, 'wrong room', TILL);

    expect(reversal).toBeUndefined();
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('voided');
  });

  it('an applied room charge is not silently kept: the void queues a reversal that removes exactly its items', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const keep = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS_ONE] });
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS_ONE] });
    await replayAgainst(pms, clock);

    const reversal = await voidSale(sale.id, 'charged to the wrong guest', TILL);
    await replayAgainst(pms, clock);

    const kept = (await readPmsSteps(keep.id))?.intents.find((i) => i.name === 'room.add-products@1')
      ?.result as { items: { invoiceItemId: number }[] };
    expect(pms.rooms.get(501)?.map((i) => i.id)).toEqual([kept.items[0]?.invoiceItemId]);
    expect((await readPmsSteps(sale.id))?.sale).toMatchObject({ status: 'voided', reversedBy: reversal?.id });
    expect((await readPmsSteps(reversal!.id))?.sale).toMatchObject({
      kind: 'charge-reversal',
      status: 'synced',
      totalCents: -420,
      reverses: sale.id,
    });
  });

  it('a room charge reversed while still pending: the reversal waits for the charge, then removes it', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'network' });
    await replayAgainst(pms, clock);
    const reversal = await recordChargeReversal({ ...TILL, originalSaleId: sale.id, reason: 'wrong room' });

    clock.advance(60_000);
    await replayAgainst(pms, clock);

    expect(pms.callsOf('addProducts')).toHaveLength(2);
    expect(pms.rooms.get(501)).toEqual([]);
    expect((await readPmsSteps(reversal.id))?.sale.status).toBe('synced');
  });

  it('a cash sale refused at its items: voided, and the history names the empty invoice left open', async () => {
    const pms = createFakePms();
    const sale = await recordCashSale({
      ...TILL,
      lines: [{ ...PILS, productId: 99 }],
      payment: CARD_PAYMENT,
    });
    await replayAgainst(pms, createClock());

    await voidSale(sale.id, 'sold by mistake', TILL);

    const [invoice] = [...pms.invoices.values()];
    expect(invoice).toMatchObject({ status: 'open', items: [] });
    const entry = await readPmsSteps(sale.id);
    expect(entry?.intents.map((i) => i.state)).toEqual(['done', 'voided', 'voided']);
    expect(entry?.sale.notes.at(-1)?.text).toBe(
      `Voided by Mia: sold by mistake (cash invoice ${invoice?.id} stays open and empty in the PMS)`,
    );
  });

  it('a cash sale whose items are on a PMS invoice is refused, with what to do instead', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('closeInvoice', { kind: 'rejected', status: 422, message: 'payment method 2 is inactive' });
    await replayAgainst(pms, clock);

    await expect(voidSale(sale.id, 'guest left', TILL)).rejects.toMatchObject({
      refusal: { code: 'items-on-pms-invoice', reference: sale.reference },
    });
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('needs-attention');
  });

  it('is refused while the till is still finding out whether a step arrived', async () => {
    const pms = createFakePms();
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'timeout' });
    await replayAgainst(pms, createClock());

    await expect(voidSale(sale.id, 'oops', TILL)).rejects.toMatchObject({
      refusal: { code: 'still-checking' },
    });
  });
});
