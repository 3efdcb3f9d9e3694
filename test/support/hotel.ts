// The test-hotel fixture (`hotelTest`): each test gets a hotel on an in-memory database with its
// clock pinned to 2026-11-22 10:00 in Berlin, and its API with a request helper that sends the demo
// keys. Also database snapshots for asserting that a refused request wrote nothing.
import type { Hono } from 'hono';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { Responses } from '../../src/pms/wire.ts';
import { createTestHotel, DEMO_KEYS, type TestHotel } from '../../src/test-hotel/hotel.ts';
import { dropAwareFetch, type FaultInjector } from '../../src/test-hotel/index.ts';
import type { HotelDb } from '../../src/test-hotel/infra/db.ts';
import { createHotelApi } from '../../src/test-hotel/routes/pms-api.ts';
import { tabletApp } from '../server/tablet-app.ts';

export const NOW = new Date('2026-11-22T10:00:00+01:00');
export const TODAY = '2026-11-22';

/** The test hotel at NOW; `region` 'DE' for the German one (German tax classes: 19 % and 7 %). */
export function pinnedHotel(region: 'AT' | 'DE' = 'AT'): TestHotel {
  return createTestHotel({ dbFile: ':memory:', testMode: true, now: () => NOW, region });
}

export interface CallOptions {
  /** 'read' or 'write' for a demo key, a string for any other key, null for none. Default 'write'. */
  key?: 'read' | 'write' | string | null;
  /** JSON-encoded unless `raw` is set. */
  body?: unknown;
  raw?: string;
  contentType?: string;
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  body: any;
}

/** Calls an app in-process and reads the JSON answer. */
export async function call(
  app: Hono,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? 'write' : options.key;
  if (key !== null) headers['x-ibelsa-key'] = key === 'read' || key === 'write' ? DEMO_KEYS[key] : key;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const response = await app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The test hotel's own API and a shortcut to call it. */
export function hotelApi(hotel: TestHotel) {
  const api = createHotelApi(hotel);
  return {
    api,
    get: (path: string, options?: CallOptions) => call(api, 'GET', path, options),
    post: (path: string, body: unknown, options?: CallOptions) =>
      call(api, 'POST', path, { body, ...options }),
  };
}

export type HotelApi = ReturnType<typeof hotelApi>;

/** Books rooms through the test hotel's API (POST /api/set/create/reservation). */
export const createReservation = (api: HotelApi, body: unknown) =>
  api.post('/api/set/create/reservation', body);

/** A room of the suite category (4) on rate 1, for a reservation request. */
export const suiteRoom = (start = '2026-11-23', end = '2026-11-25') => ({
  category_id: 4,
  rate_id: 1,
  start_date: start,
  end_date: end,
});

/** A guest the seed does not know, as a reservation request names one. */
export const NEW_GUEST = {
  firstname: 'Eva',
  lastname: 'Neumann',
  email: 'eva.neumann@example.com',
  country: 'de',
};

/** How many suites are still free on `night`. */
export async function suitesFree(api: HotelApi, night: string): Promise<number> {
  const { body } = await api.get(`/api/get/availabilities/${night}/${night}/1/1`);
  return body.data[0].categories.find((k: { category_id: number }) => k.category_id === 4).available;
}

/** Charges products to a stay (POST /api/set/add/products). */
export const chargeStay = (api: HotelApi, stay: number, products: unknown[], extra: object = {}) =>
  api.post('/api/set/add/products', { room_reservation_id: stay, products, ...extra });

/** The invoice items of a stay, oldest first, with their invoice's status and payer. */
export function itemsOfStay(hotel: TestHotel, stay: number): Record<string, unknown>[] {
  return hotel.db
    .prepare(
      `SELECT ii.*, i.status AS invoice_status, i.payer FROM invoice_items ii JOIN invoices i ON i.id = ii.invoice_id
       WHERE ii.room_reservation_id = ? ORDER BY ii.id`,
    )
    .all(stay) as Record<string, unknown>[];
}

/** Opens a cash-register invoice and answers its id; fails the test unless it opened. */
export async function openCashInvoice(
  api: HotelApi,
  body: unknown = { reference: 'T1-0001' },
): Promise<number> {
  const { status, body: answer } = await api.post('/api/set/create/servicecashregister/invoice', body);
  expect(status).toBe(200);
  return v.parse(Responses.createCashInvoice, answer).data.invoice_id;
}

/** Adds product lines to an invoice (POST /api/set/add/invoice/products). */
export const addInvoiceLines = (api: HotelApi, invoiceId: number, products: unknown[]) =>
  api.post('/api/set/add/invoice/products', { invoice_id: invoiceId, products });

/**
 * A test with a fresh pinned hotel (`hotel`, closed after the test) and its API (`api`).
 * @example hotelTest('charges a room', async ({ hotel, api }) => { await api.post(path, body); });
 */
export const hotelTest = test
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  .extend('hotel', async ({}, { onCleanup }) => {
    const hotel = pinnedHotel();
    onCleanup(() => hotel.close());
    return hotel;
  })
  .extend('api', async ({ hotel }) => hotelApi(hotel));

/**
 * A hotelTest with the till's whole server in front of the hotel (`app`, in-process, paired), and
 * what a tablet does with it (`tablet`): a fetch that rejects like a cut connection, the fault
 * injector, a room charge for the seeded guest Bauer and the count of invoice items.
 * @example tabletHotelTest('drops', async ({ tablet }) => { await expect(tablet.chargeBauer()).rejects.toThrow(); });
 */
export const tabletHotelTest = hotelTest
  // The test hotel's faults as the tablet meets them through the gateway; the ledger's own check of
  // writes (recorded sales only) is tested in test/server/ledger/.
  .extend('app', async ({ hotel }) => tabletApp({ hotel, recordedSalesOnly: false }))
  .extend('tablet', async ({ hotel, app }) => {
    const fetch = dropAwareFetch(app);
    return {
      fetch,
      faults: hotel.faults as FaultInjector,
      /** A room charge as a tablet sends it: no key, the gateway adds it. */
      chargeBauer: () =>
        fetch('/api/set/add/products', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            room_reservation_id: stayOf(hotel.db, 'Bauer'),
            products: [{ id: 1, quantity: 1 }],
          }),
        }),
      items: () => count(hotel.db, 'invoice_items'),
    };
  });

