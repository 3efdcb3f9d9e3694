// Times of day, calendar days and ages in the UI language, for the desk views (room charge, sync,
// report); apart from format.ts so the first screen does not carry them. Reactive inside JSX.
import { locale } from './format';

/**
 * A time of day.
 * @example clockTime(Date.now()) === '14:05'
 */
export function clockTime(at: number): string {
  return new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit' }).format(at);
}

/**
 * A calendar date YYYY-MM-DD for people.
 * @example calendarDay('2026-11-22') === 'Sun, 22 Nov' // 'So., 22. Nov.' in German
 */
export function calendarDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale(), { weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(y, m - 1, d),
  );
}

/**
 * How long ago.
 * @example ago(Date.now() - 180_000) === '3 minutes ago' // 'vor 3 Minuten' in German
 */
export function ago(at: number, now: number = Date.now()): string {
  const minutes = Math.round((at - now) / 60_000);
  const format = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' });
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}
