// The server's catalogue and the pricing of a record's lines (src/server/catalogue/): versions kept
// once per change and found by number or time; a line's catalogue price, VAT rate, tax class and
// group are the version's, whatever the tablet wrote, checked against a reckoning made from the
// generated catalogue itself (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerLine, LedgerRecord } from '../../../src/pms/ledger-wire.ts';
import type { Product } from '../../../src/pms/wire.ts';
import { createCatalogue, priceRecord } from '../../../src/server/catalogue/index.ts';
import { openHubDb } from '../../../src/server/hub/hub-db.ts';
import { saleBody } from '../ledger/ledger-support.ts';

const envelope = (data: unknown) => ({ success: true, data });
/** A product as the PMS's JSON has it, priced `price` cents. */
const product = (id: number, price: number, taxClass: number | null, openPrice = false): Product =>
  ({
    id,
    number: `P-${id}`,
    ean: '',
    name: `Product ${id}`,
    price: price / 100, // the PMS's price is a decimal amount

    commodity_group_id: id % 3,
    commodity_group_name: `Group ${id % 3}`,
    tax_class_id: taxClass,
    open_price: openPrice,
    bookable_via_api: true,
  }) as Product;

/** A catalogue over a PMS that answers `products` and `taxClasses` (percent rates), read when asked. */
function catalogueOver(
  state: { products: Product[]; taxClasses: { id: number; rate: number }[] },
  clock = { ms: 0 },
) {
  return createCatalogue({
    db: openHubDb(':memory:'),
    now: () => new Date(Date.UTC(2026, 10, 22) + clock.ms),
    read: async (path) =>
      path.includes('products')
        ? { status: 200, json: envelope(state.products) }
        : {
            status: 200,
            json: envelope({
              tax_classes: state.taxClasses.map((t) => ({ ...t, name: `${t.rate} %` })),
              accounts: [],
            }),
          },
  });
}

describe('catalogue versions', () => {
  it('keeps one version per change, finds each by number and by the time it came in force', async () => {
    const clock = { ms: 0 };
    const state = { products: [product(1, 420, 1)], taxClasses: [{ id: 1, rate: 19 }] };
    const catalogue = catalogueOver(state, clock);
    const first = await catalogue.current(true);
    expect((await catalogue.current(true)).version).toBe(first.version);
    clock.ms = 60_000;
    state.products = [product(1, 500, 1)];
    const second = await catalogue.current(true);
    expect(second.version).toBe(first.version + 1);
    clock.ms = 120_000;
    state.products = [product(1, 420, 1)]; // back to the first price: a version of its own, in force from now
    const third = await catalogue.current(true);
    expect(third.version).toBe(second.version + 1);
    expect(catalogue.version(second.version)?.items.get(1)?.priceCents).toBe(500);
    expect(catalogue.inForceAt(new Date(Date.UTC(2026, 10, 22) + 90_000).toISOString())?.version).toBe(
      second.version,
    );
    expect(catalogue.inForceAt('2026-11-21T00:00:00.000Z')).toBeUndefined();
    // A product list the gateway served is a version too, with the rates the server knows.
    const served = await catalogue.served(envelope([product(1, 420, 1), product(2, 300, 1)]));
    expect(served?.items.get(2)).toMatchObject({ priceCents: 300, vatRateBp: 1900 });
    expect(await catalogue.served({ success: true, data: 'no list' })).toBeUndefined();
  });
});

/** A catalogue of 1-12 products with tax classes among 1-4 (class 4 has no known rate), some open-priced. */
const generatedCatalogue = fc.record({
  products: fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 10_000 }),
      price: fc.integer({ min: 0, max: 10_000_000 }),
      taxClass: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      open: fc.boolean(),
    }),
    { minLength: 1, maxLength: 12, selector: (p) => p.id },
  ),
  rates: fc.tuple(
    fc.constantFrom(0, 5.5, 7, 10, 19, 20),
    fc.constantFrom(0, 7, 10, 13),
    fc.constantFrom(0, 19),
  ),
});

