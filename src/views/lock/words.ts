// The lock screen's words in the UI language (reactive): both languages come with this view's
// code (see strings.ts).
import { language } from '../../app/i18n';
import { fill } from '../words';
import { en, type LockWord } from './strings';
import { de } from './strings-de';

/** The word for `key` in the UI language, with `{placeholders}` filled. */
export function w(key: LockWord, values: Record<string, string | number> = {}): string {
  return fill((language() === 'de' ? de : en)[key], values);
}
