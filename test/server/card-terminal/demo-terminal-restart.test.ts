// The demo terminal across a server restart (issue 30): the same terminal (id) serves the outlet
// after the restart, the double's trace numbers go on, and its end-of-day reports the whole day's
// card payments, the till's and the terminal's alike (before: "€0.00, they agree").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateCardTables } from '../../../src/server/card-terminal/card-db.ts';
import { createCardPayments } from '../../../src/server/card-terminal/card-payments.ts';
import { useTerminalDouble } from '../../../src/server/card-terminal/demo-terminal.ts';
import { startTerminalDouble } from '../../../src/server/card-terminal/terminal-double.ts';
import { createTerminals } from '../../../src/server/card-terminal/terminals.ts';
import { openHubDb } from '../../../src/server/hub/hub-db.ts';

const dir = mkdtempSync(join(tmpdir(), 'demo-terminal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const device = { id: 'tablet-1', outlet: 'bar' };

/** One start of the server: the hub's file, the double with its journal file, the demo terminal. */
async function start() {
  const db = openHubDb(join(dir, 'hub.db'));
  migrateCardTables(db);
  const terminals = createTerminals(db);
  const double = await startTerminalDouble({ stepMs: 2, stateFile: join(dir, 'terminal-double.json') });
  useTerminalDouble(terminals, double, ['bar', 'restaurant']);
  const cards = createCardPayments({ db, terminals, silenceMs: 600 });
  const pay = async (saleId: string, amountCents: number) => {
    cards.start(device, { saleId, paymentNo: 1, amountCents, tillTipCents: 0, askTip: false });
    await cards.idle();
    return cards.view(device.id, saleId, 1);
  };
  return {
    terminals,
    cards,
    pay,
    async stop() {
      await double.close();
      db.close();
    },
  };
}

describe('the demo terminal across a restart', () => {
  it('stays the same terminal, goes on with its trace numbers and ends the whole day', async () => {
    const first = await start();
    const terminalBefore = first.terminals.forDevice(device)!.id;
    const before = await first.pay('sale-1', 9422);
    expect(before.state).toBe('approved');
    await first.stop();

    const second = await start();
    expect(second.terminals.forDevice(device)!.id).toBe(terminalBefore);
    expect(second.terminals.list().filter((t) => t.outlet === 'bar')).toHaveLength(1);
    const after = await second.pay('sale-2', 10000);
    expect(after.state).toBe('approved');
    expect(Number(after.card?.traceNumber)).toBeGreaterThan(Number(before.card?.traceNumber));
    const report = await second.cards.endOfDay(device);
    expect(report).toMatchObject({ terminalTotalCents: 19422, tillTotalCents: 19422, tillCount: 2 });
    await second.stop();
  });
});
