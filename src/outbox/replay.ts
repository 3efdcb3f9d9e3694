// The replay engine: brings every recorded sale into the PMS exactly once. Runs in the page and in
// the service worker alike. Owns the run: take the outbox lock (one replayer across tabs and the
// worker), turn steps left in-flight by a replayer that died into "unknown outcome", then replay
// due sales, several at once (bounded) but the steps of one sale strictly in order, until nothing
// is due, and record how the run went. What one step does is in replay-step.ts.
import type { GatewayReadiness } from '../pms/device-calls.ts';
import { getMeta, setMeta, setMetas } from '../storage/db.ts';
import { readOutboxCounts } from '../storage/journal-queries.ts';
import { changeSale, countLedgerUnreported, readInFlightIntents, readSale } from '../storage/outbox-store.ts';
import { type BackoffPolicy, backoffDelay, DEFAULT_BACKOFF } from './backoff.ts';
import { type OutboxPms, RECORD_IN_LEDGER } from './intents/index.ts';
import { ledgerBatcher } from './ledger-batch.ts';
import { deliverLedgerOutcomes } from './ledger-outcomes.ts';
import { defaultOutboxLock, OUTBOX_LOCK, type OutboxLock } from './locks.ts';
import { pruneKeptSales } from './prune.ts';
import { PAIRING_RECHECK_MS, type ReplayReport, ReplayRun } from './replay-run.ts';
import { replayStep } from './replay-step.ts';
import { changeIntent, nextMove, openStep, type SaleSnapshot } from './sale-state.ts';
import { dependenciesConfirmed, readSchedule, type Schedule } from './schedule.ts';
import { announceOutboxChange, subscribeOutbox } from './status.ts';
import type { StepOutcome } from './step-outcomes.ts';
import { interrupted } from './transitions.ts';

export type { ReplayReport } from './replay-run.ts';

/**
 * Sales replayed at once by default. The browser sends at most 6 requests to one host at a time
 * anyway; more sales under way keep those busy while others write to IndexedDB, and let group
 * commit gather more writes per disk flush (`npm run bench -- outbox`: 1,000 sales drained in
 * 12.7 s at 4, 10.0 s at 8, 8.1 s at 16, 7.7 s at 32). The gateway paces what reaches the PMS.
 */
export const DEFAULT_REPLAY_CONCURRENCY = 16;

/**
 * Sales whose ledger step goes at once in a run's ledger round: a record costs the server about
 * 1 ms, so what limits the round is the tablet's own writes (two strict ones per step, shared by
 * every sale under way through group commit): more under way, more per transaction.
 */
export const LEDGER_CONCURRENCY = 200;

export interface ReplayOptions {
  client: OutboxPms;
  /** Clock in ms since the epoch. Default Date.now. */
  now?: () => number;
  /** Aborting stops the run from starting further steps; steps under way finish. */
  signal?: AbortSignal;
  /** How many sales replay at once. Default `DEFAULT_REPLAY_CONCURRENCY` (`LEDGER_CONCURRENCY` in a ledger round). */
  concurrency?: number;
  /** Default: Web Locks, or an in-memory lock where there are none (Node). */
  lock?: OutboxLock;
  /** Queue behind a running replayer instead of returning at once (the service worker does). */
  waitForLock?: boolean;
  backoff?: BackoffPolicy;
  /** Source of jitter in [0, 1). Default Math.random. */
  random?: () => number;
  /**
   * Asked once per run, before its first send (not before read-backs): who answers. Unless 'ready',
   * nothing is sent, so a step never goes out into an outage it could have seen (it stays queued
   * and can be voided). Default: nothing asked.
   */
  readyToSend?: () => Promise<GatewayReadiness>;
}

/** After a run the PMS answered, a step waiting longer than this for its backoff is due by then. */
export const PROGRESS_RETRY_MS = 15_000;

/** When outcome reports the server did not take are tried again, at the latest. */
const REPORT_RETRY_MS = 5000;
/** How often a run under way sends the outcome reports its settled steps queued. */
export const REPORT_DURING_RUN_MS = 2000;

/**
 * Replays the outbox until nothing is due. Resolves with what happened; never rejects for PMS
 * failures (they are recorded on the sales), only for storage failures.
 * @example const report = await replayOutbox({ client: createPmsClient() });
 */