/** What the tablet might write in a line's catalogue fields: anything the wire takes. */
const declared = fc.record({
  cataloguePriceCents: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
  vatRateBp: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
  taxClassId: fc.option(fc.integer({ min: 0, max: 99 }), { nil: null }),
  commodityGroupId: fc.option(fc.integer({ min: 0, max: 99 }), { nil: null }),
  commodityGroupName: fc.string({ maxLength: 20 }),
});

describe('pricing a record', () => {
  it('takes every line’s price, rate, class and group from the version the record names, never from the tablet', async () => {
    await fc.assert(
      fc.asyncProperty(
        generatedCatalogue,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 99 }), fc.nat({ max: 100_000 }), declared), {
          minLength: 1,
          maxLength: 8,
        }),
        async ({ products, rates }, picks) => {
          const taxClasses = rates.map((rate, index) => ({ id: index + 1, rate }));
          const state = {
            products: products.map((p) => product(p.id, p.price, p.taxClass, p.open)),
            taxClasses,
          };
          const catalogue = catalogueOver(state);
          const version = await catalogue.current(true);
          const lines: LedgerLine[] = picks.map(([pick, quantity, unitPriceCents, fields]) => ({
            productId: products[pick % products.length]!.id,
            name: 'as the tablet says',
            quantity,
            unitPriceCents,
            ...fields,
          }));
          const record: LedgerRecord = { ...saleBody(lines), catalogueVersion: version.version };
          const priced = await priceRecord(catalogue, record);
          priced.lines.forEach((line, index) => {
            // The reckoning, from the generated catalogue alone.
            const p = products.find((candidate) => candidate.id === line.productId)!;
            const rate = taxClasses.find((t) => t.id === p.taxClass)?.rate;
            expect(line).toEqual({
              ...lines[index],
              cataloguePriceCents: p.open ? null : p.price,
              vatRateBp: rate === undefined ? null : Math.round(rate * 100),
              taxClassId: p.taxClass,
              commodityGroupId: p.id % 3,
              commodityGroupName: `Group ${p.id % 3}`,
            });
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('judges an old record by the version it named after the PMS changed, and a refund by its sale', async () => {
    const state = { products: [product(1, 420, 1)], taxClasses: [{ id: 1, rate: 20 }] };
    const catalogue = catalogueOver(state);
    const old = await catalogue.current(true);
    state.products = [product(1, 990, 1)];
    state.taxClasses = [{ id: 1, rate: 19 }];
    await catalogue.current(true);
    const line = { productId: 1, name: 'Pils', quantity: 1, unitPriceCents: 420 } as LedgerLine;
    const sale = await priceRecord(catalogue, { ...saleBody([line]), catalogueVersion: old.version });
    expect(sale.lines[0]).toMatchObject({ cataloguePriceCents: 420, vatRateBp: 2000 });
    const refund = await priceRecord(
      catalogue,
      saleBody([{ ...line, quantity: -1, vatRateBp: 0 }], { kind: 'refund', refersTo: sale.saleId }),
      sale,
    );
    expect(refund.lines[0]).toMatchObject({ cataloguePriceCents: 420, vatRateBp: 2000 });
  });

  it('refuses a product in no catalogue (422), and says when the PMS cannot be read (503)', async () => {
    const state = { products: [product(1, 420, 1)], taxClasses: [{ id: 1, rate: 20 }] };
    const catalogue = catalogueOver(state);
    const unknown = saleBody([{ productId: 7, name: 'x', quantity: 1, unitPriceCents: 1 } as LedgerLine]);
    await expect(priceRecord(catalogue, unknown)).rejects.toMatchObject({
      status: 422,
      code: 'product_unknown',
    });
    const unread = createCatalogue({
      db: openHubDb(':memory:'),
      now: () => new Date(),
      read: async () => ({ status: 502, json: undefined }),
    });
    await expect(priceRecord(unread, unknown)).rejects.toMatchObject({
      status: 503,
      code: 'catalogue_unavailable',
    });
  });
});
