// The merge of table operations from 2-5 tablets (issue 31): whatever order they arrive in, some
// tablets offline until the end, some operations sent twice, the server's floor is the one every
// operation makes once. The expected lines are reckoned here from the generated operations by the
// rules of docs/tables.md (sums, maxima and the latest change), not by the fold under test.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TableOpsRequest } from '../../../src/pms/table-calls.ts';
import { openHubDb } from '../../../src/server/hub/hub-db.ts';
import { createTableStore } from '../../../src/server/tables/table-store.ts';

type Op = TableOpsRequest['ops'][number] & { deviceId: string };
const TABLES = ['t1', 't2', 't3'];

const command = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    table: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 5 }),
    seat: fc.nat(4),
  }),
  fc.record({
    kind: fc.constant('delta' as const),
    line: fc.nat(),
    delta: fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0),
  }),
  fc.record({ kind: fc.constant('seat' as const), line: fc.nat(), seat: fc.nat(4) }),
  fc.record({
    kind: fc.constant('send' as const),
    table: fc.nat(2),
    lines: fc.array(fc.record({ line: fc.nat(), quantity: fc.nat(8) }), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('void' as const), line: fc.nat(), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('move' as const), line: fc.nat(), table: fc.nat(2) }),
);

const tablet = fc.record({
  commands: fc.array(command, { minLength: 1, maxLength: 25 }),
  steps: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 25, maxLength: 25 }),
  offline: fc.boolean(),
  start: fc.nat(20),
});

/** Each tablet's operations, line references resolved against the lines added by any tablet. */
type Tablet = typeof tablet extends fc.Arbitrary<infer T> ? T : never;

function operations(tablets: Tablet[]): Op[][] {
  const lineIds: string[] = [];
  tablets.forEach((t, d) => {
    let n = 0;
    for (const c of t.commands) if (c.kind === 'add') lineIds.push(`d${d}-L${n++}`);
  });
  const pick = (i: number) => lineIds[i % Math.max(1, lineIds.length)] ?? 'none';
  return tablets.map((t, d) => {
    let at = 1_000 + t.start;
    let n = 0;
    return t.commands.map((c, seq) => {
      at += t.steps[seq % t.steps.length]!;
      const base = { opId: `d${d}-op${seq}`, seq, at, staffName: `Waiter ${d}`, deviceId: `d${d}` };
      switch (c.kind) {
        case 'add':
          return {
            ...base,
            body: {
              kind: 'add_line',
              tableId: TABLES[c.table]!,
              line: {
                lineId: `d${d}-L${n++}`,
                productId: 'p1',
                name: 'Beer',
                unitCents: 450,
                groupId: 1,
                course: 0,
                seat: c.seat,
                quantity: c.quantity,
                modifiers: [],
                note: '',
              },
            },
          };
        case 'delta':
          return { ...base, body: { kind: 'change_quantity', lineId: pick(c.line), delta: c.delta } };
        case 'seat':
          return { ...base, body: { kind: 'set_line', lineId: pick(c.line), seat: c.seat } };
        case 'send':
          return {
            ...base,
            body: {
              kind: 'send',
              tableId: TABLES[c.table]!,
              roundId: `r-${base.opId}`,
              lines: c.lines.map((l) => ({ lineId: pick(l.line), quantity: l.quantity })),
            },
          };
        case 'void':
          return {
            ...base,
            body: { kind: 'void', lineId: pick(c.line), quantity: c.quantity, reason: 'guest changed mind' },
          };
        default:
          return {
            ...base,
            body: { kind: 'move_lines', lineIds: [pick(c.line)], toTableId: TABLES[c.table]! },
          };
      }
    }) as Op[];
  });
}

const later = (a: Op, b: Op) =>
  a.at !== b.at ? a.at > b.at : a.deviceId !== b.deviceId ? a.deviceId > b.deviceId : a.seq > b.seq;

/** The lines as the rules make them, reckoned from the operations directly. */
function expectedLines(all: Op[]) {
  const lines = new Map<
    string,
    { tableId: string; seat: number; quantity: number; sent: number; voided: number }
  >();
  for (const op of all) {
    if (op.body.kind !== 'add_line') continue;
    const { lineId } = op.body.line;
    const about = all.filter((other) => 'lineId' in other.body && other.body.lineId === lineId);
    const sum = (kind: string, field: 'delta' | 'quantity') =>
      about
        .filter((o) => o.body.kind === kind)
        .reduce((s, o) => s + ((o.body as Record<string, unknown>)[field] as number), 0);
    const sent = Math.max(
      0,
      ...all.flatMap((o) =>
        o.body.kind === 'send' ? o.body.lines.filter((l) => l.lineId === lineId).map((l) => l.quantity) : [],
      ),
    );
    let seatFrom = op;
    for (const o of about) if (o.body.kind === 'set_line' && later(o, seatFrom)) seatFrom = o;
    let tableFrom = op;
    for (const o of all)
      if (o.body.kind === 'move_lines' && o.body.lineIds.includes(lineId) && later(o, tableFrom))
        tableFrom = o;
    lines.set(lineId, {
      tableId: tableFrom === op ? op.body.tableId : (tableFrom.body as { toTableId: string }).toTableId,
      seat: seatFrom === op ? op.body.line.seat : (seatFrom.body as { seat: number }).seat,
      quantity: Math.max(0, op.body.line.quantity + sum('change_quantity', 'delta'), sent),
      sent,
      voided: Math.min(sum('void', 'quantity'), sent),
    });
  }
  return lines;
}

