// Who may use the kitchen screen's endpoints, and what a kitchen device may not do: a device paired in
// the role "kitchen" reads and bumps its own outlet's kitchen only; it gets 403 on sales, guests
// (the PMS gateway), table operations and the floor; an unpaired caller 401; a till tablet 403 on the
// kitchen's routes and on a bump sent as a table operation.
import { describe, expect, it } from 'vitest';
import { requestWithHost, startAdminServer } from '../../support/host-request.ts';
import { kitchenSetup, sendFoodRound } from './kitchen-support.ts';

const bumpOf = (roundId: string, course: number, bumpId = `bump-${Math.random().toString(36).slice(2)}`) => ({
  bumpId,
  roundId,
  course,
  at: Date.parse('2026-11-22T18:10:00Z'),
});

describe('the kitchen device role', () => {
  it('is given by the pairing code and kept on the device', async () => {
    const { kitchen, hub } = kitchenSetup();
    expect(kitchen.device.role).toBe('kitchen');
    const who = await kitchen.call('/till/device');
    expect(who.status).toBe(200);
    expect(who.body.device).toMatchObject({ outlet: 'restaurant', role: 'kitchen' });
    expect(hub.listDevices().find((device) => device.id === kitchen.device.id)?.role).toBe('kitchen');
    expect(hub.listDevices().filter((device) => device.role === 'till')).toHaveLength(3);
  });

  it('refuses a kitchen device sales, guests, table operations and the floor (403)', async () => {
    const setup = kitchenSetup();
    const { kitchen } = setup;
    const refused = [
      await kitchen.call('/till/sales', { saleId: 'x' }),
      await kitchen.call('/api/get/single_id/contact/1'),
      await kitchen.call('/till/tables/ops', {
        ops: [setup.one.ops({ kind: 'ask_bill', tableId: 't10' })],
      }),
      await kitchen.call('/till/tables/floor'),
      await kitchen.call('/till/tables/live'),
      await kitchen.call('/till/staff'),
      await kitchen.call('/till/closing'),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('device_role_refused');
    }
    expect(setup.tables.floor('restaurant').floor.tables.get('t10')?.billAsked ?? false).toBe(false);
  });

  it('refuses an unpaired caller the kitchen (401) and a till tablet (403)', async () => {
    const setup = kitchenSetup();
    await sendFoodRound(setup);
    expect((await setup.stranger('/till/kitchen/cards')).status).toBe(401);
    expect((await setup.stranger('/till/kitchen/bumps', bumpOf('round-1', 1))).status).toBe(401);
    for (const tablet of [setup.bar, setup.one]) {
      const cards = await tablet.call('/till/kitchen/cards');
      expect(cards.status).toBe(403);
      const bump = await tablet.call('/till/kitchen/bumps', bumpOf('round-1', 1));
      expect(bump.status).toBe(403);
      expect(bump.body.code).toBe('device_role_refused');
    }
    // Nor as a table operation, the way a tablet sends its others.
    const asOp = await setup.one.call('/till/tables/ops', {
      ops: [setup.one.ops({ kind: 'bump', roundId: 'round-1', course: 1 })],
    });
    expect(asOp.status).toBe(403);
    expect(asOp.body).toMatchObject({ code: 'bump_kitchen_only', field: 'ops.0.body.kind' });
    expect(setup.tables.floor('restaurant').floor.rounds.get('round-1')?.bumped).toEqual([]);
  });

  it('shows a kitchen only its own outlet, and refuses a bump of another outlet’s round', async () => {
    const setup = kitchenSetup();
    await sendFoodRound(setup);
    const bar = await setup.barKitchen.call('/till/kitchen/cards');
    expect(bar.status).toBe(200);
    expect(bar.body.open).toEqual([]);
    const bump = await setup.barKitchen.call('/till/kitchen/bumps', bumpOf('round-1', 1));
    expect(bump.status).toBe(404);
    expect(bump.body).toMatchObject({ code: 'round_unknown', field: 'roundId' });
    expect(setup.tables.floor('restaurant').floor.rounds.get('round-1')?.bumped).toEqual([]);
  });

  it('makes a kitchen pairing code on the admin page (the role chosen there)', async () => {
    const server = await startAdminServer('test-admin-key-kitchen');
    try {
      const made = await requestWithHost(server.port, '/admin/pairing-codes', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: `http://localhost:${server.port}`,
        },
        body: new URLSearchParams({ outlet: 'restaurant', name: 'Pass', role: 'kitchen' }).toString(),
      });
      expect(made.status).toBe(200);
      const code = /data-testid="pairing-code">([A-Z0-9]{4})-([A-Z0-9]{4})</.exec(made.body);
      const { device } = server.hub.redeemPairingCode(`${code![1]}${code![2]}`, '127.0.0.1');
      expect(device).toMatchObject({ name: 'Pass', outlet: 'restaurant', role: 'kitchen' });
      const page = await requestWithHost(server.port, '/admin');
      expect(page.body).toContain('Pass <span class="muted">(Kitchen screen)</span>');
    } finally {
      await server.close();
    }
  });
});
