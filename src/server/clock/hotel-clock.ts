// The hotel's clock: every time the server shows (receipts, slips, admin pages, charts, CSVs,
// exports) and every local date it reckons with (a Z's business day, a sale's hour) is read in the
// hotel's time zone through Intl.DateTimeFormat, never in the process's `TZ`. One zone per server
// process (a hub is one hotel), set from the hub's settings at start and when the admin page changes it.

/** The zone of a country the till knows (the fiscal countries); others start with Berlin's. */
const COUNTRY_ZONES: Record<string, string> = { DE: 'Europe/Berlin', AT: 'Europe/Vienna' };

export function zoneOfCountry(country: string): string {
  return COUNTRY_ZONES[country.toUpperCase()] ?? 'Europe/Berlin';
}

/** Whether `name` is an IANA time zone this Node knows (e.g. Europe/Vienna). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Every zone the admin page offers. */
export function knownTimeZones(): string[] {
  return Intl.supportedValuesOf('timeZone');
}

let zone = 'Europe/Berlin';
const formats = new Map<string, Intl.DateTimeFormat>();

/** The hotel's zone now. */
export function hotelTimeZone(): string {
  return zone;
}

/** Makes `next` the hotel's zone for every later formatting; throws on an unknown zone. */
export function useHotelTimeZone(next: string): void {
  if (!isTimeZone(next)) throw new Error(`unknown time zone ${next}`);
  zone = next;
}

function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${locale}|${JSON.stringify(options)}`;
  let cached = formats.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formats.set(key, cached);
  }
  return cached;
}

const asDate = (at: Date | string | number) => (at instanceof Date ? at : new Date(at));
const locale = (language: 'de' | 'en') => (language === 'de' ? 'de-DE' : 'en-GB');

/**
 * Date and time as people read them, in the hotel's zone.
 * @example hotelDateTime('2026-03-01T05:23:00Z', 'de') === '01.03.26, 06:23' // zone Europe/Berlin
 */
export function hotelDateTime(at: Date | string | number, language: 'de' | 'en' = 'de'): string {
  return format(locale(language), { dateStyle: 'short', timeStyle: 'short' }).format(asDate(at));
}

/** The time of day in the hotel's zone: `06:23`, or `06:23:43` with seconds. */
export function hotelTime(at: Date | string | number, seconds = false): string {
  return format('de-DE', {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  }).format(asDate(at));
}

function parts(at: Date | string | number): Record<string, string> {
  const all = format('en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(asDate(at));
  return Object.fromEntries(all.map((part) => [part.type, part.value]));
}

/**
 * The hotel's calendar date at `at` (YYYY-MM-DD): a business day, a file name's date.
 * @example hotelDate('2026-03-01T23:30:00Z') === '2026-03-02' // zone Europe/Berlin
 */
export function hotelDate(at: Date | string | number): string {
  const p = parts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The hour of the day (0-23) at `at` on the hotel's clock: a sale's hour on the charts. */
export function hotelHour(at: Date | string | number): number {
  return Number(parts(at).hour);
}

/** The zone's offset from UTC at `at`, in minutes (Intl's `longOffset`, e.g. GMT+01:00 -> 60). */
function offsetMinutes(at: Date | string | number): number {
  const name = format('en-GB', { timeZoneName: 'longOffset' })
    .formatToParts(asDate(at))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The instant the hotel's day `date` (YYYY-MM-DD) begins: a day filter's bound.
 * @example hotelDayStart('2026-03-02').toISOString() === '2026-03-01T23:00:00.000Z' // zone Europe/Berlin
 */
export function hotelDayStart(date: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const first = midnightUtc - offsetMinutes(midnightUtc) * 60_000;
  return new Date(midnightUtc - offsetMinutes(first) * 60_000);
}

/**
 * The hotel's local date and time to the second with its UTC offset, as the DSFinV-K export takes it.
 * @example hotelIsoTime('2026-03-01T05:23:43.120Z') === '2026-03-01T06:23:43+01:00' // zone Europe/Berlin
 */
export function hotelIsoTime(at: Date | string | number): string {
  const p = parts(at);
  const minutes = offsetMinutes(at);
  const abs = Math.abs(minutes);
  const hhmm = `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${hhmm}`;
}
