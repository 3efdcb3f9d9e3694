// Each failure class of a send, and what the outbox does with it: retry with backoff (reading back
// first when the write may have landed), pause on 429, or hold the sale for staff on a refusal.
import { describe, expect, it } from 'vitest';
import { retryWaitingNow } from '../../src/outbox/actions.ts';
import {
  addRoomProducts,
  isLedgerStep,
  RECORD_IN_LEDGER,
  RECORD_VOID_IN_LEDGER,
} from '../../src/outbox/intents/index.ts';
import { recordCashSale, recordRoomCharge } from '../../src/outbox/journal.ts';
import { PMS_FAILING_IN_ROW } from '../../src/outbox/replay-run.ts';
import { getOutboxSummary } from '../../src/outbox/status.ts';
import type { GatewayReadiness } from '../../src/pms/device-calls.ts';
import { getMeta } from '../../src/storage/db.ts';
import { createFakePms, type FakePms, type FaultKind } from './support/fake-pms.ts';
import {
  CARD_PAYMENT,
  type Clock,
  createClock,
  PILS,
  PILS_ONE,
  readPmsSteps,
  replayAgainst,
  TILL,
  useFreshDatabase,
} from './support/setup.ts';

useFreshDatabase();

describe('a send that gets no usable answer', () => {
  it.each<FaultKind>(['network', 'timeout', 'server', 'invalid-response'])(
    'after %s (not applied), reads back, finds nothing, and charges the room exactly once on the next run',
    async (kind) => {
      const pms = createFakePms();
      const clock = createClock();
      const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
      pms.failNext('addProducts', { kind });

      const first = await replayAgainst(pms, clock);
      expect(pms.rooms.get(501)).toHaveLength(0);
      const waiting = await readPmsSteps(sale.id);
      expect(waiting?.sale.status).toBe('pending');
      expect(waiting?.intents[0]).toMatchObject({ state: 'unsure', attempts: 1, uncertainSends: 1 });
      expect(first.nextAttemptAt).toBe(clock.now() + 1000);

      await replayAgainst(pms, clock); // backoff not over: nothing happens
      expect(pms.callsOf('addProducts')).toHaveLength(1);

      clock.advance(1000);
      await replayAgainst(pms, clock);

      expect(pms.rooms.get(501)).toHaveLength(1);
      expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
    },
  );

  it('backs off exponentially, capped, while the PMS stays unreachable, and records the last error', async () => {
    const pms = createFakePms();
    const clock = createClock();
    await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      pms.failNext('createCashInvoice', { kind: 'network' });
      const report = await replayAgainst(pms, clock, { random: () => 1 });
      delays.push((report.nextAttemptAt ?? 0) - clock.now());
      clock.advance(report.nextAttemptAt! - clock.now());
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    const summary = await getOutboxSummary();
    expect(summary.lastError?.message).toMatch(/Could not reach the PMS/);
    expect(summary.pending).toBe(1);
  });

  it('stops at the first unreachable-PMS failure and holds every sale until that backoff is over', async () => {
    const pms = createFakePms();
    const clock = createClock();
    for (let i = 0; i < 3; i++)
      await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS_ONE] });
    pms.failNext('addProducts', { kind: 'network' });

    const report = await replayAgainst(pms, clock, { concurrency: 1 });
    expect(report).toMatchObject({ stoppedBy: 'unreachable', pending: 3, nextAttemptAt: clock.now() + 1000 });
    expect(pms.callsOf('addProducts')).toHaveLength(1);

    await replayAgainst(pms, clock); // the other two sales are held too, not probed one by one
    expect(pms.callsOf('addProducts')).toHaveLength(1);

    clock.advance(1000);
    await replayAgainst(pms, clock);
    expect(pms.rooms.get(501)).toHaveLength(3);
  });
});

