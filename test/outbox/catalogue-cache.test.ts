// The offline catalogue: the till reads it back at start as one value in display order (fast with
// thousands of products), keeps that value in step when a product is added, and falls back to the
// rows when the value was left behind by an older version of the app, which writes rows only.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readCatalogue, replaceCatalogue } from '../../src/storage/caches.ts';
import { putCatalogueProduct } from '../../src/storage/catalogue-writes.ts';
import { getTillDb } from '../../src/storage/db.ts';
import type { CatalogueProduct } from '../../src/storage/records.ts';
import { product } from '../support/catalogue.ts';
import { useFreshDatabase } from './support/setup.ts';

useFreshDatabase();

const names = (products: CatalogueProduct[]) => products.map((p) => p.name);

describe('the cached catalogue', () => {
  it('reads back in the order it was written (display order), not by id', async () => {
    await replaceCatalogue([product(9, 'Aperol Spritz'), product(2, 'Pils'), product(5, 'Weißbier')], 1);

    expect(names(await readCatalogue())).toEqual(['Aperol Spritz', 'Pils', 'Weißbier']);
  });

  it('includes a product added after the refresh, and a changed one only once', async () => {
    await replaceCatalogue([product(9, 'Aperol Spritz'), product(2, 'Pils')], 1);

    await putCatalogueProduct(product(12, 'Hugo'));
    await putCatalogueProduct({ ...product(2, 'Pils 0,3 l') });

    expect(names(await readCatalogue()).sort()).toEqual(['Aperol Spritz', 'Hugo', 'Pils 0,3 l']);
  });

  it('falls back to the rows when an older version changed them after the one-value list', async () => {
    await replaceCatalogue([product(9, 'Aperol Spritz'), product(2, 'Pils')], 1);
    const db = await getTillDb();
    // What the previous version of replaceCatalogue wrote: rows and the refresh time, no list.
    const tx = db.transaction(['catalogue', 'catalogue_meta'], 'readwrite');
    await Promise.all([
      tx.objectStore('catalogue').clear(),
      tx.objectStore('catalogue').put(product(3, 'Radler')),
      tx.objectStore('catalogue_meta').put(2, 'last-refreshed-at'),
      tx.done,
    ]);

    expect(names(await readCatalogue())).toEqual(['Radler']);
  });
});
