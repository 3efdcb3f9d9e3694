// The test hotel's one entry: what the till's server (src/server/), tests and benchmarks outside
// this folder use. The test hotel is the PMS double on SQLite that the server mounts only when no
// PMS is configured; it imports nothing from the server's hub, admin, gateway, tls or setup.
import type { Hono } from 'hono';
import type { TestHotel } from './hotel.ts';
import { faultMiddleware } from './infra/faults.ts';
import { createTestControlApi } from './infra/test-control-routes.ts';
import { createHotelApi } from './routes/pms-api.ts';

export {
  createTestHotel,
  DEMO_KEYS,
  type HotelKeys,
  type TestHotel,
  type TestHotelOptions,
} from './hotel.ts';
export { addDays } from './infra/clock.ts';
export type { HotelDb } from './infra/db.ts';
export { dropAwareFetch, type FaultInjector } from './infra/faults.ts';
export type { DemoRegion } from './model/hotel-profile.ts';
export { COMMODITY_GROUPS } from './seed/seed-catalogue.ts';

/**
 * Mounts the test hotel on the server's app: its PMS interface at `/pms/api/...` (its own keys)
 * and, in test mode, fault injection on the tablets' `/api/*` and the control routes at `/__test`.
 * Call it after the server's own `/api/*` checks. Returns the in-process fetch the gateway forwards to.
 * @example const forward = mountTestHotel(app, hotel); createGatewayApi({ ..., fetch: forward });
 */
export function mountTestHotel(
  app: Hono,
  hotel: TestHotel,
): (request: Request) => Response | Promise<Response> {
  const hotelApi = createHotelApi(hotel);
  app.route('/pms', hotelApi);
  if (hotel.faults) {
    app.use('/api/*', faultMiddleware(hotel.faults));
    app.route('/__test', createTestControlApi(hotel));
  }
  return (request) => hotelApi.fetch(request);
}
