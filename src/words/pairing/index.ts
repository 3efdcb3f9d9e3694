// The pairing screen's words in the UI language (reactive): both languages come with this view's
// code, which only an unpaired tablet loads (see en.ts).
import { fillIn, language } from '../i18n';
import { de } from './de';
import { en, type PairingWord } from './en';

/**
 * The word for `key` in the UI language, with `{placeholders}` filled.
 * @example <h1>{w('title')}</h1>; w('unsent.many', { count: 3 })
 */
export function w(key: PairingWord, values: Record<string, string | number> = {}): string {
  return fillIn((language() === 'de' ? de : en)[key], values);
}
