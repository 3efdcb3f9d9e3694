// Keeps every product list the gateway serves a tablet as a catalogue version, and tells the
// tablet which version it got (`x-till-catalogue-version`): the tablet names it on the sales it
// makes from that list, so an offline sale is judged by the prices it was made with.
import type { MiddlewareHandler } from 'hono';
import { serverLog } from '../../node-http/log.ts';
import { CATALOGUE_VERSION_HEADER } from '../../pms/till-headers.ts';
import type { Catalogue } from './catalogue.ts';

/** Middleware for the gateway's `GET /api/get/products/available`. */
export function tellCatalogueVersion(catalogue: Catalogue): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' || c.res.status !== 200) return;
    try {
      const version = await catalogue.served(await c.res.clone().json());
      if (version) c.res.headers.set(CATALOGUE_VERSION_HEADER, String(version.version));
    } catch (error) {
      // The tablet sells from the list without a version: its sales are judged by their time.
      serverLog().warn(
        { component: 'catalogue', reason: (error as Error).message },
        'served catalogue not kept',
      );
    }
  };
}
