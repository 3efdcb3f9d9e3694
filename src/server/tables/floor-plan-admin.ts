// The admin page's floor plan, `/admin/tables/floor?outlet=` (behind the admin page's sign-in like
// every /admin/tables route: a manager, the admin key or the server machine): an outlet's areas and
// tables with seats, placed by column and row, replaced whole in one transaction or refused naming
// the field (400; 409 for a table with guests, or a page older than the plan). Each save is audited.
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { ApiError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import { tableSummary } from '../../shared/table-fold.ts';
import { adminCookieName } from '../admin/admin-access.ts';
import { page } from '../admin/admin-page.ts';
import { adminWords } from '../admin/admin-words.ts';
import type { Hub } from '../hub/hub.ts';
import { planOfForm } from './floor-plan-form.ts';
import { floorPlanBody, rowsOfForm, rowsOfPlan } from './floor-plan-page.ts';
import { FLOOR_PLAN_WORDS } from './floor-plan-words.ts';
import { TableError } from './table-errors.ts';
import type { TableStore } from './table-store.ts';

/** Who signed in to the admin page: the manager's name, or "admin" for the key and the server machine. */
export function adminActor(hub: Hub, c: Context): string {
  const staffId = hub.adminSessionStaff(getCookie(c, adminCookieName(hub)));
  return staffId ? (hub.staff.member(staffId)?.name ?? staffId) : 'admin';
}

/**
 * Of `tableIds`, those with guests (not free on the outlet's floor): a plan that drops one would leave
 * its operations naming a table the outlet no longer has.
 */
export function tablesInUse(store: TableStore, outlet: string, tableIds: readonly string[]): string[] {
  const { floor } = store.floor(outlet);
  const courses = store.courses(outlet);
  return tableIds.filter((tableId) => tableSummary(floor, tableId, courses).state !== 'free');
}

export function createFloorPlanAdminRoutes(hub: Hub, store: TableStore): Hono {
  const routes = new Hono();
  const outletOf = (c: Context) => {
    const outlet = c.req.query('outlet') ?? '';
    if (outlet && !hub.outlets.get(outlet))
      throw new ApiError(400, 'no such outlet', 'outlet', 'plan_invalid');
    return outlet;
  };
  const show = (
    c: Context,
    outlet: string,
    extra: { form?: Record<string, unknown>; problem?: TableError; saved?: boolean } = {},
  ) => {
    const { lang, words } = adminWords(requestHeader(c, 'accept-language'));
    const plan = outlet ? store.plan(outlet) : [];
    const body = floorPlanBody({
      w: FLOOR_PLAN_WORDS[lang],
      outlets: hub.outlets.list(),
      outlet,
      plan,
      rows: extra.form ? rowsOfForm(extra.form) : rowsOfPlan(plan),
      ...(extra.problem ? { problem: { field: extra.problem.field, message: extra.problem.message } } : {}),
      ...(extra.saved ? { saved: true } : {}),
    });
    c.header('cache-control', 'no-store');
    return c.html(page(lang, words, body, true), extra.problem?.status ?? 200);
  };

  routes.get('/', (c) => show(c, outletOf(c), { saved: c.req.query('saved') === '1' }));
  routes.post('/', async (c) => {
    const outlet = outletOf(c);
    if (!outlet) throw new ApiError(400, 'no such outlet', 'outlet', 'plan_invalid');
    const form = await c.req.parseBody();
    try {
      const { areas, removed } = planOfForm(form, store.plan(outlet));
      // A table with guests stays: its operations would name a table the outlet no longer has.
      const { floor } = store.floor(outlet);
      const courses = store.courses(outlet);
      for (const { tableId, field } of removed)
        if (tableSummary(floor, tableId, courses).state !== 'free') {
          const name = rowsOfForm(form).tables.find((row) => row.id === tableId)?.name ?? tableId;
          const { lang } = adminWords(requestHeader(c, 'accept-language'));
          throw new TableError(
            409,
            'table_in_use',
            FLOOR_PLAN_WORDS[lang].inUse.replace('{name}', name),
            field,
          );
        }
      store.setPlan(outlet, areas);
      hub.audit.append({
        kind: 'floor_plan_saved',
        staffName: adminActor(hub, c),
        subject: outlet,
        note: `${areas.length} areas, ${areas.reduce((n, area) => n + area.tables.length, 0)} tables`,
      });
      return c.redirect(`/admin/tables/floor?outlet=${encodeURIComponent(outlet)}&saved=1`, 303);
    } catch (error) {
      if (!(error instanceof TableError)) throw error;
      if ((requestHeader(c, 'accept') ?? '').includes('application/json'))
        throw new ApiError(error.status as 400, error.message, error.field, error.code);
      return show(c, outlet, { form, problem: error });
    }
  });
  return routes;
}
