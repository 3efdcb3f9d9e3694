// The kitchen's cards made from a floor: voids counted against a line's latest rounds first, a held
// course only once fired, each table's cooking and ready counts; and, whatever order the operations
// come in and however often a bump is repeated, the same cards (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kitchenByTable, kitchenCards } from '../../src/shared/kitchen-cards.ts';
import { foldFloor } from '../../src/shared/table-fold.ts';
import { DEFAULT_COURSES, type NewLine, type TableOp, type TableOpBody } from '../../src/shared/table-ops.ts';

const line = (lineId: string, course: number, quantity: number): NewLine => ({
  lineId,
  productId: `p-${lineId}`,
  name: lineId,
  unitCents: 500,
  groupId: 3,
  course,
  seat: 0,
  quantity,
  modifiers: [],
  note: '',
});

function opsOf(bodies: [string, TableOpBody][]): TableOp[] {
  return bodies.map(([deviceId, body], seq) => ({
    opId: `op-${seq}`,
    deviceId,
    seq,
    at: 1_000 + seq * 1_000,
    staffName: deviceId === 'kitchen' ? 'Küche' : 'Mia',
    body,
  }));
}

/** Table 10: 2 soups sent, 1 more sent in round 2, 2 voided; a main held, then fired; round 1 bumped. */
const SCENARIO = opsOf([
  ['w1', { kind: 'add_line', tableId: 't10', line: line('soup', 1, 2) }],
  ['w1', { kind: 'add_line', tableId: 't10', line: line('steak', 2, 1) }],
  ['w1', { kind: 'add_line', tableId: 't10', line: line('beer', 0, 1) }],
  [
    'w1',
    {
      kind: 'send',
      tableId: 't10',
      roundId: 'r1',
      lines: [
        { lineId: 'soup', quantity: 2 },
        { lineId: 'steak', quantity: 1 },
        { lineId: 'beer', quantity: 1 },
      ],
    },
  ],
  ['w1', { kind: 'change_quantity', lineId: 'soup', delta: 1 }],
  ['w1', { kind: 'send', tableId: 't10', roundId: 'r2', lines: [{ lineId: 'soup', quantity: 3 }] }],
  ['w1', { kind: 'void', lineId: 'soup', quantity: 2, reason: 'spilt' }],
  ['kitchen', { kind: 'bump', roundId: 'r1', course: 1 }],
  ['w1', { kind: 'fire', tableId: 't10', course: 2 }],
]);

describe('the kitchen cards', () => {
  it('counts voids against the latest rounds, shows a held course once fired, and no drinks', () => {
    const unfired = foldFloor(SCENARIO.slice(0, -1), DEFAULT_COURSES);
    expect(kitchenCards(unfired, DEFAULT_COURSES).map((card) => card.cardId)).toEqual(['r1:1', 'r2:1']);
    const floor = foldFloor(SCENARIO, DEFAULT_COURSES);
    const cards = kitchenCards(floor, DEFAULT_COURSES);
    expect(
      cards.map((card) => [card.cardId, card.bumped, card.lines.map((l) => [l.quantity, l.cancelled])]),
    ).toEqual([
      ['r1:1', true, [[2, 1]]],
      ['r1:2', false, [[1, 0]]],
      ['r2:1', false, [[1, 1]]],
    ]);
    expect(kitchenByTable(floor, DEFAULT_COURSES)('t10')).toEqual({
      cooking: 2,
      ready: 1,
      lastReadyAt: SCENARIO[7]!.at,
      readyCourses: [1],
    });
    expect(kitchenByTable(floor, DEFAULT_COURSES)('t11')).toMatchObject({ cooking: 0, ready: 0 });
  });

  it('makes the same cards whatever order the operations come in, with bumps repeated under new ids', () => {
    const expected = kitchenCards(foldFloor(SCENARIO, DEFAULT_COURSES), DEFAULT_COURSES);
    const bump = SCENARIO[7]!;
    fc.assert(
      fc.property(
        fc.shuffledSubarray(SCENARIO, { minLength: SCENARIO.length, maxLength: SCENARIO.length }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 60_000 }), fc.constantFrom('kitchen', 'pass')), {
          maxLength: 4,
        }),
        (shuffled, repeats) => {
          // A resend answered as lost, a second kitchen screen: later bumps of the same card, other ids.
          const again = repeats.map(([later, deviceId], n) => ({
            ...bump,
            opId: `again-${n}`,
            deviceId,
            at: bump.at + later,
          }));
          const cards = kitchenCards(
            foldFloor([...again, ...shuffled, bump], DEFAULT_COURSES),
            DEFAULT_COURSES,
          );
          expect(cards).toEqual(expected);
        },
      ),
    );
  });
});
