// Conditional catalogue reads: the gateway's answers to the catalogue reads a tablet refreshes from
// (products, payment options, tax classes) carry an ETag, and a tablet naming it in If-None-Match
// gets 304 with no body when nothing changed, so a reconnect does not re-send, re-parse and
// re-store the whole catalogue. The products' tag starts with their catalogue version
// (served-catalogue.ts); each tag ends with a hash of the answer, so any change gives a new one.
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { CATALOGUE_VERSION_HEADER } from '../../pms/till-headers.ts';
import { PRODUCTS_PATH, TAX_CLASSES_PATH } from './catalogue.ts';

/** The catalogue reads a tablet's refresh makes (docs/ledger.md, "Pricing": products; and the payment set-up). */
export const CATALOGUE_READ_PATHS = [PRODUCTS_PATH, TAX_CLASSES_PATH, '/api/get/hotel/payment'] as const;

/** Middleware for the gateway's GETs of `CATALOGUE_READ_PATHS`; mounted before `tellCatalogueVersion`, so it sees the version. */
export function answerUnchangedCatalogue(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' || c.res.status !== 200) return;
    const body = await c.res.clone().arrayBuffer();
    const hash = createHash('sha256').update(new Uint8Array(body)).digest('base64url').slice(0, 22);
    const version = c.res.headers.get(CATALOGUE_VERSION_HEADER);
    const etag = `"${version ? `v${version}-` : ''}${hash}"`;
    if (namesTag(c.req.header('if-none-match'), etag)) {
      const headers = new Headers({ etag });
      if (version) headers.set(CATALOGUE_VERSION_HEADER, version);
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    c.res.headers.set('etag', etag);
  };
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 13.1.2). */
function namesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const named = tag.trim().replace(/^W\//, '');
    return named === '*' || named === etag;
  });
}
