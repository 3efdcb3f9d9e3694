// Two tablets of the restaurant on table 10 (odoo issue 138664), each with its own IndexedDB: both
// hold the table with its water; waiter 1 adds 2 beers while offline, waiter 2 adds the food and
// sends it; waiter 1's tablet shows his beers at once, and when it is back, every item once on both
// tablets and the server, with what waiter 2 added meanwhile listed. Against the real server app.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { changedMeanwhile, createTableSync } from '../../src/features/tables/index.ts';
import type { Floor } from '../../src/shared/table-fold.ts';
import { newLine, tableSetup } from '../server/tables/table-support.ts';

const itemsAt = (floor: Floor, tableId = 't10') =>
  Object.fromEntries(
    [...floor.lines.values()]
      .filter((line) => line.tableId === tableId)
      .map((line) => [line.name, line.quantity]),
  );

describe('a tablet’s tables, offline and back', () => {
  it('keeps waiter 1’s beers made offline and waiter 2’s food, each once everywhere, and lists what changed', async () => {
    const setup = tableSetup();
    let offline = false;
    const fetcherOf = (cookie: string, cut: () => boolean) => async (url: string, init: RequestInit) => {
      if (cut()) throw new TypeError('Failed to fetch');
      const headers = new Headers(init.headers);
      headers.set('cookie', cookie);
      return setup.app.request(url, { ...init, headers, signal: null });
    };
    const one = createTableSync({
      fetcher: fetcherOf(setup.one.cookie, () => offline),
      baseUrl: '',
      deviceId: setup.one.device.id,
      dbName: `t1-${Math.random()}`,
    });
    const two = createTableSync({
      fetcher: fetcherOf(setup.two.cookie, () => false),
      baseUrl: '',
      deviceId: setup.two.device.id,
      dbName: `t2-${Math.random()}`,
    });

    const water = newLine('Water', 1);
    await one.record(
      [
        { kind: 'open', tableId: 't10', covers: 4 },
        { kind: 'add_line', tableId: 't10', line: water },
      ],
      'Mia',
    );
    await one.sync();
    await two.sync();
    expect(itemsAt(await two.floor())).toEqual({ Water: 1 });

    // Waiter 1 offline: his beers show on his tablet at once, and stay queued.
    offline = true;
    const before = await one.floor();
    await one.record([{ kind: 'add_line', tableId: 't10', line: newLine('Beer', 2) }], 'Mia');
    expect((await one.sync()).waiting).toBe(1);
    expect(itemsAt(await one.floor())).toEqual({ Water: 1, Beer: 2 });

    const food = [
      newLine('Burger', 2, { course: 2 }),
      newLine('Potatoes', 3, { course: 2 }),
      newLine('Dessert', 2, { course: 3 }),
    ];
    await two.record(
      food.map((line) => ({ kind: 'add_line' as const, tableId: 't10', line })),
      'Jonas',
    );
    await two.sync();
    await two.record(
      [
        {
          kind: 'send',
          tableId: 't10',
          roundId: 'round-2',
          lines: food.map((line) => ({ lineId: line.lineId, quantity: line.quantity })),
        },
      ],
      'Jonas',
    );
    await two.sync();

    // Back: sent, caught up, the same table everywhere.
    offline = false;
    expect((await one.sync()).waiting).toBe(0);
    await two.sync();
    const expected = { Water: 1, Beer: 2, Burger: 2, Potatoes: 3, Dessert: 2 };
    const after = await one.floor();
    expect(itemsAt(after)).toEqual(expected);
    expect(itemsAt(await two.floor())).toEqual(expected);
    expect(itemsAt(setup.tables.floor('restaurant').floor)).toEqual(expected);
    expect(
      changedMeanwhile(before, after)
        .map(({ name, quantity, by }) => `${quantity} ${name} by ${by}`)
        .sort(),
    ).toEqual(['2 Beer by Mia', '2 Burger by Jonas', '2 Dessert by Jonas', '3 Potatoes by Jonas']);
    // Resending changes nothing: the server's log holds each operation once.
    expect(setup.tables.opsSince('restaurant', 0)).toHaveLength(7);
  });
});
