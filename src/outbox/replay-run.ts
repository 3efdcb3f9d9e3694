// The state of one replay run, shared by the steps it sends: the PMS client, the clock, the backoff,
// what happened so far, and when the run must stop starting new steps. Owns the stop rules: the
// PMS (or the network) is unreachable, so trying the other sales now would only fail the same way;
// the PMS said 429, so nothing is sent before its Retry-After; the gateway refused this tablet as
// unpaired, so nothing gets through until it is paired; or the caller aborted.
import type { GatewayReadiness } from '../pms/device-calls.ts';
import type { DeviceRefusalCode, PmsError } from '../pms/errors.ts';
import type { DueMark } from '../storage/due-sales.ts';
import type { BackoffPolicy } from './backoff.ts';
import type { OutboxPms } from './intents/index.ts';
import type { RecordLedgerSale } from './ledger-batch.ts';
import { PlaceQueues } from './one-doubt.ts';

/** How long to pause after a 429 that carried no Retry-After. */
export const DEFAULT_RATE_LIMIT_PAUSE_MS = 30_000;
/**
 * How long an unpaired tablet waits before asking the gateway again by itself: fixed, not a growing
 * backoff, since pairing (which replays at once) is what ends the wait, not time.
 */
export const PAIRING_RECHECK_MS = 30_000;

export interface ReplayReport {
  /** False when another replayer (tab or worker) held the lock, so this call did nothing. */
  ran: boolean;
  /** Steps sent and answered. */
  sent: number;
  /** Steps confirmed applied, by an answer or by reading back. */
  confirmed: number;
  /** Read-backs after an unknown outcome that gave an answer. */
  readBack: number;
  /** Sends that ended without an answer. */
  unsure: number;
  /** Steps the PMS refused (their sales now need attention). */
  failed: number;
  /** After the run: sales still waiting to reach the PMS (not counting those needing attention). */
  pending: number;
  needsAttention: number;
  /** When the next retry is due; null when nothing is waiting by itself. */
  nextAttemptAt: number | null;
  /** Why the run ended early, if it did. */
  stoppedBy?: 'unreachable' | 'pms-failing' | 'rate-limited' | 'unpaired' | 'aborted';
  /** PMS step outcomes the sales ledger took in this run (ledger-outcomes.ts). */
  outcomesReported?: number;
  /** Sales the tablet let go after the run (prune.ts). */
  pruned?: number;
  /**
   * False when the run changed nothing anyone could see (no step tried, no report taken, nothing
   * let go, the next attempt where it was) and so told no one it ended (replay.ts, recordRun).
   */
  announced?: boolean;
}

/** One readiness check serves the failures of this many ms (ReplayRun.answersAgain). */
const RECHECK_MS = 1000;

/**
 * PMS steps failed by the PMS (5xx) in a row, none landing between, that stop the run and hold the
 * PMS steps (replay.ts, `settlePmsFailing`); with one in ten writes failing, five in a row is rare.
 */
export const PMS_FAILING_IN_ROW = 5;

export class ReplayRun {
  readonly report: ReplayReport = {
    ran: true,
    sent: 0,
    confirmed: 0,
    readBack: 0,
    unsure: 0,
    failed: 0,
    pending: 0,
    needsAttention: 0,
    nextAttemptAt: null,
  };
  /**
   * PMS steps sent and answered, or read back, in this run (the ledger's records not counted): the
   * PMS works, so steps waiting out a long backoff are brought forward (replay.ts).
   */
  pmsAnswered = 0;
  /** Steps this run took up (sent, read back, or settled without sending), interrupted sends recovered included. */
  stepsTried = 0;
  /** PMS steps that landed in this run: sent and answered, or found applied when read back. */
  pmsWritesLanded = 0;
  /** PMS steps the PMS failed (5xx) since the last one landed in this run (PMS_FAILING_IN_ROW). */
  private pmsFailuresInRow = 0;
  /** The PMS failed PMS_FAILING_IN_ROW steps in a row: the run stopped, and the PMS steps are held. */
  pmsFailing = false;
  /** The schedule this run read held the PMS steps (the PMS failing): only ledger steps went. */
  pmsHeld = false;
  /** This run found the PMS failing: no PMS step is sent before this time (0: not held). */
  pmsFailingUntil = 0;
  /**
   * Where the run last read what was due (due-sales.ts) before any ledger step of it failed: every
   * ledger step due then was tried in this run, and one that failed wakes after the first such read,
   * so the PMS-failing hold reads from here (`since`).
   */
  dueMark: DueMark | undefined;
  /** The run's first read of what was due was only what came after the PMS-failing hold's `since`. */
  readSinceHold = false;
  /**
   * When the first ledger step this run failed transiently is due again (null: none failed; one
   * that did may be due again before a later read).
   */
  ledgerRetryAt: number | null = null;
  /** Nothing is sent before this time (0: not paused). */
  pausedUntil = 0;
  /** The PMS was unreachable: the next attempt of any sale waits until this time (0: reachable). */
  unreachableUntil = 0;
  /** The run found sending held (paused or unreachable) and tried nothing. */
  heldFromStart = false;
  /** The last transient failure of this run, for the status line. */
  lastTransientError: string | undefined;
  /** The gateway refused this tablet during the run: not paired, or unpaired by a manager. */
  unpaired: DeviceRefusalCode | undefined;
  /** Which server the run's last unreachable failure points at: the till server or the PMS. */
  unreachable: 'till-server' | 'pms' | undefined;
  /** The run sends ledger steps only, and starts no PMS step after one (replay.ts, "the ledger first"). */
  ledgerOnly = false;
  /** In a ledger round with several due: the batching `recordLedgerSale` its steps use (ledger-batch.ts). */
  ledgerBatch: RecordLedgerSale | undefined;
  /** Steps to one place go one after another (one-doubt.ts). */
  readonly places = new PlaceQueues();
  /** Sales whose step found another sale's step to its place in doubt: not sent, due again once it is settled. */
  readonly waitingForPlace = new Set<string>();
  /** When the run began (a retry pass after it is news the run's holds must not overwrite). */
  readonly startedAt: number;
  private stopReason: ReplayReport['stoppedBy'];
  /** The readiness check asked again after a failure, and when (answersAgain). */
  private recheck: { at: number; answer: Promise<boolean> } | undefined;
  private rechecking: Promise<void> | undefined;
  private readiness: Promise<GatewayReadiness> | undefined;

