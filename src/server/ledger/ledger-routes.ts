// The sales ledger's endpoints under `/till`, for paired tablets only (a stranger or a revoked
// tablet gets 401 from requirePairedDevice): `POST /till/sales` records a sale (record-sale.ts),
// `POST /till/sales/:saleId/outcomes` reports a PMS step's outcome of one of the tablet's own sales,
// `GET /till/sales?after=&limit=` lists the tablet's own records (sale-outcomes.ts). Who may call
// each: docs/security.md.
import { Hono } from 'hono';
import { ApiError } from '../../node-http/errors.ts';
import { requireAppRequest } from '../http/app-requests.ts';
import { deviceOf, requirePairedDevice } from '../hub/device-routes.ts';
import type { Hub } from '../hub/hub.ts';
import { MAX_PAGE } from './sale-outcomes.ts';

async function jsonBody(c: { req: { json(): Promise<unknown> } }, field: string, code: string) {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, 'the request body is not valid JSON', field, code);
  }
}

/** Mounted at `/till/sales`. */
export function createLedgerRoutes(hub: Hub, options: { trustProxy: boolean }): Hono {
  const routes = new Hono();
  routes.use('*', requirePairedDevice(hub, options));

  routes.post('/', requireAppRequest(['POST']), async (c) => {
    const body = await jsonBody(c, 'saleId', 'sale_invalid');
    c.header('cache-control', 'no-store');
    return c.json(await hub.ledger.record(deviceOf(c)!, body));
  });

  routes.post('/:saleId/outcomes', requireAppRequest(['POST']), async (c) => {
    const body = await jsonBody(c, 'step', 'outcome_invalid');
    return c.json(hub.ledger.outcomes.report(deviceOf(c)!, c.req.param('saleId'), body));
  });

  routes.get('/', (c) => {
    const after = Number(c.req.query('after') ?? 0);
    const limit = Number(c.req.query('limit') ?? 100);
    if (!Number.isSafeInteger(after) || after < 0)
      throw new ApiError(400, 'after: must be a record number of 0 or more', 'after', 'query_invalid');
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE)
      throw new ApiError(400, `limit: must be 1 to ${MAX_PAGE}`, 'limit', 'query_invalid');
    c.header('cache-control', 'no-store');
    return c.json(hub.ledger.outcomes.list(deviceOf(c)!, after, limit));
  });
  return routes;
}
