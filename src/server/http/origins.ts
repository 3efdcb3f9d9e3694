// Other Hotel Till servers this one works with (`TILL_ORIGINS`), where a tablet's app comes from one
// server and its gateway is another. Owns, for those origins only, the Content-Security-Policy's
// connect-src and CORS on `/api` (hono's cors, with credentials); with none set, this server's own
// origin only. Rules: docs/pms-api.md, "The gateway"; docs/security.md, "Limits we know of".
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { GATEWAY_HEADER, REQUEST_ID_HEADER } from '../../pms/http.ts';
import { APPROVAL_HEADER, SALE_HEADER, SPLIT_HEADER } from '../../pms/staff-calls.ts';
import { CATALOGUE_VERSION_HEADER } from '../../pms/till-headers.ts';
import { REPLAYED_HEADER } from '../gateway/resend-guard.ts';

/**
 * Reads `TILL_ORIGINS`: origins separated by commas or spaces, each `http(s)://host[:port]`.
 * @throws Error naming the first entry that is not an origin.
 * @example parseOrigins('https://bar.hotel.example, http://10.0.0.5:8080')
 */
export function parseOrigins(list: string | undefined): string[] {
  const entries = (list ?? '').split(/[\s,]+/).filter(Boolean);
  return entries.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`TILL_ORIGINS: "${entry}" is not an address such as https://till.hotel.example`);
    }
    const bare = `${url.protocol}//${url.host}`;
    if (!/^https?:$/.test(url.protocol) || entry.replace(/\/$/, '') !== bare) {
      throw new Error(
        `TILL_ORIGINS: "${entry}" must be an origin only (http(s)://host[:port]), like ${bare}`,
      );
    }
    return bare;
  });
}

/** The policy for the app's pages: only this origin, plus the gateways of `origins` for fetches. */
export function contentSecurityPolicy(origins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...origins].join(' '),
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** CORS for `/api`: the apps of `origins` may call this gateway; nobody else cross-origin. */
export function gatewayCors(origins: readonly string[]): MiddlewareHandler {
  return cors({
    origin: (origin) => (origins.includes(origin) ? origin : null),
    allowMethods: ['GET', 'POST'],
    allowHeaders: [
      'accept',
      'content-type',
      'if-none-match',
      REQUEST_ID_HEADER,
      SALE_HEADER,
      APPROVAL_HEADER,
      SPLIT_HEADER,
    ],
    exposeHeaders: [
      GATEWAY_HEADER,
      REPLAYED_HEADER,
      CATALOGUE_VERSION_HEADER,
      'etag',
      'retry-after',
      'content-disposition',
    ],
    maxAge: 600,
    credentials: true,
  });
}
