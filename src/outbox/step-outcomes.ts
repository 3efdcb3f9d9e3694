// How a step's attempt ends, written to the outbox: done with its result, or a failure turned into
// the next state and backoff. Owns the one write path for settling an intent (a strict transaction
// that also resettles the sale) and the translation of thrown errors into the plain-words
// `lastError` staff see. Used by replay-step.ts.
import { isPmsError, PmsRejectedError, PmsRequestError } from '../pms/errors.ts';
import { changeSale } from '../storage/outbox-store.ts';
import type { IntentError, IntentRecord } from '../storage/records.ts';
import { backoffDelay } from './backoff.ts';
import type { ReplayRun } from './replay-run.ts';
import { announceOutboxChange } from './status.ts';
import { changeIntent } from './transitions.ts';

/** Whether the sale may go on with its next step in this run. */
export type StepOutcome = 'next' | 'stop';

/** The step is applied: store its result and go on with the sale. */
export async function done(
  run: ReplayRun,
  saleId: string,
  intent: IntentRecord,
  result: unknown,
  note?: string,
): Promise<StepOutcome> {
  const { lastError: _cleared, ...rest } = intent;
  const changed = await settle(run, saleId, rest, { state: 'done', result, failuresInRow: 0 }, note);
  if (changed) run.report.confirmed += 1;
  return changed ? 'next' : 'stop';
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

/** Writes the intent with `patch` if it is still in an `expected` state, and announces the change. */
export async function settle(
  run: ReplayRun,
  saleId: string,
  intent: IntentRecord,
  patch: Partial<IntentRecord>,
  note?: string,
  expected: IntentRecord['state'][] = [intent.state],
): Promise<boolean> {
  const now = run.now();
  const changed = await changeSale(saleId, (entry) =>
    changeIntent(entry, intent.seq!, expected, () => ({ ...intent, ...patch, settledAt: now }), now, note),
  );
  announceOutboxChange({ type: 'replayed', saleId });
  return changed;
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
  if (isPmsError(error)) return { kind: error.kind, message: error.message, at: run.now() };
  return {
    kind: 'unexpected',
    message: error instanceof Error ? error.message : String(error),
    at: run.now(),
  };
}

export function failure(run: ReplayRun, kind: string, message: string): IntentError {
  return { kind, message, at: run.now() };
}