function storeWithPlan() {
  const db = openHubDb(':memory:');
  const store = createTableStore({ db });
  store.setPlan('restaurant', [
    {
      areaId: 'a',
      name: 'Room',
      tables: TABLES.map((tableId, x) => ({ tableId, name: tableId, seats: 4, x, y: 0 })),
    },
  ]);
  return { db, store };
}

const linesOf = (store: ReturnType<typeof createTableStore>) =>
  new Map(
    [...store.floor('restaurant').floor.lines.values()].map((l) => [
      l.lineId,
      { tableId: l.tableId, seat: l.seat, quantity: l.quantity, sent: l.sent, voided: l.voided },
    ]),
  );

describe('merging table operations from several tablets', () => {
  it('gives the floor every operation makes once, in any delivery order, offline tablets last, duplicates and all', () => {
    fc.assert(
      fc.property(
        fc.array(tablet, { minLength: 2, maxLength: 5 }),
        fc.array(fc.nat(1_000_000), { minLength: 300, maxLength: 300 }),
        fc.array(fc.nat(3), { minLength: 300, maxLength: 300 }),
        (tablets, order, copies) => {
          const perTablet = operations(tablets);
          const all = perTablet.flat();
          // Every delivery: an operation (some twice or three times), offline tablets' after all others.
          const deliveries = all.flatMap((op, i) => {
            const offline = tablets[Number(op.deviceId.slice(1))]!.offline;
            const times =
              1 + (copies[i % copies.length]! === 0 ? 2 : copies[i % copies.length]! === 1 ? 1 : 0);
            return Array.from({ length: times }, (_, k) => ({
              op,
              key: (offline ? 2_000_000 : 0) + order[(i * 3 + k) % order.length]! + k,
            }));
          });
          deliveries.sort((a, b) => a.key - b.key);
          const { db, store } = storeWithPlan();
          // Runs of one tablet's deliveries go in one request, as its outbox sends them.
          for (let i = 0; i < deliveries.length; ) {
            const deviceId = deliveries[i]!.op.deviceId;
            const batch: Op[] = [];
            while (i < deliveries.length && deliveries[i]!.op.deviceId === deviceId && batch.length < 4) {
              if (!batch.some((b) => b.opId === deliveries[i]!.op.opId)) batch.push(deliveries[i]!.op);
              i += 1;
            }
            store.receive(
              'restaurant',
              deviceId,
              batch.map(({ deviceId: _, ...op }) => op),
            );
          }
          const expected = expectedLines(all);
          expect(linesOf(store)).toEqual(expected);
          // The log holds each operation once, and a restarted server folds it to the same floor.
          expect(store.opsSince('restaurant', 0)).toHaveLength(all.length);
          expect(linesOf(createTableStore({ db }))).toEqual(expected);
        },
      ),
      { numRuns: 100 },
    );
  }, 120_000);
});

describe('a restarted server', () => {
  it('counts the first operation it receives once (it folded the log before storing it)', () => {
    const { db, store } = storeWithPlan();
    const base = { staffName: 'Mia', seq: 0, at: 1_000 };
    const line = {
      lineId: 'L1',
      productId: 'p1',
      name: 'Beer',
      unitCents: 450,
      groupId: 1,
      course: 0,
      seat: 0,
      quantity: 2,
      modifiers: [],
      note: '',
    };
    store.receive('restaurant', 'd1', [
      { ...base, opId: 'a', body: { kind: 'add_line', tableId: 't1', line } },
    ]);
    const restarted = createTableStore({ db });
    restarted.receive('restaurant', 'd1', [
      { ...base, opId: 'b', seq: 1, at: 2_000, body: { kind: 'change_quantity', lineId: 'L1', delta: 1 } },
    ]);
    expect(restarted.floor('restaurant').floor.lines.get('L1')!.quantity).toBe(3);
    expect(restarted.floor('restaurant').floor.conflicts).toEqual([]);
  });
});
