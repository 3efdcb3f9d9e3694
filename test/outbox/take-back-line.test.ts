// Taking back some units of one line of a room charge (room.remove-products@2): exactly that many
// come off the charge's own invoice item, once, through an unknown outcome; more than is still on
// the room is refused with what is left; the gateway is told the take-back itself is the subject.
import { describe, expect, it } from 'vitest';
import { recordLineTakeBack, recordRoomCharge } from '../../src/outbox/journal.ts';
import { OutboxActionRefused } from '../../src/outbox/refusal.ts';
import { saleHeaders } from '../../src/outbox/sale-headers.ts';
import { voidSale } from '../../src/outbox/void-sale.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import { createFakePms } from './support/fake-pms.ts';
import { createClock, PILS, PILS_ONE, replayUntilSettled, TILL, useFreshDatabase } from './support/setup.ts';

useFreshDatabase();

const takeBack = (chargeId: string, quantity: number, line = 0) =>
  recordLineTakeBack({ ...TILL, chargeId, id: crypto.randomUUID(), line, quantity, reason: 'spilt' });

describe('taking back part of a line', () => {
  it('takes 1 of 2 beers off the room once, though the first answer was lost', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const charge = await recordRoomCharge({
      ...TILL,
      room: { roomReservationId: 501 },
      lines: [PILS, PILS_ONE],
    });
    await replayUntilSettled(pms, clock);
    const taken = await takeBack(charge.id, 1);
    pms.failNext('removeProducts', { kind: 'network', afterApplying: true });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('removeProducts')).toHaveLength(1);
    expect(pms.rooms.get(501)?.map((item) => item.quantity)).toEqual([1, 1]);
    const entry = await readSale(taken.id);
    expect(entry?.sale).toMatchObject({
      status: 'synced',
      totalCents: -420,
      takeBack: { line: 0, quantity: 1 },
    });
    expect(entry?.sale.lines).toEqual([{ ...PILS, quantity: 1 }]);
  });

  it('refuses more than is still on the room, and counts a voided take-back as never made', async () => {
    const charge = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    const first = await takeBack(charge.id, 1);
    const refused = await takeBack(charge.id, 2).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OutboxActionRefused);
    expect((refused as OutboxActionRefused).refusal).toEqual({
      code: 'take-back-too-many',
      reference: charge.reference,
      left: 1,
    });
    await voidSale(first.id, 'wrong line', TILL);
    await expect(takeBack(charge.id, 2)).resolves.toMatchObject({ totalCents: -840 });
  });

  it('refuses to void a charge partly taken back: the rest goes line by line', async () => {
    const charge = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    await takeBack(charge.id, 1);
    await expect(voidSale(charge.id, 'wrong room', TILL)).rejects.toMatchObject({
      refusal: { code: 'partly-taken-back', reference: charge.reference },
    });
  });

  it('names the take-back itself as the sale its approval is for', async () => {
    const charge = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    const taken = await recordLineTakeBack({
      ...TILL,
      chargeId: charge.id,
      id: crypto.randomUUID(),
      line: 0,
      quantity: 1,
      reason: 'spilt',
      approvals: ['signed-token'],
    });
    expect(saleHeaders(taken)).toEqual({ 'x-till-sale': taken.id, 'x-till-approval': 'signed-token' });
  });
});
