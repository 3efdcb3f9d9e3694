// How a step's attempt ends, written to the outbox: done with its result, or a failure turned into
// the next state and backoff. Owns the one write path for settling an intent (a strict transaction
// that also resettles the sale) and the translation of thrown errors into the plain-words
// `lastError` staff see. Used by replay-step.ts.
import { isPmsError, PmsRejectedError, PmsRequestError, type PmsUnpairedError } from '../pms/errors.ts';
import { changeSale, type SaleWrite } from '../storage/outbox-store.ts';
import type { IntentError, IntentRecord } from '../storage/records.ts';
import { backoffDelay } from './backoff.ts';
import type { ReplayRun } from './replay-run.ts';
import { announceOutboxChange } from './status.ts';
import { applyWrite, changeIntent, type SaleSnapshot, startSending } from './transitions.ts';

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

/** The step is applied: store its result and go on with the sale (starting its next step if asked). */
export async function done(
  run: ReplayRun,
  saleId: string,
  intent: IntentRecord,
  result: unknown,
  note?: string,
  startNext?: StartNext,
): Promise<StepOutcome> {
  const { lastError: _cleared, ...rest } = intent;
  const patch = { state: 'done', result, failuresInRow: 0 } as const;
  const settled = await settle(run, saleId, rest, patch, note, undefined, startNext);
  if (settled) run.report.confirmed += 1;
  return settled ?? 'stop';
}

/** A network-class failure: keep (or make) the intent retryable after a backoff; offline stops the run. */
export async function transientFailure(
  run: ReplayRun,
  saleId: string,
  intent: IntentRecord,
  error: unknown,
  expected: IntentRecord['state'][],
): Promise<StepOutcome> {
  const failuresInRow = (intent.failuresInRow ?? 0) + 1;
  const lastError = describeError(run, error);
  const notBefore =
    error instanceof PmsRejectedError && error.status === 429
      ? run.pause(error.retryAfterMs)
      : run.now() + backoffDelay(failuresInRow, run.backoff, run.random);
  await settle(run, saleId, intent, { notBefore, failuresInRow, lastError }, undefined, expected);
  run.noteTransientFailure(lastError.message, isPmsError(error) ? error : undefined, notBefore);
  return 'stop';
}

/**
 * The gateway refused this tablet before forwarding (not paired, or unpaired): not a refusal of the
 * step. A read (before sending, or back) leaves the step as it was. A write that was sent (`sent`)
 * becomes `unsure`, to be read back before it is sent again: the browser may have sent it twice by
 * itself (a silent resend after a dropped connection), the first copy reaching the PMS before a
 * manager revoked the tablet and the second meeting the refusal. The run stops, and no backoff
 * grows: pairing ends the wait (replay.ts records the hold).
 */
export async function waitForPairing(
  run: ReplayRun,
  saleId: string,
  error: PmsUnpairedError,
  sent?: { sending: IntentRecord; original: IntentRecord },
): Promise<StepOutcome> {
  run.noteUnpaired(error.code);
  if (sent) {
    const back: IntentRecord = {
      ...sent.sending,
      state: 'unsure',
      uncertainSends: (sent.sending.uncertainSends ?? 0) + 1,
    };
    await changeSale(saleId, (entry) =>
      changeIntent(entry, sent.sending.seq!, ['in-flight'], () => back, run.now()),
    );
    announceOutboxChange({ type: 'replayed', saleId });
  }
  return 'stop';
}

/**
 * Writes the intent with `patch` if it is still in an `expected` state, and announces the change.
 * With `startNext`, the same write also marks the step it picks in-flight. Answers the sale as
 * written, or undefined when nothing was (the sale changed meanwhile, e.g. voided).
 */
export async function settle(
  run: ReplayRun,
  saleId: string,
  intent: IntentRecord,
  patch: Partial<IntentRecord>,
  note?: string,
  expected: IntentRecord['state'][] = [intent.state],
  startNext?: StartNext,
): Promise<Settled | undefined> {
  const now = run.now();
  const settled = await changeSale(saleId, (entry): SaleWrite<Settled | undefined> => {
    const settling = () => ({ ...intent, ...patch, settledAt: now });
    const write = changeIntent(entry, intent.seq!, expected, settling, now, note);
    if (!entry || !write.value) return { value: undefined };
    const snapshot = applyWrite(entry, write);
    const next = startNext?.(snapshot);
    if (!next) return { ...write, value: { snapshot } };
    const started = startSending(next, now);
    const starting = changeIntent(snapshot, next.seq!, ['queued'], () => started, now);
    if (!starting.value) return { ...write, value: { snapshot } };
    return {
      // Starting builds on the settled sale, so its entry (if it changed it) includes this write's.
      sales: starting.sales?.length ? starting.sales : write.sales,
      intents: [...(write.intents ?? []), ...(starting.intents ?? [])],
      value: { snapshot: applyWrite(snapshot, starting), started },
    };
  });
  announceOutboxChange({ type: 'replayed', saleId });
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
