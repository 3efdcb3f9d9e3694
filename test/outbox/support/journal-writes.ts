// Counts the read-write IndexedDB transactions that touch the outbox's intents (fake-indexeddb),
// for tests that pin how many strict writes a piece of work costs.
import { IDBDatabase as FakeIDBDatabase } from 'fake-indexeddb';

/**
 * Starts counting; `stop()` puts the original `transaction` back (call it in afterEach).
 * @example const writes = countJournalWrites(); await work(); expect(writes.count).toBe(4); writes.stop();
 */
export function countJournalWrites(): { readonly count: number; stop(): void } {
  const original = FakeIDBDatabase.prototype.transaction;
  let count = 0;
  FakeIDBDatabase.prototype.transaction = function (
    this: IDBDatabase,
    ...args: Parameters<IDBDatabase['transaction']>
  ) {
    const tx = original.apply(this, args);
    if (tx.mode === 'readwrite' && [...tx.objectStoreNames].includes('intents')) count += 1;
    return tx;
  } as typeof original;
  return {
    get count() {
      return count;
    },
    stop() {
      FakeIDBDatabase.prototype.transaction = original;
    },
  };
}
