// Late charges: a room charge refused because the guest left (409 on room_reservation_id) moves, on
// staff's word, to a cash invoice made out to the guest with the same lines, left open; exactly
// once through lost answers, and only for that refusal.
import { describe, expect, it } from 'vitest';
import { recordRoomCharge } from '../../src/outbox/journal.ts';
import { moveToLateCharge } from '../../src/outbox/late-charge.ts';
import { saleHeaders } from '../../src/outbox/sale-headers.ts';
import { APPROVAL_HEADER, SALE_HEADER, SPLIT_HEADER } from '../../src/pms/till-headers.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import { createFakePms } from './support/fake-pms.ts';
import { createClock, PILS, replayUntilSettled, TILL, useFreshDatabase } from './support/setup.ts';

useFreshDatabase();

const GUEST_LEFT = {
  kind: 'rejected' as const,
  status: 409,
  field: 'room_reservation_id',
  message: 'room reservation 501 is CHECKED_OUT; it takes no more charges',
};

describe('a late charge', () => {
  it('puts the refused charge on one open cash invoice to the guest, once, though answers were lost', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const charge = await recordRoomCharge({
      ...TILL,
      room: { roomReservationId: 501, guestName: 'Anna Bauer' },
      lines: [PILS],
    });
    pms.failNext('addProducts', GUEST_LEFT);
    await replayUntilSettled(pms, clock);
    expect((await readSale(charge.id))?.sale.status).toBe('needs-attention');

    const late = await moveToLateCharge(charge.id, TILL);
    pms.failNext('setInvoiceRecipient', { kind: 'network', afterApplying: true });
    pms.failNext('addInvoiceProducts', { kind: 'server', status: 502, afterApplying: true });
    await replayUntilSettled(pms, clock);

    const invoices = [...pms.invoices.values()];
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'open', recipientName: 'contact 1' });
    expect(invoices[0]?.items.map((item) => [item.product_id, item.quantity])).toEqual([[7, 2]]);
    expect((await readSale(late.id))?.sale).toMatchObject({
      kind: 'late-charge',
      status: 'synced',
      lateChargeOf: charge.id,
      totalCents: 840,
    });
    expect((await readSale(charge.id))?.sale).toMatchObject({ status: 'voided', movedTo: late.id });
    await expect(moveToLateCharge(charge.id, TILL)).rejects.toMatchObject({
      refusal: { code: 'already-moved' },
    });
  });

  it("carries the charge's approvals and split, and its writes go by the charge's id", async () => {
    const pms = createFakePms();
    const clock = createClock();
    const charge = await recordRoomCharge({
      ...TILL,
      room: { roomReservationId: 501, guestName: 'Anna Bauer' },
      lines: [{ ...PILS, unitPriceCents: 210 }],
      approvals: ['discount-token'],
      split: true,
    });
    pms.failNext('addProducts', GUEST_LEFT);
    await replayUntilSettled(pms, clock);
    const late = await moveToLateCharge(charge.id, TILL);
    expect(late).toMatchObject({ approvals: ['discount-token'], split: true, lateChargeOf: charge.id });
    expect(saleHeaders(late)).toEqual({
      [SALE_HEADER]: charge.id,
      [APPROVAL_HEADER]: 'discount-token',
      [SPLIT_HEADER]: '1',
    });
  });

  it('is not offered for a charge refused for another reason', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const charge = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'rejected', status: 422, field: 'booking_date', message: 'outside' });
    await replayUntilSettled(pms, clock);
    await expect(moveToLateCharge(charge.id, TILL)).rejects.toMatchObject({
      refusal: { code: 'guest-not-gone', reference: charge.reference },
    });
  });
});
