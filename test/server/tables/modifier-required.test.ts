// The server refuses an add_line that skips a required modifier group, as the table screen does: a
// paired tablet sending the operation itself gets 400 naming the field and the group, and nothing
// of its batch is stored. A tablet that was offline when the group was made is judged by the groups
// it had read: its operation made before it could know the group is kept (docs/tables.md).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../../../src/pms/till-headers.ts';
import { adminCookieName } from '../../../src/server/admin/admin-access.ts';
import { newLine, tableSetup } from './table-support.ts';

const HOST = 'till.example.org';
const cooking = {
  name: 'Cooking',
  products: '34',
  required: 'on',
  minChoices: '1',
  maxChoices: '1',
  options: 'Rare\nMedium\nWell done',
};

function setup() {
  const all = tableSetup();
  const manager = `${adminCookieName(all.hub)}=${all.hub.createAdminSession(null)}`;
  const saveGroup = async (fields: Record<string, string>) =>
    (
      await all.app.request('/admin/tables/modifiers', {
        method: 'POST',
        headers: {
          host: HOST,
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          [REQUEST_ID_HEADER]: randomUUID(),
          cookie: manager,
        },
        body: new URLSearchParams(fields).toString(),
      })
    ).status;
  return { ...all, saveGroup };
}

const burger = (modifiers: string[] = []) =>
  newLine('Burger', 1, {
    productId: '34',
    course: 2,
    modifiers: modifiers.map((name) => ({ name, priceCents: 0 })),
  });
const lineIds = (floor: { lines: { lineId: string }[] }) => floor.lines.map((line) => line.lineId);

describe('the server checks required modifier groups', () => {
  it('refuses an add_line without the required choice: 400 naming the field and the group, nothing stored', async () => {
    const { one, saveGroup } = setup();
    expect(await saveGroup(cooking)).toBe(303);
    const { groups } = (await one.call('/till/tables/modifiers')).body;
    const skipped = burger();
    const answer = await one.call('/till/tables/ops', {
      ops: [
        one.ops({ kind: 'open', tableId: 't10', covers: 2 }),
        one.ops({ kind: 'add_line', tableId: 't10', line: skipped }),
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'ops.1.body.line.modifiers', code: 'modifier_required' });
    expect(answer.body.message).toContain('Cooking');
    expect(answer.body.message).toContain(groups[0].groupId);
    const floor = (await one.call('/till/tables/floor')).body;
    expect(lineIds(floor)).not.toContain(skipped.lineId);
    expect(floor.revision).toBe(0); // not even the open before it

    // With its choice the same burger goes on the table.
    const chosen = burger(['Medium']);
    const fine = await one.call('/till/tables/ops', {
      ops: [one.ops({ kind: 'add_line', tableId: 't10', line: chosen })],
    });
    expect(fine.status).toBe(200);
    expect(lineIds((await one.call('/till/tables/floor')).body)).toContain(chosen.lineId);
    // An option of another group, or a made-up name, does not count as the choice.
    const madeUp = await one.call('/till/tables/ops', {
      ops: [one.ops({ kind: 'add_line', tableId: 't10', line: burger(['Extra crispy']) })],
    });
    expect(madeUp.status).toBe(400);
  });

  it('keeps an operation its tablet made offline before it could know the group, and checks its next ones', async () => {
    const { two, saveGroup } = setup();
    // Waiter 2's tablet read the groups (none yet), then went offline and added a burger.
    expect((await two.call('/till/tables/modifiers')).body.groups).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const offlineLine = burger();
    const madeOffline = {
      ...two.ops({ kind: 'add_line', tableId: 't11', line: offlineLine }),
      at: Date.now(),
    };
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Meanwhile the manager made Cooking required; the tablet comes back and sends what it holds.
    expect(await saveGroup(cooking)).toBe(303);
    const back = await two.call('/till/tables/ops', { ops: [madeOffline] });
    expect(back.status).toBe(200);
    expect(lineIds((await two.call('/till/tables/floor')).body)).toContain(offlineLine.lineId);
    // Once it has read the group, a burger it adds without the choice is refused.
    await two.call('/till/tables/modifiers');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const afterRead = { ...two.ops({ kind: 'add_line', tableId: 't11', line: burger() }), at: Date.now() };
    const refused = await two.call('/till/tables/ops', { ops: [afterRead] });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('ops.0.body.line.modifiers');
  });

  it('judges a tablet that never read the groups by the groups now, and lets a resend of a stored line pass', async () => {
    const { one, bar, saveGroup } = setup();
    const stored = one.ops({ kind: 'add_line', tableId: 't10', line: burger() });
    expect((await one.call('/till/tables/ops', { ops: [stored] })).status).toBe(200);
    expect(await saveGroup(cooking)).toBe(303);
    // The stored operation sent again is a duplicate, not a new add.
    const again = await one.call('/till/tables/ops', { ops: [stored] });
    expect(again.status).toBe(200);
    expect(again.body.stored[0].duplicate).toBe(true);
    // The bar's tablet never asked for the groups: it cannot skip them by not reading.
    const tab = 'tab-anna';
    const skipped = await bar.call('/till/tables/ops', {
      ops: [
        bar.ops({ kind: 'open_tab', tableId: tab, name: 'Anna' }),
        bar.ops({ kind: 'add_line', tableId: tab, line: burger() }),
      ],
    });
    expect(skipped.status).toBe(400);
    expect(skipped.body.field).toBe('ops.1.body.line.modifiers');
  });
});

describe('a group naming its product by article number', () => {
  it('binds the line that carries the product’s PMS id', async () => {
    const { one, saveGroup } = setup();
    const products = (await one.call('/api/get/products/available')).body.data as {
      id: number;
      number: string;
    }[];
    const burgerId = String(products.find((product) => product.number === 'K-310')!.id);
    expect(await saveGroup({ ...cooking, products: 'K-310' })).toBe(303);
    await one.call('/till/tables/modifiers');
    const skipped = await one.call('/till/tables/ops', {
      ops: [one.ops({ kind: 'add_line', tableId: 't10', line: { ...burger(), productId: burgerId } })],
    });
    expect(skipped.status).toBe(400);
    expect(skipped.body.field).toBe('ops.0.body.line.modifiers');
  });
});
