// The print queue: a job is a row (with its bytes) before anything goes out, keyed so that a
// resend of the same request finds the row and prints nothing more. One worker per printer sends
// its jobs in order (printer-session.ts), retrying while the printer is unreachable or stopped
// (cover open, paper out); later jobs wait behind. A job sent but not confirmed ('unsure') is held
// for a person, as is every job only a person gives up. On start, a job left 'printing' by a
// stop becomes 'unsure'. docs/printing.md has the states.

import { serverLog } from '../../node-http/log.ts';
import type { Outlet } from '../../pms/device-calls.ts';
import type { PrinterAttention, PrinterProblem } from '../../pms/print-calls.ts';
import type { HubDb } from '../hub/hub-db.ts';
import type { PrintDocument } from './document-types.ts';
import { renderDocument } from './documents.ts';
import { type AttemptOutcome, printOnce } from './printer-session.ts';
import type { Printer, Printers } from './printers.ts';

export type JobState = 'queued' | 'printing' | 'printed' | 'unsure' | 'given_up';

export interface PrintJob {
  id: number;
  jobKey: string;
  printerId: string;
  kind: string;
  title: string;
  state: JobState;
  createdAt: string;
  printedAt: string | null;
  givenUpBy: string | null;
}

export interface QueueOptions {
  db: HubDb;
  printers: Printers;
  /** Wait between tries while a printer cannot print. Default 2000 ms. */
  retryMs?: number;
  /** Connecting and each status answer. Default 3000 ms. */
  timeoutMs?: number;
  now?: () => Date;
}

const JOB_COLUMNS = `id, job_key AS jobKey, printer_id AS printerId, kind, title, state,
  created_at AS createdAt, printed_at AS printedAt, given_up_by AS givenUpBy`;

export type PrintQueue = ReturnType<typeof createPrintQueue>;

