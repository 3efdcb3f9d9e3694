// Group commit for the test hotel's one SQLite connection: write requests that arrive together
// share one durable COMMIT instead of one each. Invariants: nothing is answered before it is on
// disk; each request stays atomic in its own SAVEPOINT; a failed COMMIT rolls back and fails the
// whole batch, none of it acknowledged. How batches open and close: docs/test-hotel.md.
import type { HotelDb } from './db.ts';

interface Batch {
  done: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

export class GroupCommit {
  readonly #db: HotelDb;
  #open: Batch | null = null;
  /** How many batches were committed and how many write requests joined one (for benchmarks). */
  readonly stats = { batches: 0, joined: 0 };

  constructor(db: HotelDb) {
    this.#db = db;
  }

  /** Opens the shared transaction unless one is open; call before a request's writes. */
  join(): void {
    if (this.#open) {
      this.stats.joined++;
      return;
    }
    if (this.#db.inTransaction || !this.#db.open) return;
    this.stats.joined++;
    this.#db.exec('BEGIN IMMEDIATE');
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const done = new Promise<void>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    done.catch(() => {}); // the requests awaiting it report the failure
    this.#open = { done, resolve, reject };
    setImmediate(() => this.flush());
  }

  /** Resolves once everything written so far is durable; rejects if its commit failed. */
  durable(): Promise<void> {
    return this.#open?.done ?? Promise.resolve();
  }

  /** Commits the open batch now (the scheduled commit, or closing the hotel). */
  flush(): void {
    const batch = this.#open;
    if (!batch) return;
    this.#open = null;
    try {
      this.#db.exec('COMMIT');
      this.stats.batches++;
      batch.resolve();
    } catch (error) {
      if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
      batch.reject(error);
    }
  }
}
