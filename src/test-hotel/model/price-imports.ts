// The price-import queue of the test hotel: an accepted import is stored as 'In progress.' with its
// validated rows and applied a moment later, asynchronously, in one transaction that writes the
// prices, adds the weekly period (Monday to Sunday) of every day it prices where the rate has none,
// and marks the import 'Done.'. Imports still in progress when the hotel closed are picked up again
// when it opens. settle() lets tests and tools wait until every queued import has run.
import { randomUUID } from 'node:crypto';
import { serverLog } from '../../node-http/log.ts';
import { addDays } from '../infra/clock.ts';
import { atomic, type HotelDb, statement } from '../infra/db.ts';
import { mondayOf } from './rates.ts';

export type ImportStatus = 'In progress.' | 'Done.';

/** One validated price: gross per night, in cents. */
export interface PriceRow {
  category_id: number;
  date: string;
  person_count: number;
  amount_cents: number;
  currency: string;
}

export interface PriceImports {
  /** Stores the import and queues it; returns its token. Call inside the request's transaction. */
  enqueue(rateId: number, rows: readonly PriceRow[]): string;
  status(token: string): ImportStatus | undefined;
  /** Resolves once every queued import has been applied. */
  settle(): Promise<void>;
  /** Cancels the timers (the hotel is closing); unfinished imports resume on the next open. */
  stop(): void;
}

export function createPriceImports(
  db: HotelDb,
  options: { delayMs: number; timestamp: () => string },
): PriceImports {
  const timers = new Map<string, NodeJS.Timeout>();
  let waiters: (() => void)[] = [];

  const finished = (token: string) => {
    timers.delete(token);
    if (timers.size > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const apply = (token: string) => {
    try {
      applyImport(db, token, options.timestamp());
    } catch (error) {
      serverLog().error({ component: 'hotel', importToken: token, err: error }, 'price import failed');
    } finally {
      finished(token);
    }
  };

  const schedule = (token: string) => {
    timers.set(
      token,
      setTimeout(() => apply(token), options.delayMs),
    );
  };

  const pending = statement(
    db,
    "SELECT token FROM price_imports WHERE status = 'In progress.' ORDER BY rowid",
  )
    .pluck()
    .all() as string[];
  for (const token of pending) schedule(token);

  return {
    enqueue(rateId, rows) {
      const token = randomUUID();
      statement(
        db,
        "INSERT INTO price_imports (token, rate_id, payload, status, created_at) VALUES (?, ?, ?, 'In progress.', ?)",
      ).run(token, rateId, JSON.stringify(rows), options.timestamp());
      // queued only once the request's transaction has committed (the timer cannot fire before)
      schedule(token);
      return token;
    },
    status: (token) =>
      statement(db, 'SELECT status FROM price_imports WHERE token = ?').pluck().get(token) as
        | ImportStatus
        | undefined,
    settle: () => (timers.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    stop() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      finished('');
    },
  };
}

function applyImport(db: HotelDb, token: string, now: string): void {
  atomic(db, () => {
    const job = statement(
      db,
      "SELECT rate_id, payload FROM price_imports WHERE token = ? AND status = 'In progress.'",
    ).get(token) as { rate_id: number; payload: string } | undefined;
    if (!job) return;
    const upsert = statement(
      db,
      `INSERT INTO rate_prices (rate_id, category_id, date, person_count, amount_cents, currency)
       VALUES (@rate_id, @category_id, @date, @person_count, @amount_cents, @currency)
       ON CONFLICT (rate_id, category_id, date, person_count)
       DO UPDATE SET amount_cents = excluded.amount_cents, currency = excluded.currency`,
    );
    const addWeek = statement(
      db,
      `INSERT INTO rate_periods (rate_id, start_date, end_date) SELECT @rate_id, @monday, @sunday
       WHERE NOT EXISTS (SELECT 1 FROM rate_periods WHERE rate_id = @rate_id AND start_date = @monday)`,
    );
    for (const row of JSON.parse(job.payload) as PriceRow[]) {
      upsert.run({ rate_id: job.rate_id, ...row });
      const monday = mondayOf(row.date);
      addWeek.run({ rate_id: job.rate_id, monday, sunday: addDays(monday, 6) });
    }
    statement(db, "UPDATE price_imports SET status = 'Done.', done_at = ? WHERE token = ?").run(now, token);
  });
}
