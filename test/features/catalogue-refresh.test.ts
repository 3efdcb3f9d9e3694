// A catalogue refresh with nothing new (src/features/catalogue/catalogue.ts, pms/catalogue-reads.ts):
// each read names the ETag of the answer the till cached, the gateway answers 304, and the till
// keeps the catalogue it shows as it is (the same snapshot, nothing parsed or rebuilt); a changed
// product list comes back whole (200, a new ETag) while the unchanged payment set-up stays a 304.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, loadCatalogue, refreshCatalogue } from '../../src/features/catalogue/catalogue.ts';
import type { Product } from '../../src/pms/wire.ts';
import { getCatalogueMeta } from '../../src/storage/caches.ts';
import { closeTillDb } from '../../src/storage/db.ts';
import { product } from '../support/catalogue.ts';

const realFetch = globalThis.fetch;
/** What the fake gateway serves, with the ETag of each answer. */
const served = {
  '/api/get/products/available': { etag: '"v1-a"', data: [product(1, 'Pils 0,3 l', 420)] as unknown },
  '/api/get/hotel/payment': {
    etag: '"b"',
    data: { invoice_templates: [{ id: 3, name: 'Receipt' }], payment_methods: [{ id: 1, name: 'Cash' }] },
  },
  '/api/get/hotel/taxclasses_accounts': {
    etag: '"c"',
    data: { tax_classes: [{ id: 1, name: 'USt 19 %', rate: 19 }], accounts: [] },
  },
};
type Path = keyof typeof served;
const answered: { path: string; status: number }[] = [];

/** The gateway's wire form of a product: the PMS's decimal price. */
const onTheWire = (products: Product[]) => products.map((p) => ({ ...p, price: p.price / 100 }));

beforeAll(() => {
  globalThis.indexedDB = new IDBFactory();
  globalThis.fetch = async (input, init) => {
    const path = String(input) as Path;
    const answer = served[path];
    const named = new Headers(init?.headers).get('if-none-match');
    const status = named === answer.etag ? 304 : 200;
    answered.push({ path, status });
    if (status === 304) return new Response(null, { status, headers: { etag: answer.etag } });
    const data = path === '/api/get/products/available' ? onTheWire(answer.data as Product[]) : answer.data;
    return new Response(JSON.stringify({ success: true, data }), {
      status,
      headers: { etag: answer.etag, 'content-type': 'application/json' },
    });
  };
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await closeTillDb();
});

describe('the catalogue refresh, conditionally', () => {
  it('keeps the catalogue it holds on 304s, and takes a changed product list alone', async () => {
    await loadCatalogue();
    await refreshCatalogue();
    expect(answered.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await getCatalogueMeta('catalogue-etags')).toEqual({
      products: '"v1-a"',
      payment: '"b"',
      tax: '"c"',
    });
    const held = catalogue();
    expect(held.index.products.map((p) => p.name)).toEqual(['Pils 0,3 l']);

    answered.length = 0;
    await refreshCatalogue();
    expect(answered.map((a) => a.status)).toEqual([304, 304, 304]);
    // the same snapshot: nothing parsed, indexed or cached again; only the refresh's time is new
    expect(catalogue().index).toBe(held.index);
    expect(catalogue().paymentOptions).toBe(held.paymentOptions);
    expect(catalogue().refreshedAt).toBeGreaterThanOrEqual(held.refreshedAt!);
    expect(await getCatalogueMeta('last-refreshed-at')).toBe(catalogue().refreshedAt);

    served['/api/get/products/available'] = { etag: '"v2-d"', data: [product(1, 'Pils 0,3 l', 450)] };
    answered.length = 0;
    await refreshCatalogue();
    expect(answered).toEqual([
      { path: '/api/get/products/available', status: 200 },
      { path: '/api/get/hotel/payment', status: 304 },
      { path: '/api/get/hotel/taxclasses_accounts', status: 304 },
    ]);
    expect(catalogue().index.products.map((p) => p.price)).toEqual([450]);
    expect(catalogue().paymentOptions).toBe(held.paymentOptions);
    expect(catalogue().taxClasses.map((t) => t.rate)).toEqual([19]);
    expect(await getCatalogueMeta('catalogue-etags')).toEqual({
      products: '"v2-d"',
      payment: '"b"',
      tax: '"c"',
    });
  });
});
