// The hotel's time zone, set once on the admin page and kept in `hub_settings` (key 'time-zone');
// until set, the zone of the hotel's country. Setting it makes it the zone of the server's clock
// (clock/hotel-clock.ts) at once; an unknown zone is refused naming the field.
import { isTimeZone, useHotelTimeZone } from '../clock/hotel-clock.ts';
import type { HubDb } from './hub-db.ts';

const KEY = 'time-zone';

export class TimeZoneError extends Error {
  readonly field = 'timeZone';
  constructor(message: string) {
    super(message);
    this.name = 'TimeZoneError';
  }
}

/** `defaultZone`: the zone of the hotel's country (hotel-clock.ts zoneOfCountry). */
export function createHotelZone(db: HubDb, defaultZone: string) {
  const stored = () =>
    (db.prepare('SELECT value FROM hub_settings WHERE key = ?').get(KEY) as { value: string } | undefined)
      ?.value;
  const current = () => {
    const value = stored();
    return value && isTimeZone(value) ? value : defaultZone;
  };
  useHotelTimeZone(current());
  return {
    /** The hotel's zone: the one set, else its country's. */
    get: current,
    /** Whether the admin page set it (else it follows the country). */
    isSet: () => stored() !== undefined,
    /** Sets the hotel's zone; throws a TimeZoneError on an unknown one. */
    set(zone: unknown): string {
      const name = typeof zone === 'string' ? zone.trim() : '';
      if (!isTimeZone(name)) throw new TimeZoneError(`"${String(zone).slice(0, 60)}" is not a time zone`);
      db.prepare(
        `INSERT INTO hub_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ).run(KEY, name);
      useHotelTimeZone(name);
      return name;
    },
  };
}
