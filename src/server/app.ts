// Builds the HTTP app. Tablets talk only to `/api`, which is always the gateway: it adds the PMS
// key (tablets never hold it), paces requests under the PMS rate limit and forwards either to the
// hotel's real PMS (`PMS_URL`) or, with no PMS configured, in-process to the embedded test hotel.
// The test hotel itself, key-checked like the real PMS, is also reachable at `/pms/api/...` for
// other clients and tests. In test mode, `/__test` controls fault injection, which acts on `/api`
// as a tablet sees it. Everything else is the built PWA from `dist/` with an SPA fallback.
// `listen.ts` only binds this app to a port; tests call it in-process.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createGatewayApi } from './gateway/gateway.ts';
import { createHotelApi } from './hotel/api.ts';
import { faultMiddleware } from './hotel/faults.ts';
import { DEMO_KEYS, type TestHotel } from './hotel/hotel.ts';
import { createTestControlApi } from './hotel/test-control.ts';
import { limitBody } from './http/body.ts';
import { ApiError, renderError } from './http/errors.ts';
import { setResponseHeaders } from './http/headers.ts';
import { contentSecurityPolicy, gatewayCors } from './http/origins.ts';

/** Largest request body the server reads (our limit; a till sale is a few KB). */
export const MAX_BODY_BYTES = 256 * 1024;

/** The policy of a server with no other Hotel Till origins (TILL_ORIGINS): its own origin only. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy([]);

/** Headers every answer carries. */
function securityHeaders(origins: readonly string[]) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(origins),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  };
}

/** Where the gateway forwards to: the hotel's PMS, with the key the gateway adds. */
export interface RemotePms {
  /** Base URL of the PMS; request paths `/api/...` are appended. */
  url: string;
  apiKey: string;
  /** Vendor-issued `x-ibelsa-system-key`, for partner endpoints that take one. */
  systemKey?: string;
}

export interface AppOptions {
  /** The embedded test hotel; exactly one of hotel and pms. */
  hotel?: TestHotel;
  /** The hotel's real PMS. */
  pms?: RemotePms;
  /** Gateway pacing towards the PMS (default 900 a minute, under the published ~1,000; the embedded
   * test hotel is unpaced unless given). */
  requestsPerMinute?: number;
  /** Folder of the built app; omitted or missing: no static files are served. */
  staticDir?: string;
  /** Other Hotel Till servers' origins (TILL_ORIGINS): CORS on /api for their apps, and the CSP's
   * connect-src for their gateways (http/origins.ts). */
  allowedOrigins?: readonly string[];
}

export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const origins = options.allowedOrigins ?? [];
  const headers = securityHeaders(origins);

  app.use('*', async (c, next) => {
    await next();
    setResponseHeaders(c, headers);
  });
  if (origins.length > 0) app.use('/api/*', gatewayCors(origins));

  const limit = limitBody(MAX_BODY_BYTES);
  app.use('/api/*', limit);
  app.use('/pms/*', limit);

  if (options.pms) {
    app.route(
      '/api',
      createGatewayApi({ ...options.pms, requestsPerMinute: options.requestsPerMinute ?? 900 }),
    );
  } else if (options.hotel) {
    const hotelApi = createHotelApi(options.hotel);
    app.route('/pms', hotelApi);
    if (options.hotel.faults) {
      app.use('/api/*', faultMiddleware(options.hotel.faults));
      app.route('/__test', createTestControlApi(options.hotel));
    }
    app.route(
      '/api',
      createGatewayApi({
        url: 'http://test-hotel.invalid',
        apiKey: DEMO_KEYS.write,
        // The embedded hotel has no rate limit: unpaced unless pacing is asked for explicitly.
        requestsPerMinute: options.requestsPerMinute ?? Number.POSITIVE_INFINITY,
        fetch: (request) => hotelApi.fetch(request),
      }),
    );
  } else {
    throw new Error('createApp needs the embedded test hotel or a PMS to forward to');
  }
  app.all('/api/*', () => {
    throw new ApiError(404, 'no such endpoint');
  });

  if (options.staticDir && existsSync(join(options.staticDir, 'index.html'))) {
    mountStaticApp(app, resolve(options.staticDir));
  }

  app.onError(renderError);
  app.notFound((c) => c.json({ success: false, message: 'not found' }, 404));
  return app;
}

function mountStaticApp(app: Hono, root: string): void {
  const indexHtml = readFileSync(join(root, 'index.html'), 'utf8');
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (path, c) => {
        // The worker script and the page must never be stale; hashed assets can be cached for good.
        if (path.endsWith('sw.js') || path.endsWith('.html') || path.endsWith('.webmanifest')) {
          c.header('Cache-Control', 'no-cache');
        } else if (path.includes('/assets/')) {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    }),
  );
  // SPA fallback: app routes (no file extension) get the shell; anything else is a real 404.
  app.get('*', (c, next) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return next();
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