const WRITABLE_TABLES = [
  'invoice_items',
  'invoices',
  'room_reservations',
  'main_reservations',
  'products',
  'commodity_groups',
  'contacts',
  'rooms',
  'rates',
  'rate_prices',
  'rate_periods',
  'rate_restrictions',
  'price_imports',
  'service_tasks',
  'reservation_notes',
  'key_cards',
  'additional_guests',
] as const;

/** The year of prices is compared as one string built by SQLite: quicker than 12,000 row objects. */
const PRICES_DIGEST = `SELECT group_concat(rate_id || ',' || category_id || ',' || date || ',' || person_count
  || ',' || amount_cents || ',' || currency, ';') AS digest FROM (SELECT * FROM rate_prices ORDER BY rowid)`;

/** Every row of every table a request could write, to compare before and after. */
export function snapshot(db: HotelDb): Record<string, unknown[]> {
  return Object.fromEntries(
    WRITABLE_TABLES.map((table) => [
      table,
      table === 'rate_prices'
        ? db.prepare(PRICES_DIGEST).all()
        : db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all(),
    ]),
  );
}

export function count(db: HotelDb, table: string, where = '1 = 1', ...params: unknown[]): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).get(...params) as { n: number }).n;
}

/** The id of the seeded stay whose guest has this last name. */
export function stayOf(db: HotelDb, lastname: string): number {
  const row = db
    .prepare(
      'SELECT rr.id FROM room_reservations rr JOIN contacts g ON g.id = rr.guest_id WHERE g.lastname = ?',
    )
    .get(lastname) as { id: number } | undefined;
  if (!row) throw new Error(`no seeded stay for ${lastname}`);
  return row.id;
}

/** The id of the seeded product with this article number. */
export function productOf(db: HotelDb, number: string): number {
  const row = db.prepare('SELECT id FROM products WHERE number = ?').get(number) as
    | { id: number }
    | undefined;
  if (!row) throw new Error(`no seeded product ${number}`);
  return row.id;
}
