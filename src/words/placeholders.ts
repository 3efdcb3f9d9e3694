// Turning values into words for staff in the room-charge, sync, report and settings views:
// filling several {placeholders} in translated text, money (state/format.ts's `formatCents`: the
// hotel currency, Intl.NumberFormat), times, calendar days and ages in the UI language. Reactive
// when called inside JSX (they read the language and the settings).
import { formatCents, locale as uiLocale } from './format';

/**
 * Fills `{name}` placeholders.
 * @example fill('Room {room}', { room: '104' }) === 'Room 104'
 */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Cents in the hotel currency, e.g. "12,50 €". */
export const money = formatCents;

/** A time of day, e.g. "14:05". */
export function clockTime(at: number): string {
  return new Intl.DateTimeFormat(uiLocale(), { hour: '2-digit', minute: '2-digit' }).format(at);
}

/** Date and time, e.g. "22.11.2026, 14:05". */
export function dateTime(at: number): string {
  return new Intl.DateTimeFormat(uiLocale(), { dateStyle: 'short', timeStyle: 'short' }).format(at);
}

/** A calendar date YYYY-MM-DD for people, e.g. "Sun, 22 Nov" / "So., 22. Nov.". */
export function calendarDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(uiLocale(), { weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(y, m - 1, d),
  );
}

/** How long ago, e.g. "3 minutes ago" / "vor 3 Minuten". */
export function ago(at: number, now: number = Date.now()): string {
  const minutes = Math.round((at - now) / 60_000);
  const format = new Intl.RelativeTimeFormat(uiLocale(), { numeric: 'auto' });
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}
