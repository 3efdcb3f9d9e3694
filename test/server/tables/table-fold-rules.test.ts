// The fold's rules one by one (docs/tables.md, "Merge rules"): a decrease below what was sent is
// refused and reported; two voids of the last beer take it once; moving a table merges it into an
// occupied one with its covers; the last part paid frees the table, and only when its sales cover
// it; a bar tab by name; the states.
import { describe, expect, it } from 'vitest';
import { foldFloor, tableSummary } from '../../../src/shared/table-fold.ts';
import { DEFAULT_COURSES, type TableOp, type TableOpBody } from '../../../src/shared/table-ops.ts';
import { newLine } from './table-support.ts';

let n = 0;
const op = (
  deviceId: string,
  at: number,
  body: TableOpBody,
  staffName = deviceId === 'd1' ? 'Mia' : 'Jonas',
): TableOp => {
  n += 1;
  return { opId: `op-${n}`, deviceId, seq: n, at, staffName, body };
};
const state = (ops: TableOp[], tableId: string) =>
  tableSummary(foldFloor(ops, DEFAULT_COURSES), tableId, DEFAULT_COURSES);

describe('the fold’s rules', () => {
  const beer = newLine('Beer', 2);
  const added = op('d1', 1, { kind: 'add_line', tableId: 't10', line: beer });
  const sent = op('d1', 2, {
    kind: 'send',
    tableId: 't10',
    roundId: 'r1',
    lines: [{ lineId: beer.lineId, quantity: 2 }],
  });

  it('refuses a decrease below what was sent, and reports it to the waiter who tried', () => {
    const floor = foldFloor(
      [added, sent, op('d2', 3, { kind: 'change_quantity', lineId: beer.lineId, delta: -1 })],
      DEFAULT_COURSES,
    );
    expect(floor.lines.get(beer.lineId)!.quantity).toBe(2);
    expect(floor.conflicts).toMatchObject([{ rule: 'below_sent', staffName: 'Jonas', refused: 1 }]);
  });

  it('takes the last beer once when two waiters void it, and reports the second', () => {
    const voids = [
      op('d1', 3, { kind: 'void', lineId: beer.lineId, quantity: 2, reason: 'spilt' }),
      op('d2', 3, { kind: 'void', lineId: beer.lineId, quantity: 1, reason: 'warm' }),
    ];
    const floor = foldFloor([added, sent, ...voids], DEFAULT_COURSES);
    expect(floor.lines.get(beer.lineId)).toMatchObject({ quantity: 2, voided: 2 });
    expect(floor.conflicts).toMatchObject([{ rule: 'over_void', staffName: 'Jonas', refused: 1 }]);
  });

  it('merges table 10 into occupied table 11 with its covers, and frees table 10', () => {
    const water = newLine('Water', 1);
    const ops = [
      op('d1', 0, { kind: 'open', tableId: 't10', covers: 2 }),
      added,
      op('d2', 0, { kind: 'open', tableId: 't11', covers: 3 }),
      op('d2', 1, { kind: 'add_line', tableId: 't11', line: water }),
      op('d1', 5, { kind: 'move_table', tableId: 't10', toTableId: 't11', lineIds: [beer.lineId] }),
    ];
    expect(state(ops, 't10').state).toBe('free');
    const merged = state(ops, 't11');
    expect(merged.table!.covers).toBe(5);
    expect(merged.lines.map((line) => line.name).sort()).toEqual(['Beer', 'Water']);
  });

  it('frees the table when its last part is paid, and not before', () => {
    const part = (quantity: number, final: boolean, at: number) =>
      op('d1', at, {
        kind: 'settle',
        tableId: 't10',
        saleId: `s${at}`,
        lines: [{ lineId: beer.lineId, quantity }],
        final,
      });
    expect(state([added, sent, part(1, false, 5)], 't10')).toMatchObject({
      state: 'ordered',
      amountCents: 450,
    });
    expect(state([added, sent, part(1, false, 5), part(1, true, 6)], 't10').state).toBe('free');
    // A final part that leaves something to pay does not free it.
    expect(state([added, sent, part(1, true, 5)], 't10').state).toBe('ordered');
  });

  it('applies a settle the server checked only when its sales cover what it takes off, in any order', () => {
    const pay = (at: number, coveredCents: number, quantity: number, final: boolean) =>
      op('d1', at, {
        kind: 'settle',
        tableId: 't10',
        saleId: `s${at}`,
        lines: quantity > 0 ? [{ lineId: beer.lineId, quantity }] : [],
        final,
        coveredCents,
      });
    const short = pay(5, 449, 1, false);
    const floor = foldFloor([added, sent, short], DEFAULT_COURSES);
    expect(floor.conflicts).toEqual([
      expect.objectContaining({ opId: short.opId, rule: 'not_covered', refused: 1 }),
    ]);
    expect(tableSummary(floor, 't10', DEFAULT_COURSES).amountCents).toBe(900);
    // An equal part (no lines) then the last part: together they cover both beers, whatever the arrival.
    const parts = [pay(5, 450, 0, false), pay(6, 450, 2, true)];
    expect(state([parts[1]!, sent, parts[0]!, added], 't10').state).toBe('free');
    expect(state([added, sent, parts[1]!], 't10').state).toBe('ordered');
  });

  it('keeps a bar tab by name, and shows a held course and the bill asked', () => {
    const tab = op('d1', 1, { kind: 'open_tab', tableId: 'tab-anna', name: 'Anna' });
    expect(foldFloor([tab], DEFAULT_COURSES).tables.get('tab-anna')).toMatchObject({
      tabName: 'Anna',
      waiter: 'Mia',
    });
    const steak = newLine('Steak', 1, { course: 2 });
    const ops = [
      op('d1', 1, { kind: 'add_line', tableId: 't10', line: steak }),
      op('d1', 2, {
        kind: 'send',
        tableId: 't10',
        roundId: 'r',
        lines: [{ lineId: steak.lineId, quantity: 1 }],
      }),
    ];
    expect(state(ops, 't10').state).toBe('course_waiting');
    expect(state([...ops, op('d1', 3, { kind: 'fire', tableId: 't10', course: 2 })], 't10').state).toBe(
      'ordered',
    );
    expect(state([...ops, op('d1', 3, { kind: 'ask_bill', tableId: 't10' })], 't10').state).toBe(
      'bill_asked',
    );
  });
});