export async function replayOutbox(options: ReplayOptions): Promise<ReplayReport> {
  const run = new ReplayRun(
    options.client,
    options.now ?? Date.now,
    options.backoff ?? DEFAULT_BACKOFF,
    options.random ?? Math.random,
    options.signal,
    options.readyToSend,
  );
  const lock = options.lock ?? defaultOutboxLock();
  /** Outcome reports left waiting (the server did not take them): try again soon, nothing else would. */
  let reportsWait = false;
  let nextAttemptAt: number | null = null;
  let announced = false;
  const outcome = await lock.run(OUTBOX_LOCK, { wait: options.waitForLock ?? false }, async () => {
    await recoverInterruptedSends(run);
    const concurrency = Math.max(1, options.concurrency ?? DEFAULT_REPLAY_CONCURRENCY);
    // an explicit bound holds for the ledger round too
    const reporter = reportDuringRun(run);
    let schedule: Schedule;
    try {
      schedule = await drain(run, concurrency, Math.max(1, options.concurrency ?? LEDGER_CONCURRENCY));
    } finally {
      await reporter.stop();
    }
    const by = await bringForwardAfterProgress(run);
    // the PMS steps' outcomes, to the sales ledger (not while the tablet waits for pairing); a run
    // that stopped as unreachable still reports what the till server can take
    if (!run.unpaired && !run.heldFromStart && run.stoppedBy !== 'aborted') {
      const delivery = await deliverLedgerOutcomes(run.pms, Math.min(6, concurrency));
      run.report.outcomesReported = (run.report.outcomesReported ?? 0) + delivery.reported;
      reportsWait = delivery.waiting > 0;
      if (!run.stopping) run.report.pruned = await pruneKeptSales(run.pms, run.now());
    }
    await settleUnreachableStreak(run);
    // back online or "Sync now" while this run went on is newer news than the holds it found
    const retriedMeanwhile = ((await getMeta('all-due-at')) ?? 0) >= run.startedAt;
    await settlePmsFailing(run, retriedMeanwhile);
    if (by !== undefined && schedule.nextAttemptAt !== null && schedule.nextAttemptAt > by)
      schedule = { ...schedule, nextAttemptAt: Math.max(by, schedule.heldUntil) };
    // the holds this run found (written by recordRun) apply to what the schedule read before them
    const heldForAll = Math.max(
      run.pausedUntil,
      run.unreachableUntil,
      run.unpaired ? run.now() + PAIRING_RECHECK_MS : 0,
    );
    const held = Math.max(heldForAll, run.pmsFailingUntil);
    let next = schedule.nextAttemptAt === null ? null : Math.max(schedule.nextAttemptAt, held);
    // A ledger step the till server failed is due by its own backoff, not by the PMS's hold: the
    // next run, held, reads it (it failed after the hold's mark) and sends it alone.
    if (run.ledgerRetryAt !== null) {
      const ledgerNext = Math.max(run.ledgerRetryAt, heldForAll);
      next = next === null ? ledgerNext : Math.min(next, ledgerNext);
    }
    nextAttemptAt = reportsWait
      ? Math.min(next ?? Number.POSITIVE_INFINITY, run.now() + REPORT_RETRY_MS)
      : next;
    announced = await recordRun(run, nextAttemptAt, retriedMeanwhile);
  });
  const counts = await readOutboxCounts();
  if (!outcome.acquired) nextAttemptAt = (await getMeta('next-attempt-at')) ?? null;
  return {
    ...run.report,
    ran: outcome.acquired,
    pending: counts.pending,
    needsAttention: counts.needsAttention,
    nextAttemptAt,
    announced,
    ...(run.stoppedBy ? { stoppedBy: run.stoppedBy } : {}),
  };
}

/**
 * While the run drains, every REPORT_DURING_RUN_MS the outcome reports queued so far go to the
 * ledger (with sales arriving all the time, a run may not end for many minutes, and the ledger
 * would not hear where those sales stand until it did). Not once the run stops (unreachable,
 * unpaired, 429): the delivery after the run decides then. `stop` waits for a delivery under way.
 */
