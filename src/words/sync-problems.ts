// A step's trouble in staff words (the issue's wording: "The PMS refused this: <message>", "Could
// not reach the PMS — will retry at hh:mm"), from the intent's state and its last error kind
// (PmsError kinds plus the outbox's own: invalid-request, cannot-verify, unknown-intent,
// interrupted), the step titles, and a refused staff action. The PMS's own message is shown as it
// came; everything around it is translated.

import { definitionOf, RECORD_IN_LEDGER } from '../outbox/intents';
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
    if (step.name === RECORD_IN_LEDGER)
      return ledgerRefusal(error?.code, error?.status, error?.message ?? '');
    return t('sync.problem.refused', { message: error?.message ?? '' });
  }
  if (step.state !== 'queued' && step.state !== 'unsure') return undefined;
  if (!error) {
    if (step.state === 'unsure') return t('sync.problem.checking', { time });
    if (sale.kind === 'charge-reversal' && step.attempts === 0) return t('sync.problem.waitsForCharge');
    return undefined;
  }
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return t('sync.problem.unreachable', { time });
    case 'server':
      return t(error.pmsUnreachable ? 'sync.problem.unreachable' : 'sync.problem.pmsFailed', {
        time,
      });
    case 'rejected':
      return t(error.status === 429 ? 'sync.problem.slowDown' : 'sync.problem.pmsFailed', { time });
    case 'invalid-response':
      return t('sync.problem.oddAnswer', { time });
    case 'interrupted':
      return t('sync.problem.interrupted', { time });
    default:
      return t(step.state === 'unsure' ? 'sync.problem.checking' : 'sync.problem.unreachable', {
        time,
      });
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

/** The sales ledger's refusal of a sale in staff words, by its code (409 `sale_conflict`, 403: an approval). */
function ledgerRefusal(code: string | undefined, status: number | undefined, message: string): string {
  if (code === 'sale_conflict') return t('sync.problem.ledger.sale_conflict');
  if (status === 403 || code?.startsWith('approval')) return t('sync.problem.ledger.approval', { message });
  return t('sync.problem.ledger.refused', { message });
}
