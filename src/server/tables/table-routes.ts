// `/till/tables`: tables for paired tablets of their own outlet only (401 otherwise; a tablet never
// names its outlet, the server takes it from the device). GET /floor, GET /ops?since= (catching up,
// and the poll where the live channel cannot run), GET /live (server-sent events: each stored batch
// of the outlet's operations), POST /ops (stored once each; a void needs a manager's approval).
// `/admin/tables/plan`, `/floor` and `/modifiers`: the floor plan and modifier groups, for the admin page.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import * as v from 'valibot';
import { parseBody } from '../../node-http/body.ts';
import { ApiError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import { APPROVAL_HEADER } from '../../pms/staff-calls.ts';
import { type FloorPlanArea, TableOpsRequestSchema } from '../../pms/table-calls.ts';
import { isAdmin, sameOriginPost } from '../admin/admin-access.ts';
import { requireAppRequest } from '../http/app-requests.ts';
import { deviceOf, requirePairedDevice } from '../hub/device-routes.ts';
import type { Hub } from '../hub/hub.ts';
import { passingApprovals } from '../staff/approvals.ts';
import { StaffError } from '../staff/staff-registry.ts';
import { createFloorPlanAdminRoutes, tablesInUse } from './floor-plan-admin.ts';
import { createModifierAdminRoutes } from './modifier-admin.ts';
import type { ModifierCheck } from './modifier-check.ts';
import type { ModifierStore } from './modifier-store.ts';
import { TableError, type TableStore } from './table-store.ts';
import { floorView } from './table-view.ts';

/** A comment line on the live channel this often, so proxies and the tablet see it is alive. */
export const LIVE_HEARTBEAT_MS = 15_000;

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(40), v.regex(/^[A-Za-z0-9_.:-]+$/));
const PlanSchema = v.object({
  areas: v.pipe(
    v.array(
      v.object({
        areaId: Id,
        name: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
        tables: v.pipe(
          v.array(
            v.object({
              tableId: Id,
              name: v.pipe(v.string(), v.minLength(1), v.maxLength(20)),
              seats: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99)),
              x: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99)),
              y: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99)),
            }),
          ),
          v.maxLength(200),
        ),
      }),
    ),
    v.maxLength(20),
  ),
});

const parsed = <S extends v.GenericSchema>(c: Context, schema: S) =>
  parseBody(c, schema, { code: 'tables_invalid' });

const refused = (error: unknown): never => {
  if (error instanceof TableError || error instanceof StaffError)
    throw new ApiError(error.status as 400, error.message, error.field, error.code);
  throw error;
};

