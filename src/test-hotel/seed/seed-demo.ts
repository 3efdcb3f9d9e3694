// Writes the demo hotel into an empty (or wiped) database: the catalogue from seed-catalogue.ts
// here, the rates' categories, periods, prices and restrictions through seed-rates.ts, the guests
// and stays through seed-stays.ts, placed around the hotel's today. Deterministic:
// the same today and time zone always give the same rows and ids (no randomness, no wall clock),
// and it all happens in one transaction, so a reset either fully replaces the data or changes nothing.
import { addDays, zonedTimestamp } from '../infra/clock.ts';
import { type HotelDb, insertRow } from '../infra/db.ts';
import type { DemoRegion } from '../model/hotel-profile.ts';
import {
  BOOKING_ACCOUNTS,
  COMMODITY_GROUPS,
  GERMAN_BOOKING_ACCOUNTS,
  GERMAN_TAX_CLASSES,
  INVOICE_TEMPLATES,
  PAYMENT_METHODS,
  PRODUCTS,
  productId,
  RATES,
  ROOM_CATEGORIES,
  ROOMS,
  TAX_CLASSES,
} from './seed-catalogue.ts';
import { seedRates } from './seed-rates.ts';
import { seedStays } from './seed-stays.ts';

/** Tables in an order that deletes children before parents. */
const TABLES = [
  'price_imports',
  'rate_restrictions',
  'rate_prices',
  'rate_periods',
  'rate_categories',
  'additional_guests',
  'key_cards',
  'reservation_notes',
  'service_tasks',
  'invoice_items',
  'invoices',
  'room_reservations',
  'main_reservations',
  'contacts',
  'rate_optional_products',
  'rates',
  'rooms',
  'room_categories',
  'products',
  'commodity_groups',
  'booking_accounts',
  'tax_classes',
  'invoice_templates',
  'payment_methods',
] as const;

/** True when the database holds no hotel yet. */
export function isEmpty(db: HotelDb): boolean {
  return (db.prepare('SELECT COUNT(*) AS n FROM rooms').get() as { n: number }).n === 0;
}

/** Wipes every table and writes the demo hotel for `today` (YYYY-MM-DD in `timeZone`); the German
 * one (region DE) has German tax classes and revenue accounts, the rest is the same. */
export function seedDemoData(db: HotelDb, today: string, timeZone: string, region: DemoRegion = 'AT'): void {
  db.transaction(() => {
    const floor = highestInvoiceIds(db);
    for (const table of TABLES) db.prepare(`DELETE FROM ${table}`).run();
    seedCatalogue(db, zonedTimestamp(addDays(today, -400), '09:00:00', timeZone), region);
    seedRates(db, today);
    // A reset never hands out an invoice or item id twice: the till server keeps which sale each
    // invoice it saw opened belongs to (issue 34). Rows at the old highest ids hold the seeded
    // ones above them while seeding, then go; every later id follows the seeded ones.
    const held = holdIdsAbove(db, floor);
    seedStays(db, today, timeZone);
    held();
  })();
}

function highestInvoiceIds(db: HotelDb): { invoices: number; items: number } {
  const highest = (table: string) =>
    db.prepare(`SELECT COALESCE(MAX(id), 0) FROM ${table}`).pluck().get() as number;
  return { invoices: highest('invoices'), items: highest('invoice_items') };
}

/** Placeholder rows at `floor`'s ids, so rows inserted next get higher ones; answers their removal. */
function holdIdsAbove(db: HotelDb, floor: { invoices: number; items: number }): () => void {
  if (floor.invoices === 0) return () => undefined;
  db.prepare(
    "INSERT INTO invoices (id, kind, recipient_name, reference, created_at) VALUES (?, 'cashregister', '', 'reset', '')",
  ).run(floor.invoices);
  if (floor.items > 0) {
    db.prepare(
      `INSERT INTO invoice_items (id, invoice_id, name, original_name, quantity, price_cents, original_price_cents,
         bookkeeping_date, created_at) VALUES (?, ?, 'reset', 'reset', 1, 0, 0, '', '')`,
    ).run(floor.items, floor.invoices);
  }
  return () => {
    db.prepare('DELETE FROM invoice_items WHERE id = ?').run(floor.items);
    db.prepare('DELETE FROM invoices WHERE id = ?').run(floor.invoices);
  };
}

function seedCatalogue(db: HotelDb, createdAt: string, region: DemoRegion): void {
  for (const t of region === 'DE' ? GERMAN_TAX_CLASSES : TAX_CLASSES) {
    insertRow(db, 'tax_classes', { id: t.id, name: t.name, rate_basis_points: t.basisPoints });
  }
  for (const a of region === 'DE' ? GERMAN_BOOKING_ACCOUNTS : BOOKING_ACCOUNTS) {
    insertRow(db, 'booking_accounts', {
      id: a.id,
      number: a.number,
      name: a.name,
      tax_class_id: a.taxClassId,
    });
  }
  for (const g of COMMODITY_GROUPS) insertRow(db, 'commodity_groups', { id: g.id, name: g.name });
  for (const p of PRODUCTS) {
    insertRow(db, 'products', {
      id: p.id,
      number: p.number,
      ean: p.ean,
      name: p.name,
      price_cents: p.cents,
      commodity_group_id: p.group,
      tax_class_id: p.tax,
      open_price: p.openPrice ? 1 : 0,
      bookable_via_api: p.api ? 1 : 0,
      created_at: createdAt,
    });
  }
  for (const r of RATES) {
    insertRow(db, 'rates', {
      id: r.id,
      name: r.name,
      description: r.description,
      blocked_for_api: r.blocked ? 1 : 0,
    });
    for (const number of r.optional) {
      insertRow(db, 'rate_optional_products', { rate_id: r.id, product_id: productId(number) });
    }
  }
  for (const t of INVOICE_TEMPLATES) insertRow(db, 'invoice_templates', { id: t.id, name: t.name });
  for (const m of PAYMENT_METHODS) insertRow(db, 'payment_methods', { id: m.id, name: m.name });
  for (const c of ROOM_CATEGORIES) {
    insertRow(db, 'room_categories', { id: c.id, code: c.code, name: c.name, max_persons: c.maxPersons });
  }
  for (const r of ROOMS) {
    insertRow(db, 'rooms', { id: r.id, number: r.number, category_id: r.categoryId, clean: r.clean ? 1 : 0 });
  }
}
