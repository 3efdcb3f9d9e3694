// The server hears of every sale first, also of one made while a run sends older sales' PMS steps
// (replay.ts, drain): its ledger step goes before the round starts its next sale, not after the
// round, which at the PMS's pace can take minutes with a backlog.
import { describe, expect, it } from 'vitest';
import { recordCashSale } from '../../src/outbox/journal.ts';
import { createFakePms } from './support/fake-pms.ts';
import { CARD_PAYMENT, createClock, PILS, replayAgainst, TILL, useFreshDatabase } from './support/setup.ts';

useFreshDatabase();

describe('a sale recorded during a PMS round', () => {
  it('is in the ledger before the round has sent the older sales', async () => {
    const pms = createFakePms();
    const older = [];
    for (let i = 0; i < 40; i++)
      older.push(await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT }));
    let recording: Promise<{ id: string }> | undefined;
    let pmsCallsBeforeItsRecord: number | undefined;
    pms.setAround(async (operation) => {
      if (operation === 'recordLedgerSale' && recording && pms.ledger.size === older.length)
        pmsCallsBeforeItsRecord = pms.calls.length;
      if (operation !== 'recordLedgerSale') {
        // the first PMS write: a sale is made at the till now
        recording ??= recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
        await new Promise((resolve) => setTimeout(resolve, 5)); // the PMS's pace
      }
    });

    await replayAgainst(pms, createClock(), { concurrency: 4 });

    const made = await recording!;
    expect(pms.ledger.has(made.id)).toBe(true);
    // every older sale's PMS steps were sent in this run (3 each), most of them after its record
    expect(pms.callsOf('closeInvoice')).toHaveLength(older.length + 1);
    expect(pmsCallsBeforeItsRecord).toBeLessThan(older.length);
  });
});
