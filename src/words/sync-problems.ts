// A step's trouble in staff words (the issue's wording: "The PMS refused this: <message>", "Could
// not reach the PMS — will retry at hh:mm"), from the intent's state and its last error kind
// (PmsError kinds plus the outbox's own: invalid-request, cannot-verify, unknown-intent,
// interrupted). The PMS's own message is shown as it came; everything around it is translated.

import type { IntentRecord, SaleRecord } from '../state/sync-list';
import { t } from './i18n';
import { clockTime, fill } from './placeholders';

/** What went wrong with this step and what happens next; undefined when nothing is wrong. */
export function stepProblem(
  step: IntentRecord,
  sale: SaleRecord,
  now: number = Date.now(),
): string | undefined {
  const error = step.lastError;
  const time = clockTime(Math.max(step.notBefore, now));
  if (step.state === 'unverifiable')
    return fill(t('sync.problem.cannotVerify'), { reference: sale.reference });
  if (step.state === 'failed') {
    if (error?.kind === 'invalid-request')
      return fill(t('sync.problem.badRequest'), { message: error.message });
    if (error?.kind === 'unknown-intent') return t('sync.problem.unknownStep');
    return fill(t('sync.problem.refused'), { message: error?.message ?? '' });
  }
  if (step.state !== 'queued' && step.state !== 'unsure') return undefined;
  if (!error) {
    if (step.state === 'unsure') return fill(t('sync.problem.checking'), { time });
    if (sale.kind === 'charge-reversal' && step.attempts === 0) return t('sync.problem.waitsForCharge');
    return undefined;
  }
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return fill(t('sync.problem.unreachable'), { time });
    case 'server':
      return fill(
        t(/could not reach/i.test(error.message) ? 'sync.problem.unreachable' : 'sync.problem.pmsFailed'),
        {
          time,
        },
      );
    case 'rejected':
      return fill(t(error.status === 429 ? 'sync.problem.slowDown' : 'sync.problem.pmsFailed'), { time });
    case 'invalid-response':
      return fill(t('sync.problem.oddAnswer'), { time });
    case 'interrupted':
      return fill(t('sync.problem.interrupted'), { time });
    default:
      return fill(t(step.state === 'unsure' ? 'sync.problem.checking' : 'sync.problem.unreachable'), {
        time,
      });
  }
}

/** The step's title in the UI language, by intent name (`room.add-products@1` -> its key). */
export function stepTitle(step: IntentRecord): string {
  const base = step.name.replace(/@\d+$/, '');
  const known = [
    'cash-invoice.create',
    'cash-invoice.add-products',
    'cash-invoice.close',
    'room.add-products',
    'room.remove-products',
    'product.create',
  ] as const;
  const match = known.find((name) => name === base);
  return match ? t(`sync.step.${match}`) : fill(t('sync.step.other'), { step: step.step });
}
