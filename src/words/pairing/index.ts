// The pairing screen's words in the UI language (reactive): both languages come with this view's
// code, which only an unpaired tablet loads (see en.ts).
import { fillIn, language, pluralCategory } from '../i18n';
import { de } from './de';
import { en, type PairingWord } from './en';

/**
 * The word for `key` in the UI language, with `{placeholders}` filled.
 * @example <h1>{w('title')}</h1>; w('unsent.none')
 */
export function w(key: PairingWord, values: Record<string, string | number> = {}): string {
  return fillIn((language() === 'de' ? de : en)[key], values);
}

/**
 * The word for `count` of something: `<key>.one` or `<key>.other` by the language's plural rules.
 * @example wCount('unsent.waiting', 3) === '3 sales are waiting on this tablet.'
 */
export function wCount(key: 'unsent.waiting', count: number): string {
  return w(`${key}.${pluralCategory(count)}`, { count: new Intl.NumberFormat(language()).format(count) });
}
