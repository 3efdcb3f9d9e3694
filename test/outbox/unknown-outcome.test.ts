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
  chargedItemIds,
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
  it('applied: finds its lines on the room and does not charge again', async () => {
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

  it('not applied: finds none of its lines and charges exactly once more', async () => {
    const pms = createFakePms();
    const clock = createClock();
    await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'timeout' });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('addProducts')).toHaveLength(2);
    expect(pms.rooms.get(501)).toHaveLength(1);
  });

  it('when only the unpaid-items listing can be read and the lines are missing, asks staff instead of charging again', async () => {
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

describe('room charge with unknown outcome, beside the same items charged before', () => {
  // Line names are the product names only, so an earlier charge of the same product on the same
  // room looks like this one: only items that came since the read before the first send count.
  it('not applied: the earlier Pils is not taken for this one, which is charged once more', async () => {
    const pms = createFakePms();
    const clock = createClock();
    await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    await replayUntilSettled(pms, clock);
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'timeout' });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('addProducts')).toHaveLength(3);
    expect(pms.rooms.get(501)?.map((i) => [i.name, i.quantity])).toEqual([
      ['Pils 0,3 l', 2],
      ['Pils 0,3 l', 2],
    ]);
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
  });

  it('applied: keeps the new item as its own, not the earlier one, and charges nothing more', async () => {
    const pms = createFakePms();
    const clock = createClock();
    await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    await replayUntilSettled(pms, clock);
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'network', afterApplying: true });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('addProducts')).toHaveLength(2);
    const [, added] = pms.rooms.get(501) ?? [];
    const step = (await readPmsSteps(sale.id))?.intents.find((i) => i.name === 'room.add-products@1');
    expect(step?.result).toEqual({ items: [{ invoiceItemId: added?.id, productId: 7, quantity: 2 }] });
  });

  it("not applied while this till's next charge of the same Pils landed: does not take that one's item, charges once more", async () => {
    const pms = createFakePms();
    const clock = createClock();
    const lost = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    const next = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'server' }); // the first charge's send: a 5xx, not applied

    await replayAgainst(pms, clock, { concurrency: 1 });
    clock.advance(60_000);
    await replayUntilSettled(pms, clock);

    const [lostItems, nextItems] = [await chargedItemIds(lost.id), await chargedItemIds(next.id)];
    expect(pms.rooms.get(501)).toHaveLength(2);
    expect([lostItems.length, nextItems.length]).toEqual([1, 1]);
    expect(new Set([...lostItems, ...nextItems]).size).toBe(2);
  });

  it('two charges to one room sharing a product, both answers lost: each finds its own items as one run, none asks staff', async () => {
    const pms = createFakePms();
    const clock = createClock();
    pms.products.push({ id: 8, number: 'P8', name: 'Cola 0,33 l', price: 350, bookable: true });
    const cola = { productId: 8, name: 'Cola 0,33 l', quantity: 1, unitPriceCents: 350 };
    const first = await recordRoomCharge({
      ...TILL,
      room: { roomReservationId: 501 },
      lines: [cola, PILS_ONE],
    });
    const second = await recordRoomCharge({
      ...TILL,
      room: { roomReservationId: 501 },
      lines: [PILS, PILS_ONE],
    });
    pms.failNext('addProducts', { kind: 'network', afterApplying: true });
    pms.failNext('addProducts', { kind: 'network', afterApplying: true });

    await replayAgainst(pms, clock, { concurrency: 2 }); // both read the room before either lands
    clock.advance(60_000);
    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('addProducts')).toHaveLength(2);
    const itemsOf = async (saleId: string) => {
      expect((await readPmsSteps(saleId))?.sale.attention).toBeUndefined();
      return chargedItemIds(saleId);
    };
    // Sent side by side, either add may land first: each sale holds one add's two items (one run of
    // ids), the first sale's with its Cola.
    const items = pms.rooms.get(501) ?? [];
    const runs = [items.slice(-4, -2), items.slice(-2)].map((run) => run.map((item) => item.id));
    const [firstItems, secondItems] = [await itemsOf(first.id), await itemsOf(second.id)];
    expect([firstItems, secondItems].sort((a, b) => a[0]! - b[0]!)).toEqual(runs);
    expect(items.filter((item) => firstItems.includes(item.id)).map((item) => item.product_id)).toContain(8);
    expect(
      items.filter((item) => secondItems.includes(item.id)).map((item) => item.product_id),
    ).not.toContain(8);
  });

  it('two new Pils where one was sent (another till charged the same meanwhile): asks staff, charges nothing more', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'network', afterApplying: true });
    let charged = false;
    pms.setAround(async (operation) => {
      if (operation !== 'getRoomReservation' || charged || pms.callsOf('addProducts').length === 0) return;
      charged = true;
      pms.rooms.get(501)?.push({ ...pms.rooms.get(501)![0]!, id: 9001 });
    });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('addProducts')).toHaveLength(1);
    const entry = await readPmsSteps(sale.id);
    expect(entry?.sale.attention).toMatchObject({ kind: 'cannot-verify', step: 1 });
    expect(entry?.sale.attention?.message).toMatch(/2 new items like the charge's 1 lines/);
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
    const otherItemId = (await readPmsSteps(other.id))?.intents.find((i) => i.name === 'room.add-products@1')
      ?.result as { items: { invoiceItemId: number }[] };
    const reversal = await recordChargeReversal({ ...TILL, originalSaleId: charge.id, reason: 'wrong room' });
    pms.failNext('removeProducts', { kind: 'network', afterApplying: true });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('removeProducts')).toHaveLength(1);
    expect(pms.rooms.get(501)?.map((i) => i.id)).toEqual([otherItemId.items[0]?.invoiceItemId]);
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
  /**
   * What the dead replayer left behind: the step marked in-flight, with the room's item ids read
   * before sending, and maybe the charge in the PMS. `earlierVersion`: a version of the till that
   * read nothing before and put the step's marker into the line name.
   */
  async function interruptedCharge(pms: FakePms, arrived: boolean, earlierVersion = false) {
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    const [intent] = (await readPmsSteps(sale.id))!.intents;
    const before = earlierVersion ? {} : { before: [] };
    await changeSale(sale.id, (entry) =>
      changeIntent(entry, intent!.seq!, startSending.from, (i) => startSending(i, 1, before), 1),
    );
    const name = earlierVersion ? `Pils 0,3 l · ${sale.reference}/1` : 'Pils 0,3 l';
    if (arrived)
      await pms.client.addProducts({
        room_reservation_id: 501,
        products: [{ id: 7, quantity: 2, name, price: 420 }],
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

  it('of an earlier version (marker in the line name): finds that charge by its marker and does not re-send it', async () => {
    const pms = createFakePms();
    const sale = await interruptedCharge(pms, true, true);

    await replayAgainst(pms, createClock());

    expect(pms.callsOf('addProducts')).toHaveLength(1);
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
  });

  it('of an earlier version: re-sends a charge that never arrived, with the product name only', async () => {
    const pms = createFakePms();
    await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    await replayAgainst(pms, createClock());
    const sale = await interruptedCharge(pms, false, true);

    await replayAgainst(pms, createClock());

    expect(pms.rooms.get(501)?.map((i) => i.name)).toEqual(['Pils 0,3 l', 'Pils 0,3 l']);
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
  });
});
