// Calendar arithmetic in the hotel's time zone: today's date, ISO 8601 timestamps with the zone's
// offset (`2026-11-22T11:11:07+01:00`) and day/month steps on `YYYY-MM-DD` dates. Dates are plain
// strings compared lexically; date steps run in UTC so they never cross a daylight-saving edge.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a RangeError for a time zone name the runtime does not know. */
export function assertTimeZone(timeZone: string): void {
  formatter(timeZone);
}

interface WallClock {
  date: string;
  time: string;
  offset: string;
}

/** The last reading per zone: every request asks for today and now, usually within one second. */
const lastReading = new Map<string, { second: number; reading: WallClock }>();

function wallClock(instant: Date, timeZone: string): WallClock {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastReading.get(timeZone);
  if (last?.second === second) return last.reading;
  const reading = readWallClock(instant, timeZone);
  lastReading.set(timeZone, { second, reading });
  return reading;
}

function readWallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  // "GMT+01:00", or just "GMT" for a zero offset
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : (parts.timeZoneName ?? 'GMT+00:00').slice(3);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    offset,
  };
}

/** The calendar date `YYYY-MM-DD` of an instant in the zone. */
export function calendarDate(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).date;
}

/** An instant as ISO 8601 with the zone's offset, e.g. `2026-11-22T10:00:00+01:00`. */
export function isoTimestamp(instant: Date, timeZone: string): string {
  const { date, time, offset } = wallClock(instant, timeZone);
  return `${date}T${time}${offset}`;
}

function offsetMinutes(instant: Date, timeZone: string): number {
  const { offset } = wallClock(instant, timeZone);
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}

/** The ISO timestamp of a wall-clock time on a date in the zone, e.g. ('2026-11-21', '18:30:00'). */
export function zonedTimestamp(date: string, time: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = 0] = time.split(':').map(Number) as [number, number, number?];
  const asUtc = Date.UTC(y, m - 1, d, hh, mm, ss);
  let instant = asUtc - offsetMinutes(new Date(asUtc), timeZone) * 60_000;
  instant = asUtc - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return isoTimestamp(new Date(instant), timeZone);
}

/** `YYYY-MM-DD` plus n days (n may be negative). */
export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` plus n months, clamped to the month's last day (2026-01-31 + 1 -> 2026-02-28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(d, lastDay));
  return firstOfTarget.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` as the German short form on invoice item names, e.g. `22.11.2026`. */
export function germanDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}
