// When replay runs: in the service worker on Background Sync (`replayFromWorker`); in the page at start,
// online, visible again, on the retry timer, on "Sync now", when asked (`requestReplay`), and after a
// recorded sale (the worker asked, and Background Sync registered where it exists). Owns which of these reset the backoff
// (news it could not know: online, "Sync now", the /readyz recovery probe). Compiled for page and worker.
// why: docs/outbox.md, "Triggers".
import { createPmsClient } from '../pms/client.ts';
import { gatewayReadiness } from '../pms/device-calls.ts';
import { getMeta, setMeta } from '../storage/db.ts';
import { readOutboxCounts } from '../storage/journal-queries.ts';
import { countLedgerUnreported } from '../storage/outbox-store.ts';
import { retryWaitingNow } from './actions.ts';
import type { OutboxPms } from './intents/index.ts';
import { defaultOutboxLock, type OutboxLock, RETRY_LOCK } from './locks.ts';
import { type ReplayOptions, type ReplayReport, replayOutbox } from './replay.ts';
import { announceOutboxChange, subscribeOutbox } from './status.ts';
import { askWorkerToReplay, onWorkerReplayDone } from './worker-replay.ts';

/** The Background Sync tag the service worker replays on. */
export const SYNC_TAG = 'outbox-replay';
/** Shortest wait between two timer-driven runs. */
const MIN_TIMER_MS = 1000;
/** How soon to look again when another replayer held the lock. */
const BUSY_RECHECK_MS = 5000;
/** How often the recovery probe asks whether the gateway and the PMS are back. */
export const RECOVERY_PROBE_MS = 5000;

export interface PageReplayer {
  /** Retries everything waiting now (backoff reset; a 429 pause still holds) and replays. */
  syncNow(): Promise<ReplayReport>;
  /**
   * Replays what is due now, e.g. a sale just recorded. Sales waiting for their backoff keep
   * waiting and the "unreachable" and 429 holds still hold: nothing is reset.
   */
  requestReplay(): Promise<ReplayReport>;
  /**
   * `requestReplay`, in the service worker where one controls the page (the page's main thread
   * stays free for the next sale), else here. Nothing is reset either.
   */
  sendSoon(): void;
  /** Removes the listeners and the timer; resolves once a run under way has ended. */
  stop(): Promise<void>;
}

type PageReplayerOptions = Omit<ReplayOptions, 'signal'> & {
  client: OutboxPms;
  /** Resolves true when the gateway and the PMS answer again (cheap, sends no sale). */
  probe?: () => Promise<boolean>;
  /** How often to probe; default RECOVERY_PROBE_MS (tests shorten it). */
  probeEveryMs?: number;
};

/**
 * Starts replaying from the page; call once when the app starts.
 * @example const replayer = startPageReplayer({ client: createPmsClient() }); button.onclick = () => replayer.syncNow();
 */
