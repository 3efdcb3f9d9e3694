// The day's closing on a manager's tablet, under `/till/closing`: the X report, a drawer's count, the Z,
// a closed day and any table as CSV, for a paired tablet whose request carries a manager's recent
// `close_day` approval for this device (a waiter can make none: 403); and `GET /last-z` for any paired
// tablet. The manager approves any over/short on the counts.
// Routes and who may: docs/ledger.md, "The Z report", "Where to see it".
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { ApiError } from '../../../node-http/errors.ts';
import { requestHeader } from '../../../node-http/headers.ts';
import {
  CashCountSchema,
  CloseDaySchema,
  DAY_CLOSING_APPROVAL_MS,
  DAY_CLOSING_SUBJECT,
} from '../../../pms/closing-wire.ts';
import { APPROVAL_HEADER } from '../../../pms/staff-calls.ts';
import { requireAppRequest } from '../../http/app-requests.ts';
import { deviceOf, requirePairedDevice } from '../../hub/device-routes.ts';
import type { Hub } from '../../hub/hub.ts';
import { StaffError } from '../../staff/staff-registry.ts';
import { CSV_TABLES, type CsvTable, reportCsv } from './closing-csv.ts';
import { ClosingError } from './day-closing.ts';

/** The manager whose approval this request carries; ApiError 403 otherwise. */
export async function managerOf(hub: Hub, c: Context, now: () => Date = () => new Date()) {
  const device = deviceOf(c)!;
  const token = requestHeader(c, APPROVAL_HEADER)?.split(',')[0]?.trim();
  try {
    const { approval, manager } = await hub.staff.checkApproval(token, {
      action: 'close_day',
      subject: DAY_CLOSING_SUBJECT,
      deviceId: device.id,
    });
    const age = now().getTime() - Date.parse(approval.at);
    if (!(age >= -60_000 && age <= DAY_CLOSING_APPROVAL_MS))
      throw new ApiError(
        403,
        'the approval has expired: sign in as a manager again',
        'approval',
        'approval_expired',
      );
    return { approval, manager, device };
  } catch (error) {
    if (error instanceof StaffError) throw new ApiError(403, error.message, error.field, error.code);
    throw error;
  }
}

/** A body checked against `schema`; 400 naming the first field that is wrong. */
async function bodyOf<T extends v.GenericSchema>(c: Context, schema: T): Promise<v.InferOutput<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'the request body is not valid JSON', undefined, 'body_invalid');
  }
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const field = issue ? v.getDotPath(issue) : null;
    throw new ApiError(
      400,
      `${field ?? 'body'}: ${issue?.message ?? 'invalid'}`,
      field ?? undefined,
      'body_invalid',
    );
  }
  return parsed.output;
}

function refusal(error: unknown): never {
  if (error instanceof ClosingError) throw new ApiError(error.status, error.message, error.field, error.code);
  throw error;
}

const tableOf = (c: Context): CsvTable => {
  const table = c.req.param('table')?.replace(/\.csv$/, '') as CsvTable;
  if (!CSV_TABLES.includes(table)) throw new ApiError(404, 'no such table', 'table');
  return table;
};

export function createClosingRoutes(hub: Hub, options: { trustProxy: boolean; now?: () => Date }): Hono {
  const now = options.now ?? (() => new Date());
  const routes = new Hono();
  routes.use('*', requirePairedDevice(hub, options));
  routes.use('*', async (c, next) => {
    c.header('cache-control', 'no-store');
    await next();
  });
  routes.use('*', requireAppRequest(['GET', 'POST']));

  // Any paired tablet: which records the last Z closed (a tablet prunes only sales a Z has closed).
  routes.get('/last-z', (c) => c.json({ lastZ: hub.closing.lastZ() }));

  routes.get('/', async (c) => {
    await managerOf(hub, c, now);
    return c.json({ report: hub.closing.xReport(), outlets: hub.outlets.list() });
  });

  routes.get('/csv/:table', async (c) => {
    await managerOf(hub, c, now);
    c.header('content-type', 'text/csv; charset=utf-8');
    return c.body(reportCsv(hub.closing.xReport(), tableOf(c)));
  });

  routes.post('/counts', async (c) => {
    const { approval, manager, device } = await managerOf(hub, c, now);
    const input = await bodyOf(c, CashCountSchema);
    try {
      const drawer = hub.closing.countDrawer(
        input,
        { staffId: manager.id, staffName: manager.name, deviceId: device.id },
        { managerId: manager.id, managerName: manager.name, approvalId: null },
      );
      hub.audit.append({
        kind: 'cash_counted',
        staffId: manager.id,
        staffName: input.countedBy ?? manager.name,
        deviceId: device.id,
        deviceName: device.name,
        approvedBy: drawer.count?.approvedBy ?? null,
        subject: `${input.outlet}/${input.drawer}`,
        amountCents: drawer.count?.differenceCents ?? null,
        note: `approval ${approval.id}`,
      });
      return c.json({ drawer });
    } catch (error) {
      refusal(error);
    }
  });

  routes.post('/z', async (c) => {
    const { approval, manager, device } = await managerOf(hub, c, now);
    const input = await bodyOf(c, CloseDaySchema);
    try {
      const closed = hub.closing.closeDay(input, {
        staffId: manager.id,
        staffName: manager.name,
        deviceId: device.id,
        approvalId: approval.id,
      });
      hub.audit.append({
        kind: 'day_closed',
        staffId: manager.id,
        staffName: manager.name,
        deviceId: device.id,
        deviceName: device.name,
        subject: `Z ${closed.zNumber}`,
        amountCents: closed.report.hotel.grossCents,
        note: `up to seq ${closed.report.upToSeq}`,
      });
      return c.json(closed);
    } catch (error) {
      refusal(error);
    }
  });

  routes.get('/z/:zId{[0-9]+}', async (c) => {
    await managerOf(hub, c, now);
    const closed = hub.closing.closed(Number(c.req.param('zId')));
    if (!closed) throw new ApiError(404, 'no such Z', 'zId');
    return c.json(closed);
  });

  routes.get('/z/:zId{[0-9]+}/csv/:table', async (c) => {
    await managerOf(hub, c, now);
    const closed = hub.closing.closed(Number(c.req.param('zId')));
    if (!closed) throw new ApiError(404, 'no such Z', 'zId');
    c.header('content-type', 'text/csv; charset=utf-8');
    return c.body(reportCsv(closed.report, tableOf(c)));
  });

  return routes;
}