describe('a request that fails as unreachable while the readiness check says ready', () => {
  it('is that one request’s failure: the step backs off and the run goes on with the other sales', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const dropped = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS_ONE] });
    const others = [
      await recordRoomCharge({ ...TILL, room: { roomReservationId: 502 }, lines: [PILS_ONE] }),
      await recordRoomCharge({ ...TILL, room: { roomReservationId: 502 }, lines: [PILS_ONE] }),
    ];
    pms.failNext('addProducts', { kind: 'network' });
    let checks = 0;
    const readyToSend = async () => {
      checks += 1;
      return 'ready' as const;
    };

    const report = await replayAgainst(pms, clock, { concurrency: 1, readyToSend });

    expect(report.stoppedBy).toBeUndefined();
    expect(checks).toBe(2); // before the first send, and after the failure
    for (const sale of others) expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
    expect((await readPmsSteps(dropped.id))?.intents[0]).toMatchObject({ state: 'unsure' });
    expect(report.nextAttemptAt).toBe((await readPmsSteps(dropped.id))?.intents[0]?.notBefore);
  });

  it('stops the run and holds every sale when the check agrees the PMS cannot be reached', async () => {
    const pms = createFakePms();
    const clock = createClock();
    for (const room of [501, 502, 502])
      await recordRoomCharge({ ...TILL, room: { roomReservationId: room }, lines: [PILS_ONE] });
    pms.failNext('addProducts', { kind: 'network' });
    const answers: GatewayReadiness[] = ['ready', 'pms-unreachable'];
    const readyToSend = async () => answers.shift() ?? 'pms-unreachable';

    const report = await replayAgainst(pms, clock, { concurrency: 1, readyToSend });

    expect(report).toMatchObject({ stoppedBy: 'unreachable', pending: 3 });
    expect(pms.callsOf('addProducts')).toHaveLength(1);
  });
});

describe('the hold after an unreachable run', () => {
  it('backs off over the runs in a row that reached nothing, not over the failed step’s own failures', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const stubborn = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS_ONE] });
    // five faults of the PMS's own (500): the step backs off each time, no run stops as unreachable
    for (let run = 0; run < 5; run++) {
      pms.failNext('addProducts', { kind: 'server' });
      const report = await replayAgainst(pms, clock, { random: () => 1 });
      expect(report.stoppedBy).toBeUndefined();
      clock.advance(report.nextAttemptAt! - clock.now());
    }
    const waiting = await recordRoomCharge({ ...TILL, room: { roomReservationId: 502 }, lines: [PILS_ONE] });

    // then the PMS cannot be reached: the stubborn step waits 32 s, the other sale a second
    pms.failNext('addProducts', { kind: 'network' });
    const first = await replayAgainst(pms, clock, { random: () => 1, concurrency: 1 });
    expect(first.stoppedBy).toBe('unreachable');
    expect((await readPmsSteps(stubborn.id))?.intents[0]?.notBefore).toBe(clock.now() + 32_000);
    expect(first.nextAttemptAt).toBe(clock.now() + 1000);

    // each further run that reaches nothing (the till server says the PMS is down) doubles the hold
    const holds: number[] = [];
    clock.advance(1000);
    for (let run = 0; run < 3; run++) {
      const report = await replayAgainst(pms, clock, {
        random: () => 1,
        readyToSend: async () => 'pms-unreachable',
      });
      holds.push(report.nextAttemptAt! - clock.now());
      clock.advance(report.nextAttemptAt! - clock.now());
    }
    expect(holds).toEqual([2000, 4000, 8000]);
    await replayAgainst(pms, clock, { random: () => 1 });
    expect((await readPmsSteps(waiting.id))?.sale.status).toBe('synced');
  });
});

