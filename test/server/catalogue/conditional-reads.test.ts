// Conditional catalogue reads (src/server/catalogue/unchanged-answers.ts): a paired tablet naming
// the ETag it holds gets 304 and no body while the catalogue is unchanged, a changed catalogue gives
// 200 with a new ETag (and, for the products, a new catalogue version), and an unpaired caller is
// refused whatever it names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../../src/server/listen.ts';
import { tabletOf } from '../tablet-app.ts';

let server: RunningServer;
const PATHS = ['/api/get/products/available', '/api/get/hotel/payment', '/api/get/hotel/taxclasses_accounts'];

beforeAll(async () => {
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dbFile: ':memory:',
    testMode: true,
    staticDir: 'nonexistent',
  });
});
afterAll(async () => {
  await server?.close();
});

const read = (path: string, etag?: string) =>
  tabletOf(server)(`${server.url}${path}`, etag ? { headers: { 'if-none-match': etag } } : {});

describe('conditional catalogue reads', () => {
  it('answers 304 with no body to the ETag of an unchanged answer, for each catalogue read', async () => {
    for (const path of PATHS) {
      const first = await read(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      expect(((await first.json()) as { success: boolean }).success).toBe(true);

      const again = await read(path, etag!);
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      // a weak form of the same tag, or one of several, is the same answer
      expect((await read(path, `"other", W/${etag}`)).status).toBe(304);
      expect((await read(path, '"something else"')).status).toBe(200);
    }
  });

  it('names the catalogue version on a 304 too, and a changed price gives 200 with a new ETag and version', async () => {
    const first = await read(PATHS[0]!);
    const etag = first.headers.get('etag')!;
    const version = Number(first.headers.get('x-till-catalogue-version'));
    expect(version).toBeGreaterThan(0);
    expect(etag.startsWith(`"v${version}-`)).toBe(true);
    expect((await read(PATHS[0]!, etag)).headers.get('x-till-catalogue-version')).toBe(String(version));

    const { id, price_cents } = server
      .hotel!.db.prepare('SELECT id, price_cents FROM products LIMIT 1')
      .get() as {
      id: number;
      price_cents: number;
    };
    server.hotel!.db.prepare('UPDATE products SET price_cents = ? WHERE id = ?').run(price_cents + 10, id);
    const changed = await read(PATHS[0]!, etag);
    expect(changed.status).toBe(200);
    const newEtag = changed.headers.get('etag')!;
    expect(newEtag).not.toBe(etag);
    expect(Number(changed.headers.get('x-till-catalogue-version'))).toBeGreaterThan(version);
    const products = ((await changed.json()) as { data: { id: number; price: number }[] }).data;
    expect(products.find((product) => product.id === id)?.price).toBe((price_cents + 10) / 100);
    expect((await read(PATHS[0]!, newEtag)).status).toBe(304);
  });

  it('refuses an unpaired caller, whatever ETag it names', async () => {
    const etag = (await read(PATHS[0]!)).headers.get('etag')!;
    for (const path of PATHS) {
      const stranger = await fetch(`${server.url}${path}`, { headers: { 'if-none-match': etag } });
      expect(stranger.status, path).toBe(401);
      expect(stranger.headers.get('etag')).toBeNull();
    }
  });
});
