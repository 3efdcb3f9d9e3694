// Shared set-up for the outbox tests: a fresh fake IndexedDB per test, a clock the test moves, and
// sample sales. `fake-indexeddb/auto` installs the IndexedDB globals (IDBKeyRange and friends);
// each test then swaps in an empty IDBFactory, so no test sees another's rows.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach } from 'vitest';
import type { ReplayOptions } from '../../../src/outbox/replay.ts';
import { replayOutbox } from '../../../src/outbox/replay.ts';
import { closeTillDb } from '../../../src/storage/db.ts';
import type { SaleLine } from '../../../src/storage/records.ts';
import type { FakePms } from './fake-pms.ts';

/** Gives every test an empty database. */
export function useFreshDatabase(): void {
  beforeEach(async () => {
    await closeTillDb();
    globalThis.indexedDB = new IDBFactory();
  });
  afterEach(async () => {
    await closeTillDb();
  });
}

/** A clock that only moves when the test says so. */
export function createClock(start = Date.parse('2026-11-22T21:00:00+01:00')) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}
export type Clock = ReturnType<typeof createClock>;

export const TILL = { staff: 'Mia', till: 'Bar 1' };

export const PILS: SaleLine = { productId: 7, name: 'Pils 0,3 l', quantity: 2, unitPriceCents: 420 };
export const PILS_ONE: SaleLine = { ...PILS, quantity: 1 };

export const CARD_PAYMENT = { templateId: 1, paymentMethodId: 2, sendInvoice: false };

/** One replay run against the fake, with a fast backoff and no jitter. */
export function replayAgainst(pms: FakePms, clock: Clock, options: Partial<ReplayOptions> = {}) {
  return replayOutbox({
    client: pms.client,
    now: clock.now,
    backoff: { baseMs: 1000, capMs: 60_000 },
    random: () => 0,
    ...options,
  });
}

/** Replays until nothing is due, moving the clock over each backoff. */
export async function replayUntilSettled(pms: FakePms, clock: Clock) {
  for (let run = 0; run < 10; run++) {
    const report = await replayAgainst(pms, clock);
    if (report.nextAttemptAt === null) return report;
    clock.advance(Math.max(0, report.nextAttemptAt - clock.now()));
  }
  throw new Error('the outbox did not settle');
}

/**
 * A sale with its PMS steps only (without step 0, `ledger.record@1`, which every sale now starts
 * with): what the tests written before the sales ledger assert on. test/outbox/ledger.test.ts
 * asserts the ledger's step itself.
 */
export async function readPmsSteps(saleId: string) {
  const { readSale } = await import('../../../src/storage/outbox-store.ts');
  const entry = await readSale(saleId);
  return entry && { ...entry, intents: entry.intents.filter((intent) => intent.step > 0) };
}

/** The PMS item ids a sale's room charge (`room.add-products@1`) kept as its own. */
export async function chargedItemIds(saleId: string): Promise<number[]> {
  const step = (await readPmsSteps(saleId))?.intents.find((i) => i.name === 'room.add-products@1');
  const result = step?.result as { items: { invoiceItemId: number }[] } | undefined;
  return (result?.items ?? []).map((item) => item.invoiceItemId);
}
