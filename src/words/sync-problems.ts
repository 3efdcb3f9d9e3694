// A step's trouble in staff words (the issue's wording: "The PMS refused this: <message>", "Could
// not reach the PMS — will retry at hh:mm"), from the intent's state and its last error kind
// (PmsError kinds plus the outbox's own: invalid-request, cannot-verify, unknown-intent,
// interrupted), the step titles, and a refused staff action. The PMS's own message is shown as it
// came; everything around it is translated.

import { definitionOf } from '../outbox/intents';
import type { IntentRecord, SaleRecord } from '../state/sync-list';
import { clockTime } from './calendar';
import { type MessageKey, t } from './i18n';
import { actionErrorText } from './refusals';

/** What went wrong with this step and what happens next; undefined when nothing is wrong. */
export function stepProblem(
  step: IntentRecord,
  sale: SaleRecord,
  now: number = Date.now(),
): string | undefined {
  const error = step.lastError;
  const time = clockTime(Math.max(step.notBefore, now));
  if (step.state === 'unverifiable') return t('sync.problem.cannotVerify', { reference: sale.reference });
  if (step.state === 'failed') {
    if (error?.kind === 'invalid-request') return t('sync.problem.badRequest', { message: error.message });
    if (error?.kind === 'unknown-intent') return t('sync.problem.unknownStep');
    return t('sync.problem.refused', { message: error?.message ?? '' });
  }
  if (step.state === 'unsure') {
    // sent without an answer: nothing checks it until {time}, and it cannot be voided before
    return t(error?.kind === 'interrupted' ? 'sync.problem.interrupted' : 'sync.problem.checkingLater', {
      time,
    });
  }
  if (step.state !== 'queued') return undefined;
  if (!error) {
    if (sale.kind === 'charge-reversal' && step.attempts === 0) return t('sync.problem.waitsForCharge');
    return undefined;
  }
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return t('sync.problem.tillUnreachable', { time });
    case 'server':
      return t(error.pmsUnreachable ? 'sync.problem.unreachable' : 'sync.problem.pmsFailed', {
        time,
      });
    case 'rejected':
      return t(error.status === 429 ? 'sync.problem.slowDown' : 'sync.problem.pmsFailed', { time });
    case 'invalid-response':
      return t('sync.problem.oddAnswer', { time });
    default:
      return t('sync.problem.unreachable', { time });
  }
}

/**
 * The step's title in the UI language: `sync.step.<name>` for every intent the outbox registers
 * (`room.add-products@1` -> 'sync.step.room.add-products'), "Step n" for a name it does not know.
 * @example <h3>{stepTitle(step)}</h3>
 */
export function stepTitle(step: IntentRecord): string {
  const definition = definitionOf(step.name);
  if (!definition) return t('sync.step.other', { step: step.step });
  return t(`sync.step.${definition.name.replace(/@\d+$/, '')}` as MessageKey);
}

/**
 * A staff action on a sale that did not happen: the outbox's refusal by its code, anything else
 * through the shared errorText.
 * @example <p role="alert">{actionProblem(submission.error)}</p>
 */
export function actionProblem(error: unknown): string {
  return t('sync.action.refused', { message: actionErrorText(error) });
}
