// The test hotel's one entry: what the till's server (src/server/), tests and benchmarks outside
// this folder use. The test hotel is the PMS double on SQLite that the server mounts only when no
// PMS is configured; it imports nothing from the server's hub, admin, gateway, tls or setup.

export {
  createTestHotel,
  DEMO_KEYS,
  type HotelKeys,
  type TestHotel,
  type TestHotelOptions,
} from './hotel.ts';
export { addDays } from './infra/clock.ts';
export type { HotelDb } from './infra/db.ts';
export { dropAwareFetch, type FaultInjector, faultMiddleware } from './infra/faults.ts';
export { createTestControlApi } from './infra/test-control-routes.ts';
export { createHotelApi } from './routes/pms-api.ts';
