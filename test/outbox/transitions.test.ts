// The intent state table in docs/outbox.md and the named transitions in src/outbox/transitions.ts
// are the same machine, row for row: a transition added, renamed or changed in one and not the
// other fails here. Also how a transition guards the state it leaves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answered, retried, TRANSITIONS, voided } from '../../src/outbox/transitions.ts';
import type { IntentRecord } from '../../src/storage/records.ts';

interface Row {
  from: string[];
  to: string;
  transition: string;
}

/** The rows of the first table under "## The state machine". */
function stateTable(): Row[] {
  const doc = readFileSync(new URL('../../docs/outbox.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## The state machine'));
  const lines = section.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| From |'));
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [from, , to, transition] = line.slice(1, -1).split(' | ');
    const states = (cell = '') =>
      [...cell.replace(/\([^)]*\)/g, '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
    rows.push({
      from: states(from),
      to: to?.startsWith('same state') ? 'same' : (states(to)[0] ?? ''),
      transition: /^`(\w+)`$/.exec(transition?.trim() ?? '')?.[1] ?? '',
    });
  }
  return rows;
}

describe('the intent state table', () => {
  const rows = stateTable();

  it('has a row for every named transition, and a named transition for every row', () => {
    expect(rows.map((row) => row.transition).sort()).toEqual(Object.keys(TRANSITIONS).sort());
  });

  it('says for each transition the states it leaves and the state it makes', () => {
    for (const row of rows) {
      const transition = TRANSITIONS[row.transition]!;
      expect({ from: [...transition.from].sort(), to: transition.to }, row.transition).toEqual({
        from: [...row.from].sort(),
        to: row.to,
      });
    }
  });
});

describe('a transition', () => {
  const intent: IntentRecord = {
    seq: 4,
    saleId: 's1',
    step: 2,
    revision: 0,
    name: 'cash-invoice.add-products@1',
    payload: {},
    state: 'in-flight',
    attempts: 1,
    failuresInRow: 2,
    notBefore: 0,
    createdAt: 1,
    lastError: { kind: 'network', message: 'Could not reach the PMS', at: 1 },
  };

  it('refuses an intent in a state it does not leave', () => {
    expect(() => retried(intent, 5)).toThrow('retried does not leave the state in-flight (step 2)');
    expect(() => voided(intent, 5)).toThrow(/voided does not leave the state in-flight/);
  });

  it('answers the changed intent and leaves the one it was given as it was', () => {
    const done = answered(intent, 5, { result: { invoiceId: 812 } });
    expect(done).toMatchObject({ state: 'done', result: { invoiceId: 812 }, failuresInRow: 0, settledAt: 5 });
    expect(done).not.toHaveProperty('lastError');
    expect(intent.state).toBe('in-flight');
  });
});
