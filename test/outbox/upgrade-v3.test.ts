// A tablet updated with sales still queued in its v3 database (before the wake indexes, v4): the
// upgrade gives every pending sale its wake fields from its intents, so the replayer, which reads
// only what the indexes say is due, finds each one, sends it once when it is due (a sale waiting out
// a backoff not before), and leaves the sales already in the PMS alone.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { recordCashSale, recordRoomCharge } from '../../src/outbox/journal.ts';
import { closeTillDb, DB_VERSION, getTillDb } from '../../src/storage/db.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import { openV3Database } from './fixtures/schema-v3.ts';
import { createFakePms } from './support/fake-pms.ts';
import { CARD_PAYMENT, createClock, PILS, replayAgainst, TILL, useFreshDatabase } from './support/setup.ts';

useFreshDatabase();

type Row = Record<string, unknown>;

/** Rewrites the rows the current code wrote as the v3 app left them: a v3 database, no wake fields. */
async function asV3Database(change: (intents: Row[]) => void): Promise<void> {
  const db = await getTillDb();
  const sales = (await db.getAll('sales')).map(({ wakeAt: _w, waitingSince: _s, ...sale }) => sale);
  const intents = (await db.getAll('intents')) as unknown as Row[];
  const metaKeys = await db.getAllKeys('meta');
  const metaValues = await db.getAll('meta');
  change(intents);
  await closeTillDb();
  globalThis.indexedDB = new IDBFactory();
  const v3 = await openV3Database();
  const tx = v3.transaction(['sales', 'intents', 'meta'], 'readwrite');
  for (const sale of sales) tx.objectStore('sales').put(sale);
  for (const intent of intents) tx.objectStore('intents').put(intent);
  for (const [i, key] of metaKeys.entries()) tx.objectStore('meta').put(metaValues[i], key);
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  v3.close();
}

describe('upgrading a v3 database with sales queued', () => {
  it('keeps every queued sale and sends each once, when due', async () => {
    const clock = createClock();
    const pms = createFakePms();
    const sent = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    await replayAgainst(pms, clock);
    const cash = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    const charge = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    const later = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    const waitUntil = clock.now() + 60_000;
    // `later`'s ledger step failed 3 times in a row and waits out its backoff
    await asV3Database((intents) => {
      for (const intent of intents) {
        if (intent.saleId !== later.id || intent.step !== 0) continue;
        Object.assign(intent, {
          notBefore: waitUntil,
          failuresInRow: 3,
          lastError: { kind: 'network', message: 'offline', at: clock.now() - 1000 },
        });
      }
    });

    const db = await getTillDb();
    expect(db.version).toBe(DB_VERSION);
    expect((await db.getAll('sales')).length).toBe(4);
    const wake = async (id: string) => {
      const { wakeAt, waitingSince } = (await readSale(id))!.sale;
      return { wakeAt, waitingSince };
    };
    expect(await wake(sent.id)).toEqual({ wakeAt: undefined, waitingSince: undefined });
    expect((await wake(later.id)).wakeAt).toBe(waitUntil);
    expect((await wake(cash.id)).wakeAt).toBeLessThanOrEqual(clock.now());

    await replayAgainst(pms, clock);
    expect([...pms.ledger.keys()].sort()).toEqual([sent.id, cash.id, charge.id].sort());
    expect((await readSale(later.id))!.sale.status).toBe('pending');

    clock.advance(60_000);
    await replayAgainst(pms, clock);
    await replayAgainst(pms, clock);
    for (const sale of [sent, cash, charge, later])
      expect((await readSale(sale.id))!.sale.status).toBe('synced');
    // each sent once: one ledger record and one cash invoice per cash sale, the charge's items once
    expect(pms.ledgerCalls.filter((call) => call.operation === 'recordLedgerSale')).toHaveLength(4);
    expect(pms.callsOf('createCashInvoice')).toHaveLength(3);
    expect(pms.rooms.get(501)?.map((item) => item.name)).toEqual(['Pils 0,3 l']);
    expect(await wake(later.id)).toEqual({ wakeAt: undefined, waitingSince: undefined });
  });
});
