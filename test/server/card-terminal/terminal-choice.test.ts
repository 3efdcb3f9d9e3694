// Which card terminal a tablet pays on (issue 33): its own first; else its outlet's newest real one,
// so a terminal the manager adds serves at once; the demo's double, re-registered at each start and
// so always the newest, only where there is no other.
import { describe, expect, it } from 'vitest';
import { migrateCardTables } from '../../../src/server/card-terminal/card-db.ts';
import { createTerminals, DEMO_TERMINAL_NAME } from '../../../src/server/card-terminal/terminals.ts';
import { openHubDb } from '../../../src/server/hub/hub-db.ts';
import { terminalAt } from '../../support/terminals.ts';

describe('the terminal a tablet pays on', () => {
  it('is its own, else the outlet’s newest real terminal, and the demo double only without one', () => {
    const db = openHubDb(':memory:');
    migrateCardTables(db);
    let clock = Date.parse('2026-12-01T10:00:00Z');
    const terminals = createTerminals(db, () => {
      clock += 1000;
      return new Date(clock);
    });
    const tablet = { id: 'tablet-1', outlet: 'bar' };
    const at = { host: '127.0.0.1', port: 20007 };
    const older = terminals.add(terminalAt(at, { name: 'Bar 1' }));
    expect(terminals.forDevice(tablet)?.id).toBe(older.id);
    const newer = terminals.add(terminalAt(at, { name: 'Bar 2' }));
    expect(terminals.forDevice(tablet)?.id).toBe(newer.id);
    // a restart of the demo registers its double again: the newest, but not the one used
    terminals.add(terminalAt(at, { name: DEMO_TERMINAL_NAME }));
    expect(terminals.forDevice(tablet)?.id).toBe(newer.id);
    const own = terminals.add(terminalAt(at, { name: 'Mia’s', outlet: null, deviceId: 'tablet-1' }));
    expect(terminals.forDevice(tablet)?.id).toBe(own.id);
    for (const terminal of [older, newer, own]) terminals.remove(terminal.id);
    expect(terminals.forDevice(tablet)?.name).toBe(DEMO_TERMINAL_NAME);
    db.close();
  });
});
