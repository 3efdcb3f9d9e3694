// The pay screen's, the number pad's and the receipt discount's words in the UI language
// (reactive): both languages come with the code that shows them (see en.ts), so the first screen's
// dictionary stays small.
import { fillIn, language } from '../i18n';
import { de } from './de';
import { en, type PayWord } from './en';

/**
 * The word for `key` in the UI language, with `{placeholders}` filled.
 * @example <legend>{w('split.label')}</legend>
 */
export function w(key: PayWord, values: Record<string, string | number> = {}): string {
  return fillIn((language() === 'de' ? de : en)[key], values);
}
