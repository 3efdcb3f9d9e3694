// Which sales the replayer can work on now, and when the next one becomes due. Owns: combining each
// sale's next move with the sales it depends on and the places in doubt (one-doubt.ts), three holds
// on all sending (a 429's Retry-After; the PMS unreachable: one probe per backoff interval, not one
// per sale; the gateway refusing this tablet as unpaired) and one on the PMS steps only (the PMS
// failing every write: the ledger steps still go). Used by the engine (what to replay), the status
// summary and the page timer (when to try next).
import { getMeta } from '../storage/db.ts';
import { type DueMark, readDueSales, readLaterWakes } from '../storage/due-sales.ts';
import { readSale } from '../storage/outbox-store.ts';
import { isLedgerStep } from './intents/index.ts';
import { placesInDoubt, waitsForAnother } from './one-doubt.ts';
import { PMS_FAILING_IN_ROW } from './replay-run.ts';
import { currentSteps, type NextMove, nextMove, type SaleSnapshot } from './sale-state.ts';
import { broughtForward, dueNow } from './transitions.ts';

export interface Schedule {
  /** Sales with a step to send or read back now. */
  due: SaleSnapshot[];
  /** Earliest time a waiting step becomes due (now, if any is due); null when none will by itself. */
  nextAttemptAt: number | null;
  /** Nothing is sent before this time (a 429's Retry-After, PMS unreachable, unpaired); 0: not held. */
  heldUntil: number;
  /** No PMS step is sent before this time (the PMS failing; ledger steps are); 0: not held. */
  pmsHeldUntil: number;
  /** Only what came after the PMS-failing hold's `since` was read (held, or probing). */
  readSinceHold: boolean;
  /** Where this read stood (due-sales.ts): the PMS-failing hold reads from such a mark. */
  mark: DueMark;
}

/** Sales read when the PMS-failing hold is over and nothing has landed yet: enough for one probe. */
export const PMS_PROBE_SALES = 3 * PMS_FAILING_IN_ROW;

/**
 * Reads the outbox and works out what is due at `now`.
 * @example const { due, nextAttemptAt } = await readSchedule(Date.now());
 */
export async function readSchedule(now: number, { pmsLanded = false } = {}): Promise<Schedule> {
  const [rateLimitedUntil, unreachableUntil, pairingHold, doubts, allDueAt, forward, pmsFailing] =
    await Promise.all([
      getMeta('paused-until'),
      getMeta('unreachable-until'),
      getMeta('pairing-hold'),
      placesInDoubt(),
      getMeta('all-due-at'),
      getMeta('brought-forward'),
      getMeta('pms-failing'),
    ]);
  // The PMS failing (replay.ts): its steps wait for the hold's end, or a retry pass after it began.
  // Every sale due when it began had its ledger step tried then, so only what came since is read:
  // the ledger steps queued since, the steps failed or woken since (not the backlog).
  const failingNow = pmsFailing && (allDueAt ?? 0) < pmsFailing.at ? pmsFailing : null;
  const pmsHeld = failingNow && failingNow.until > now ? failingNow : null;
  // Its hold over, the PMS is probed with the first few to wake (and what woke since), not the whole
  // backlog read (and due) at once: the run reads everything once a PMS step landed (`pmsLanded`).
  const probing = pmsHeld === null && !pmsLanded ? failingNow : null;
  const failingRead = pmsHeld ?? probing;
  // Only what may be due is read (due-sales.ts): woken by its own time, or made due without a
  // rewrite by a retry pass (`allDueAt`) or, once its time has come, a bring-forward.
  const forwardDue = forward !== undefined && forward.by <= now;
  const waitingUpTo = pmsHeld ? 0 : Math.max(allDueAt ?? 0, forwardDue ? forward.at : 0);
  const [{ entries: stored, mark }, later] = await Promise.all([
    readDueSales(now, waitingUpTo, {
      ...(failingRead ? { after: failingRead.since } : {}),
      ...(probing ? { probe: PMS_PROBE_SALES } : {}),
    }),
    readLaterWakes(now, forward && !forwardDue ? forward.at : 0),
  ]);
  const active = stored.map((entry) => asRetried(entry, allDueAt ?? 0, forward));
  const hold = Math.max(rateLimitedUntil ?? 0, unreachableUntil ?? 0, pairingHold?.until ?? 0);
  const heldUntil = hold > now ? hold : 0;
  const synced = await dependencyStates(active);
  const due: SaleSnapshot[] = [];
  // the sales not read wake by themselves, or by the bring-forward's time (an early wake finds nothing due)
  let nextAttemptAt: number | null = earliest(
    later.nextWakeAt,
    forward && later.waitingSinceBefore ? forward.by : null,
  );
  for (const entry of active) {
    const move = nextMove(entry, now, dependenciesSynced(entry, synced));
    if (pmsHeld && (move.kind === 'send' || move.kind === 'reconcile') && !isLedgerStep(move.intent.name)) {
      nextAttemptAt = earliest(nextAttemptAt, pmsHeld.until);
      continue;
    }
    // due once the other sale's step there is settled: its own schedule wakes the replayer
    if (move.kind === 'send' && waitsForAnother(move.intent, doubts)) continue;
    const at = dueAt(move, now);
    if (at === null) continue;
    if (at <= now) due.push(entry);
    nextAttemptAt = earliest(nextAttemptAt, at);
  }
  if (heldUntil && nextAttemptAt !== null) nextAttemptAt = Math.max(nextAttemptAt, heldUntil);
  // Held for the PMS: no run before the hold ends for the PMS steps' backoffs (one a second after a
  // reconnect). A ledger step the till server failed sets the next attempt by its own backoff in
  // the run that failed it (replay.ts, ReplayRun.ledgerRetryAt).
  if (pmsHeld && nextAttemptAt !== null) nextAttemptAt = Math.max(nextAttemptAt, pmsHeld.until);
  const pmsHeldUntil = pmsHeld?.until ?? 0;
  return {
    due: heldUntil ? [] : due,
    nextAttemptAt,
    heldUntil,
    pmsHeldUntil,
    readSinceHold: failingRead !== null,
    mark,
  };
}

