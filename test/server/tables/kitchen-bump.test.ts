// The kitchen's cards and bumps: a sent round shows as one card per kitchen course (drinks are the
// bar's; a held main once fired, aged from its fire) with table, seat, waiter, round number,
// modifiers, notes and cancellations; a bump is stored once as an append-only table operation, however
// often the kitchen's outbox sends it, and the waiters' floor shows the round's course done; the
// live channel brings the kitchen each change.
import { describe, expect, it } from 'vitest';
import { kitchenSetup, sendFoodRound } from './kitchen-support.ts';

const bump = (roundId: string, course: number, bumpId: string, at = Date.parse('2026-11-22T18:20:00Z')) => ({
  bumpId,
  roundId,
  course,
  at,
});

const bumpRows = (setup: ReturnType<typeof kitchenSetup>) =>
  setup.hub.db
    .prepare('SELECT op_id AS opId, device_id AS deviceId FROM table_ops WHERE op LIKE \'%"kind":"bump"%\'')
    .all() as { opId: string; deviceId: string }[];

describe('the kitchen screen on the server', () => {
  it('shows a sent round by course with what the kitchen needs, the held main once fired', async () => {
    const setup = kitchenSetup();
    const { soup, burger, sendAt } = await sendFoodRound(setup);
    const before = await setup.kitchen.call('/till/kitchen/cards');
    expect(before.status).toBe(200);
    expect(before.body.open).toEqual([
      expect.objectContaining({
        cardId: 'round-1:1',
        course: 1,
        courseName: 'Starters',
        tableId: 't10',
        tableName: '10',
        tab: false,
        roundNumber: 1,
        waiter: 'Mia',
        sentAt: sendAt,
        releasedAt: sendAt,
        bumped: false,
        lines: [
          {
            lineId: soup.lineId,
            name: 'Soup',
            modifiers: [],
            note: 'no croutons',
            seat: 2,
            quantity: 2,
            cancelled: 0,
          },
        ],
      }),
    ]);
    // The main is held until fired; its age then starts at the fire.
    const fire = setup.two.ops({ kind: 'fire', tableId: 't10', course: 2 });
    expect((await setup.two.call('/till/tables/ops', { ops: [fire] })).status).toBe(200);
    const after = await setup.kitchen.call('/till/kitchen/cards');
    expect(after.body.open.map((card: { cardId: string }) => card.cardId)).toEqual([
      'round-1:1',
      'round-1:2',
    ]);
    expect(after.body.open[1]).toMatchObject({
      releasedAt: fire.at,
      lines: [expect.objectContaining({ lineId: burger.lineId, modifiers: ['Medium'], quantity: 1 })],
    });
  });

  it('shows a sent item cancelled on its card', async () => {
    const setup = kitchenSetup();
    const { soup } = await sendFoodRound(setup);
    const { signedApprovalFor } = await import('./table-approvals.ts');
    const token = await signedApprovalFor(setup.hub, setup.one.device.id, soup.lineId);
    const voided = await setup.one.call(
      '/till/tables/ops',
      { ops: [setup.one.ops({ kind: 'void', lineId: soup.lineId, quantity: 1, reason: 'wrong table' })] },
      { 'x-till-approval': token },
    );
    expect(voided.status).toBe(200);
    const cards = await setup.kitchen.call('/till/kitchen/cards');
    expect(cards.body.open[0].lines[0]).toMatchObject({ quantity: 2, cancelled: 1 });
  });

  it('stores a bump once, however often it is sent, and the waiters see the course done', async () => {
    const setup = kitchenSetup();
    await sendFoodRound(setup);
    const first = await setup.kitchen.call('/till/kitchen/bumps', bump('round-1', 1, 'bump-a'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ bumpId: 'bump-a', duplicate: false, alreadyDone: false });
    const again = await setup.kitchen.call('/till/kitchen/bumps', bump('round-1', 1, 'bump-a'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true });
    expect(bumpRows(setup)).toEqual([{ opId: 'bump-a', deviceId: setup.kitchen.device.id }]);
    // Recorded, never changed: the log refuses an UPDATE or DELETE of the bump.
    expect(() => setup.hub.db.prepare("DELETE FROM table_ops WHERE op_id = 'bump-a'").run()).toThrow();

    const cards = await setup.kitchen.call('/till/kitchen/cards');
    expect(cards.body.open).toEqual([]);
    expect(cards.body.done).toEqual([expect.objectContaining({ cardId: 'round-1:1', bumped: true })]);
    // A waiter's floor: the round's starters are done.
    const floor = await setup.two.call('/till/tables/floor');
    expect(floor.body.rounds).toEqual([expect.objectContaining({ roundId: 'round-1', bumped: [1] })]);
    // The same bump id from a second kitchen screen is not its bump: refused, nothing stored.
    const second = setup.pairKitchen('restaurant', 'Pass');
    const taken = await second.call('/till/kitchen/bumps', bump('round-1', 1, 'bump-a'));
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('op_id_taken');
    // Its own bump of the same card is kept (what it did), and the card stays done once.
    const its = await second.call('/till/kitchen/bumps', bump('round-1', 1, 'bump-b'));
    expect(its.body).toMatchObject({ duplicate: false, alreadyDone: true });
    expect(setup.tables.floor('restaurant').floor.rounds.get('round-1')?.bumped).toEqual([1]);
  });

  it('applies a bump after its round even when the kitchen screen’s clock is behind', async () => {
    const setup = kitchenSetup();
    const { sendAt } = await sendFoodRound(setup);
    const late = await setup.kitchen.call(
      '/till/kitchen/bumps',
      bump('round-1', 1, 'bump-skew', sendAt - 3_600_000),
    );
    expect(late.status).toBe(200);
    expect(setup.tables.floor('restaurant').floor.rounds.get('round-1')?.bumped).toEqual([1]);
  });

  it('refuses a bump of a held course not fired, or of a round that never was (nothing stored)', async () => {
    const setup = kitchenSetup();
    await sendFoodRound(setup);
    const held = await setup.kitchen.call('/till/kitchen/bumps', bump('round-1', 2, 'bump-held'));
    expect(held.status).toBe(404);
    const invented = await setup.kitchen.call('/till/kitchen/bumps', bump('round-x', 1, 'bump-x'));
    expect(invented.status).toBe(404);
    const bad = await setup.kitchen.call('/till/kitchen/bumps', {
      bumpId: 'b',
      roundId: 'round-1',
      course: 'one',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('course');
    expect(bumpRows(setup)).toEqual([]);
  });

  it('brings the kitchen each change on its live channel', async () => {
    const setup = kitchenSetup();
    const response = await setup.app.request('/till/kitchen/live', {
      headers: { cookie: setup.kitchen.cookie, 'x-till-request-id': crypto.randomUUID() },
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextView = async () => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data:'));
          if (data) return JSON.parse(data.slice(5));
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the live channel ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    expect((await nextView()).open).toEqual([]);
    const sentAt = performance.now();
    await sendFoodRound(setup);
    let view = await nextView();
    while (view.open.length === 0) view = await nextView();
    console.info(
      `the kitchen's live channel brought the round in ${(performance.now() - sentAt).toFixed(1)} ms`,
    );
    expect(view.open.map((card: { cardId: string }) => card.cardId)).toEqual(['round-1:1']);
    await reader.cancel();
  });
});