  constructor(
    readonly pms: OutboxPms,
    readonly now: () => number,
    readonly backoff: BackoffPolicy,
    readonly random: () => number,
    private readonly signal: AbortSignal | undefined,
    private readonly readyToSend?: () => Promise<GatewayReadiness>,
  ) {
    this.startedAt = now();
  }

  /** Who answers, asked once per run before its first send; 'ready' when there is nobody to ask. */
  gatewayReadiness(): Promise<GatewayReadiness> {
    this.readiness ??= this.readyToSend
      ? this.readyToSend().catch((): GatewayReadiness => 'till-unreachable')
      : Promise.resolve('ready');
    return this.readiness;
  }

  /** True once no new step may be started. */
  get stopping(): boolean {
    if (this.signal?.aborted) this.stopReason ??= 'aborted';
    return this.stopReason !== undefined;
  }

  get stoppedBy(): ReplayReport['stoppedBy'] {
    return this.stopReason;
  }

  /** A 429: stop the run and send nothing before Retry-After. Answers the time sending may resume. */
  pause(retryAfterMs: number | undefined): number {
    const until = this.now() + (retryAfterMs ?? DEFAULT_RATE_LIMIT_PAUSE_MS);
    this.pausedUntil = Math.max(this.pausedUntil, until);
    this.stopReason ??= 'rate-limited';
    this.lastTransientError = 'The PMS asked the till to slow down (429).';
    return until;
  }

  /** The gateway refused this tablet: stop the run; nothing can get through until it is paired. */
  noteUnpaired(code: DeviceRefusalCode): void {
    this.unpaired = code;
    this.stopReason ??= 'unpaired';
  }

  /**
   * The PMS answered a PMS step (sent and answered, or read back); `landed`: the write is in the PMS
   * (a read-back finding it missing says the PMS reads, not that it takes writes).
   */
  notePmsAnswer(landed: boolean): void {
    this.pmsAnswered += 1;
    if (!landed) return;
    this.pmsWritesLanded += 1;
    this.pmsFailuresInRow = 0;
  }

  /**
   * A transient failure; when it says the PMS cannot be reached at all, the run stops and no sale
   * is tried before `retryAt` (the failed step's backoff) — unless the readiness check, asked again,
   * finds the till server and the PMS answering: then it was this one request's failure (a dropped
   * connection, an answer lost), the step waits for its own backoff and the run goes on. A PMS step
   * the PMS failed (5xx) PMS_FAILING_IN_ROW times in a row stops the run (`pmsFailing`).
   */
  async noteTransientFailure(
    message: string,
    error: PmsError | undefined,
    retryAt: number,
    pmsStep: boolean,
  ): Promise<void> {
    this.lastTransientError ??= message;
    if (!pmsStep) this.ledgerRetryAt = Math.min(this.ledgerRetryAt ?? retryAt, retryAt);
    const pmsUnreachable =
      error?.kind === 'server' && 'pmsUnreachable' in error && error.pmsUnreachable === true;
    if (pmsStep && error?.kind === 'server' && !pmsUnreachable) {
      this.pmsFailuresInRow += 1;
      if (this.pmsFailuresInRow >= PMS_FAILING_IN_ROW && !this.pmsFailing) {
        this.pmsFailing = true;
        this.stopReason ??= 'pms-failing';
      }
      return;
    }
    const unreachable = !error || error.kind === 'network' || error.kind === 'timeout' || pmsUnreachable;
    if (!unreachable || (await this.answersAgain())) return;
    this.noteUnreachable(message, error?.kind === 'server' ? 'pms' : 'till-server', retryAt);
  }

  /**
   * Whether the readiness check, asked again after a request failed as unreachable, says the till
   * server and the PMS answer; false without a check (every such failure stops the run). One check
   * serves the failures within RECHECK_MS, and no step starts while it is under way (`settled`).
   */
  private answersAgain(): Promise<boolean> {
    if (!this.readyToSend || this.stopping) return Promise.resolve(false);
    if (this.recheck && this.now() - this.recheck.at < RECHECK_MS) return this.recheck.answer;
    const answer = this.readyToSend()
      .then((readiness) => readiness === 'ready')
      .catch(() => false);
    this.recheck = { at: this.now(), answer };
    this.rechecking = answer.then(() => undefined);
    return answer;
  }

  /** Resolves once no readiness check asked after a failure is under way (a step waits for it before starting). */
  async settled(): Promise<void> {
    await this.rechecking;
  }

  /** The till server or the PMS cannot be reached: the run stops, and no sale is tried before `retryAt`. */
  noteUnreachable(message: string, server: 'till-server' | 'pms', retryAt: number): void {
    this.lastTransientError ??= message;
    this.unreachable = server;
    this.stopReason ??= 'unreachable';
    this.unreachableUntil = Math.max(this.unreachableUntil, retryAt);
  }
}
