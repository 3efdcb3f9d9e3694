// Grows the test hotel's catalogue to a given number of bookable products, straight in its SQLite
// database (as a big hotel's PMS would hold them), so the till's own catalogue refresh fetches and
// caches them. Names are varied and realistic enough for search: German and English words with
// umlauts and ß, sizes, article numbers and some EANs.
import type { HotelDb } from '../../src/test-hotel/index.ts';

// biome-ignore format: word lists read better packed
const KINDS = [
  'Weißbier', 'Pils', 'Helles', 'Radler', 'Grauburgunder', 'Riesling', 'Sekt', 'Spritz', 'Gin Tonic',
  'Espresso', 'Cappuccino', 'Tee', 'Käsespätzle', 'Schnitzel', 'Strudel', 'Brezel', 'Müsli', 'Saft',
  'Limonade', 'Wasser', 'Massage', 'Sauna', 'Parkplatz', 'Wäscheservice', 'Frühstück', 'Torte',
];
// biome-ignore format: word lists read better packed
const STYLES = [
  'Alpen', 'Haus', 'Bio', 'Classic', 'Premium', 'Hausgemacht', 'Tiroler', 'Bayerisch', 'Süß', 'Herb',
  'Groß', 'Klein', 'Spezial', 'Saison', 'Kinder', 'Vegan', 'Dunkel', 'Hell', 'Grün', 'Rot',
];
// biome-ignore format: word lists read better packed
const SIZES = ['0,2 l', '0,3 l', '0,33 l', '0,4 l', '0,5 l', '1 l', 'Portion', 'Stück', '30 min', '60 min'];

/** Bookable products the till would fetch (the PMS's `products/available`). */
export function countBookable(db: HotelDb): number {
  const row = db.prepare('SELECT COUNT(*) AS n FROM products WHERE bookable_via_api = 1').get() as {
    n: number;
  };
  return row.n;
}

/** Adds bookable products until there are `total`; answers how many it added. */
export function seedProducts(db: HotelDb, total: number): number {
  const missing = total - countBookable(db);
  if (missing <= 0) return 0;
  const first =
    (db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM products').get() as { id: number }).id + 1;
  const insert = db.prepare(
    `INSERT INTO products (id, number, ean, name, price_cents, commodity_group_id, tax_class_id, open_price,
       bookable_via_api, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 1, ?)`,
  );
  const createdAt = new Date(0).toISOString();
  db.transaction(() => {
    for (let i = 0; i < missing; i++) {
      const id = first + i;
      const kind = KINDS[id % KINDS.length]!;
      const style = STYLES[Math.floor(id / KINDS.length) % STYLES.length]!;
      const size = SIZES[Math.floor(id / 7) % SIZES.length]!;
      const ean = id % 3 === 0 ? `40${String(id).padStart(11, '0')}` : '';
      const group = 1 + (id % 5);
      insert.run(
        id,
        `Z-${id}`,
        ean,
        `${style} ${kind} ${size}`,
        150 + ((id * 37) % 4000),
        group,
        1 + (id % 2),
        createdAt,
      );
    }
  })();
  return missing;
}
