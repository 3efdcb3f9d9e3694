// How a step's attempt ends, written to the outbox through a named transition (transitions.ts).
// Owns the one write path for settling an intent (`settle`: a strict transaction that also resettles
// the sale), the backoff after a transient failure, and the translation of thrown errors into the
// plain-words `lastError` staff see. Used by replay-step.ts.
import { isPmsError, PmsRejectedError, PmsRequestError, type PmsUnpairedError } from '../pms/errors.ts';
import { changeSale, type SaleWrite } from '../storage/outbox-store.ts';
import type { IntentError, IntentRecord } from '../storage/records.ts';
import { backoffDelay } from './backoff.ts';
import { isLedgerStep } from './intents/index.ts';
import type { ReplayRun } from './replay-run.ts';
import { applyWrite, changeIntent, type SaleSnapshot } from './sale-state.ts';
import { announceOutboxChange, RECENT_SALE_MS } from './status.ts';
import { type Backoff, readFailed, sentWhileUnpaired, startSending, type Transition } from './transitions.ts';

/**
 * Whether the sale goes on in this run: 'stop', or the sale as just written, with the step that the
 * same write already marked in-flight (to be sent at once) when there was one.
 */
export type StepOutcome = 'stop' | Settled;

export interface Settled {
  snapshot: SaleSnapshot;
  started?: IntentRecord;
}

/**
 * Picks, in the settled sale, the step to mark in-flight in the same write (saving a transaction per
 * step); undefined to start none. Runs inside the transaction: synchronous and pure.
 */
export type StartNext = (snapshot: SaleSnapshot) => IntentRecord | undefined;

/** What a transient failure does: `readFailed` (a read, before sending or back) or `outcomeUnknown`. */
export interface TransientFailure {
  saleId: string;
  /** The intent as the caller read it. */
  intent: IntentRecord;
  transition: Transition<Backoff>;
  error: unknown;
}

/**
 * A network-class failure: the step waits for its backoff (a 429: its Retry-After); unreachable
 * (offline, the PMS down: the readiness check agrees) stops the run.
 */
export async function transientFailure(
  run: ReplayRun,
  { saleId, intent, transition, error }: TransientFailure,
): Promise<StepOutcome> {
  const lastError = describeError(run, error);
  const notBefore =
    error instanceof PmsRejectedError && error.status === 429
      ? run.pause(error.retryAfterMs)
      : run.now() + backoffDelay((intent.failuresInRow ?? 0) + 1, run.backoff, run.random);
  await settle(run, { saleId, intent, transition, event: { notBefore, lastError } });
  const pmsStep = !isLedgerStep(intent.name);
  await run.noteTransientFailure(
    lastError.message,
    isPmsError(error) ? error : undefined,
    notBefore,
    pmsStep,
  );
  return 'stop';
}

/**
 * The run's readiness check found the till server or the PMS not answering: the step is not sent
 * (it stays queued, so staff can still void it) and waits like a failed read, holding every sale.
 */
export async function notSent(
  run: ReplayRun,
  saleId: string,
  intent: IntentRecord,
  readiness: 'pms-unreachable' | 'till-unreachable',
): Promise<StepOutcome> {
  const pms = readiness === 'pms-unreachable';
  const message = pms
    ? 'The PMS cannot be reached (the till server says so); nothing was sent.'
    : 'The till server cannot be reached; nothing was sent.';
  const lastError: IntentError = pms
    ? { kind: 'server', message, pmsUnreachable: true, at: run.now() }
    : { kind: 'network', message, at: run.now() };
  const notBefore = run.now() + backoffDelay((intent.failuresInRow ?? 0) + 1, run.backoff, run.random);
  await settle(run, { saleId, intent, transition: readFailed, event: { notBefore, lastError } });
  run.noteUnreachable(message, pms ? 'pms' : 'till-server', notBefore);
  return 'stop';
}

/**
 * The gateway refused this tablet before forwarding (not paired, or unpaired): not a refusal of the
 * step. A read (before sending, or back) leaves the step as it was. A write that was sent (`sending`)
 * becomes `unsure`, to be read back before it is sent again: the browser may have sent it twice by
 * itself (a silent resend after a dropped connection), the first copy reaching the PMS before a
 * manager revoked the tablet and the second meeting the refusal. The run stops, and no backoff
 * grows: pairing ends the wait (replay.ts records the hold).
 */
