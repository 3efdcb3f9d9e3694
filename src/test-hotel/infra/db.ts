// The test hotel's SQLite database: opening it (WAL, foreign keys) and its schema, applied as
// numbered migrations tracked in `PRAGMA user_version`. A migration only ever adds: new tables,
// new columns with defaults. Money columns hold integer cents; dates are TEXT `YYYY-MM-DD`;
// timestamps TEXT ISO 8601 with offset. `statement()` caches prepared statements per database.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type HotelDb = Database.Database;

const MIGRATIONS: readonly string[] = [
  // 1: everything the till's endpoints need
  `
  CREATE TABLE tax_classes (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    rate_basis_points INTEGER NOT NULL            -- 1900 = 19 %
  );
  CREATE TABLE booking_accounts (
    id INTEGER PRIMARY KEY,
    number TEXT NOT NULL,
    name TEXT NOT NULL,
    tax_class_id INTEGER REFERENCES tax_classes(id)
  );
  CREATE TABLE commodity_groups (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    parent_id INTEGER REFERENCES commodity_groups(id)
  );
  CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    number TEXT NOT NULL DEFAULT '',
    ean TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    price_cents INTEGER NOT NULL,
    commodity_group_id INTEGER NOT NULL REFERENCES commodity_groups(id),
    tax_class_id INTEGER NOT NULL REFERENCES tax_classes(id),
    open_price INTEGER NOT NULL DEFAULT 0,
    bookable_via_api INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX products_number ON products(number) WHERE number <> '';
  CREATE TABLE rates (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    is_adds INTEGER NOT NULL DEFAULT 0,
    promo_code TEXT NOT NULL DEFAULT '',
    blocked_for_api INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE rate_optional_products (
    rate_id INTEGER NOT NULL REFERENCES rates(id),
    product_id INTEGER NOT NULL REFERENCES products(id),
    PRIMARY KEY (rate_id, product_id)
  );
  CREATE TABLE room_categories (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    max_persons INTEGER NOT NULL
  );
  CREATE TABLE rooms (
    id INTEGER PRIMARY KEY,
    number TEXT NOT NULL UNIQUE,
    category_id INTEGER NOT NULL REFERENCES room_categories(id),
    clean INTEGER NOT NULL DEFAULT 1
  );
  CREATE TABLE contacts (
    id INTEGER PRIMARY KEY,
    type TEXT NOT NULL DEFAULT 'PERSON',
    title TEXT NOT NULL DEFAULT '',
    firstname TEXT NOT NULL DEFAULT '',
    lastname TEXT NOT NULL DEFAULT '',
    company_name TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    street TEXT NOT NULL DEFAULT '',
    zip TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT '',
    gender TEXT NOT NULL DEFAULT '',
    language TEXT NOT NULL DEFAULT '',
    marketing_consent INTEGER NOT NULL DEFAULT 0,
    smart_check TEXT NOT NULL DEFAULT ''
  );
  CREATE TABLE main_reservations (
    id INTEGER PRIMARY KEY,
    reservation_number TEXT NOT NULL UNIQUE,
    recipient_contact_id INTEGER REFERENCES contacts(id),
    duty_of_payment_at_kiosk INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    last_modified TEXT NOT NULL
  );
  CREATE TABLE room_reservations (
    id INTEGER PRIMARY KEY,
    main_reservation_id INTEGER NOT NULL REFERENCES main_reservations(id),
    status TEXT NOT NULL,
    type TEXT NOT NULL DEFAULT 'ROOM',
    self_pay TEXT NOT NULL DEFAULT 'NO',
    start_date TEXT NOT NULL,
    end_date TEXT NOT NULL,
    arrival_time TEXT NOT NULL DEFAULT '',
    departure_time TEXT NOT NULL DEFAULT '',
    room_id INTEGER REFERENCES rooms(id),
    category_id INTEGER NOT NULL REFERENCES room_categories(id),
    rate_id INTEGER REFERENCES rates(id),
    guest_id INTEGER NOT NULL REFERENCES contacts(id),
    company_id INTEGER REFERENCES contacts(id),
    person_count INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    last_modified TEXT NOT NULL
  );
  CREATE INDEX room_reservations_dates ON room_reservations(start_date, end_date);
  CREATE TABLE invoice_templates (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
  CREATE TABLE payment_methods (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
  CREATE TABLE invoices (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('room', 'cashregister')),
    room_reservation_id INTEGER REFERENCES room_reservations(id),
    recipient_name TEXT NOT NULL DEFAULT '',
    reference TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    template_id INTEGER REFERENCES invoice_templates(id),
    payment_method_id INTEGER REFERENCES payment_methods(id),
    send_invoice INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    closed_at TEXT
  );
  CREATE INDEX invoices_reservation ON invoices(room_reservation_id, status);
  CREATE TABLE invoice_items (
    id INTEGER PRIMARY KEY,
    invoice_id INTEGER NOT NULL REFERENCES invoices(id),
    room_reservation_id INTEGER REFERENCES room_reservations(id),
    product_id INTEGER REFERENCES products(id),
    name TEXT NOT NULL,
    original_name TEXT NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    price_cents INTEGER NOT NULL,
    original_price_cents INTEGER NOT NULL,
    tax_class_id INTEGER REFERENCES tax_classes(id),
    guest_id INTEGER REFERENCES contacts(id),
    bookkeeping_date TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX invoice_items_invoice ON invoice_items(invoice_id);
  CREATE INDEX invoice_items_reservation ON invoice_items(room_reservation_id);
  `,
  // 2: who an invoice of a room reservation is made out to. With self_pay ADDITIONAL a stay has two
  // invoices: the room rate for the booking's invoice recipient, extras for the guest.
  `
  ALTER TABLE invoices ADD COLUMN payer TEXT NOT NULL DEFAULT 'recipient' CHECK (payer IN ('recipient', 'guest'));
  `,
  // 3: the rest of the PMS interface: which categories a rate sells, its periods, prices and
  // restrictions per day, price imports, service tasks, notes, key cards, additional guests, an
  // invoice's own recipient (NULL: follows the reservation) and the check-in/out record of a stay.
  `
  ALTER TABLE rates ADD COLUMN active INTEGER NOT NULL DEFAULT 1;
  CREATE TABLE rate_categories (
    rate_id INTEGER NOT NULL REFERENCES rates(id),
    category_id INTEGER NOT NULL REFERENCES room_categories(id),
    PRIMARY KEY (rate_id, category_id)
  );
  CREATE TABLE rate_periods (
    id INTEGER PRIMARY KEY,
    rate_id INTEGER NOT NULL REFERENCES rates(id),
    start_date TEXT NOT NULL,                     -- inclusive
    end_date TEXT NOT NULL                        -- inclusive
  );
  CREATE INDEX rate_periods_rate ON rate_periods(rate_id, start_date);
  CREATE TABLE rate_prices (
    rate_id INTEGER NOT NULL REFERENCES rates(id),
    category_id INTEGER NOT NULL REFERENCES room_categories(id),
    date TEXT NOT NULL,
    person_count INTEGER NOT NULL,
    amount_cents INTEGER NOT NULL,                -- gross, per night
    currency TEXT NOT NULL,
    PRIMARY KEY (rate_id, category_id, date, person_count)
  );
  CREATE TABLE rate_restrictions (
    rate_id INTEGER NOT NULL REFERENCES rates(id),
    date TEXT NOT NULL,
    min_los INTEGER,                              -- NULL: no restriction
    max_los INTEGER,
    closed_to_arrival INTEGER NOT NULL DEFAULT 0,
    closed_to_departure INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (rate_id, date)
  );
  CREATE TABLE price_imports (
    token TEXT PRIMARY KEY,
    rate_id INTEGER NOT NULL REFERENCES rates(id),
    payload TEXT NOT NULL,                        -- the validated entries, JSON
    status TEXT NOT NULL CHECK (status IN ('In progress.', 'Done.')),
    created_at TEXT NOT NULL,
    done_at TEXT
  );
  CREATE TABLE service_tasks (
    id INTEGER PRIMARY KEY,
    main_reservation_id INTEGER NOT NULL REFERENCES main_reservations(id),
    text TEXT NOT NULL,
    done INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  CREATE TABLE reservation_notes (
    id INTEGER PRIMARY KEY,
    main_reservation_id INTEGER NOT NULL REFERENCES main_reservations(id),
    room_reservation_id INTEGER REFERENCES room_reservations(id),  -- NULL: a main-reservation note
    text TEXT NOT NULL,
    housekeeping_report INTEGER NOT NULL DEFAULT 0,
    breakfast_report INTEGER NOT NULL DEFAULT 0,
    automailing INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  CREATE INDEX reservation_notes_main ON reservation_notes(main_reservation_id);
  CREATE TABLE key_cards (
    id INTEGER PRIMARY KEY,
    card_id TEXT NOT NULL,
    room_reservation_id INTEGER NOT NULL REFERENCES room_reservations(id),
    linked_at TEXT NOT NULL,
    UNIQUE (card_id, room_reservation_id)
  );
  CREATE INDEX key_cards_stay ON key_cards(room_reservation_id);
  CREATE TABLE additional_guests (
    room_reservation_id INTEGER NOT NULL REFERENCES room_reservations(id),
    contact_id INTEGER NOT NULL REFERENCES contacts(id),
    added_at TEXT NOT NULL,
    PRIMARY KEY (room_reservation_id, contact_id)
  );
  ALTER TABLE invoices ADD COLUMN recipient_contact_id INTEGER REFERENCES contacts(id);
  ALTER TABLE room_reservations ADD COLUMN guest_registered INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE room_reservations ADD COLUMN checked_in_at TEXT;
  ALTER TABLE room_reservations ADD COLUMN checked_out_at TEXT;
  CREATE INDEX room_reservations_room ON room_reservations(room_id);
  CREATE INDEX room_reservations_main ON room_reservations(main_reservation_id);
  `,
];

