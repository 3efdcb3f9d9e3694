// Group commit for the ledger: records that are ready in the same turn of the event loop are written
// in one SQLite transaction (one fsync under synchronous=FULL instead of one each), each inside its
// own savepoint, so one record's refusal (a spent approval, a conflict) rolls back only itself.
// Every caller's promise settles only after the shared transaction committed: an answer is never
// sent for a record that is not on disk. Figures: docs/ledger.md, "Throughput".
import type { HubDb } from '../hub/hub-db.ts';

interface Job {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit(db: HubDb) {
  let pending: Job[] = [];
  let scheduled = false;
  const counts = { commits: 0, records: 0 };

  function flush(): void {
    scheduled = false;
    const jobs = pending;
    pending = [];
    const results: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      db.transaction(() => {
        for (const job of jobs) {
          try {
            results.push({ ok: true, value: db.transaction(job.write)() }); // a savepoint of its own
          } catch (error) {
            results.push({ ok: false, error });
          }
        }
      })();
    } catch (error) {
      for (const job of jobs) job.reject(error); // the commit itself failed: nothing is stored
      return;
    }
    counts.commits += 1;
    counts.records += jobs.length;
    jobs.forEach((job, index) => {
      const result = results[index]!;
      if (result.ok) job.resolve(result.value);
      else job.reject(result.error);
    });
  }

  return {
    /** Transactions committed, and the writes they held (for the benchmark: records per fsync). */
    counts: (): Readonly<typeof counts> => ({ ...counts }),
    /** Runs `write` in the next shared transaction; settles once that transaction committed. */
    run<T>(write: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending.push({ write, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
