// A staff action on a sale that did not happen, in words: the outbox's own refusal says why in
// plain English (OutboxActionRefused; e.g. "This step is being sent right now."), anything else
// goes through the shared errorText.
import { t } from '../../app/i18n';
import { errorText } from '../../state/error-text';
import { fill } from '../words';

export function actionProblem(error: unknown): string {
  const reason =
    error instanceof Error && error.name === 'OutboxActionRefused' ? error.message : errorText(error);
  return fill(t('sync.action.refused'), { message: reason });
}
