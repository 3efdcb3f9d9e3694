// A staff action on a sale that did not happen, in words: the outbox's own refusal says why in
// plain English (OutboxActionRefused; e.g. "This step is being sent right now."), anything else
// goes through the shared errorText.

import { errorText } from './error-text';
import { t } from './i18n';
import { fill } from './placeholders';

export function actionProblem(error: unknown): string {
  const reason =
    error instanceof Error && error.name === 'OutboxActionRefused' ? error.message : errorText(error);
  return fill(t('sync.action.refused'), { message: reason });
}
