// Issue 35: staff see a stall. The header says "Sending stopped N min ago" when nothing reached the
// till server or the PMS for 3 minutes while sales wait, and the sync view says what the oldest
// waiting sale waits for.
import { describe, expect, it } from 'vitest';
import { oldestWait } from '../../src/features/sync/oldest-wait.ts';
import { STALL_MS, stalledMinutes } from '../../src/features/sync/sync-indicator.ts';
import type { IntentRecord, SaleRecord } from '../../src/storage/records.ts';

const NOW = Date.UTC(2026, 11, 6, 12, 0);
const MINUTE = 60_000;

describe('the header on a stall', () => {
  it('counts the minutes since the last answer once sales have waited 3 minutes without one', () => {
    const waiting = { pending: 738, oldestPendingAt: NOW - 40 * MINUTE };
    expect(stalledMinutes({ ...waiting, lastProgressAt: NOW - 12 * MINUTE }, NOW)).toBe(12);
    expect(stalledMinutes({ ...waiting, lastProgressAt: NOW - STALL_MS + 1 }, NOW)).toBeNull();
    expect(stalledMinutes({ ...waiting, lastProgressAt: null }, NOW)).toBe(40);
  });

  it('counts from the oldest waiting sale when nothing waited at the last answer, and says nothing when none waits', () => {
    expect(
      stalledMinutes(
        { pending: 3, oldestPendingAt: NOW - 5 * MINUTE, lastProgressAt: NOW - 60 * MINUTE },
        NOW,
      ),
    ).toBe(5);
    expect(
      stalledMinutes(
        { pending: 3, oldestPendingAt: NOW - 2 * MINUTE, lastProgressAt: NOW - 60 * MINUTE },
        NOW,
      ),
    ).toBeNull();
    expect(
      stalledMinutes({ pending: 0, oldestPendingAt: null, lastProgressAt: NOW - 60 * MINUTE }, NOW),
    ).toBeNull();
  });
});

function step(overrides: Partial<IntentRecord>): IntentRecord {
  return {
    saleId: 's',
    step: 1,
    revision: 0,
    name: 'cash-invoice.create@1',
    payload: {},
    state: 'queued',
    attempts: 0,
    notBefore: 0,
    createdAt: NOW - 30 * MINUTE,
    ...overrides,
  };
}
const SALE = { id: 's', reference: 'K7QM-1F', createdAt: NOW - 30 * MINUTE } as SaleRecord;
const LEDGER_DONE = step({ step: 0, name: 'ledger.record@1', state: 'done' });

describe('what the oldest waiting sale waits for', () => {
  it('names the next try after a failure, and how it failed', () => {
    const failed = step({
      notBefore: NOW + 5 * MINUTE,
      lastError: { kind: 'server', message: '503', at: NOW - MINUTE },
    });
    expect(oldestWait({ sale: SALE, steps: [LEDGER_DONE, failed] }, NOW)).toMatchObject({
      reference: 'K7QM-1F',
      step: 1,
      why: 'retry',
      at: NOW + 5 * MINUTE,
      problem: 'server',
    });
  });

  it('says due once a retry pass came after the failure, sending while in flight, and the sale a room write waits for', () => {
    const failed = step({
      notBefore: NOW + 5 * MINUTE,
      lastError: { kind: 'network', message: 'x', at: NOW - MINUTE },
    });
    expect(oldestWait({ sale: SALE, steps: [LEDGER_DONE, failed] }, NOW, NOW - 10_000)?.why).toBe('due');
    expect(oldestWait({ sale: SALE, steps: [step({ step: 0, state: 'in-flight' })] }, NOW)?.why).toBe(
      'sending',
    );
    const held = { step: 1, reference: 'K7QM-1E' };
    expect(oldestWait({ sale: SALE, steps: [LEDGER_DONE, step({})], heldBehind: held }, NOW)).toMatchObject({
      why: 'held-behind',
      behind: 'K7QM-1E',
    });
  });
});