export function createPrintQueue(options: QueueOptions) {
  const { db, printers } = options;
  const retryMs = options.retryMs ?? 2000;
  const now = options.now ?? (() => new Date());
  const problems = new Map<string, PrinterProblem>();
  const running = new Map<string, Promise<void>>();
  const wakers = new Map<string, () => void>();
  let stopped = false;

  const selectByKey = db.prepare(`SELECT ${JOB_COLUMNS} FROM print_jobs WHERE job_key = ?`);
  const selectById = db.prepare(`SELECT ${JOB_COLUMNS} FROM print_jobs WHERE id = ?`);
  const nextQueued = db.prepare(
    "SELECT id, bytes FROM print_jobs WHERE printer_id = ? AND state = 'queued' ORDER BY id LIMIT 1",
  );
  const setState = db.prepare('UPDATE print_jobs SET state = ?, printed_at = ? WHERE id = ?');
  const claim = db.prepare("UPDATE print_jobs SET state = 'printing' WHERE id = ? AND state = 'queued'");
  const addAttempt = db.prepare(
    `INSERT INTO print_attempts (job_id, at, outcome, state_before, state_after, detail)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );

  // A stop while a job was on its way: whether it reached paper is unknown.
  db.prepare("UPDATE print_jobs SET state = 'unsure' WHERE state = 'printing'").run();

  const record = (jobId: number, outcome: AttemptOutcome) => {
    const before = 'before' in outcome ? outcome.before : null;
    const after = 'after' in outcome ? outcome.after : null;
    const detail = 'reason' in outcome ? outcome.reason.slice(0, 200) : null;
    addAttempt.run(jobId, now().toISOString(), outcome.kind, before, after, detail);
  };

  const sleep = (printerId: string, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers.delete(printerId);
        resolve();
      }
      wakers.set(printerId, done);
    });

  const problemOf = (outcome: AttemptOutcome): PrinterProblem | null => {
    if (outcome.kind === 'unreachable') return 'unreachable';
    if (outcome.kind === 'not_ready') return outcome.before;
    if (outcome.kind === 'printed' && outcome.after !== 'ok') return outcome.after;
    return null;
  };
  const noteProblem = (printer: Printer, problem: PrinterProblem | null) => {
    const had = problems.get(printer.id) ?? null;
    if (problem) problems.set(printer.id, problem);
    else problems.delete(printer.id);
    if (had !== problem) {
      serverLog().warn(
        { component: 'printing', printer: printer.name, problem: problem ?? 'ok' },
        'printer state',
      );
    }
  };

  /** Sends the printer's queued jobs in order; polls its state while it has a problem. */
  const work = async (printerId: string) => {
    while (!stopped) {
      const printer = printers.get(printerId);
      if (!printer) return;
      const job = nextQueued.get(printerId) as { id: number; bytes: Buffer } | undefined;
      if (!job) {
        if (!problems.has(printerId)) return;
        noteProblem(printer, problemOf(await printOnce(printer, null, options)));
        if (problems.has(printerId)) await sleep(printerId, retryMs);
        continue;
      }
      // The job is 'printing' only from the moment its bytes go out: until then a person may give
      // it up, and it stays 'queued' through every try that sends nothing.
      const outcome = await printOnce(printer, new Uint8Array(job.bytes), {
        ...options,
        beforeSend: () => claim.run(job.id).changes === 1,
      });
      if (outcome.kind === 'withdrawn') continue;
      // The attempt and the job's new state in one transaction (one write to disk, not two).
      db.transaction(() => {
        record(job.id, outcome);
        if (outcome.kind === 'printed') setState.run('printed', now().toISOString(), job.id);
        else if (outcome.kind === 'unsure') setState.run('unsure', null, job.id);
      })();
      noteProblem(printer, problemOf(outcome));
      if (outcome.kind === 'unreachable' || outcome.kind === 'not_ready') await sleep(printerId, retryMs);
    }
  };

  const kick = (printerId: string) => {
    if (stopped) return;
    if (running.has(printerId)) {
      wakers.get(printerId)?.();
      return;
    }
    const run = work(printerId)
      .catch((error: unknown) =>
        serverLog().error({ component: 'printing', err: error }, 'print worker failed'),
      )
      .finally(() => {
        running.delete(printerId);
        // A job queued while the worker was ending its loop.
        if (!stopped && nextQueued.get(printerId)) kick(printerId);
      });
    running.set(printerId, run);
  };

  for (const row of db
    .prepare("SELECT DISTINCT printer_id AS id FROM print_jobs WHERE state = 'queued'")
    .all() as {
    id: string;
  }[]) {
    kick(row.id);
  }

  const jobsOpen = db.prepare(
    `SELECT id, title, state FROM print_jobs WHERE printer_id = ? AND state IN ('queued', 'unsure')
       ORDER BY id LIMIT 20`,
  );
  const heldCount = db.prepare(
    "SELECT count(*) AS n FROM print_jobs WHERE printer_id = ? AND state = 'unsure'",
  );
  const waitingCount = db.prepare(
    "SELECT count(*) AS n FROM print_jobs WHERE printer_id = ? AND state IN ('queued', 'printing')",
  );

  return {
    /**
     * Puts a job in the queue unless a job with `key` is there already; answers the job (new or
     * earlier) and starts its printer's worker.
     * @example queue.enqueue({ key: `${saleId}:receipt:0`, printer, document })
     */
    enqueue(
      job: { key: string; printer: Printer; document: PrintDocument; title: string },
      /** Inside a caller's transaction: start the worker after its commit (`retryNow`). */
      options: { defer?: boolean } = {},
    ): PrintJob {
      const known = selectByKey.get(job.key) as PrintJob | undefined;
      if (known) return known;
      const bytes = renderDocument(job.document, job.printer);
      db.prepare(
        `INSERT INTO print_jobs (job_key, printer_id, kind, title, bytes, state, created_at)
         VALUES (?, ?, ?, ?, ?, 'queued', ?) ON CONFLICT (job_key) DO NOTHING`,
      ).run(job.key, job.printer.id, job.document.kind, job.title, Buffer.from(bytes), now().toISOString());
      if (!options.defer) kick(job.printer.id);
      return selectByKey.get(job.key) as PrintJob;
    },

    byKey(key: string): PrintJob | undefined {
      return selectByKey.get(key) as PrintJob | undefined;
    },

    job(id: number): PrintJob | undefined {
      return selectById.get(id) as PrintJob | undefined;
    },

    /** The newest jobs, for the admin page. */
    recent(limit = 50): PrintJob[] {
      return db
        .prepare(`SELECT ${JOB_COLUMNS} FROM print_jobs ORDER BY id DESC LIMIT ?`)
        .all(limit) as PrintJob[];
    },

    /** Jobs of `printerId` (or all) in `state`, oldest first. */
    jobs(filter: { printerId?: string; state?: JobState } = {}): PrintJob[] {
      return db
        .prepare(
          `SELECT ${JOB_COLUMNS} FROM print_jobs WHERE (@printerId IS NULL OR printer_id = @printerId)
             AND (@state IS NULL OR state = @state) ORDER BY id`,
        )
        .all({ printerId: filter.printerId ?? null, state: filter.state ?? null }) as PrintJob[];
    },

    /** Gives up a waiting or held job: it will not print. False when it is printed, given up, or its
     * bytes are going out right now. */
    giveUp(id: number, by: string): boolean {
      return (
        db
          .prepare(
            "UPDATE print_jobs SET state = 'given_up', given_up_by = ? WHERE id = ? AND state IN ('queued', 'unsure')",
          )
          .run(by.slice(0, 60), id).changes === 1
      );
    },

    /** Sends a held job once more (a person saw it did not come out). */
    printAgain(id: number): boolean {
      const job = selectById.get(id) as PrintJob | undefined;
      if (job?.state !== 'unsure') return false;
      setState.run('queued', null, id);
      kick(job.printerId);
      return true;
    },

    /** The printers of `outlet` (or all) that need a person, and why. */
    attention(outlet?: Outlet): PrinterAttention[] {
      return printers.list(outlet).flatMap((printer) => {
        const held = (heldCount.get(printer.id) as { n: number }).n;
        const problem = problems.get(printer.id) ?? (held > 0 ? 'unsure' : null);
        if (!problem) return [];
        const waiting = (waitingCount.get(printer.id) as { n: number }).n;
        const jobs = jobsOpen.all(printer.id) as PrinterAttention['jobs'];
        return [{ printerId: printer.id, printerName: printer.name, problem, waiting, jobs }];
      });
    },

    /** Reads a printer's state now (the admin page's test print sends a test slip with it). */
    async check(printer: Printer, document: PrintDocument | null): Promise<AttemptOutcome> {
      const outcome = await printOnce(printer, document ? renderDocument(document, printer) : null, options);
      noteProblem(printer, problemOf(outcome));
      if (problems.has(printer.id)) kick(printer.id);
      return outcome;
    },

    /** Wakes a printer's worker now (its settings changed, or a person wants a retry). */
    retryNow(printerId: string): void {
      kick(printerId);
    },

    /** Stops the workers; jobs stay as they are and go on at the next start. */
    async stop(): Promise<void> {
      stopped = true;
      for (const wake of wakers.values()) wake();
      await Promise.all(running.values());
    },
  };
}
