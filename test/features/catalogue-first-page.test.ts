// A till that starts with its catalogue cached: the first page kept at the last refresh shows at once
// (before any IndexedDB read), the whole catalogue follows, and the first page's tiles stay the same
// objects. A search waits for the whole catalogue (ProductPanel.tsx); here the data it reads.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_PAGE_PRODUCTS,
  keepFirstPage,
  readFirstPage,
} from '../../src/features/catalogue/catalogue-first-page.ts';
import type { Product } from '../../src/pms/wire.ts';
import { replaceCatalogue } from '../../src/storage/caches.ts';
import { LOCAL_KEYS } from '../../src/storage/local.ts';
import { stubLocalStorage } from '../support/local-storage.ts';

function product(id: number): Product {
  return {
    id,
    name: `Produkt ${String(id).padStart(3, '0')}`,
    number: `P-${id}`,
    ean: '',
    price: 100 + id,
    commodity_group_id: 1 + (id % 3),
    commodity_group_name: `Gruppe ${1 + (id % 3)}`,
    tax_class_id: 1,
    open_price: false,
    bookable_via_api: true,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the catalogue at start', () => {
  it('shows the kept first page at once, then the whole catalogue with the same tiles', async () => {
    stubLocalStorage();
    const all = Array.from({ length: 200 }, (_, i) => product(i + 1)); // already in display order
    await replaceCatalogue(all, 7);
    const groups = [1, 2, 3].map((id) => ({ id, name: `Gruppe ${id}`, productCount: 0 }));
    const paymentOptions = { invoice_templates: [], payment_methods: [] };
    keepFirstPage({ refreshedAt: 7, products: all, groups, taxClasses: [], paymentOptions });
    expect(readFirstPage()!.products).toHaveLength(FIRST_PAGE_PRODUCTS);

    const { catalogue, loadCatalogue } = await import('../../src/features/catalogue/catalogue.ts');
    const loaded = loadCatalogue();
    expect(catalogue().status).toBe('first-page');
    expect(catalogue().index.products.map((p) => p.id)).toEqual(
      all.slice(0, FIRST_PAGE_PRODUCTS).map((p) => p.id),
    );
    expect(catalogue().groups.map((g) => g.id)).toEqual([1, 2, 3]);
    const firstTile = catalogue().index.products[0];

    await loaded;
    expect(catalogue().status).toBe('ready');
    expect(catalogue().index.products).toHaveLength(200);
    expect(catalogue().index.products[0]).toBe(firstTile);
  });

  it('reads nothing but a well-formed first page', () => {
    const saved = stubLocalStorage();
    saved.set(LOCAL_KEYS.firstScreen, JSON.stringify({ refreshedAt: 1, products: 'none' }));
    expect(readFirstPage()).toBeUndefined();
    saved.set(LOCAL_KEYS.firstScreen, 'not json');
    expect(readFirstPage()).toBeUndefined();
  });
});
