// Compresses the server's JSON answers of 1 KB or more (the catalogue, stay lists, reports) for
// clients that accept it: brotli at a low quality (fast, still smaller than gzip) or gzip, in zlib's
// thread pool. Invariants: an answer that already has a Content-Encoding (a precompressed file, a
// PMS answer passed on as it came) is never compressed again; smaller answers are left untouched,
// so the writes' small answers keep Node's direct write (node-http/headers.ts); every answer it could
// compress says `Vary: Accept-Encoding`. Static files are compressed at build time (static-files.ts).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { requestHeader, setResponseHeaders } from '../../node-http/headers.ts';
import { knownBody } from '../../node-http/known-bodies.ts';

/** Smallest answer worth compressing: below it, headers and CPU cost more than the bytes saved. */
export const COMPRESS_MIN_BYTES = 1024;

const NO_BODY_STATUSES = new Set([101, 204, 205, 206, 304]);
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const CODINGS = ['br', 'gzip'] as const;
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Middleware compressing JSON answers after every inner handler has run.
 * @example app.use('*', compressJson());
 */
export function compressJson(minBytes = COMPRESS_MIN_BYTES): MiddlewareHandler {
  return async (c, next) => {
    await next();
    await compressAnswer(c, minBytes);
  };
}

/**
 * Compresses the answer a handler made (`c.res`) as compressJson does; for a middleware that does
 * more after `next()` (app.ts's edge: one layer instead of several, each costing its promises).
 */
export async function compressAnswer(c: Context, minBytes = COMPRESS_MIN_BYTES): Promise<void> {
  if (c.req.method === 'HEAD') return;
  const response = c.res;
  // never `response.body`: asking for it turns @hono/node-server's direct write into a stream
  if (NO_BODY_STATUSES.has(response.status)) return;
  const headers = response.headers;
  if (!JSON_TYPE.test(headers.get('content-type') ?? '') || headers.has('content-encoding')) return;
  const known = knownBody(response);
  const declared = headers.get('content-length');
  const size = known ? known.byteLength : declared === null ? undefined : Number(declared);
  if (size !== undefined && size < minBytes) return;
  const coding = preferredCoding(requestHeader(c, 'accept-encoding'), CODINGS);
  if (!coding) {
    setResponseHeaders(c, { Vary: withAcceptEncoding(headers.get('vary')) });
    return;
  }
  const body = known ?? new Uint8Array(await response.arrayBuffer());
  if (body.byteLength < minBytes) {
    c.res = new Response(body, response); // its body was read: the same bytes, as they were
    return;
  }
  const compressed = coding === 'br' ? await brotli(body, BROTLI_OPTIONS) : await gzipAsync(body);
  c.res = new Response(compressed, response);
  c.res.headers.set('Content-Encoding', coding);
  c.res.headers.set('Content-Length', String(compressed.byteLength));
  c.res.headers.set('Vary', withAcceptEncoding(headers.get('vary')));
}

/** A Vary header value that names Accept-Encoding besides what `vary` names. */
function withAcceptEncoding(vary: string | null): string {
  if (!vary) return 'Accept-Encoding';
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) return vary;
  return `${vary}, Accept-Encoding`;
}

/**
 * The first of `available` (best first) that an Accept-Encoding header accepts, with a q above 0
 * or through `*`; undefined for none or no header (identity).
 * @example preferredCoding('gzip, deflate, br', ['br', 'gzip']) === 'br'
 */
export function preferredCoding<T extends string>(
  header: string | undefined,
  available: readonly T[],
): T | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  return available.find((name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0);
}