describe('the PMS failing every write (5xx)', () => {
  const serverErrors = (count: number) =>
    Array.from({ length: count }, () => ({ kind: 'server' as const, status: 503 }));
  /** A charge to a room of its own (the fake hotel gets the room), so no charge waits for another's. */
  const chargeRoom = (pms: FakePms, clock: Clock, room: number, at = clock.now()) => {
    pms.rooms.set(room, []);
    return recordRoomCharge({
      ...TILL,
      at,
      room: { roomReservationId: room },
      lines: [PILS_ONE],
    });
  };

  it('stops the run after five in a row and holds the PMS steps, not the ledger; a step landing lifts the hold', async () => {
    const pms = createFakePms();
    const clock = createClock();
    for (let room = 501; room <= 508; room++) await chargeRoom(pms, clock, room);
    pms.failNext('addProducts', ...serverErrors(2 * PMS_FAILING_IN_ROW)); // two runs' worth

    const first = await replayAgainst(pms, clock, { concurrency: 1 });
    expect(first.stoppedBy).toBe('pms-failing');
    expect(pms.callsOf('addProducts')).toHaveLength(PMS_FAILING_IN_ROW); // not 8: three never went
    expect(pms.ledger.size).toBe(8); // the ledger heard of every sale first
    expect(await getMeta('pms-failing')).toMatchObject({ streak: 1, until: clock.now() + 1000 });
    expect(first.nextAttemptAt).toBe(clock.now() + 1000);

    // During the hold a new sale reaches the ledger, and nothing goes to the PMS; also one made
    // with the tablet's clock set back a minute (found by its place in the outbox, not its time).
    clock.advance(500);
    const late = await chargeRoom(pms, clock, 509, clock.now() - 60_000);
    const held = await replayAgainst(pms, clock, { concurrency: 1 });
    expect(pms.ledger.has(late.id)).toBe(true);
    expect(pms.callsOf('addProducts')).toHaveLength(PMS_FAILING_IN_ROW);
    expect(pms.callsOf('getRoomReservation')).toHaveLength(PMS_FAILING_IN_ROW); // the reads before the sends
    expect(held.nextAttemptAt).toBe(clock.now() + 500);
    expect(held.pending).toBe(9);

    // The hold over, the PMS still failing: five more, and a longer streak.
    clock.advance(500);
    const again = await replayAgainst(pms, clock, { concurrency: 1 });
    expect(again.stoppedBy).toBe('pms-failing');
    expect(pms.callsOf('addProducts')).toHaveLength(2 * PMS_FAILING_IN_ROW);
    expect(await getMeta('pms-failing')).toMatchObject({ streak: 2 });

    // The PMS takes writes again (no failure left): every room charged once, the hold gone.
    for (let run = 0; run < 10 && (await getOutboxSummary()).pending > 0; run++) {
      clock.advance(60_000);
      await replayAgainst(pms, clock);
    }
    for (let room = 501; room <= 509; room++) expect(pms.rooms.get(room)).toHaveLength(1);
    expect(await getMeta('pms-failing')).toBeNull();
  });

  it("sends a ledger step the till server failed during the hold after its own backoff, not the hold's", async () => {
    const pms = createFakePms();
    const clock = createClock();
    // backoffs at their ceilings (random 1): the hold 1 s, then 2 s; a step's first failure 1 s
    for (let room = 501; room <= 508; room++) await chargeRoom(pms, clock, room);
    pms.failNext('addProducts', ...serverErrors(2 * PMS_FAILING_IN_ROW));
    expect((await replayAgainst(pms, clock, { concurrency: 1, random: () => 1 })).stoppedBy).toBe(
      'pms-failing',
    );

    // the hold over (1 s), a sale made; the probe finds the PMS still failing (a 2 s hold now),
    // and the till server fails that sale's record once (its own backoff: 1 s)
    clock.advance(1000);
    const late = await chargeRoom(pms, clock, 509);
    pms.failNext('recordLedgerSale', { kind: 'server', status: 503 });
    const probe = await replayAgainst(pms, clock, { concurrency: 1, random: () => 1 });
    expect(probe.stoppedBy).toBe('pms-failing');
    expect(pms.ledger.has(late.id)).toBe(false);
    expect(await getMeta('pms-failing')).toMatchObject({ streak: 2, until: clock.now() + 2000 });
    expect(probe.nextAttemptAt).toBe(clock.now() + 1000);

    // that run, a second on, still held for the PMS: the record goes, no PMS step does
    clock.advance(1000);
    const held = await replayAgainst(pms, clock, { concurrency: 1, random: () => 1 });
    expect(pms.ledger.has(late.id)).toBe(true);
    expect(pms.callsOf('addProducts')).toHaveLength(2 * PMS_FAILING_IN_ROW);
    expect(held.nextAttemptAt).toBe(clock.now() + 1000); // the hold's end
  });

  it('probes with a few sales once the hold is over; a sale made as it ended reaches the ledger in that run', async () => {
    const pms = createFakePms();
    const clock = createClock();
    for (let room = 501; room <= 540; room++) await chargeRoom(pms, clock, room);
    pms.failNext('addProducts', ...serverErrors(2 * PMS_FAILING_IN_ROW));
    expect((await replayAgainst(pms, clock, { concurrency: 1 })).stoppedBy).toBe('pms-failing');

    clock.advance(1000); // the hold is over
    const late = await chargeRoom(pms, clock, 541); // its step wakes as early as the 35 never tried
    const probe = await replayAgainst(pms, clock, { concurrency: 1 });
    expect(pms.ledger.has(late.id)).toBe(true);
    expect(probe.stoppedBy).toBe('pms-failing');
    expect(pms.callsOf('addProducts')).toHaveLength(2 * PMS_FAILING_IN_ROW);
    expect(await getMeta('pms-failing')).toMatchObject({ streak: 2 });
  });

  it('sets no hold when staff asked to sync (or the tablet came back online) while the run went on', async () => {
    const pms = createFakePms();
    const clock = createClock();
    for (let room = 501; room <= 508; room++) await chargeRoom(pms, clock, room);
    pms.failNext('addProducts', ...serverErrors(PMS_FAILING_IN_ROW));
    let sends = 0;
    pms.setAround(async (operation) => {
      if (operation === 'addProducts' && ++sends === 3) await retryWaitingNow(clock.now());
    });

    const report = await replayAgainst(pms, clock, { concurrency: 1 });
    expect(report.stoppedBy).toBe('pms-failing');
    expect(await getMeta('pms-failing')).toBeUndefined();
    // the next run tries the PMS again at once
    await replayAgainst(pms, clock, { concurrency: 1 });
    for (let room = 501; room <= 508; room++) expect(pms.rooms.get(room)).toHaveLength(1);
  });

  it("counts only the PMS steps: the ledger steps are the till server's", () => {
    expect(isLedgerStep(RECORD_IN_LEDGER)).toBe(true);
    expect(isLedgerStep(RECORD_VOID_IN_LEDGER)).toBe(true);
    expect(isLedgerStep(addRoomProducts.name)).toBe(false);
  });

  it('does not stop for four in a row: a step landing starts the count again', async () => {
    const pms = createFakePms();
    const clock = createClock();
    for (let room = 501; room <= 510; room++) await chargeRoom(pms, clock, room);
    // 4 fail, 1 lands, 4 fail, 1 lands: never five in a row
    pms.failNext('addProducts', ...serverErrors(4));
    let sends = 0;
    pms.setAround(async (operation) => {
      if (operation === 'addProducts' && ++sends === 6) pms.failNext('addProducts', ...serverErrors(4));
    });

    const report = await replayAgainst(pms, clock, { concurrency: 1 });
    expect(report.stoppedBy).toBeUndefined();
    expect(pms.callsOf('addProducts')).toHaveLength(10); // every sale tried once
    expect(report.sent).toBe(10 + 2); // ten ledger records, two charges
    expect(await getMeta('pms-failing')).toBeUndefined();
  });
});

