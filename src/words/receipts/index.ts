// Receipt, refund and receipt-header words in the UI language (reactive), outside the first
// screen's dictionary: they come with the views that print, refund or set the header.
import { fillIn, language } from '../i18n';
import { de } from './de';
import { en } from './en';

export type ReceiptWord = keyof typeof en;

/**
 * The text for `key` in the UI language, its `{placeholders}` filled in.
 * @example rw('receipt.invoice', { invoice: 39 }) === 'PMS invoice 39'
 */
export function rw(key: ReceiptWord, values: Record<string, string | number> = {}): string {
  return fillIn((language() === 'de' ? de : en)[key], values);
}