export function startPageReplayer(options: PageReplayerOptions): PageReplayer {
  const scope = globalThis as Partial<Pick<EventTarget, 'addEventListener' | 'removeEventListener'>>;
  const doc = (globalThis as { document?: EventTarget & { visibilityState?: string } }).document;
  const controller = new AbortController();
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let running: Promise<ReplayReport> | undefined;
  let rerun: Promise<ReplayReport> | undefined;
  let probing: ReturnType<typeof setInterval> | undefined;
  const probeEveryMs = options.probeEveryMs ?? RECOVERY_PROBE_MS;
  const lock = options.lock ?? defaultOutboxLock();

  /** Sets the timer to `at`; unless `replace`, only ever earlier than it already is. */
  const wakeAt = (at: number | null, replace: boolean) => {
    if (controller.signal.aborted || (!replace && (at === null || at >= timerAt))) return;
    clearTimeout(timer);
    timerAt = at ?? Number.POSITIVE_INFINITY;
    if (at === null) return;
    timer = setTimeout(
      () => {
        timerAt = Number.POSITIVE_INFINITY;
        runSoon();
      },
      Math.max(MIN_TIMER_MS, at - now()),
    );
  };
  const schedule = (report: ReplayReport) => {
    wakeAt(report.ran ? report.nextAttemptAt : now() + BUSY_RECHECK_MS, true);
    watchForRecoveryQuietly(report.pending);
  };
  /**
   * Probes every few seconds while sales wait behind the "unreachable" hold; stops otherwise. After
   * this page's runs and the worker's alike: the worker's run cannot wait for the server to return.
   */
  const watchForRecovery = async (pending: number | (() => Promise<number>)) => {
    const hold = ((await getMeta('unreachable-until')) ?? 0) > now() + RECOVERY_PROBE_MS;
    // the pending count is read (after another replayer's run) only while a hold stands
    const held = hold && (typeof pending === 'number' ? pending : await pending()) > 0;
    if (!options.probe || !held || controller.signal.aborted) {
      clearInterval(probing);
      probing = undefined;
      return;
    }
    probing ??= setInterval(() => {
      options.probe!()
        .then((ready) => {
          if (!ready || !probing || controller.signal.aborted) return;
          clearInterval(probing);
          probing = undefined;
          retryAllNow(); // lifts the unreachable hold and the backoffs; a 429 pause stays
        })
        .catch(() => undefined); // a failed probe is a "not yet": the next one asks again
    }, probeEveryMs);
  };
  // Reading the hold can fail (IndexedDB refused, storage full): the next run looks again.
  const watchForRecoveryQuietly = (pending: number | (() => Promise<number>)) => {
    watchForRecovery(pending).catch((error: unknown) =>
      console.error('[outbox] could not read the unreachable hold', error),
    );
  };
  /**
   * One run at a time from this page; asked again while running, it runs once more afterwards.
   * `waitForLock`: behind another replayer (the service worker's) instead of looking again in 5 s;
   * for news the other cannot have had (back online, "Sync now", the probe).
   */
  const replay = (waitForLock = false): Promise<ReplayReport> => {
    if (running) {
      rerun ??= running
        .catch(() => undefined)
        .then(() => {
          rerun = undefined;
          return replay(waitForLock);
        });
      return rerun;
    }
    running = replayOutbox({ ...options, signal: controller.signal, waitForLock })
      .then((report) => {
        schedule(report);
        return report;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const replayQuietly = (waitForLock = false) => {
    replay(waitForLock).catch((error: unknown) => console.error('[outbox] replay failed', error));
  };
  /** When this page last asked the worker to replay, and last heard a run end (anywhere). */
  let askedWorkerAt = 0;
  let heardRunAt = 0;
  /**
   * A run, in the service worker where one controls the page (askWorkerToReplay), else here. A
   * request the worker left unanswered for WORKER_ANSWER_MS (no run ended since) makes the page
   * run itself, which costs nothing while the worker holds the lock.
   */
  const runSoon = (waitForLock = false) => {
    const unanswered = askedWorkerAt > heardRunAt && now() - askedWorkerAt > WORKER_ANSWER_MS;
    if (!unanswered && askWorkerToReplay()) {
      if (askedWorkerAt <= heardRunAt) askedWorkerAt = now();
      wakeAt(now() + WORKER_ANSWER_MS + MIN_TIMER_MS, false);
      return;
    }
    replayQuietly(waitForLock);
  };
  /**
   * After news: everything waiting is tried now, behind the worker's run if one holds the lock. One
   * retry pass per device however many tabs heard the news (retryPassOnce); the tab that made it
   * replays, the others leave it to that one.
   */
  const retryAllNow = () => {
    retryPassOnce(lock, now()).then(
      (made) => {
        if (made) runSoon(true);
      },
      () => runSoon(true),
    );
  };
  const onVisible = () => {
    if (doc?.visibilityState === 'visible') runSoon();
  };
  // A recorded sale: Background Sync where there is one (with a page replay as a late safety net,
  // should the worker not be running), else replay from the page at once.
  const unsubscribe = subscribeOutbox((event) => {
    // Another replayer (a tab, the worker) finished a run: outcome reports it could not deliver
    // (or that its end never came to) are this page's to send, soon.
    if (event.type === 'replayed' && event.saleId === undefined) {
      heardRunAt = now();
      afterRunElsewhere().catch(() => undefined);
      return;
    }
    if (event.type !== 'recorded') return;
    // Background Sync, for a page closed before the run; and the run now, in the worker where one
    // controls the page: a sync tag whose last firing failed sits in the browser's retry backoff
    // (minutes), and registering it again does not fire it sooner.
    void requestBackgroundReplay();
    runSoon();
  });

  /**
   * A run ended (here or elsewhere): the next one when it said, and within REPORT_WAKE_MS while
   * outcome reports wait for the ledger, whoever settled the steps.
   */
  const afterRunElsewhere = async () => {
    if (running) return; // this page's own run: it schedules itself
    const [next, unreported] = await Promise.all([getMeta('next-attempt-at'), countLedgerUnreported()]);
    wakeAt(next ?? null, true);
    if (unreported > 0) wakeAt(now() + REPORT_WAKE_MS, false);
    watchForRecoveryQuietly(async () => (await readOutboxCounts()).pending);
  };
  // The worker's answer to this page's request: a run that changed nothing told no tab, so this
  // page sets its timer from the stored next attempt itself (not the request's watchdog).
  const stopHearingWorker = onWorkerReplayDone((done) => {
    heardRunAt = now();
    if (!done.announced) afterRunElsewhere().catch(() => undefined);
  });
  // Back online is news the backoff could not know.
  scope.addEventListener?.('online', retryAllNow);
  doc?.addEventListener('visibilitychange', onVisible);
  runSoon();

  return {
    async syncNow() {
      await retryWaitingNow(now());
      announceOutboxChange({ type: 'changed' });
      return replay(true);
    },
    requestReplay: () => replay(),
    sendSoon: () => runSoon(),
    async stop() {
      controller.abort();
      clearTimeout(timer);
      clearInterval(probing);
      unsubscribe();
      stopHearingWorker();
      scope.removeEventListener?.('online', retryAllNow);
      doc?.removeEventListener('visibilitychange', onVisible);
      await Promise.all([running?.catch(() => undefined), rerun?.catch(() => undefined)]);
    },
  };
}

/** A retry pass within this long of the last one is the same news (tabs hear `online` one by one). */
const RETRY_PASS_WINDOW_MS = 3000;
/** How soon a page sends outcome reports another replayer left waiting. */
const REPORT_WAKE_MS = 2000;
/**
 * A run asked of the worker that has not ended within this long is the page's to make: it costs a
 * lock request while the worker's run holds the outbox, and the page drains when the browser
 * stopped the worker mid-run (10 s once left a 10x chaos soak's last steps waiting that long).
 */
const WORKER_ANSWER_MS = 2000;

/**
 * "Everything waiting is due now", once per device: under the Web Lock `hotel-till-outbox-retry`
 * (a tab that finds another making it does nothing), and not again within RETRY_PASS_WINDOW_MS of
 * the last one (the `online` event reaches every tab). One write (`retryWaitingNow`) and one
 * broadcast. Answers whether this call made it.
 */
async function retryPassOnce(lock: OutboxLock, now: number): Promise<boolean> {
  const outcome = await lock.run(RETRY_LOCK, { wait: false }, async () => {
    if (now - ((await getMeta('all-due-at')) ?? 0) < RETRY_PASS_WINDOW_MS) return false;
    await retryWaitingNow(now);
    announceOutboxChange({ type: 'changed' });
    return true;
  });
  return outcome.acquired && outcome.value;
}

/**
 * Registers the Background Sync tag; false where the browser has no Background Sync or no worker.
 * @example if (!(await requestBackgroundReplay())) await replayer.syncNow();
 */
export async function requestBackgroundReplay(): Promise<boolean> {
  type SyncRegistration = { sync?: { register(tag: string): Promise<void> } };
  const container = (
    globalThis as { navigator?: { serviceWorker?: { getRegistration(): Promise<unknown> } } }
  ).navigator?.serviceWorker;
  try {
    const registration = (await container?.getRegistration()) as SyncRegistration | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(SYNC_TAG);
    return true;
  } catch {
    return false; // e.g. permission denied: the page replays instead
  }
}

/** Where the PMS gateway is, for the service worker; '' is the app's own origin. */
export async function setGatewayBaseUrl(baseUrl: string): Promise<void> {
  await setMeta('gateway-base-url', baseUrl.trim().replace(/\/+$/, ''));
}

/**
 * One run in the service worker (through the gateway at the stored base URL), behind any replayer
 * holding the lock; resolves with its report, whatever still waits.
 * @example const report = await replayInWorker();
 */
export async function replayInWorker(): Promise<ReplayReport> {
  const baseUrl = (await getMeta('gateway-base-url')) ?? '';
  return replayOutbox({
    client: createPmsClient({ baseUrl }),
    waitForLock: true,
    readyToSend: () => gatewayReadiness(baseUrl),
  });
}

/**
 * The service worker's replay, for its `sync` event. Queues behind a page replayer that is running.
 * Rejects while sales are still waiting for the PMS, so the browser tries the sync again later;
 * not while they wait for this tablet to be paired (trying later does not help: pairing in the page
 * replays at once).
 * @example self.addEventListener('sync', (event) => { if (event.tag === SYNC_TAG) event.waitUntil(replayFromWorker()); });
 */
export async function replayFromWorker(): Promise<void> {
  const report = await replayInWorker();
  const waitingForPairing = report.stoppedBy === 'unpaired' || (await getMeta('pairing-hold')) != null;
  if (report.pending > 0 && !waitingForPairing) {
    throw new Error(`${report.pending} sale(s) still waiting for the PMS; Background Sync will retry.`);
  }
  const unreported = await countLedgerUnreported();
  if (unreported > 0 && !waitingForPairing) {
    throw new Error(
      `${unreported} sale(s) with outcomes the ledger has not taken; Background Sync will retry.`,
    );
  }
}
