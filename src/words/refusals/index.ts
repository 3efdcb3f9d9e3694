// The outbox's refusals of a staff action in the UI language (reactive): both languages come with
// the code of the views that act on a sale (sync, take-back), not with the first screen.
import { OutboxActionRefused, type OutboxRefusal } from '../../outbox/refusal';
import { errorText } from '../error-text';
import { fillIn, language } from '../i18n';
import { de } from './de';
import { en } from './en';

/**
 * Why the outbox refused, in staff words, its parameters filled in.
 * @example refusalText({ code: 'already-voided', reference: 'K7QM-1F' }) === 'Sale K7QM-1F is already voided.'
 */
export function refusalText(refusal: OutboxRefusal): string {
  return fillIn((language() === 'de' ? de : en)[`refusal.${refusal.code}`], { ...refusal });
}

/**
 * What went wrong with a staff action on a sale: the outbox's refusal by its code, anything else
 * through the shared errorText.
 * @example <p role="alert">{actionErrorText(submission.error)}</p>
 */
export function actionErrorText(error: unknown): string {
  return error instanceof OutboxActionRefused ? refusalText(error.refusal) : errorText(error);
}