function reportDuringRun(run: ReplayRun): { stop(): Promise<void> } {
  let stopped = false;
  let wake = () => {};
  const loop = (async () => {
    while (!stopped) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, REPORT_DURING_RUN_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (stopped || run.stopping) return;
      if ((await countLedgerUnreported()) === 0) continue;
      const delivery = await deliverLedgerOutcomes(run.pms);
      run.report.outcomesReported = (run.report.outcomesReported ?? 0) + delivery.reported;
    }
  })().catch((error: unknown) => console.error('[outbox] could not report outcomes during the run', error));
  return {
    async stop() {
      stopped = true;
      wake();
      await loop;
    },
  };
}

/**
 * How long every sale waits after a run that stopped because the PMS (or the till server) could not
 * be reached: a backoff over the runs in a row that stopped so without an answer from it (meta
 * `unreachable-streak`), not over the failed step's own failures. A run it answered before one
 * request failed starts the count again, so one reset connection among answers holds the others
 * for about a second, while an outage backs off to minutes (the recovery probe and `online` end it
 * sooner). The failed step keeps its own backoff. docs/outbox.md, "The unreachable hold".
 */
async function settleUnreachableStreak(run: ReplayRun): Promise<void> {
  const { sent, readBack, failed } = run.report;
  // the PMS's answers count for the PMS; any answer of the till server's for the till server
  const answeredBy = run.unreachable === 'till-server' ? sent + readBack + failed : run.pmsAnswered;
  const stored = (await getMeta('unreachable-streak')) ?? 0;
  if (!run.unreachable) {
    if (stored > 0 && answeredBy > 0) await setMeta('unreachable-streak', 0);
    return;
  }
  const streak = answeredBy > 0 ? 1 : stored + 1;
  await setMeta('unreachable-streak', streak);
  run.unreachableUntil = run.now() + backoffDelay(streak, run.backoff, run.random);
}

/**
 * The PMS failing every write (PMS_FAILING_IN_ROW 5xx in a row, replay-run.ts): its steps are held,
 * backing off over such runs in a row in which no PMS step landed (`pms-failing`); the ledger
 * steps still go. A run in which one landed lifts the hold.
 */
async function settlePmsFailing(run: ReplayRun, retriedMeanwhile: boolean): Promise<void> {
  const stored = await getMeta('pms-failing');
  const since = run.dueMark;
  // after a retry pass during the run, the next run tries again and reads all the retry made due
  if (run.pmsFailing && since && !retriedMeanwhile) {
    const streak = run.pmsWritesLanded > 0 ? 1 : (stored?.streak ?? 0) + 1;
    const at = run.now();
    run.pmsFailingUntil = at + backoffDelay(streak, run.backoff, run.random);
    await setMeta('pms-failing', { at, since, until: run.pmsFailingUntil, streak });
  } else if (stored && run.pmsWritesLanded > 0) {
    await setMeta('pms-failing', null);
  } else if (stored && since && run.readSinceHold) {
    // this run read all that came since; the next reads from where this one began
    await setMeta('pms-failing', { ...stored, since });
  }
}

/** Steps still in-flight when the lock is ours were being sent by a replayer that died: unknown. */
async function recoverInterruptedSends(run: ReplayRun): Promise<void> {
  for (const intent of await readInFlightIntents()) {
    run.stepsTried += 1;
    const now = run.now();
    await changeSale(intent.saleId, (entry) =>
      changeIntent(
        entry,
        intent.seq!,
        interrupted.from,
        (stored) => interrupted(stored, now),
        now,
        `Step ${intent.step} was interrupted while sending; checking whether it reached the PMS.`,
      ),
    );
  }
}

/**
 * A run the PMS answered (a PMS step sent or read back), ended by nothing (not unreachable, not 429, not unpaired): steps waiting
 * out a backoff longer than PROGRESS_RETRY_MS are due by then. Backoff doubles with each failure in
 * a row, up to 5 min; once other steps get through, the PMS works again, and a write should not sit
 * for minutes (a 429's wait is kept). Their count stays, so a step the PMS keeps failing backs off.
 * One write however many wait (`brought-forward`, applied by schedule.ts as it reads); answers the
 * time they are due by, or undefined when nothing was brought forward.
 */