describe('429 Too Many Requests', () => {
  it('is not applied: the step is sent again only after Retry-After, and no other request goes out meanwhile', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    await recordRoomCharge({ ...TILL, room: { roomReservationId: 502 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'rejected', status: 429, retryAfterMs: 120_000 });

    const first = await replayAgainst(pms, clock, { concurrency: 1 });
    expect(first).toMatchObject({ stoppedBy: 'rate-limited', nextAttemptAt: clock.now() + 120_000 });
    expect((await readPmsSteps(sale.id))?.intents[0]).toMatchObject({
      state: 'queued',
      notBefore: clock.now() + 120_000,
    });

    clock.advance(60_000);
    await replayAgainst(pms, clock);
    expect(pms.callsOf('addProducts')).toHaveLength(1);

    clock.advance(60_000);
    await replayAgainst(pms, clock);
    expect(pms.rooms.get(501)).toHaveLength(1);
    expect(pms.rooms.get(502)).toHaveLength(1);
    // each charge's items read once before its first send; a 429 is known not applied: no read-back
    expect(pms.callsOf('getRoomReservation')).toHaveLength(2);
  });
});

describe('a refusal (4xx)', () => {
  it('moves the sale to needs attention with the PMS message, and holds its later steps', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({
      ...TILL,
      lines: [{ ...PILS, productId: 99 }],
      payment: CARD_PAYMENT,
    });

    const report = await replayAgainst(pms, clock);

    expect(report).toMatchObject({ failed: 1, needsAttention: 1, pending: 0, nextAttemptAt: null });
    const entry = await readPmsSteps(sale.id);
    expect(entry?.sale.status).toBe('needs-attention');
    expect(entry?.sale.attention).toMatchObject({
      step: 2,
      kind: 'rejected',
      message: 'no product 99',
      status: 422,
      field: 'products.0.id',
    });
    expect(entry?.intents.map((i) => i.state)).toEqual(['done', 'failed', 'queued']);

    clock.advance(3_600_000);
    await replayAgainst(pms, clock);
    expect(pms.callsOf('closeInvoice')).toHaveLength(0);
    expect([...pms.invoices.values()][0]?.status).toBe('open');
    expect((await getOutboxSummary()).needsAttention).toBe(1);
  });

  it('does not stop other sales', async () => {
    const pms = createFakePms();
    await recordRoomCharge({ ...TILL, room: { roomReservationId: 999 }, lines: [PILS] });
    const fine = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });

    await replayAgainst(pms, createClock());

    expect((await readPmsSteps(fine.id))?.sale.status).toBe('synced');
    expect(pms.rooms.get(501)).toHaveLength(1);
  });
});

