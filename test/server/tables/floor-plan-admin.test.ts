// The floor plan on the admin page: only a signed-in manager (or the admin key, or the server
// machine) reads or changes it; a paired tablet, a waiter's session and an unauthenticated caller get
// 401 and change nothing. A saved plan reaches the tablets; bad input is refused naming its field
// (400, or 409 for a table with guests), with the plan left exactly as it was.
import { describe, expect, it } from 'vitest';
import { adminCookieName } from '../../../src/server/admin/admin-access.ts';
import { adminCalls, newLine } from './table-support.ts';

const PATH = '/admin/tables/floor?outlet=restaurant';
/** The form as the page sends it for the setup's plan (terrace: 10 at 1/1, 11 at 2/1), and a new table 12. */
const planForm = (more: Record<string, string> = {}) => ({
  'area.0.id': 'terrace',
  'area.0.name': 'Terrace',
  'area.1.id': '',
  'area.1.name': 'Garden',
  'table.0.id': 't10',
  'table.0.name': '10',
  'table.0.area': 'terrace',
  'table.0.seats': '4',
  'table.0.x': '1',
  'table.0.y': '1',
  'table.1.id': 't11',
  'table.1.name': '11',
  'table.1.area': 'terrace',
  'table.1.seats': '2',
  'table.1.x': '2',
  'table.1.y': '1',
  'table.2.id': '',
  'table.2.name': '12',
  'table.2.area': 'new',
  'table.2.seats': '6',
  'table.2.x': '1',
  'table.2.y': '3',
  'table.3.id': '',
  'table.3.name': '',
  'table.3.area': 'terrace',
  'table.3.seats': '4',
  'table.3.x': '',
  'table.3.y': '',
  ...more,
});

const namesOn = async (call: (path: string) => Promise<{ body: { tables: { name: string }[] } }>) =>
  (await call('/till/tables/floor')).body.tables.map((table) => table.name);

describe('the floor plan on the admin page', () => {
  it('refuses a paired tablet, a waiter signed in and an unauthenticated caller, reading or saving', async () => {
    const { post, get, one, manager, hub } = adminCalls();
    const waiter = await hub.staff.add({ name: 'Tom', role: 'waiter', pin: '4321' });
    const waiterSession = `${adminCookieName(hub)}=${hub.createAdminSession(waiter.id)}`;
    const forged = `${manager.split('=')[0]}=${one.cookie.split('=')[1]}`;
    for (const cookie of [one.cookie, null, waiterSession, forged]) {
      expect((await get(cookie, PATH)).status).toBe(401);
      const answer = await post(cookie, PATH, planForm());
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ code: 'admin_only' });
    }
    expect(await namesOn(one.call)).toEqual(['10', '11']);
    expect(hub.audit.list({ kind: 'floor_plan_saved' })).toEqual([]);
  });

  it('saves a manager’s areas and tables, which the tablets of the outlet then read', async () => {
    const { post, get, one, bar, manager, hub, tables } = adminCalls();
    const page = await (await get(manager, PATH)).text();
    expect(page).toContain('name="table.1.name" type="text" value="11"');
    const saved = await post(manager, PATH, planForm());
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/admin/tables/floor?outlet=restaurant&saved=1');
    expect(await namesOn(one.call)).toEqual(['10', '11', '12']);
    expect(await namesOn(bar.call)).toEqual([]);
    const [terrace, garden] = tables.plan('restaurant');
    expect(terrace).toMatchObject({ areaId: 'terrace', tables: [{ tableId: 't10' }, { tableId: 't11' }] });
    expect(garden).toMatchObject({ name: 'Garden', tables: [{ name: '12', seats: 6, x: 0, y: 2 }] });
    // The grid shows table 12 in its area's third row.
    const after = await (await get(manager, PATH)).text();
    expect(after).toMatch(/<tr><td class="placed" data-table="t-[0-9a-f]{8}">12<br>/);
    expect(hub.audit.list({ kind: 'floor_plan_saved' })).toHaveLength(1);
  });

  it('refuses bad input naming the field, in JSON when asked, and changes nothing', async () => {
    const { post, one, manager, tables } = adminCalls();
    const before = tables.plan('restaurant');
    const cases: [Record<string, string>, string][] = [
      [{ 'table.2.seats': '0' }, 'table.2.seats'],
      [{ 'table.2.seats': 'four' }, 'table.2.seats'],
      [{ 'table.2.x': '31' }, 'table.2.x'],
      [{ 'table.2.name': '11' }, 'table.2.name'],
      [{ 'table.2.x': '2', 'table.2.y': '1', 'table.2.area': 'terrace' }, 'table.2.x'],
      [{ 'table.2.area': 'cellar' }, 'table.2.area'],
      [{ 'area.0.name': '' }, 'area.0.name'],
      [{ 'area.0.remove': 'on' }, 'table.0.area'],
      [{ 'table.0.id': 't99' }, 'table.0.id'],
    ];
    for (const [change, field] of cases) {
      const html = await post(manager, PATH, planForm(change));
      expect(html.status, field).toBe(400);
      expect(await html.text()).toContain(`data-field="${field}"`);
      const json = await post(manager, PATH, planForm(change), { accept: 'application/json' });
      expect(json.status).toBe(400);
      expect(await json.json()).toMatchObject({ field, code: 'plan_invalid' });
    }
    // A page read before another manager's change does not drop what it did not show.
    const { 'table.1.id': _, 'table.1.name': __, ...stale } = planForm();
    expect((await post(manager, PATH, stale, { accept: 'application/json' })).status).toBe(409);
    expect(tables.plan('restaurant')).toEqual(before);
    expect(await namesOn(one.call)).toEqual(['10', '11']);
  });

  it('keeps a table with guests until it is paid or moved, and removes a free one', async () => {
    const { post, one, manager, tables, app } = adminCalls();
    expect(
      (
        await one.call('/till/tables/ops', {
          ops: [one.ops({ kind: 'add_line', tableId: 't10', line: newLine('Pils', 1) })],
        })
      ).status,
    ).toBe(200);
    const refused = await post(manager, PATH, planForm({ 'table.0.remove': 'on', 'table.1.remove': 'on' }), {
      accept: 'application/json',
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ field: 'table.0.remove', code: 'table_in_use' });
    expect(tables.plan('restaurant')[0]!.tables.map((table) => table.tableId)).toEqual(['t10', 't11']);
    // The plan's JSON endpoint keeps it too.
    const json = await app.request('/admin/tables/plan?outlet=restaurant', {
      method: 'POST',
      headers: {
        host: 'till.example.org',
        cookie: manager,
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        'x-till-request-id': crypto.randomUUID(),
      },
      body: JSON.stringify({ areas: [{ areaId: 'terrace', name: 'Terrace', tables: [] }] }),
    });
    expect(json.status).toBe(409);
    expect(await json.json()).toMatchObject({ field: 'areas', code: 'table_in_use' });
    expect(tables.plan('restaurant')[0]!.tables.map((table) => table.tableId)).toEqual(['t10', 't11']);
    // Table 11 is free: it goes; table 10 keeps its line.
    expect((await post(manager, PATH, planForm({ 'table.1.remove': 'on' }))).status).toBe(303);
    expect(await namesOn(one.call)).toEqual(['10', '12']);
    expect((await one.call('/till/tables/floor')).body.lines).toHaveLength(1);
  });
});
