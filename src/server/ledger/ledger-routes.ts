// The sales ledger's endpoints under `/till`, for paired tablets only (a stranger or a revoked
// tablet gets 401 from requirePairedDevice): `POST /till/sales` records a sale (record-sale.ts),
// `POST /till/sales/batch` up to 100 of them (record-batch.ts); `POST /till/sales/:saleId/outcomes`
// reports a PMS step's outcome of one of the tablet's own sales, `POST /till/sales/outcomes` up to
// 200 of them; `GET /till/sales?after=&limit=` lists the tablet's own records (sale-outcomes.ts).
// Batches answer each entry on its own. Who may call each: docs/security.md.
import { Hono } from 'hono';
import { ApiError } from '../../node-http/errors.ts';
import type { LedgerRecordAnswer } from '../../pms/ledger-wire.ts';
import { requireAppRequest } from '../http/app-requests.ts';
import { deviceOf, requirePairedDevice } from '../hub/device-routes.ts';
import type { Hub } from '../hub/hub.ts';
import { recordBatch, recordsOf } from './record-batch.ts';
import { MAX_PAGE } from './sale-outcomes.ts';

async function jsonBody(c: { req: { json(): Promise<unknown> } }, field: string, code: string) {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, 'the request body is not valid JSON', field, code);
  }
}

/**
 * What runs after a record is committed, outside its transaction (the fiscal driver's signing,
 * src/server/fiscal/ledger-fiscal.ts): its fields go into the answer, and `listed` adds to a listed sale.
 */
export interface AfterRecord {
  afterRecord(answer: LedgerRecordAnswer): Promise<Record<string, unknown>>;
  listed(saleId: string): Record<string, unknown>;
}

/** Mounted at `/till/sales`. */
export function createLedgerRoutes(
  hub: Hub,
  options: { trustProxy: boolean; after?: AfterRecord | undefined },
): Hono {
  const routes = new Hono();
  routes.use('*', requirePairedDevice(hub, options));

  routes.post('/', requireAppRequest(['POST']), async (c) => {
    const body = await jsonBody(c, 'saleId', 'sale_invalid');
    c.header('cache-control', 'no-store');
    const answer = await hub.ledger.record(deviceOf(c)!, body);
    return c.json({ ...answer, ...(await options.after?.afterRecord(answer)) });
  });

  routes.post('/batch', requireAppRequest(['POST']), async (c) => {
    const records = recordsOf(await jsonBody(c, 'records', 'batch_invalid'));
    c.header('cache-control', 'no-store');
    const results = await recordBatch(
      records,
      deviceOf(c)!,
      (device, body) => hub.ledger.record(device, body),
      async (answer) => (await options.after?.afterRecord(answer)) ?? {},
    );
    return c.json({ results });
  });

  routes.post('/outcomes', requireAppRequest(['POST']), async (c) => {
    const body = await jsonBody(c, 'reports', 'batch_invalid');
    c.header('cache-control', 'no-store');
    return c.json({ results: hub.ledger.outcomes.reportMany(deviceOf(c)!, body) });
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
    const listed = hub.ledger.outcomes.list(deviceOf(c)!, after, limit);
    const fiscalOf = options.after;
    if (!fiscalOf) return c.json(listed);
    return c.json({
      ...listed,
      sales: listed.sales.map((sale) => ({ ...sale, ...fiscalOf.listed(sale.saleId) })),
    });
  });
  return routes;
}
