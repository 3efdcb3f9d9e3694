// The table endpoints as tablets reach them: odoo issue 138664's two waiters on table 10 both keep
// their items; only paired tablets of the restaurant see or change its tables (not an unpaired
// caller, the bar's tablet, a revoked one); a bad body is refused naming its field with nothing
// stored; an operation sent twice is stored once; a void needs a manager's approval.
import { describe, expect, it } from 'vitest';
import { signedApprovalFor } from './table-approvals.ts';
import { newLine, tableSetup } from './table-support.ts';

const itemsOf = (floor: { lines: { name: string; quantity: number; tableId: string }[] }, tableId = 't10') =>
  Object.fromEntries(
    floor.lines.filter((line) => line.tableId === tableId).map((line) => [line.name, line.quantity]),
  );

describe('table 10 with two waiters (odoo 138664)', () => {
  it('keeps the water, waiter 1’s beers and waiter 2’s food, each once, on both tablets', async () => {
    const { one, two } = tableSetup();
    const water = newLine('Water', 1);
    expect(
      (
        await one.call('/till/tables/ops', {
          ops: [
            one.ops({ kind: 'open', tableId: 't10', covers: 4 }),
            one.ops({ kind: 'add_line', tableId: 't10', line: water }),
          ],
        })
      ).status,
    ).toBe(200);
    // Both opened the table (both see the water) before either sent.
    expect(itemsOf((await one.call('/till/tables/floor')).body)).toEqual({ Water: 1 });
    expect(itemsOf((await two.call('/till/tables/floor')).body)).toEqual({ Water: 1 });
    const beers = one.ops({ kind: 'add_line', tableId: 't10', line: newLine('Beer', 2) });
    const food = [
      newLine('Burger', 2, { course: 2 }),
      newLine('Potatoes', 3, { course: 2 }),
      newLine('Dessert', 2, { course: 3 }),
    ];
    const foodOps = food.map((line) => two.ops({ kind: 'add_line', tableId: 't10', line }));
    expect((await two.call('/till/tables/ops', { ops: foodOps })).status).toBe(200);
    expect((await one.call('/till/tables/ops', { ops: [beers] })).status).toBe(200);
    const expected = { Water: 1, Beer: 2, Burger: 2, Potatoes: 3, Dessert: 2 };
    const seenByOne = (await one.call('/till/tables/floor')).body;
    expect(itemsOf(seenByOne)).toEqual(expected);
    expect(itemsOf((await two.call('/till/tables/floor')).body)).toEqual(expected);
    const table = seenByOne.tables.find((t: { tableId: string }) => t.tableId === 't10');
    expect(table).toMatchObject({ state: 'open', covers: 4, waiter: 'Mia', amountCents: 10 * 450 });
    // Waiter 1's resend of his beers (his answer was lost) adds nothing.
    const again = await one.call('/till/tables/ops', { ops: [beers] });
    expect(again.body.stored).toEqual([{ opId: beers.opId, duplicate: true }]);
    expect(itemsOf((await two.call('/till/tables/floor')).body)).toEqual(expected);
  });
});

