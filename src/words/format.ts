// Values in words for staff, at the edge, in the UI language: money in the hotel currency
// (Intl.NumberFormat through pms/money.ts; the first screen's from kept-prices.ts) and moments, as
// the first screen needs them (times of day, calendar days and ages for the desk views: calendar.ts).
// Which locale each UI language formats with: locales.ts. Reactive when called inside JSX.

import { settings } from '../features/device';
import type { Cents } from '../pms/money';
import { language } from './i18n';
import { keptOrFormatted } from './kept-prices';
import { LOCALES } from './locales';

/** The locale for numbers and dates in the current UI language. */
export function locale(): string {
  return LOCALES[language()];
}

/**
 * A count of items: whole as it is, with three decimals where parts of an equal split sold shares of items.
 * @example formatItems(2) === '2'; formatItems(0.667) === '0.667' (German: '0,667')
 */
export function formatItems(items: number): string {
  const digits = Number.isInteger(items) ? 0 : 3;
  return items.toLocaleString(locale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
}

/**
 * An amount as staff typed it, with the UI language's thousands grouping taken out, so "5,000" in
 * English (and "5.000" in German) is five thousand, not a number with three decimals. Only a text
 * grouped in threes throughout, not starting with 0 ("0,001" stays three decimals), counts as grouped; anything else is left as typed, for the money
 * rule (pms/money.ts) to read or refuse; what was understood is said back where it matters.
 * @example withoutGrouping('5,000') === '5000' (English); withoutGrouping('4,20') === '4,20'
 */
export function withoutGrouping(text: string): string {
  const trimmed = text.trim();
  const [grouping, decimal] = language() === 'de' ? ['.', ','] : [',', '.'];
  const grouped = new RegExp(`^[+-]?[1-9]\\d{0,2}(\\${grouping}\\d{3})+(\\${decimal}\\d*)?$`);
  return grouped.test(trimmed) ? trimmed.split(grouping).join('') : text;
}

/**
 * Cents in the hotel currency, e.g. '12,50 €' in German.
 * @example <span>{formatCents(line.unitPriceCents)}</span>
 */
export function formatCents(cents: Cents): string {
  return keptOrFormatted(cents, locale(), settings().currency);
}

/**
 * A moment as a short time, with the date when it is not today.
 * @example formatMoment(Date.now()) === '21:40'
 */
export function formatMoment(at: number, now = Date.now()): string {
  const date = new Date(at);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit' }
    : { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(locale(), options).format(date);
}

/**
 * A moment with date and time, e.g. for a receipt.
 * @example formatDateTime(Date.now()) === '22.11.2026, 21:40'
 */
export function formatDateTime(at: number): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at));
}
