// The embedded test hotel: its SQLite database, its clock and time zone, and (in test mode only)
// the fault injector. It seeds the demo hotel into an empty database, or wipes and reseeds on
// `reset`. Everything that asks "what day is it at the hotel" goes through today(), so tests that
// pin the clock get the same demo data and the same bookkeeping dates every run.
import { assertTimeZone, calendarDate, isoTimestamp } from './clock.ts';
import { type HotelDb, openHotelDb } from './db.ts';
import { FaultInjector } from './faults.ts';
import { isEmpty, seedDemoData } from './seed.ts';

/** The demo hotel's API keys (x-ibelsa-key): the read key may only read, the write key may do all. */
export const DEMO_KEYS = { read: 'demo-read-key', write: 'demo-write-key' } as const;

export interface TestHotel {
  db: HotelDb;
  /** Non-null only in test mode. */
  faults: FaultInjector | null;
  /** IANA zone of the hotel, e.g. Europe/Berlin. */
  timeZone: string;
  now(): Date;
  /** YYYY-MM-DD in the hotel's time zone. */
  today(): string;
  /** now() as ISO 8601 with the zone's offset, e.g. 2026-11-22T10:00:00+01:00. */
  timestamp(): string;
  /** Pins the clock (tests, `POST /__test/clock`); null returns to the clock given at creation. */
  setClock(now: (() => Date) | null): void;
  /** Wipes everything and writes the demo hotel for today(). */
  reset(): void;
  close(): void;
}

export interface TestHotelOptions {
  /** SQLite file; ':memory:' for tests. */
  dbFile: string;
  /** Enables the fault injector (and with it app.ts's `/__test` routes). */
  testMode: boolean;
  now?: () => Date;
  /** Wipe and reseed even when the database has data (`npm run reset-demo`). */
  reset?: boolean;
  timeZone?: string;
}

export function createTestHotel(options: TestHotelOptions): TestHotel {
  const timeZone = options.timeZone ?? 'Europe/Berlin';
  assertTimeZone(timeZone);
  const baseClock = options.now ?? (() => new Date());
  let clock = baseClock;
  const db = openHotelDb(options.dbFile);
  const hotel: TestHotel = {
    db,
    faults: options.testMode ? new FaultInjector() : null,
    timeZone,
    now: () => clock(),
    today: () => calendarDate(clock(), timeZone),
    timestamp: () => isoTimestamp(clock(), timeZone),
    setClock: (now) => {
      clock = now ?? baseClock;
    },
    reset: () => seedDemoData(db, hotel.today(), timeZone),
    close: () => db.close(),
  };
  if (options.reset || isEmpty(db)) hotel.reset();
  return hotel;
}
