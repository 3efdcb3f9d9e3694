// A step's trouble in staff words (the issue's wording: "The PMS refused this: <message>", "Could
// not reach the PMS — will retry at hh:mm"), from the intent's state and its last error kind
// (PmsError kinds plus the outbox's own: invalid-request, cannot-verify, unknown-intent,
// interrupted), the step titles, and a refused staff action. The PMS's own message is shown as it
// came; everything around it is translated.

import type { IntentRecord, SaleRecord, SaleWithSteps } from '../features/sync';
import { definitionOf, RECORD_IN_LEDGER } from '../outbox/intents';
import { SALE_REFUSAL_CODES } from '../pms/ledger-wire';
import { clockTime } from './calendar';
import { type MessageKey, t } from './i18n';
import { actionErrorText } from './refusals';

/**
 * What went wrong with this step and what happens next; undefined when nothing is wrong. `heldBehind`:
 * the sync list's note of a step held while another charge to its room is in doubt.
 */
export function stepProblem(
  step: IntentRecord,
  sale: SaleRecord,
  heldBehind?: SaleWithSteps['heldBehind'],
  now: number = Date.now(),
): string | undefined {
  const error = step.lastError;
  const time = clockTime(Math.max(step.notBefore, now));
  if (step.state === 'unverifiable') {
    // the PMS's line names are the product names only: staff look for the lines, at the sale's time
    const items = sale.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
    return t('sync.problem.cannotVerify', {
      items,
      time: clockTime(sale.createdAt),
      reference: sale.reference,
    });
  }
  if (step.state === 'failed') {
    const tillRefusal = tillRefusalText(error?.code, error?.message ?? '');
    if (tillRefusal) return tillRefusal;
    if (error?.kind === 'invalid-request') return t('sync.problem.badRequest', { message: error.message });
    if (error?.kind === 'unknown-intent') return t('sync.problem.unknownStep');
    if (step.name === RECORD_IN_LEDGER)
      return ledgerRefusal(error?.code, error?.status, error?.message ?? '');
    return t('sync.problem.refused', { message: error?.message ?? '' });
  }
  if (step.state === 'unsure') {
    // sent without an answer: nothing checks it until {time}, and it cannot be voided before
    return t(error?.kind === 'interrupted' ? 'sync.problem.interrupted' : 'sync.problem.checkingLater', {
      time,
    });
  }
  if (step.state !== 'queued') return undefined;
  if (heldBehind?.step === step.step)
    return t('sync.problem.heldBehind', { reference: heldBehind.reference });
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

const TILL_REFUSALS: ReadonlySet<string> = new Set(SALE_REFUSAL_CODES);

/** A refusal the till server gave by one of its codes, in staff words; undefined for any other. */
function tillRefusalText(code: string | undefined, message: string): string | undefined {
  if (!code || !TILL_REFUSALS.has(code)) return undefined;
  return t(`sync.problem.ledger.${code}` as MessageKey, { message });
}

/** The sales ledger's refusal of a sale in staff words, by its code (409 `sale_conflict` or `card_payment_unknown`, 403: an approval). */
function ledgerRefusal(code: string | undefined, status: number | undefined, message: string): string {
  const known = tillRefusalText(code, message);
  if (known) return known;
  if (status === 403 || code?.startsWith('approval')) return t('sync.problem.ledger.approval', { message });
  return t('sync.problem.ledger.refused', { message });
}
