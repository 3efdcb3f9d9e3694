// Errors in staff's words where the first screen shows them (a refused tap, a failed catalogue
// update): the mapping of every error the till can throw (words/error-text.ts), with the payment's
// texts it also says, loads with the first error, not with the first screen. Other views import
// words/error-text.ts directly.
import { createEffect, createSignal } from 'solid-js';
import { withTexts } from '../../words/i18n';

type ErrorWords = typeof import('../../words/error-text');
let loading: Promise<ErrorWords> | undefined;

/**
 * The error-text module, loaded on first use.
 * @example void errorWords().then(({ errorText }) => say(errorText(error)));
 */
export function errorWords(): Promise<ErrorWords> {
  loading ??= withTexts(['payment'], () => import('../../words/error-text'));
  return loading;
}

/**
 * The words for `error()` (reactive): '' while there is none, and until they are loaded (a moment
 * after the first error).
 * @example const text = createErrorText(() => refreshState().error); <p>{text()}</p>
 */
export function createErrorText(error: () => unknown): () => string {
  const [text, setText] = createSignal('');
  createEffect(() => {
    const current = error();
    if (current === undefined || current === null) return setText('');
    void errorWords().then(({ errorText }) => {
      if (error() === current) setText(errorText(current));
    });
  });
  return text;
}