export function createTableRoutes(
  hub: Hub,
  store: TableStore,
  options: { trustProxy: boolean; modifiers: ModifierStore; modifierCheck?: ModifierCheck },
): Hono {
  const routes = new Hono();
  routes.use('*', requirePairedDevice(hub, options));
  routes.use('*', async (c, next) => {
    c.header('cache-control', 'no-store');
    await next();
  });
  routes.post('*', requireAppRequest(['POST']));

  routes.get('/floor', (c) => {
    const { outlet } = deviceOf(c)!;
    const { floor, revision } = store.floor(outlet);
    return c.json(floorView(floor, store.plan(outlet), store.courses(outlet), revision));
  });

  // The hotel's modifier groups, asked for on the table screen (kept by the tablet for offline use).
  routes.get('/modifiers', (c) => {
    options.modifierCheck?.noteRead(deviceOf(c)!.id);
    return c.json({ groups: options.modifiers.list() });
  });

  routes.get('/ops', (c) => {
    const { outlet } = deviceOf(c)!;
    const since = Number(c.req.query('since') ?? '0');
    if (!Number.isInteger(since) || since < 0)
      throw new ApiError(400, 'since: a log position', 'since', 'tables_invalid');
    return c.json({ ops: store.opsSince(outlet, since), revision: store.revision(outlet) });
  });

  routes.post('/ops', async (c) => {
    const device = deviceOf(c)!;
    const { ops } = await parsed(c, TableOpsRequestSchema);
    // A void takes sent items off the bill: a manager's approval of that line, which names the manager.
    const tokens = (requestHeader(c, APPROVAL_HEADER) ?? '')
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean);
    const fresh = store.unknown(ops.map((op) => op.opId));
    // Only a kitchen screen bumps a round done (/till/kitchen/bumps).
    const bump = ops.findIndex((op) => op.body.kind === 'bump');
    if (bump >= 0)
      throw new ApiError(403, 'only a kitchen screen bumps', `ops.${bump}.body.kind`, 'bump_kitchen_only');
    try {
      await options.modifierCheck?.check(device.id, ops, options.modifiers.list(), fresh);
      for (const op of ops) {
        if (op.body.kind !== 'void' || !fresh.has(op.opId)) continue;
        const [passed] = await passingApprovals(hub.staff, tokens, {
          action: 'void_sale',
          subject: op.body.lineId,
          deviceId: device.id,
        });
        op.body.approvedBy = passed!.manager.name;
      }
      return c.json(store.receive(device.outlet, device.id, ops));
    } catch (error) {
      return refused(error);
    }
  });

  routes.get('/live', (c) => {
    const { outlet } = deviceOf(c)!;
    const since = Number(c.req.query('since') ?? requestHeader(c, 'last-event-id') ?? '0');
    return streamSSE(c, async (stream) => {
      let open = true;
      const queue: { data: string; id: number }[] = [];
      let wake: (() => void) | null = null;
      const push = (data: string, id: number) => {
        queue.push({ data, id });
        wake?.();
      };
      const stop = store.listen((batch) => {
        if (batch.outlet === outlet) push(batch.data(), batch.revision);
      });
      stream.onAbort(() => {
        open = false;
        stop();
        wake?.();
      });
      // What the tablet missed since its last event, then every batch as it is stored.
      const missed = Number.isInteger(since) && since >= 0 ? store.opsSince(outlet, since) : [];
      await stream.writeSSE({
        event: 'ops',
        data: JSON.stringify({ revision: store.revision(outlet), ops: missed }),
      });
      while (open) {
        if (queue.length === 0) {
          const heartbeat = setTimeout(() => push('', 0), LIVE_HEARTBEAT_MS);
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          clearTimeout(heartbeat);
          wake = null;
          continue;
        }
        const { data, id } = queue.shift()!;
        if (data === '') await stream.write(': alive\n\n');
        else await stream.writeSSE({ event: 'ops', data, id: String(id) });
      }
    });
  });

  routes.all('*', () => {
    throw new ApiError(404, 'no such endpoint');
  });
  return routes;
}

/** `/admin/tables/plan`: the floor plan of an outlet, read and replaced by an admin; `/modifiers`: the groups. */
export function createTablePlanRoutes(
  hub: Hub,
  store: TableStore,
  options: { trustProxy: boolean; modifiers: ModifierStore },
): Hono {
  const routes = new Hono();
  routes.use('*', async (c, next) => {
    if (!isAdmin(c, { hub, trustProxy: options.trustProxy }))
      throw new ApiError(401, 'sign in to the admin page first', undefined, 'admin_only');
    await next();
  });
  routes.use('*', sameOriginPost);
  const outletOf = (c: Context) => {
    const outlet = c.req.query('outlet') ?? '';
    if (!hub.outlets.get(outlet)) throw new ApiError(400, 'no such outlet', 'outlet', 'tables_invalid');
    return outlet;
  };
  routes.route('/modifiers', createModifierAdminRoutes(hub, options.modifiers));
  routes.route('/floor', createFloorPlanAdminRoutes(hub, store));
  routes.get('/plan', (c) => c.json({ areas: store.plan(outletOf(c)) }));
  routes.post('/plan', async (c) => {
    const outlet = outletOf(c);
    const { areas } = await parsed(c, PlanSchema);
    const kept = new Set(areas.flatMap((area) => area.tables.map((table) => table.tableId)));
    const [busy] = tablesInUse(
      store,
      outlet,
      store
        .plan(outlet)
        .flatMap((area) => area.tables.map((table) => table.tableId))
        .filter((id) => !kept.has(id)),
    );
    if (busy) throw new ApiError(409, `table ${busy} has guests`, 'areas', 'table_in_use');
    try {
      return c.json({ areas: store.setPlan(outlet, areas as FloorPlanArea[]) });
    } catch (error) {
      return refused(error);
    }
  });
  return routes;
}

/** A table's name as tickets print it: the plan's name ("Tisch 10"), a tab's name. */
export function tableNames(store: TableStore): (outlet: string, tableId: string) => string {
  return (outlet, tableId) => {
    const planned = store
      .plan(outlet)
      .flatMap((area) => area.tables)
      .find((table) => table.tableId === tableId);
    if (planned) return `Tisch/Table ${planned.name}`;
    return store.floor(outlet).floor.tables.get(tableId)?.tabName || tableId;
  };
}