export async function waitForPairing(
  run: ReplayRun,
  error: PmsUnpairedError,
  sent?: { saleId: string; sending: IntentRecord },
): Promise<StepOutcome> {
  run.noteUnpaired(error.code);
  if (sent) await settle(run, { saleId: sent.saleId, intent: sent.sending, transition: sentWhileUnpaired });
  return 'stop';
}

/** How `settle` changes an intent: which transition, with what happened. */
export type SettleOptions<Event> = {
  saleId: string;
  /** The intent as the caller read it; written only if the stored one is still in its state. */
  intent: IntentRecord;
  transition: Transition<Event>;
  /** Appended to the sale's history. */
  note?: string;
  /** Also mark the step this picks in-flight, in the same write. */
  startNext?: StartNext;
} & (undefined extends Event ? { event?: Event } : { event: Event });

/**
 * Writes the intent through `transition` if the stored one is still in the state the caller read,
 * resettles the sale, and announces the change. With `startNext`, the same write also marks the step
 * it picks in-flight. Answers the sale as written, or undefined when nothing was (the sale changed
 * meanwhile, e.g. voided). A step confirmed `done` counts in the run's report.
 * @example await settle(run, { saleId, intent, transition: refused, event: { lastError } });
 */
export async function settle<Event>(
  run: ReplayRun,
  options: SettleOptions<Event>,
): Promise<Settled | undefined> {
  const { saleId, intent, transition, note, startNext } = options;
  const now = run.now();
  let seen = true; // whether staff see a change (outside this context, only then is it told at once)
  const settled = await changeSale(saleId, (entry): SaleWrite<Settled | undefined> => {
    const settling = () => transition(intent, now, options.event as Event);
    const write = changeIntent(entry, intent.seq!, [intent.state], settling, now, note);
    if (!entry || !write.value) return { value: undefined };
    seen =
      entry.sale.createdAt > now - RECENT_SALE_MS ||
      (write.sales ?? []).some((sale) => sale.updatedAt !== entry.sale.updatedAt);
    const snapshot = applyWrite(entry, write);
    const next = startNext?.(snapshot);
    if (!next) return { ...write, value: { snapshot } };
    const started = startSending(next, now, {});
    const starting = changeIntent(snapshot, next.seq!, startSending.from, () => started, now);
    if (!starting.value) return { ...write, value: { snapshot } };
    return {
      // Starting builds on the settled sale, so its entry (if it changed it) includes this write's.
      sales: starting.sales?.length ? starting.sales : write.sales,
      intents: [...(write.intents ?? []), ...(starting.intents ?? [])],
      value: { snapshot: applyWrite(snapshot, starting), started },
    };
  });
  announceOutboxChange({ type: 'replayed', saleId, ...(seen ? {} : { quiet: true }) });
  if (settled && transition.to === 'done') run.report.confirmed += 1;
  return settled;
}

/** A thrown error as the plain-words record kept on the intent. */
export function describeError(run: ReplayRun, error: unknown): IntentError {
  if (error instanceof PmsRejectedError) {
    return {
      kind: 'rejected',
      message: error.pmsMessage || `The PMS refused the request (${error.status}).`,
      status: error.status,
      ...(error.field ? { field: error.field } : {}),
      ...(error.code ? { code: error.code } : {}),
      at: run.now(),
    };
  }
  if (error instanceof PmsRequestError) {
    return {
      kind: 'invalid-request',
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
      at: run.now(),
    };
  }
  if (isPmsError(error)) {
    const unreachable = error.kind === 'server' && error.pmsUnreachable;
    return {
      kind: error.kind,
      message: error.message,
      ...(unreachable ? { pmsUnreachable: true } : {}),
      at: run.now(),
    };
  }
  return {
    kind: 'unexpected',
    message: error instanceof Error ? error.message : String(error),
    at: run.now(),
  };
}

export function failure(run: ReplayRun, kind: string, message: string): IntentError {
  return { kind, message, at: run.now() };
}
