// The lock screen's and the approval dialog's words in the UI language (reactive): both languages
// come with that view's code (see en.ts).
import { fillIn, language } from '../i18n';
import { de } from './de';
import { en, type LockWord } from './en';

/**
 * The word for `key` in the UI language, with `{placeholders}` filled.
 * @example <h1>{w('pinFor', { name: 'Mia' })}</h1>
 */
export function w(key: LockWord, values: Record<string, string | number> = {}): string {
  return fillIn((language() === 'de' ? de : en)[key], values);
}