/** Opens (creating if needed) the hotel database at `file` (':memory:' for tests) and migrates it. */
export function openHotelDb(file: string): HotelDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL'); // a committed write survives power loss
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

const statementCache = new WeakMap<HotelDb, Map<string, Database.Statement>>();

/** A prepared statement for `sql`, prepared once per database and reused. */
export function statement<P extends unknown[] = unknown[], R = unknown>(
  db: HotelDb,
  sql: string,
): Database.Statement<P, R> {
  let cache = statementCache.get(db);
  if (!cache) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared as unknown as Database.Statement<P, R>;
}

/** Inserts an object as a row (keys are column names) and returns the new row's id. */
export function insertRow(db: HotelDb, table: string, row: Record<string, unknown>): number {
  const columns = Object.keys(row);
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
  return Number(statement(db, sql).run(row).lastInsertRowid);
}

function migrate(db: HotelDb): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

const atomicRunners = new WeakMap<HotelDb, <T>(run: () => T) => T>();

/**
 * Runs `run` as one transaction (a SAVEPOINT inside an open group commit): all of it or, if it
 * throws, none of it. Same as `db.transaction(run)()`, but the transaction wrapper is made once per
 * database instead of once per request.
 */
export function atomic<T>(db: HotelDb, run: () => T): T {
  let runner = atomicRunners.get(db);
  if (!runner) {
    runner = db.transaction((body: () => unknown) => body()) as <U>(run: () => U) => U;
    atomicRunners.set(db, runner);
  }
  return runner(run);
}
