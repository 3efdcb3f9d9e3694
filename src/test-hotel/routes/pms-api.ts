// The test hotel's PMS interface: a Hono app of the PMS paths including `/api`, one route module
// per resource (index.ts mounts it at `/pms`; the gateway calls it in-process). Owns the keys
// (`x-ibelsa-key`: none or unknown 401; the read key on /api/set/* or /api/create/* 403), the body
// limit and group commit for these routes. Which endpoint takes which key: docs/test-hotel.md.
import { Hono } from 'hono';
import { limitBody } from '../../node-http/body.ts';
import { ApiError, renderError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import type { TestHotel } from '../hotel.ts';
import { bookingDetailRoutes } from './booking-detail-routes.ts';
import { bookingRoutes } from './booking-routes.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { chargeRoutes } from './charge-routes.ts';
import { contactRoutes } from './contact-routes.ts';
import { inventoryRoutes } from './inventory-routes.ts';
import { invoiceActionRoutes } from './invoice-action-routes.ts';
import { invoiceDocumentRoutes } from './invoice-document-routes.ts';
import { priceRoutes } from './price-routes.ts';
import { rateRoutes } from './rate-routes.ts';
import { registerRoutes } from './register-routes.ts';
import { reservationRoutes } from './reservation-routes.ts';
import { restrictionRoutes } from './restriction-routes.ts';
import { stayLifecycleRoutes } from './stay-lifecycle-routes.ts';

/** Largest request body the test hotel reads (our limit; app.ts applies the same on its side). */
export const HOTEL_MAX_BODY_BYTES = 256 * 1024;

export const KEY_HEADER = 'x-ibelsa-key';

/** Whether a path under `/api/` changes state: all of /api/set/* and /api/create/*. */
function isWritePath(path: string): boolean {
  const rest = path.slice(path.indexOf('/api/') + 5);
  return rest.startsWith('set/') || rest.startsWith('create/');
}

export function createHotelApi(hotel: TestHotel): Hono {
  const app = new Hono();
  app.onError(renderError);
  app.notFound((c) => c.json({ success: false, message: 'no such endpoint' }, 404));

  const limit = limitBody(HOTEL_MAX_BODY_BYTES);
  const { keys } = hotel;
  // One middleware for every /api call, in this order: a known key (401), the write key for a
  // write (403), the body limit (413); then group commit (group-commit.ts): a write joins the batch
  // of its event-loop turn, whose writes share one durable COMMIT, and no answer, read or write,
  // leaves before everything it saw is on disk. (One middleware rather than five: each layer of
  // Hono middleware costs its own promises on every request.)
  app.use('/api/*', async (c, next) => {
    const key = requestHeader(c, KEY_HEADER);
    if (!key) throw new ApiError(401, `no API key: send it in the ${KEY_HEADER} header`);
    if (key !== keys.read && key !== keys.write) throw new ApiError(401, 'unknown API key');
    const write = isWritePath(c.req.path);
    if (write && key !== keys.write) {
      throw new ApiError(403, 'this API key has read access only; this endpoint needs write access');
    }
    await limit(c, async () => {
      if (write) hotel.commits.join();
      await next();
    });
    await hotel.commits.durable();
  });

  app.route('/', catalogueRoutes(hotel));
  app.route('/', registerRoutes(hotel));
  app.route('/', chargeRoutes(hotel));
  app.route('/', reservationRoutes(hotel));
  app.route('/', inventoryRoutes(hotel));
  app.route('/', rateRoutes(hotel));
  app.route('/', priceRoutes(hotel));
  app.route('/', restrictionRoutes(hotel));
  app.route('/', bookingRoutes(hotel));
  app.route('/', bookingDetailRoutes(hotel));
  app.route('/', stayLifecycleRoutes(hotel));
  app.route('/', invoiceActionRoutes(hotel));
  app.route('/', invoiceDocumentRoutes(hotel));
  app.route('/', contactRoutes(hotel));
  return app;
}