async function bringForwardAfterProgress(run: ReplayRun): Promise<number | undefined> {
  // the till server's ledger answering says nothing of the PMS (with the PMS failing, bringing
  // forward after each sale's record made the whole backlog due every 15 s)
  if (run.pmsAnswered === 0 || run.stoppedBy !== undefined) return undefined;
  const by = run.now() + PROGRESS_RETRY_MS;
  await setMeta('brought-forward', { at: run.now(), by });
  return by;
}

async function drain(run: ReplayRun, concurrency: number, ledgerConcurrency: number): Promise<Schedule> {
  const tried = new Set<string>(); // one pass per sale and run: failures wait for their backoff
  const recorded = new Set<string>(); // sales whose ledger step this run tried
  for (;;) {
    const schedule = await readSchedule(run.now(), { pmsLanded: run.pmsWritesLanded > 0 });
    if (run.stopping) return schedule;
    if (!run.dueMark) run.readSinceHold = schedule.readSinceHold;
    if (!run.dueMark || run.ledgerRetryAt === null) run.dueMark = schedule.mark;
    run.pmsHeld ||= schedule.pmsHeldUntil > 0;
    if (schedule.heldUntil) {
      run.heldFromStart = tried.size === 0 && recorded.size === 0;
      return schedule;
    }
    // The ledger first: every due sale's record, before the PMS steps of older sales (cheap, and
    // the day's books, fiscal signing and printing wait on it); a sale's PMS steps then follow
    // in a later round, oldest first.
    const toLedger = schedule.due.filter((entry) => waitsForLedger(entry) && !recorded.has(entry.sale.id));
    if (toLedger.length > 0) {
      for (const entry of toLedger) recorded.add(entry.sale.id);
      run.ledgerOnly = true;
      // several due: their records go to the server in batches (ledger-batch.ts)
      run.ledgerBatch = toLedger.length > 1 ? ledgerBatcher(run.pms, toLedger.length) : undefined;
      await forEachBounded(toLedger, ledgerConcurrency, (entry) => replaySale(run, entry));
      run.ledgerOnly = false;
      run.ledgerBatch = undefined;
      continue;
    }
    const due = schedule.due.filter((entry) => !tried.has(entry.sale.id) && !waitsForLedger(entry));
    if (due.length === 0) return schedule;
    for (const entry of due) tried.add(entry.sale.id);
    const arrivals = recordArrivals(run, recorded);
    try {
      await forEachBounded(due, concurrency, (entry) => replaySale(run, entry));
    } finally {
      await arrivals.stop();
    }
    // found another sale's step to the same place in doubt: due again (the schedule says when)
    for (const saleId of run.waitingForPlace) tried.delete(saleId);
    run.waitingForPlace.clear();
  }
}

/**
 * During a PMS round (minutes, at the PMS's pace, with a backlog): each sale recorded meanwhile (a
 * tab or this context announces it) has its ledger step sent now, beside the round, not after it:
 * the day's books, fiscal signing and printing wait on it. Its PMS steps wait for the next round,
 * behind the older sales'. One sale at a time; `stop` waits for the one under way.
 */
function recordArrivals(run: ReplayRun, recorded: Set<string>): { stop(): Promise<void> } {
  const arrived: string[] = [];
  let working: Promise<void> | undefined;
  const work = async () => {
    for (let saleId = arrived.shift(); saleId !== undefined && !run.stopping; saleId = arrived.shift()) {
      if (recorded.has(saleId)) continue;
      const entry = await readSale(saleId);
      if (!entry || !waitsForLedger(entry)) continue;
      const move = nextMove(entry, run.now(), await dependenciesConfirmed(entry));
      if ((move.kind !== 'send' && move.kind !== 'reconcile') || move.intent.name !== RECORD_IN_LEDGER)
        continue;
      recorded.add(saleId);
      await replayStep(run, entry, move.intent, false, true);
    }
  };
  let stopped = false;
  const kick = () => {
    if (working || stopped || arrived.length === 0) return;
    working = work()
      .catch((error: unknown) => console.error('[outbox] could not record a new sale in the ledger', error))
      .finally(() => {
        working = undefined;
        kick(); // one that arrived as the loop ended
      });
  };
  const unsubscribe = subscribeOutbox((event) => {
    if (event.type !== 'recorded' || event.saleId === undefined) return;
    arrived.push(event.saleId);
    kick();
  });
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      arrived.length = 0;
      await working;
    },
  };
}

