// Printing words in the UI language (reactive), outside the first screen's dictionary: they come
// with the printing code (the header's printer attention, the receipt's and ticket's print keys).
import { fillIn, language } from '../i18n';
import { de } from './de';
import { en } from './en';

export type PrintWord = keyof typeof en;

/**
 * The text for `key` in the UI language, its `{placeholders}` filled in.
 * @example pw('printer.attention', { printer: 'Bar', problem: pw('printer.problem.paper_out') })
 */
export function pw(key: PrintWord, values: Record<string, string | number> = {}): string {
  return fillIn((language() === 'de' ? de : en)[key], values);
}
