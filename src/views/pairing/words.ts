// The pairing screen's words in the UI language (reactive): both languages come with this view's
// code, which only an unpaired tablet loads (see strings.ts).
import { language } from '../../app/i18n';
import { fill } from '../words';
import { en, type PairingWord } from './strings';
import { de } from './strings-de';

/**
 * The word for `key` in the UI language, with `{placeholders}` filled.
 * @example <h1>{w('title')}</h1>; w('unsent.many', { count: 3 })
 */
export function w(key: PairingWord, values: Record<string, string | number> = {}): string {
  return fill((language() === 'de' ? de : en)[key], values);
}
