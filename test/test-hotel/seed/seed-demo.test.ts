// The demo hotel's seed: a believable hotel placed around today, the same rows for the same day,
// and `npm run reset-demo` (createTestHotel with reset) putting it back after changes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHotel, type TestHotel } from '../../../src/test-hotel/hotel.ts';
import { addMonths, isoTimestamp, zonedTimestamp } from '../../../src/test-hotel/infra/clock.ts';
import { count, hotelApi, NOW, pinnedHotel, snapshot, stayOf, TODAY } from '../../support/hotel.ts';

const hotels: TestHotel[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const hotel of hotels.splice(0)) hotel.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function track(hotel: TestHotel): TestHotel {
  hotels.push(hotel);
  return hotel;
}

function everything(hotel: TestHotel) {
  const tables = hotel.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all();
  return Object.fromEntries(
    (tables as string[]).map((table) => [
      table,
      hotel.db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all(),
    ]),
  );
}

describe('the seeded demo hotel', () => {
  it('has 40 rooms in 4 categories, some of them dirty', () => {
    const { db } = track(pinnedHotel());
    expect(count(db, 'rooms')).toBe(40);
    expect(count(db, 'room_categories')).toBe(4);
    expect(count(db, 'rooms', 'clean = 0')).toBeGreaterThan(0);
    expect(count(db, 'rooms', 'clean = 1')).toBeGreaterThan(30);
  });

  it('has about 25 stays around today in every state the till meets', () => {
    const { db } = track(pinnedHotel());
    expect(count(db, 'room_reservations')).toBe(25);
    expect(
      count(
        db,
        'room_reservations',
        "status = 'CHECKED_IN' AND start_date <= ? AND end_date > ?",
        TODAY,
        TODAY,
      ),
    ).toBeGreaterThanOrEqual(8);
    expect(
      count(db, 'room_reservations', "status = 'BOOKED' AND start_date = ?", TODAY),
    ).toBeGreaterThanOrEqual(3);
    expect(count(db, 'room_reservations', 'end_date = ?', TODAY)).toBeGreaterThanOrEqual(3);
    expect(
      count(db, 'room_reservations', "status = 'CHECKED_OUT' AND end_date < ?", TODAY),
    ).toBeGreaterThanOrEqual(2);
    expect(count(db, 'room_reservations', "status = 'NO_SHOW'")).toBe(1);
    expect(count(db, 'room_reservations', "status = 'CANCELLED'")).toBe(1);
    expect(count(db, 'room_reservations', "self_pay = 'ADDITIONAL'")).toBe(1);
    const groups = db
      .prepare(
        'SELECT main_reservation_id, COUNT(*) AS rooms FROM room_reservations GROUP BY 1 HAVING rooms > 1',
      )
      .all();
    expect(groups).toEqual([{ main_reservation_id: expect.any(Number), rooms: 3 }]);
  });

  it('has German, Austrian and international guests', () => {
    const { db } = track(pinnedHotel());
    const countries = db.prepare("SELECT DISTINCT country FROM contacts WHERE type = 'PERSON'").pluck().all();
    expect(countries).toEqual(expect.arrayContaining(['DE', 'AT', 'GB', 'IT', 'FR', 'US']));
  });

  it('has about 60 products in commodity groups, a few of them hidden from the interface', () => {
    const { db } = track(pinnedHotel());
    expect(count(db, 'products')).toBeGreaterThanOrEqual(55);
    expect(count(db, 'products', 'bookable_via_api = 0')).toBeGreaterThanOrEqual(3);
    expect(count(db, 'products', "ean <> ''")).toBeGreaterThanOrEqual(10);
    expect(
      count(db, 'products', 'open_price = 1 AND bookable_via_api = 1 AND name LIKE ?', '%Ladestation%'),
    ).toBe(1);
    const groups = db.prepare('SELECT name FROM commodity_groups').pluck().all();
    expect(groups).toEqual(expect.arrayContaining(['Bar', 'Minibar', 'Küche / Kitchen', 'Spa', 'Service']));
    const taxRates = db.prepare('SELECT rate_basis_points FROM tax_classes ORDER BY 1').pluck().all();
    expect(taxRates).toEqual([0, 1000, 1300, 2000]); // Austrian rates: the hotel is in Innsbruck
  });

  it('gives every EAN a correct check digit', () => {
    const { db } = track(pinnedHotel());
    for (const ean of db.prepare("SELECT ean FROM products WHERE ean <> ''").pluck().all() as string[]) {
      const digits = [...ean].map(Number);
      const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
      expect((10 - (sum % 10)) % 10, ean).toBe(digits[12]);
    }
  });

  it('has 3 invoice templates, 4 payment methods and a rate blocked for the interface', () => {
    const { db } = track(pinnedHotel());
    expect(count(db, 'invoice_templates')).toBe(3);
    expect(count(db, 'payment_methods')).toBe(4);
    expect(count(db, 'rates', 'blocked_for_api = 1')).toBe(1);
  });

  it('bills past nights on open invoices of in-house guests and closed ones of departed guests', () => {
    const { db } = track(pinnedHotel());
    const bauer = stayOf(db, 'Bauer');
    const nights = db
      .prepare(
        `SELECT ii.bookkeeping_date FROM invoice_items ii JOIN invoices i ON i.id = ii.invoice_id
         WHERE ii.room_reservation_id = ? AND ii.name LIKE 'Logis%' AND i.status = 'open' ORDER BY 1`,
      )
      .pluck()
      .all(bauer);
    expect(nights).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
    expect(
      count(db, 'invoices', "room_reservation_id = ? AND status = 'open'", stayOf(db, 'Schneider')),
    ).toBe(0);
  });

  it('writes timestamps in the hotel time zone with its offset', async () => {
    const hotel = track(pinnedHotel());
    const { get } = hotelApi(hotel);
    const { body } = await get(`/api/get/single_id/roomreservations/${stayOf(hotel.db, 'Bauer')}`);
    expect(body.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);
    expect(hotel.timestamp()).toBe('2026-11-22T10:00:00+01:00');
    expect(isoTimestamp(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe('2026-07-01T14:00:00+02:00');
    expect(zonedTimestamp('2026-03-29', '03:30:00', 'Europe/Berlin')).toBe('2026-03-29T03:30:00+02:00');
    expect(isoTimestamp(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01T00:00:00+00:00');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });

  it("takes today from the hotel's time zone, not UTC", () => {
    const lateEvening = new Date('2026-11-22T23:30:00Z'); // already the 23rd in Berlin
    const hotel = track(createTestHotel({ dbFile: ':memory:', testMode: false, now: () => lateEvening }));
    expect(hotel.today()).toBe('2026-11-23');
    expect(hotel.faults).toBeNull();
  });
});

describe('seeding', () => {
  it('writes exactly the same rows for the same day', () => {
    const first = track(pinnedHotel());
    const laterSameDay = new Date(NOW.getTime() + 6 * 3600_000);
    const second = track(createTestHotel({ dbFile: ':memory:', testMode: true, now: () => laterSameDay }));
    expect(everything(second)).toEqual(everything(first));
  });

  it('moves the stays along with the day', () => {
    const nextDay = new Date(NOW.getTime() + 24 * 3600_000);
    const hotel = track(createTestHotel({ dbFile: ':memory:', testMode: true, now: () => nextDay }));
    const start = hotel.db
      .prepare('SELECT start_date FROM room_reservations WHERE id = ?')
      .pluck()
      .get(stayOf(hotel.db, 'Bauer'));
    expect(start).toBe('2026-11-20');
  });

  it('keeps the data of an existing database when reopened, and restores the demo data with reset', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hotel-seed-'));
    dirs.push(dir);
    const dbFile = join(dir, 'hotel.sqlite');
    const first = createTestHotel({ dbFile, testMode: false, now: () => NOW });
    const seeded = snapshot(first.db);
    first.db.prepare("UPDATE products SET name = 'Changed' WHERE id = 1").run();
    first.db.prepare('DELETE FROM invoice_items WHERE id = 1').run();
    first.close();

    const reopened = createTestHotel({ dbFile, testMode: false, now: () => NOW });
    expect(reopened.db.prepare('SELECT name FROM products WHERE id = 1').pluck().get()).toBe('Changed');
    reopened.close();

    const reset = track(createTestHotel({ dbFile, testMode: false, now: () => NOW, reset: true }));
    // The same data, its invoices and items numbered on above every id handed out before: the till
    // server keeps which sale an invoice belongs to, so a reset must not give an id out twice.
    expect(renumbered(snapshot(reset.db))).toEqual(renumbered(seeded));
    const lowest = (table: string) =>
      reset.db.prepare(`SELECT MIN(id) FROM ${table}`).pluck().get() as number;
    expect(lowest('invoices')).toBeGreaterThan(
      Math.max(...seeded.invoices!.map((row) => (row as { id: number }).id)),
    );
    expect(lowest('invoice_items')).toBeGreaterThan(
      Math.max(...seeded.invoice_items!.map((row) => (row as { id: number }).id)),
    );
  });

  /** A snapshot with invoice and item ids replaced by their order, and items pointing at that. */
  function renumbered(tables: Record<string, unknown[]>): Record<string, unknown[]> {
    type Row = { id: number; invoice_id?: number };
    const invoiceRank = new Map((tables.invoices as Row[]).map((row, index) => [row.id, index]));
    return {
      ...tables,
      invoices: (tables.invoices as Row[]).map((row) => ({ ...row, id: invoiceRank.get(row.id) })),
      invoice_items: (tables.invoice_items as Row[]).map((row, index) => ({
        ...row,
        id: index,
        invoice_id: invoiceRank.get(row.invoice_id!),
      })),
    };
  }
});
