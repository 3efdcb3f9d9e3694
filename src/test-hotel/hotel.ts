// The embedded test hotel: its SQLite database, its clock and time zone (everything asking "what
// day is it at the hotel" goes through today(), so pinned tests get the same data every run), the
// demo seed, the fault injector (test mode only), and the price-import queue, group commit and read
// cache of its connection, stopped and flushed when it closes.
import { assertTimeZone, calendarDate, isoTimestamp } from './infra/clock.ts';
import { type HotelDb, openHotelDb } from './infra/db.ts';
import { FaultInjector } from './infra/faults.ts';
import { GroupCommit } from './infra/group-commit.ts';
import { ReadCache } from './infra/read-cache.ts';
import { type DemoRegion, HOTEL_PROFILES, type HotelProfile } from './model/hotel-profile.ts';
import { createPriceImports, type PriceImports } from './model/price-imports.ts';
import { isEmpty, seedDemoData } from './seed/seed-demo.ts';

/** The API keys (x-ibelsa-key) of `/pms/api`: the read key may only read, the write key may do all. */
export interface HotelKeys {
  read: string;
  write: string;
}

/** The fixed keys of tests and benchmarks; `npm start` makes random ones (main.ts). */
export const DEMO_KEYS: HotelKeys = { read: 'demo-read-key', write: 'demo-write-key' };

export interface TestHotel {
  db: HotelDb;
  /** The keys `/pms/api` accepts; the gateway uses the write key. */
  keys: HotelKeys;
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
  /** Shared durable commits of concurrent write requests (group-commit.ts). */
  commits: GroupCommit;
  /** JSON text of hot read answers, kept until the database changes (read-cache.ts). */
  reads: ReadCache;
  /** Asynchronous price imports: accepted at once, applied a moment later. */
  priceImports: PriceImports;
  /** Resolves once every queued price import has been applied (tests, tools). */
  settleImports(): Promise<void>;
  /** Wipes everything and writes the demo hotel for today(). */
  reset(): void;
  /** Name, address and currency of the demo hotel (hotel-profile.ts). */
  profile: HotelProfile;
  /** Throws when the database cannot be read (the server's `/readyz`). */
  checkReadable(): void;
  close(): void;
}

export interface TestHotelOptions {
  /** SQLite file; ':memory:' for tests. */
  dbFile: string;
  /** Enables the fault injector (and with it the `/__test` routes, index.ts). */
  testMode: boolean;
  /** Default DEMO_KEYS. */
  keys?: HotelKeys;
  now?: () => Date;
  /** Wipe and reseed even when the database has data (`npm run reset-demo`). */
  reset?: boolean;
  timeZone?: string;
  /** How long an accepted price import stays 'In progress.' before it runs. Default 200 ms. */
  importDelayMs?: number;
  /** Which demo hotel a fresh database gets: AT (default) or DE (German address and VAT). */
  region?: DemoRegion;
}

export function createTestHotel(options: TestHotelOptions): TestHotel {
  const timeZone = options.timeZone ?? 'Europe/Berlin';
  assertTimeZone(timeZone);
  const baseClock = options.now ?? (() => new Date());
  let clock = baseClock;
  const db = openHotelDb(options.dbFile);
  const timestamp = () => isoTimestamp(clock(), timeZone);
  const commits = new GroupCommit(db);
  const priceImports = createPriceImports(db, { delayMs: options.importDelayMs ?? 200, timestamp });
  const hotel: TestHotel = {
    db,
    keys: options.keys ?? DEMO_KEYS,
    faults: options.testMode ? new FaultInjector() : null,
    timeZone,
    now: () => clock(),
    today: () => calendarDate(clock(), timeZone),
    timestamp,
    setClock: (now) => {
      clock = now ?? baseClock;
    },
    commits,
    reads: new ReadCache(db),
    priceImports,
    settleImports: () => priceImports.settle(),
    reset: () => seedDemoData(db, hotel.today(), timeZone, options.region ?? 'AT'),
    profile: HOTEL_PROFILES[options.region ?? 'AT'],
    checkReadable: () => void db.prepare('SELECT count(*) FROM payment_methods').get(),
    close: () => {
      priceImports.stop();
      commits.flush();
      db.close();
    },
  };
  if (options.reset || isEmpty(db)) hotel.reset();
  return hotel;
}