describe('a step waiting out a long backoff', () => {
  /** A room charge whose reads before sending failed six times in a row: its backoff is at 32 s. */
  async function stalledCharge(pms: ReturnType<typeof createFakePms>, clock: ReturnType<typeof createClock>) {
    const stalled = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    for (let i = 0; i < 6; i++) pms.failNext('getRoomReservation', { kind: 'server' });
    for (let run = 0; run < 6; run++) {
      const due = (await readPmsSteps(stalled.id))?.intents[0]?.notBefore ?? 0;
      clock.advance(Math.max(0, due - clock.now()));
      await replayAgainst(pms, clock, { random: () => 1 });
    }
    const waiting = (await readPmsSteps(stalled.id))?.intents[0];
    expect(waiting).toMatchObject({ state: 'queued', failuresInRow: 6 });
    expect(waiting!.notBefore - clock.now()).toBeGreaterThan(15_000);
    return { stalled, farOff: waiting!.notBefore };
  }

  it('is due within 15 s once a run gets other steps through, and still backs off if it fails again', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const { stalled } = await stalledCharge(pms, clock);

    // the PMS works again: another sale goes through
    await recordRoomCharge({ ...TILL, room: { roomReservationId: 502 }, lines: [PILS_ONE] });
    const report = await replayAgainst(pms, clock);

    // brought forward by one write (outbox/schedule.ts applies it as it reads): due in 15 s, its
    // failures in a row still counted
    expect(report.nextAttemptAt).toBe(clock.now() + 15_000);
    expect((await readPmsSteps(stalled.id))?.intents[0]?.failuresInRow).toBe(6);
    clock.advance(14_000);
    await replayAgainst(pms, clock);
    expect((await readPmsSteps(stalled.id))?.sale.status).toBe('pending');
    clock.advance(1_000);
    await replayAgainst(pms, clock);
    expect((await readPmsSteps(stalled.id))?.sale.status).toBe('synced');
  });

  it('stays waiting when only the till server answered: the ledger taking a sale says nothing of the PMS', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const { stalled, farOff } = await stalledCharge(pms, clock);
    const reads = pms.callsOf('getRoomReservation').length;

    // a new sale: the ledger takes its record, the PMS fails its step (503)
    await recordRoomCharge({ ...TILL, room: { roomReservationId: 502 }, lines: [PILS_ONE] });
    pms.failNext('getRoomReservation', { kind: 'server', status: 503 });
    const report = await replayAgainst(pms, clock);

    expect(report.sent).toBeGreaterThan(0); // the ledger's record
    expect(report.nextAttemptAt).not.toBe(clock.now() + 15_000);
    clock.advance(15_000);
    await replayAgainst(pms, clock);
    // not tried again before its own backoff is over
    expect((await readPmsSteps(stalled.id))?.intents[0]).toMatchObject({
      notBefore: farOff,
      failuresInRow: 6,
    });
    expect(pms.callsOf('getRoomReservation').length).toBe(reads + 2); // the new sale's two tries
  });
});