describe('who may use the tables', () => {
  it('refuses an unpaired caller and a revoked tablet, and shows another outlet’s tablet none of the restaurant’s tables', async () => {
    const setup = tableSetup();
    const { one, bar, hub } = setup;
    await one.call('/till/tables/ops', {
      ops: [one.ops({ kind: 'add_line', tableId: 't10', line: newLine('Beer', 2) })],
    });
    for (const path of ['/till/tables/floor', '/till/tables/ops?since=0', '/till/tables/live'])
      expect((await setup.stranger(path)).status).toBe(401);
    expect((await setup.stranger('/till/tables/ops', { ops: [] })).status).toBe(401);
    // The bar's tablet sees its own (empty) floor and cannot name a restaurant table.
    const barFloor = (await bar.call('/till/tables/floor')).body;
    expect(barFloor.tables).toEqual([]);
    expect(barFloor.lines).toEqual([]);
    expect((await bar.call('/till/tables/ops?since=0')).body.ops).toEqual([]);
    const sneaky = await bar.call('/till/tables/ops', {
      ops: [bar.ops({ kind: 'add_line', tableId: 't10', line: newLine('Gin', 5) })],
    });
    expect(sneaky.status).toBe(400);
    expect(sneaky.body).toMatchObject({ field: 'ops.0.body', code: 'table_unknown' });
    // Its own line ids are its outlet's: changing a restaurant line from the bar changes nothing there.
    const restaurantLine = (await one.call('/till/tables/floor')).body.lines[0].lineId;
    await bar.call('/till/tables/ops', {
      ops: [bar.ops({ kind: 'change_quantity', lineId: restaurantLine, delta: 5 })],
    });
    expect((await one.call('/till/tables/floor')).body.lines[0].quantity).toBe(2);
    // Revoked: refused as such.
    hub.revokeDevice(one.device.id);
    const revoked = await one.call('/till/tables/floor');
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('device_revoked');
  });

  it('refuses an operation id another tablet sent, and the floor plan to a tablet', async () => {
    const { one, two } = tableSetup();
    const op = one.ops({ kind: 'add_line', tableId: 't10', line: newLine('Beer', 2) });
    await one.call('/till/tables/ops', { ops: [op] });
    const taken = await two.call('/till/tables/ops', {
      ops: [{ ...op, body: { ...op.body, line: newLine('Beer', 9) } }],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('op_id_taken');
    const plan = await one.call(
      '/admin/tables/plan?outlet=restaurant',
      { areas: [] },
      { host: 'till.example.org' },
    );
    expect(plan.status).toBe(401);
    expect((await one.call('/till/tables/floor')).body.tables).toHaveLength(2);
  });

  it('refuses a bad operation naming its field, with none of its batch stored', async () => {
    const { one } = tableSetup();
    const good = one.ops({ kind: 'add_line', tableId: 't10', line: newLine('Beer', 2) });
    const bad = one.ops({
      kind: 'change_quantity',
      lineId: good.body.kind === 'add_line' ? good.body.line.lineId : '',
      delta: 0,
    });
    const answer = await one.call('/till/tables/ops', { ops: [good, bad] });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('ops.1.body.delta');
    expect((await one.call('/till/tables/ops?since=0')).body.ops).toEqual([]);
  });
});

describe('voiding a sent line', () => {
  it('needs a manager’s approval of that line, which names the manager on the line', async () => {
    const { one, hub } = tableSetup();
    const beer = newLine('Beer', 2);
    await one.call('/till/tables/ops', {
      ops: [
        one.ops({ kind: 'add_line', tableId: 't10', line: beer }),
        one.ops({
          kind: 'send',
          tableId: 't10',
          roundId: 'r1',
          lines: [{ lineId: beer.lineId, quantity: 2 }],
        }),
      ],
    });
    const voidOp = one.ops({
      kind: 'void',
      lineId: beer.lineId,
      quantity: 1,
      reason: 'spilt',
      approvedBy: 'Nobody',
    });
    const refused = await one.call('/till/tables/ops', { ops: [voidOp] });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('approval_required');
    const otherLine = await signedApprovalFor(hub, one.device.id, 'other-line');
    expect(
      (await one.call('/till/tables/ops', { ops: [voidOp] }, { 'x-till-approval': otherLine })).status,
    ).toBe(403);
    const approval = await signedApprovalFor(hub, one.device.id, beer.lineId);
    const done = await one.call('/till/tables/ops', { ops: [voidOp] }, { 'x-till-approval': approval });
    expect(done.status).toBe(200);
    const line = (await one.call('/till/tables/floor')).body.lines[0];
    expect(line).toMatchObject({ quantity: 2, sent: 2, voided: 1, owing: 1 });
    expect(line.voids).toEqual([{ quantity: 1, reason: 'spilt', staffName: 'Mia', approvedBy: 'Anna' }]);
  });
});
