// The outbox's refusals of a staff action in staff words: one text per refusal code
// (`refusal.<code>`, the sync feature's texts), its parameters filled in.
import { OutboxActionRefused, type OutboxRefusal } from '../outbox/refusal';
import { errorText } from './error-text';
import { t } from './i18n';

/**
 * Why the outbox refused, in staff words, its parameters filled in.
 * @example refusalText({ code: 'already-voided', reference: 'K7QM-1F' }) === 'Sale K7QM-1F is already voided.'
 */
export function refusalText(refusal: OutboxRefusal): string {
  return t(`refusal.${refusal.code}`, { ...refusal });
}

/**
 * What went wrong with a staff action on a sale: the outbox's refusal by its code, anything else
 * through the shared errorText.
 * @example <p role="alert">{actionErrorText(submission.error)}</p>
 */
export function actionErrorText(error: unknown): string {
  return error instanceof OutboxActionRefused ? refusalText(error.refusal) : errorText(error);
}
