// The card payment's words in the UI language (reactive); both languages come with the card code.
import { fillIn, language } from '../i18n';
import { de } from './de';
import { type CardWord, en } from './en';

export type { CardWord };

/**
 * The word for `key` in the UI language, with `{placeholders}` filled.
 * @example <p>{cw('card.prompt.insertCard')}</p>
 */
export function cw(key: CardWord, values: Record<string, string | number> = {}): string {
  return fillIn((language() === 'de' ? de : en)[key], values);
}
