// Unknown outcomes: the request went out and no answer came. Before sending again the outbox reads
// PMS state back; these tests resolve that both ways for room charges, removals and product
// creation, cover what cannot be verified, and a replayer that died mid-request. Cash sales:
// unknown-outcome-cash.test.ts.
import { describe, expect, it } from 'vitest';
import { recordChargeReversal, recordProductCreation, recordRoomCharge } from '../../src/outbox/journal.ts';
import { changeIntent } from '../../src/outbox/sale-state.ts';
import { startSending } from '../../src/outbox/transitions.ts';
import { changeSale } from '../../src/storage/outbox-store.ts';
import { createFakePms, type FakePms } from './support/fake-pms.ts';
import {
  createClock,
  PILS,
  PILS_ONE,
  readPmsSteps,
  replayAgainst,
  replayUntilSettled,
  TILL,
  useFreshDatabase,
} from './support/setup.ts';

useFreshDatabase();

describe('room charge with unknown outcome', () => {
  it('applied: finds its marker on the room and does not charge again', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordRoomCharge({
      ...TILL,
      room: { roomReservationId: 501 },
      lines: [PILS, PILS_ONE],
    });
    pms.failNext('addProducts', { kind: 'network', afterApplying: true });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('addProducts')).toHaveLength(1);
    const items = pms.rooms.get(501) ?? [];
    expect(items).toHaveLength(2);
    const entry = await readPmsSteps(sale.id);
    expect(entry?.sale.status).toBe('synced');
    expect(entry?.intents[0]?.result).toEqual({
      items: items.map((i) => ({ invoiceItemId: i.id, productId: 7, quantity: i.quantity })),
    });
    expect(entry?.sale.notes.map((n) => n.text)).toContain(
      `Read back: Items ${sale.reference}/1 found on room reservation 501.`,
    );
  });

  it('not applied: finds no marker and charges exactly once more', async () => {
    const pms = createFakePms();
    const clock = createClock();
    await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'timeout' });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('addProducts')).toHaveLength(2);
    expect(pms.rooms.get(501)).toHaveLength(1);
  });

  it('when only the unpaid-items listing can be read and the marker is missing, asks staff instead of charging again', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'server', afterApplying: true });
    pms.missingEndpoints.add('getRoomReservation');
    // the guest paid meanwhile: the item left the unpaid listing
    pms.setAround(async (operation) => {
      if (operation === 'getReservationCost') pms.rooms.set(501, []);
    });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('addProducts')).toHaveLength(1);
    const entry = await readPmsSteps(sale.id);
    expect(entry?.sale.status).toBe('needs-attention');
    expect(entry?.sale.attention).toMatchObject({ kind: 'cannot-verify', step: 1 });
    expect(entry?.sale.attention?.message).toMatch(/only unpaid items/);
  });
});

describe('product creation with unknown outcome', () => {
  it('applied: found by its article number, not created twice', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordProductCreation({
      ...TILL,
      product: { name: 'Hugo', price: 750, commodity_group_id: 1, tax_class_id: 1 },
    });
    pms.failNext('createProduct', { kind: 'network', afterApplying: true });

    await replayUntilSettled(pms, clock);

    const hugos = pms.products.filter((p) => p.name === 'Hugo');
    expect(hugos).toHaveLength(1);
    expect((await readPmsSteps(sale.id))?.intents[0]?.result).toEqual({ productId: hugos[0]?.id });
  });

  it('not bookable through the interface: cannot be verified, staff decide', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordProductCreation({
      ...TILL,
      product: {
        name: 'Staff meal',
        price: 0,
        commodity_group_id: 1,
        tax_class_id: 1,
        bookable_via_api: false,
      },
    });
    pms.failNext('createProduct', { kind: 'network', afterApplying: true });

    await replayUntilSettled(pms, clock);

    expect((await readPmsSteps(sale.id))?.sale.attention).toMatchObject({ kind: 'cannot-verify' });
    expect(pms.callsOf('createProduct')).toHaveLength(1);
  });
});

describe('room removal with unknown outcome', () => {
  it('compares quantities read before sending with those after: applied is not removed twice', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const charge = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS_ONE] });
    const other = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS_ONE] });
    await replayUntilSettled(pms, clock);
    const reversal = await recordChargeReversal({ ...TILL, originalSaleId: charge.id, reason: 'wrong room' });
    pms.failNext('removeProducts', { kind: 'network', afterApplying: true });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('removeProducts')).toHaveLength(1);
    expect(pms.rooms.get(501)?.map((i) => i.name)).toEqual([`Pils 0,3 l · ${other.reference}/1`]);
    expect((await readPmsSteps(reversal.id))?.sale.status).toBe('synced');
  });

  it('not applied: removes once more', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const charge = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS_ONE] });
    await replayUntilSettled(pms, clock);
    await recordChargeReversal({ ...TILL, originalSaleId: charge.id, reason: 'wrong room' });
    pms.failNext('removeProducts', { kind: 'network' });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('removeProducts')).toHaveLength(2);
    expect(pms.rooms.get(501)).toEqual([]);
  });
});

describe('a replayer that died mid-request', () => {
  async function interruptedCharge(pms: FakePms, arrived: boolean) {
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    const [intent] = (await readPmsSteps(sale.id))!.intents;
    // what the dead replayer left behind: the step marked in-flight (and maybe the charge in the PMS)
    await changeSale(sale.id, (entry) =>
      changeIntent(entry, intent!.seq!, startSending.from, (i) => startSending(i, 1, {}), 1),
    );
    if (arrived)
      await pms.client.addProducts({
        room_reservation_id: 501,
        products: [{ id: 7, quantity: 2, name: `Pils 0,3 l · ${sale.reference}/1`, price: 420 }],
      });
    return sale;
  }

  it('finds the step in-flight at start, reads back, and does not re-send a charge that arrived', async () => {
    const pms = createFakePms();
    const sale = await interruptedCharge(pms, true);

    await replayAgainst(pms, createClock());

    expect(pms.rooms.get(501)).toHaveLength(1);
    const entry = await readPmsSteps(sale.id);
    expect(entry?.sale.status).toBe('synced');
    expect(entry?.sale.notes[0]?.text).toMatch(/interrupted while sending/);
  });

  it('re-sends a charge that never arrived, once', async () => {
    const pms = createFakePms();
    const sale = await interruptedCharge(pms, false);

    await replayAgainst(pms, createClock());

    expect(pms.rooms.get(501)).toHaveLength(1);
    expect((await readPmsSteps(sale.id))?.intents[0]).toMatchObject({ state: 'done', attempts: 2 });
  });
});
