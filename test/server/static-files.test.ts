// The built app goes out compressed at build time: scripts/compress-assets.mjs writes the brotli and
// gzip copies, the server picks one by Accept-Encoding (http/static-files.ts). Over a real socket,
// because fetch() would decode the answer before the test could see what was sent.
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/listen.ts';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET (or HEAD) `path` and the bytes exactly as they came over the wire. */
function get(server: RunningServer, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Raw>((resolve, reject) => {
    const outgoing = request(`${server.url}${path}`, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
let root: string;
let server: RunningServer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'till-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), `<!doctype html><title>Till</title>${'<p>shell</p>'.repeat(200)}`);
  writeFileSync(join(root, 'assets', 'app-1234.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'tiny.js'), 'export {};\n');
  writeFileSync(join(root, 'sw.js'), `self.version = 1;\n${'// precache\n'.repeat(200)}`);
  writeFileSync(join(root, 'icon.png'), Buffer.alloc(2048, 7));
  execFileSync(process.execPath, ['scripts/compress-assets.mjs', root]);
  server = await startServer({ port: 0, host: '127.0.0.1', dbFile: ':memory:', staticDir: root });
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a built asset', () => {
  it('comes brotli-encoded when asked with Accept-Encoding: br, and decodes to the file', async () => {
    const answer = await get(server, '/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('comes gzip-encoded to a client that takes gzip only', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip;q=0.8']) {
      const answer = await get(server, '/assets/app-1234.js', { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
    }
  });

  it('comes as it is when no coding is asked for, or none the server has', async () => {
    for (const headers of [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'zstd, br;q=0' },
    ] as Record<string, string>[]) {
      const answer = await get(server, '/assets/app-1234.js', headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.body.toString()).toBe(SCRIPT);
    }
  });

  it('answers HEAD with the length of what GET would send, and no body', async () => {
    const answer = await get(server, '/assets/app-1234.js', { 'accept-encoding': 'br' }, 'HEAD');
    const full = await get(server, '/assets/app-1234.js', { 'accept-encoding': 'br' });
    expect(answer.body.length).toBe(0);
    expect(answer.headers['content-length']).toBe(String(full.body.length));
  });

  it('is not copied compressed when small or not text', async () => {
    for (const path of ['/assets/tiny.js', '/icon.png']) {
      const answer = await get(server, path, { 'accept-encoding': 'br, gzip' });
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(answer.headers.vary, path).toBeUndefined();
      expect(answer.body).toEqual(readFileSync(join(root, path)));
    }
  });

  it('answers 304 to a revalidation with its ETag, per coding', async () => {
    const brotli = await get(server, '/sw.js', { 'accept-encoding': 'br' });
    const plain = await get(server, '/sw.js');
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(brotli.headers.etag).not.toBe(plain.headers.etag);
    const again = await get(server, '/sw.js', {
      'accept-encoding': 'br',
      'if-none-match': String(brotli.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.vary).toBe('Accept-Encoding');
    const otherCoding = await get(server, '/sw.js', { 'if-none-match': String(brotli.headers.etag) });
    expect(otherCoding.status).toBe(200);
  });

  it('goes out as it now is when it was changed after the build (its copies are stale)', async () => {
    appendFileSync(join(root, 'sw.js'), 'self.version = 2;\n');
    const answer = await get(server, '/sw.js', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toContain('self.version = 2;');
  });
});

describe('the app shell', () => {
  it('answers the app routes, compressed, and a missing file is a 404', async () => {
    const shell = await get(server, '/register', { 'accept-encoding': 'br' });
    expect(shell.status).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(shell.body).toString()).toContain('<title>Till</title>');
    expect((await get(server, '/assets/missing.js')).status).toBe(404);
    expect((await get(server, '/../../etc/passwd')).body.toString()).not.toContain('root:');
  });
});

describe('the real build', () => {
  it.runIf(existsSync('dist/index.html'))(
    'serves its main script brotli-encoded, decoding to the file',
    async () => {
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync('dist/index.html', 'utf8'))![1]!;
      const built = await startServer({ port: 0, host: '127.0.0.1', dbFile: ':memory:', staticDir: 'dist' });
      try {
        const answer = await get(built, script, { 'accept-encoding': 'br, gzip' });
        expect(answer.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(answer.body)).toEqual(readFileSync(join('dist', script)));
      } finally {
        await built.close();
      }
    },
  );
});
