// Kitchen tests' setup: the tables' setup (restaurant tablets, the bar's, tables 10 and 11) with a
// kitchen screen paired to the restaurant and one to the bar, each calling as it does (device cookie,
// request id, JSON); and a round of food sent from waiter 1 (a starter now, a main held).
import { newLine, tableSetup } from './table-support.ts';

export function kitchenSetup() {
  const setup = tableSetup();
  const pairKitchen = (outlet: string, name: string) => {
    const { device, token } = setup.hub.redeemPairingCode(
      setup.hub.createPairingCode({ outlet, name, role: 'kitchen' }).code,
      '127.0.0.1',
    );
    const cookie = `${setup.hub.cookieName}=${token}`;
    return { device, cookie, call: setup.callAs(cookie) };
  };
  return {
    ...setup,
    pairKitchen,
    kitchen: pairKitchen('restaurant', 'Küche'),
    barKitchen: pairKitchen('bar', 'Bar screen'),
  };
}

/** Waiter 1 sends a round to table 10: soup (starter) for seat 2, a burger medium (main, held), a beer. */
export async function sendFoodRound(setup: ReturnType<typeof kitchenSetup>, roundId = 'round-1') {
  const soup = newLine('Soup', 2, { course: 1, seat: 2, note: 'no croutons' });
  const burger = newLine('Burger', 1, {
    course: 2,
    modifiers: [{ name: 'Medium', priceCents: 0 }],
  });
  const beer = newLine('Beer', 1);
  const ops = [soup, burger, beer].map((line) => setup.one.ops({ kind: 'add_line', tableId: 't10', line }));
  const send = setup.one.ops({
    kind: 'send',
    tableId: 't10',
    roundId,
    lines: [soup, burger, beer].map((line) => ({ lineId: line.lineId, quantity: line.quantity })),
  });
  const answer = await setup.one.call('/till/tables/ops', { ops: [...ops, send] });
  if (answer.status !== 200) throw new Error(`the round was not stored: ${JSON.stringify(answer.body)}`);
  return { soup, burger, beer, sendAt: send.at };
}
