// JSON answers of 1 KB or more go out compressed to clients that accept it (http/compression.ts),
// through the gateway as from the test hotel's own interface; small answers, HEAD and clients that
// ask for nothing get the bytes as they are; nothing is compressed twice.
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressJson, preferredCoding } from '../../src/server/http/compression.ts';
import { DEMO_KEYS, type TestHotel } from '../../src/test-hotel/index.ts';
import { pinnedHotel } from '../support/hotel.ts';
import { type TabletApp, tabletApp } from './tablet-app.ts';

let hotel: TestHotel;
let app: TabletApp;
beforeAll(() => {
  hotel = pinnedHotel();
  app = tabletApp({ hotel });
});
afterAll(() => hotel.close());

const CATALOGUE = '/api/get/products/available';

async function bytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe('a JSON answer over 1 KB', () => {
  it('comes brotli- or gzip-encoded through the gateway and decodes to the plain answer', async () => {
    const plain = await app.request(CATALOGUE);
    const plainBody = await bytes(plain);
    expect(plain.status).toBe(200);
    expect(plainBody.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');

    const brotli = await app.request(CATALOGUE, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toContain('Accept-Encoding');
    const brotliBody = await bytes(brotli);
    expect(brotli.headers.get('content-length')).toBe(String(brotliBody.length));
    expect(brotliBody.length).toBeLessThan(plainBody.length / 2);
    expect(brotliDecompressSync(brotliBody)).toEqual(plainBody);

    const gzip = await app.request(CATALOGUE, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gzip))).toEqual(plainBody);
  });

  it("comes compressed from the test hotel's own interface too", async () => {
    const answer = await app.server.request('/pms/api/get/products/available', {
      headers: { 'x-ibelsa-key': DEMO_KEYS.read, 'accept-encoding': 'br' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(await bytes(answer)).toString())).toMatchObject({ success: true });
  });
});

describe('answers left as they are', () => {
  it('a small JSON answer (a payment method list) has no Content-Encoding', async () => {
    const answer = await app.request('/api/get/hotel/payment', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const body = await bytes(answer);
    expect(answer.status).toBe(200);
    expect(body.length).toBeLessThan(1024);
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(body.toString())).toMatchObject({ success: true });
  });

  it('an answer that already has a Content-Encoding is not compressed again', async () => {
    const precompressed = new Hono();
    precompressed.use('*', compressJson());
    const json = Buffer.from(JSON.stringify({ words: Array.from({ length: 500 }, (_, i) => `w${i}`) }));
    precompressed.get('/', (c) =>
      c.body(gzipSync(json), 200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }),
    );
    const answer = await precompressed.request('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(answer))).toEqual(json);
  });
});

describe('choosing a coding', () => {
  it('takes brotli before gzip, honours q=0 and *, and nothing without a header', () => {
    const both = ['br', 'gzip'] as const;
    expect(preferredCoding('gzip, deflate, br', both)).toBe('br');
    expect(preferredCoding('br;q=0, gzip;q=0.5', both)).toBe('gzip');
    expect(preferredCoding('*', both)).toBe('br');
    expect(preferredCoding('*;q=0, gzip', both)).toBe('gzip');
    expect(preferredCoding('identity', both)).toBeUndefined();
    expect(preferredCoding(undefined, both)).toBeUndefined();
    expect(preferredCoding('br', ['gzip'])).toBeUndefined();
  });
});
