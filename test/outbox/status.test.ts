// What the views see: the outbox summary, change announcements (in this context and to other tabs
// and the worker over the BroadcastChannel), and the persistent-storage request.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordCashSale, recordRoomCharge } from '../../src/outbox/journal.ts';
import {
  announceOutboxChange,
  getOutboxSummary,
  OUTBOX_CHANNEL,
  type OutboxEvent,
  requestPersistentStorage,
  subscribeOutbox,
} from '../../src/outbox/status.ts';
import { createFakePms } from './support/fake-pms.ts';
import { CARD_PAYMENT, createClock, PILS, replayAgainst, TILL, useFreshDatabase } from './support/setup.ts';

useFreshDatabase();
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the outbox summary', () => {
  it('counts pending and needing-attention sales and dates the oldest one not yet in the PMS', async () => {
    const pms = createFakePms();
    const clock = createClock();
    await recordRoomCharge({ ...TILL, at: 1000, room: { roomReservationId: 999 }, lines: [PILS] });
    await recordCashSale({ ...TILL, at: 2000, lines: [PILS], payment: CARD_PAYMENT });
    await recordCashSale({ ...TILL, at: 3000, lines: [PILS], payment: CARD_PAYMENT });
    expect(await getOutboxSummary()).toMatchObject({
      pending: 3,
      needsAttention: 0,
      sending: 0,
      oldestPendingAt: 1000,
      lastSyncAt: null,
    });

    pms.failNext('createCashInvoice', { kind: 'network' });
    await replayAgainst(pms, clock, { concurrency: 1 });

    const summary = await getOutboxSummary(clock.now());
    expect(summary).toMatchObject({ needsAttention: 1, pending: 2, oldestPendingAt: 1000 });
    expect(summary.lastError?.message).toMatch(/Could not reach/);
    // the PMS was unreachable: the untried sale waits with the failed one instead of probing at once
    expect(summary.nextAttemptAt).toBe(clock.now() + 1000);
  });

  it('after a clean run shows nothing pending and when it synced', async () => {
    const clock = createClock();
    await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    await replayAgainst(createFakePms(), clock);
    expect(await getOutboxSummary(clock.now())).toMatchObject({
      pending: 0,
      needsAttention: 0,
      oldestPendingAt: null,
      nextAttemptAt: null,
      lastSyncAt: clock.now(),
      lastError: null,
    });
  });

  it('moves "last sync" only on an exchange the PMS answered, not on a run with nothing due (problem 12)', async () => {
    const pms = createFakePms();
    const clock = createClock();
    await recordRoomCharge({ ...TILL, room: { roomReservationId: 999 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'rejected', status: 409, message: 'the guest has left' });
    await replayAgainst(pms, clock);
    const answeredAt = clock.now();
    expect((await getOutboxSummary(clock.now())).needsAttention).toBe(1);
    clock.advance(60_000); // the refused sale waits for staff: this run has nothing to send
    await replayAgainst(pms, clock);
    expect((await getOutboxSummary(clock.now())).lastSyncAt).toBe(answeredAt);
  });
});

describe('change announcements', () => {
  it('tell in-process listeners and other contexts on the BroadcastChannel that a sale was recorded and replayed', async () => {
    const here: OutboxEvent[] = [];
    const elsewhere: OutboxEvent[] = [];
    const stop = subscribeOutbox((event) => here.push(event));
    const otherTab = new BroadcastChannel(OUTBOX_CHANNEL);
    otherTab.onmessage = (message: MessageEvent<OutboxEvent>) => elsewhere.push(message.data);
    try {
      const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
      await replayAgainst(createFakePms(), createClock());
      await vi.waitFor(() => expect(elsewhere.some((e) => e.type === 'replayed')).toBe(true));

      expect(here[0]).toEqual({ type: 'recorded', saleId: sale.id });
      expect(elsewhere[0]).toEqual({ type: 'recorded', saleId: sale.id });
      expect(here.filter((e) => e.type === 'recorded')).toHaveLength(1);
    } finally {
      stop();
      otherTab.close();
    }
  });

  it("a run's end goes to other tabs in place of the step events still held, not after them", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100)); // earlier tests' step windows closed
    const elsewhere: OutboxEvent[] = [];
    const otherTab = new BroadcastChannel(OUTBOX_CHANNEL);
    otherTab.onmessage = (message: MessageEvent<OutboxEvent>) => elsewhere.push(message.data);
    try {
      announceOutboxChange({ type: 'replayed', saleId: 'sale-a' }); // the first of a burst: at once
      announceOutboxChange({ type: 'replayed', saleId: 'sale-b' }); // held for the window
      announceOutboxChange({ type: 'replayed' }); // the run ended: every tab re-reads anyway
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(elsewhere).toEqual([{ type: 'replayed', saleId: 'sale-a' }, { type: 'replayed' }]);
    } finally {
      otherTab.close();
    }
  });

  it('a run that changed nothing (its one sale still waiting out its backoff) tells no tab it ended', async () => {
    const elsewhere: OutboxEvent[] = [];
    const otherTab = new BroadcastChannel(OUTBOX_CHANNEL);
    otherTab.onmessage = (message: MessageEvent<OutboxEvent>) => elsewhere.push(message.data);
    const runEnds = () => elsewhere.filter((e) => e.type === 'replayed' && e.saleId === undefined).length;
    try {
      const pms = createFakePms();
      const clock = createClock();
      await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
      pms.failNext('addProducts', { kind: 'server' });
      const tried = await replayAgainst(pms, clock);
      expect(tried.announced).toBe(true);
      await vi.waitFor(() => expect(runEnds()).toBe(1));

      // nothing due: the sale waits a second for its next try
      clock.advance(100);
      const idle = await replayAgainst(pms, clock);
      expect(idle).toMatchObject({ announced: false, nextAttemptAt: tried.nextAttemptAt, pending: 1 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(runEnds()).toBe(1);

      // its backoff over, the next run tries it again and says so
      clock.advance(60_000);
      const again = await replayAgainst(pms, clock);
      expect(again).toMatchObject({ announced: true, pending: 0 });
      await vi.waitFor(() => expect(runEnds()).toBe(2));
    } finally {
      otherTab.close();
    }
  });
});

describe('persistent storage', () => {
  it('asks the browser to keep the data and stores the answer for the views', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist } });

    expect(await requestPersistentStorage()).toBe(true);
    expect((await getOutboxSummary()).storagePersisted).toBe(true);
  });

  it('answers null where the browser cannot be asked', async () => {
    vi.stubGlobal('navigator', {});
    expect(await requestPersistentStorage()).toBeNull();
    expect((await getOutboxSummary()).storagePersisted).toBeNull();
  });
});
