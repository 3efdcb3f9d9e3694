// The tablet's queue of audit reports, kept in IndexedDB (no longer localStorage): every report is
// delivered once, in batches; one the server cannot take now stays for the next delivery (and over
// a restart); a delivery after an empty one still delivers; a queue an older version left in
// localStorage is moved over once.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deliverReports,
  pendingReports,
  refusedReports,
  reportAction,
} from '../../src/features/staff/audit-reports';
import type { TabletAuditEvent } from '../../src/pms/staff-calls';
import { readAuditQueue } from '../../src/storage/audit-queue';
import { closeTillDb } from '../../src/storage/db';
import { LOCAL_KEYS } from '../../src/storage/local';

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

let storage: MemoryStorage;
beforeEach(async () => {
  await closeTillDb();
  globalThis.indexedDB = new IDBFactory();
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(async () => {
  await closeTillDb();
});

const recordAll = vi.fn(async (events: TabletAuditEvent[]) => ({
  results: events.map((event) => ({ id: event.id, outcome: 'recorded' })),
}));

describe('audit reports on the tablet', () => {
  it('delivers after an empty delivery, and each report once', async () => {
    await deliverReports(recordAll); // nothing queued: settles at once
    reportAction({ kind: 'sign_in', staffId: 'mia' });
    reportAction({ kind: 'pin_failed', staffId: 'mia', note: 'wrong PIN 1' });
    expect(await pendingReports()).toBe(2);
    expect(storage.getItem(LOCAL_KEYS.auditQueue)).toBeNull(); // not in localStorage
    await deliverReports(recordAll);
    expect(await pendingReports()).toBe(0);
    const sent = recordAll.mock.calls.flatMap(([events]) => events.map((event) => event.kind));
    expect(sent).toEqual(['sign_in', 'pin_failed']);
  });

  it('keeps the queue in IndexedDB when the server cannot be reached, and notes refusals with their code', async () => {
    reportAction({ kind: 'void_sale', staffId: 'mia', subject: 'sale-2', approval: 'forged' });
    await deliverReports(async () => {
      throw new Error('unreachable');
    });
    await closeTillDb(); // the tablet restarts
    expect((await readAuditQueue()).map((event) => event.kind)).toEqual(['void_sale']);
    await deliverReports(async (events) => ({
      results: events.map((event) => ({ id: event.id, outcome: 'refused', code: 'approval_invalid' })),
    }));
    expect(await pendingReports()).toBe(0);
    expect((await refusedReports()).map((entry) => entry.code)).toEqual(['approval_invalid']);
  });

  it('moves a queue an older version left in localStorage into IndexedDB, once', async () => {
    const old: TabletAuditEvent = {
      id: 'old-1',
      kind: 'sign_in',
      at: new Date(0).toISOString(),
      staffId: 'jonas',
    };
    storage.setItem(LOCAL_KEYS.auditQueue, JSON.stringify([old]));
    reportAction({ kind: 'sign_out', staffId: 'jonas' });
    expect(await pendingReports()).toBe(2);
    expect((await readAuditQueue()).map((event) => event.id)).toEqual(['old-1', expect.any(String)]);
    expect(storage.getItem(LOCAL_KEYS.auditQueue)).toBeNull();
  });
});
