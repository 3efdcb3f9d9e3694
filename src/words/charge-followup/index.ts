// The words for following up a room charge (take-back by line, late charges) in the UI language
// (reactive): both languages come with the code of the views that use them (see en.ts).
import { fillIn, language } from '../i18n';
import { de } from './de';
import { type ChargeFollowUpWord, en } from './en';

/**
 * The word for `key` in the UI language, with `{placeholders}` filled.
 * @example <p>{followUpWord('movedTo', { reference: 'K7QM-2' })}</p>
 */
export function followUpWord(key: ChargeFollowUpWord, values: Record<string, string | number> = {}): string {
  return fillIn((language() === 'de' ? de : en)[key], values);
}
