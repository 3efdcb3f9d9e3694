// One write in doubt per place (src/outbox/one-doubt.ts): a room charge is not sent while another
// charge of this till to the same room has an unknown outcome, so each read-back's new items are its
// own. Shown on the case the chaos test found: identical charges to one room whose answers were lost.
import { describe, expect, it } from 'vitest';
import { readSyncList } from '../../src/features/sync/sync-list.ts';
import { recordRoomCharge } from '../../src/outbox/journal.ts';
import { loadTexts } from '../../src/words/i18n.ts';
import { stepProblem } from '../../src/words/sync-problems.ts';
import { createFakePms } from './support/fake-pms.ts';
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

describe('one write in doubt per room', () => {
  it('holds a second charge to the room while the first one’s outcome is unknown, and sends it once that is read back', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const first = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    const second = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'network', afterApplying: true });

    await replayAgainst(pms, clock); // 16 sales at once by default: both are due
    expect(pms.callsOf('addProducts')).toHaveLength(1);
    expect((await readPmsSteps(first.id))?.intents[0]?.state).toBe('unsure');
    expect((await readPmsSteps(second.id))?.intents[0]?.state).toBe('queued');
    // the sync view says what the second one waits for; the first waits for nothing of this till's
    const pending = (await readSyncList()).pending;
    const held = (id: string) => pending.find((entry) => entry.sale.id === id)?.heldBehind;
    expect(held(second.id)).toEqual({ step: 1, reference: first.reference });
    expect(held(first.id)).toBeUndefined();
    await loadTexts('sync');
    const waiting = pending.find((entry) => entry.sale.id === second.id)!;
    const heldStep = waiting.steps.find((step) => step.step === waiting.heldBehind?.step)!;
    expect(heldStep.state).toBe('queued');
    expect(stepProblem(heldStep, waiting.sale, waiting.heldBehind)).toBe(
      `Waits until the charge ${first.reference} to the same room is confirmed: two charges to one room are sent one after the other.`,
    );

    await replayUntilSettled(pms, clock);
    expect(pms.callsOf('addProducts')).toHaveLength(2);
    expect((await readSyncList()).confirmed.every((entry) => entry.heldBehind === undefined)).toBe(true);
    const room = (pms.rooms.get(501) ?? []).map((item) => item.id);
    expect(room).toHaveLength(2);
    expect(await chargedItemIds(first.id)).toEqual([room[0]]);
    expect(await chargedItemIds(second.id)).toEqual([room[1]]);
  });

  it('identical charges to one room, every answer lost and the first read-backs failing: each ends with its own items', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sales = [];
    for (let i = 0; i < 4; i++)
      sales.push(
        await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS, PILS_ONE] }),
      );
    for (let i = 0; i < 4; i++) pms.failNext('addProducts', { kind: 'network', afterApplying: true });
    pms.failNext('getRoomReservation', { kind: 'server' }, { kind: 'server' });

    for (let run = 0; run < 20; run++) {
      const report = await replayAgainst(pms, clock);
      if (report.nextAttemptAt === null) break;
      clock.advance(Math.max(0, report.nextAttemptAt - clock.now()));
    }

    expect(pms.callsOf('addProducts')).toHaveLength(4);
    const room = (pms.rooms.get(501) ?? []).map((item) => item.id);
    expect(room).toHaveLength(8);
    const claimed = await Promise.all(sales.map((sale) => chargedItemIds(sale.id)));
    expect(claimed.map((items) => items.length)).toEqual([2, 2, 2, 2]);
    expect(new Set(claimed.flat()).size).toBe(8);
    for (const sale of sales) expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
  });

  it('does not hold a charge to another room', async () => {
    const pms = createFakePms();
    const clock = createClock();
    await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    const other = await recordRoomCharge({ ...TILL, room: { roomReservationId: 502 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'network', afterApplying: true });

    await replayAgainst(pms, clock);

    expect(pms.callsOf('addProducts')).toHaveLength(2);
    expect((await readPmsSteps(other.id))?.sale.status).toBe('synced');
  });
});