/** Whether the sale's next step is its record in the till server's ledger. */
function waitsForLedger(entry: SaleSnapshot): boolean {
  return openStep(entry.intents)?.name === RECORD_IN_LEDGER;
}

/**
 * The steps of one sale, in order, until it is finished, held, or must wait. It starts from the
 * sale as the schedule read it and goes on with the sale as each step's write left it, so it reads
 * nothing itself: every write checks the state it expects inside its transaction, so a sale changed
 * meanwhile (e.g. voided from a tab) only makes that write, and the sale's replay, stop. A step that
 * a write already marked in-flight is sent even when the run is stopping (it counts as under way).
 */
async function replaySale(run: ReplayRun, scheduled: SaleSnapshot): Promise<void> {
  let step: StepOutcome = { snapshot: scheduled };
  while (step !== 'stop') {
    const { snapshot, started } = step;
    const dependenciesSynced = await dependenciesConfirmed(snapshot);
    if (started) {
      step = await replayStep(run, snapshot, started, dependenciesSynced);
      continue;
    }
    await run.settled(); // a readiness check after another step's failure decides whether the run goes on
    if (run.stopping) return;
    const move = nextMove(snapshot, run.now(), dependenciesSynced);
    if (move.kind !== 'send' && move.kind !== 'reconcile') return;
    if (run.ledgerOnly && move.intent.name !== RECORD_IN_LEDGER) return;
    step = await replayStep(run, snapshot, move.intent, dependenciesSynced);
  }
}

/**
 * Stores what the run found (next attempt, holds, last sync or error) and tells every context it
 * ended; answers whether it told them. A run that changed nothing (no step tried, no report taken,
 * nothing let go, the next attempt where it already was: one queued behind another that did the
 * work, a retry timer that found its sales still held) tells no one: each announcement wakes every
 * tab, and there is nothing new to read. The page that asked the worker for it hears its end
 * directly (worker-replay.ts).
 */
async function recordRun(
  run: ReplayRun,
  nextAttemptAt: number | null,
  retriedMeanwhile: boolean,
): Promise<boolean> {
  const changedNothing =
    run.stepsTried === 0 &&
    !run.report.outcomesReported &&
    !run.report.pruned &&
    (await getMeta('next-attempt-at')) === nextAttemptAt;
  if (changedNothing) return false;
  await setMeta('next-attempt-at', nextAttemptAt);
  if (run.heldFromStart) {
    announceOutboxChange({ type: 'replayed' }); // pages wake at the next attempt
    return true;
  }
  const now = run.now();
  if (run.pausedUntil > now) await setMeta('paused-until', run.pausedUntil);
  if (!retriedMeanwhile) await setMeta('unreachable-until', run.unreachableUntil);
  if (run.unpaired) {
    // Not a failure of the PMS, nor a sync: the header keeps its state, the sync view says why.
    await setMeta('pairing-hold', { code: run.unpaired, at: now, until: now + PAIRING_RECHECK_MS });
    announceOutboxChange({ type: 'replayed' });
    return true;
  }
  const { sent, readBack, failed } = run.report;
  const answered = sent + readBack + failed > 0;
  // the gateway let us through; and something reached the till server or the PMS (the header's stall)
  if (answered) await setMetas({ 'pairing-hold': null, 'last-progress-at': now });
  if (run.lastTransientError) {
    const down = run.unreachable ? { unreachable: run.unreachable } : {};
    await setMeta('last-error', { at: now, message: run.lastTransientError, ...down });
  } else if (answered && !(run.pmsHeld && run.pmsAnswered === 0)) {
    // "Last sync" is the last exchange the PMS answered: a run with nothing due (e.g. a sale
    // waiting out its backoff after a failed try) says nothing about the PMS and changes neither.
    await setMeta('last-sync-at', now);
    await setMeta('last-error', null);
  }
  announceOutboxChange({ type: 'replayed' });
  return true;
}

async function forEachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
