// The tablet's queue of audit reports: every report is delivered once, in batches; one the server
// cannot take now stays for the next delivery; a delivery after an empty one still delivers (a
// once-settled delivery must never stand in for the next).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TabletAuditEvent } from '../../src/pms/staff-calls';
import { deliverReports, pendingReports, refusedReports, reportAction } from '../../src/state/audit-reports';

class MemoryStorage {
  #items = new Map<string, string>();
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.#items.set(key, value);
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
});

const recordAll = vi.fn(async (events: TabletAuditEvent[]) => ({
  results: events.map((event) => ({ id: event.id, outcome: 'recorded' })),
}));

describe('audit reports on the tablet', () => {
  it('delivers after an empty delivery, and each report once', async () => {
    await deliverReports(recordAll); // nothing queued: settles at once
    reportAction({ kind: 'sign_in', staffId: 'mia' });
    reportAction({ kind: 'sale', staffId: 'mia', subject: 'sale-1', amountCents: 940, id: 'sale:sale-1' });
    expect(pendingReports()).toBe(2);
    await deliverReports(recordAll);
    expect(pendingReports()).toBe(0);
    const sent = recordAll.mock.calls.flatMap(([events]) => events.map((event) => event.kind));
    expect(sent).toEqual(['sign_in', 'sale']);
  });

  it('keeps the queue when the server cannot be reached, and notes refusals with their code', async () => {
    reportAction({ kind: 'void_sale', staffId: 'mia', subject: 'sale-2', approval: 'forged' });
    await deliverReports(async () => {
      throw new Error('unreachable');
    });
    expect(pendingReports()).toBe(1);
    await deliverReports(async (events) => ({
      results: events.map((event) => ({ id: event.id, outcome: 'refused', code: 'approval_invalid' })),
    }));
    expect(pendingReports()).toBe(0);
    expect(refusedReports().map((entry) => entry.code)).toEqual(['approval_invalid']);
  });
});