function earliest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.min(a, b);
}

/**
 * The sale as the replayer sees it after the one-write retries (each applied here, as it is read;
 * the stored intent changes with its next write). "Everything waiting is due now" at `allDueAt` (a
 * reconnect, "Sync now": `retryWaitingNow`): a step waiting since before then is due, its failures
 * in a row forgotten (`dueNow`). "The PMS answered" (`forward`, replay.ts): a step waiting since
 * before `forward.at` for longer than `forward.by` is due by then (`broughtForward`; a 429's wait kept).
 */
function asRetried(
  entry: SaleSnapshot,
  allDueAt: number,
  forward: { at: number; by: number } | undefined,
): SaleSnapshot {
  let changed = false;
  const intents = entry.intents.map((intent) => {
    if (!dueNow.from.includes(intent.state)) return intent;
    const waitingSince = intent.lastError?.at ?? intent.createdAt;
    if (intent.notBefore > allDueAt && waitingSince <= allDueAt) {
      changed = true;
      return dueNow(intent, allDueAt);
    }
    if (
      forward &&
      intent.notBefore > forward.by &&
      waitingSince <= forward.at &&
      intent.lastError?.status !== 429
    ) {
      changed = true;
      return broughtForward(intent, forward.at, { by: forward.by });
    }
    return intent;
  });
  return changed ? { ...entry, intents } : entry;
}

/** Whether every step of every sale this one depends on is confirmed in the PMS (voided or not). */
export async function dependenciesConfirmed(entry: SaleSnapshot): Promise<boolean> {
  return dependenciesSynced(entry, await dependencyStates([entry]));
}

function dueAt(move: NextMove, now: number): number | null {
  if (move.kind === 'send' || move.kind === 'reconcile') return now;
  if (move.kind === 'wait') return move.until;
  return null;
}

function dependenciesSynced(entry: SaleSnapshot, synced: ReadonlyMap<string, boolean>): boolean {
  return (entry.sale.dependsOn ?? []).every((id) => synced.get(id) === true);
}

async function dependencyStates(entries: readonly SaleSnapshot[]): Promise<Map<string, boolean>> {
  const ids = [...new Set(entries.flatMap((entry) => entry.sale.dependsOn ?? []))];
  const sales = await Promise.all(ids.map((id) => readSale(id)));
  const confirmed = (entry: SaleSnapshot | undefined) =>
    entry !== undefined && currentSteps(entry.intents).every((intent) => intent.state === 'done');
  return new Map(ids.map((id, i) => [id, confirmed(sales[i])]));
}
