// Letting sales go: only what the ledger holds and the PMS confirmed, past the retention, with its
// outcome reports taken, and nothing an open sale refers to; never a pending or needs-attention sale.
import { describe, expect, it } from 'vitest';
import { recordCashSale, recordChargeReversal, recordRoomCharge } from '../../src/outbox/journal.ts';
import { pruneKeptSales } from '../../src/outbox/prune.ts';
import { getTillDb } from '../../src/storage/db.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import { createFakePms } from './support/fake-pms.ts';
import { CARD_PAYMENT, createClock, PILS, replayAgainst, TILL, useFreshDatabase } from './support/setup.ts';

useFreshDatabase();

const DAY = 24 * 60 * 60 * 1000;

describe('pruning the tablet’s sales', () => {
  it('after a replay run, lets go of confirmed sales past the retention, and keeps every other', async () => {
    const clock = createClock();
    const pms = createFakePms();
    pms.closeDays(1000); // the hotel's Z closed every day so far
    const old = clock.now() - 40 * DAY;
    const gone = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT, at: old });
    const charge = await recordRoomCharge({
      ...TILL,
      room: { roomReservationId: 501 },
      lines: [PILS],
      at: old,
    });
    // its reversal's PMS step gets no answer: pending, so the charge it refers to must stay
    await recordChargeReversal({ ...TILL, originalSaleId: charge.id, reason: 'wrong room', at: old });
    pms.failNext('removeProducts', { kind: 'server', status: 500 });
    const recent = await recordCashSale({
      ...TILL,
      lines: [PILS],
      payment: CARD_PAYMENT,
      at: clock.now() - DAY,
    });
    const refused = await recordCashSale({
      ...TILL,
      lines: [{ ...PILS, productId: 99 }],
      payment: CARD_PAYMENT,
      at: old,
    });

    const report = await replayAgainst(pms, clock);

    expect(report.pruned).toBe(1);
    const kept = await Promise.all([gone, charge, recent, refused].map((s) => readSale(s.id)));
    expect(kept.map((entry) => entry?.sale.status)).toEqual([
      undefined,
      'synced',
      'synced',
      'needs-attention',
    ]);
    const db = await getTillDb();
    const goneSteps = IDBKeyRange.bound([gone.id, -Infinity], [gone.id, Infinity]);
    expect(await db.getAllFromIndex('intents', 'by-sale', goneSteps)).toEqual([]);
    expect(pms.ledger.has(gone.id)).toBe(true); // the till server still holds it
  });

  it('keeps a sale until the ledger took its outcome reports', async () => {
    const clock = createClock();
    const pms = createFakePms();
    pms.closeDays(1000);
    const sale = await recordCashSale({
      ...TILL,
      lines: [PILS],
      payment: CARD_PAYMENT,
      at: clock.now() - 40 * DAY,
    });
    pms.failNext('reportLedgerOutcome', { kind: 'network' });

    expect((await replayAgainst(pms, clock)).pruned).toBe(0);
    expect((await readSale(sale.id))?.sale.ledgerOutcomes).toHaveLength(3);

    const second = await replayAgainst(pms, clock);
    expect(second.pruned).toBe(1);
    expect(await readSale(sale.id)).toBeUndefined();
  });

  it('never lets go of a sale recorded before the ledger (the server does not hold it)', async () => {
    const clock = createClock();
    const sale = await recordCashSale({
      ...TILL,
      lines: [PILS],
      payment: CARD_PAYMENT,
      at: clock.now() - 40 * DAY,
    });
    const db = await getTillDb();
    const tx = db.transaction(['sales', 'intents'], 'readwrite');
    for (const intent of await tx
      .objectStore('intents')
      .index('by-sale')
      .getAll(IDBKeyRange.bound([sale.id, -Infinity], [sale.id, Infinity])))
      await tx
        .objectStore('intents')
        .put({ ...intent, state: 'done', ...(intent.step === 0 ? { name: 'older.step@1' } : {}) });
    await tx.objectStore('sales').put({ ...sale, status: 'synced' });
    await tx.done;

    const pms = createFakePms();
    pms.closeDays('none'); // even where the retention alone decides
    expect(await pruneKeptSales(pms.client, clock.now())).toBe(0);
    expect((await readSale(sale.id))?.sale.status).toBe('synced');
  });

  it('keeps a sale until the hotel’s Z closed its day; with no closings on the server, the retention alone decides', async () => {
    const clock = createClock();
    const pms = createFakePms();
    const old = clock.now() - 40 * DAY;
    const first = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT, at: old });
    const second = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT, at: old + 1000 });
    expect((await replayAgainst(pms, clock)).pruned).toBe(0); // no Z yet
    const seqOf = async (id: string) =>
      ((await readSale(id))?.intents[0]?.result as { seq: number } | undefined)?.seq ?? 0;

    pms.closeDays(await seqOf(first.id)); // a Z closed the first sale's day only
    expect(await pruneKeptSales(pms.client, clock.now())).toBe(1);
    expect(await readSale(first.id)).toBeUndefined();
    expect((await readSale(second.id))?.sale.status).toBe('synced');

    pms.closeDays('none'); // a till server without day closings (404)
    expect(await pruneKeptSales(pms.client, clock.now())).toBe(1);
    expect(await readSale(second.id)).toBeUndefined();
  });
});
