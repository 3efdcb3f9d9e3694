// The database under the outbox: migrations from every earlier schema version keep every row, the
// journal and the outbox are written with strict durability, and recorded sales survive a restart.
import 'fake-indexeddb/auto';
import { IDBDatabase as FakeIDBDatabase } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { retrySale } from '../../src/outbox/actions.ts';
import { recordCashSale, recordRoomCharge } from '../../src/outbox/journal.ts';
import { voidSale } from '../../src/outbox/void-sale.ts';
import { readCatalogue, replaceCatalogue } from '../../src/storage/caches.ts';
import { closeTillDb, DB_VERSION, getMeta, getTillDb } from '../../src/storage/db.ts';
import { readDueSales } from '../../src/storage/due-sales.ts';
import { listSales } from '../../src/storage/journal-queries.ts';
import { changeSale, type SaleEntry } from '../../src/storage/outbox-store.ts';
import { changeTicketRecords, listParkedTickets } from '../../src/storage/ticket-store.ts';
import { product } from '../support/catalogue.ts';
import { fillV1Database, openV1Database, V1_ROWS } from './fixtures/schema-v1.ts';
import { createFakePms } from './support/fake-pms.ts';
import { countJournalWrites } from './support/journal-writes.ts';
import {
  CARD_PAYMENT,
  createClock,
  PILS,
  readPmsSteps,
  replayAgainst,
  TILL,
  useFreshDatabase,
} from './support/setup.ts';

useFreshDatabase();

describe('migrations', () => {
  it('opens a database made by the v1 code at the current version, keeping every row and index', async () => {
    const v1 = await openV1Database();
    await fillV1Database(v1);
    v1.close();

    const db = await getTillDb();

    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(
      ['catalogue', 'catalogue_meta', 'intents', 'meta', 'reservations_cache', 'sales', 'tickets'].sort(),
    );
    // the pending sale is given its wake fields (v4, src/storage/sale-wake.ts): just given step 0, due now
    const woken = V1_ROWS.sales.map((sale) =>
      sale.status === 'pending' ? { ...sale, wakeAt: 0, waitingSince: 0 } : sale,
    );
    expect(await db.getAll('sales')).toEqual(woken.sort((a, b) => a.id.localeCompare(b.id)));
    // Every row kept; the pending sale of an app before the ledger gets the ledger's step 0 (issue 34:
    // src/storage/older-sales.ts), the synced one nothing.
    expect((await db.getAll('intents')).map(({ seq: _seq, ...intent }) => intent)).toEqual([
      ...V1_ROWS.intents,
      expect.objectContaining({ saleId: 'sale-pending', step: 0, name: 'ledger.record@1', state: 'queued' }),
    ]);
    expect(await getMeta('device-tag')).toBe('K7QM');
    expect((await listSales({ status: 'pending' })).map((s) => s.id)).toEqual(['sale-pending']);
    expect((await readPmsSteps('sale-synced'))?.intents.map((i) => i.step)).toEqual([1, 2, 3]);
  });

  it('goes on from the v1 rows: the queued charge replays, new sales continue the reference counter', async () => {
    const v1 = await openV1Database();
    await fillV1Database(v1);
    v1.close();
    const pms = createFakePms();

    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    await replayAgainst(pms, createClock());

    expect(sale.reference).toBe('K7QM-3');
    expect(pms.rooms.get(501)?.map((i) => i.name)).toEqual(['Pils 0,3 l']);
    expect((await readPmsSteps('sale-pending'))?.sale.status).toBe('synced');
    const seqs = (await (await getTillDb()).getAll('intents')).map((i) => i.seq!);
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('gives the new v2 stores working indexes', async () => {
    await replaceCatalogue(
      [product(7, 'Pils', 420, { number: 'P7', ean: '4001234567890', commodity_group_name: 'Drinks' })],
      1,
    );
    const tab = { id: 't1', label: 'Table 4', lines: [PILS], staff: 'Mia', createdAt: 1, updatedAt: 2 };
    await changeTicketRecords([], () => ({ put: [tab], value: undefined }));
    expect((await readCatalogue()).map((p) => p.id)).toEqual([7]);
    expect((await listParkedTickets()).map((t) => t.label)).toEqual(['Table 4']);
  });
});

describe('durability', () => {
  const seen: { stores: string[]; mode: string; durability: string }[] = [];
  const original = FakeIDBDatabase.prototype.transaction;
  afterEach(() => {
    FakeIDBDatabase.prototype.transaction = original;
    seen.length = 0;
  });

  it('writes every change to the journal and the outbox in strict-durability transactions', async () => {
    FakeIDBDatabase.prototype.transaction = function (
      this: IDBDatabase,
      ...args: Parameters<IDBDatabase['transaction']>
    ) {
      const tx = original.apply(this, args);
      seen.push({ stores: [...tx.objectStoreNames], mode: tx.mode, durability: tx.durability });
      return tx;
    } as typeof original;
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    const charge = await recordRoomCharge({ ...TILL, room: { roomReservationId: 999 }, lines: [PILS] });
    await replayAgainst(pms, clock);
    await retrySale(charge.id);
    await voidSale(charge.id, 'wrong room', TILL);

    const journalWrites = seen.filter(
      (t) => t.mode === 'readwrite' && t.stores.some((s) => s === 'sales' || s === 'intents'),
    );
    expect(journalWrites.length).toBeGreaterThan(8);
    expect(journalWrites.every((t) => t.durability === 'strict')).toBe(true);
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
  });

  it('keeps a recorded sale across a restart (connection closed and opened again)', async () => {
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    await closeTillDb();

    const entry = await readPmsSteps(sale.id);

    expect(entry?.sale).toEqual(sale);
    expect(entry?.intents.map((i) => [i.name, i.state])).toEqual([['room.add-products@1', 'queued']]);
  });
});

describe('group commit', () => {
  let journalWrites: ReturnType<typeof countJournalWrites> | undefined;
  afterEach(() => {
    journalWrites?.stop();
  });
  const addNote = (text: string) => (entry: SaleEntry | undefined) => ({
    sales: [{ ...entry!.sale, notes: [...entry!.sale.notes, { at: 0, text }] }],
    value: entry!.sale.notes.length,
  });

  it('gathers changes that arrive during a commit into one transaction, each seeing the ones before', async () => {
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    journalWrites = countJournalWrites();

    const seenBefore = await Promise.all(
      Array.from({ length: 20 }, (_, i) => changeSale(sale.id, addNote(`note ${i}`))),
    );

    expect(seenBefore).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect((await readPmsSteps(sale.id))?.sale.notes.map((n) => n.text)).toEqual(
      Array.from({ length: 20 }, (_, i) => `note ${i}`),
    );
    // The first change commits alone; the 19 that arrived meanwhile share the next transaction.
    expect(journalWrites.count).toBe(2);
  });

  it('fails a change whose decision throws alone; the others in its batch are written', async () => {
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });

    const outcomes = await Promise.allSettled([
      changeSale(sale.id, addNote('first')),
      changeSale(sale.id, () => {
        throw new Error('cannot decide');
      }),
      changeSale(sale.id, addNote('third')),
    ]);

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await readPmsSteps(sale.id))?.sale.notes.map((n) => n.text)).toEqual(['first', 'third']);
  });

  it('fails a change the database refuses alone, writing nothing of it; the others in its batch are written', async () => {
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    const intent = (await readPmsSteps(sale.id))!.intents[0]!;

    const outcomes = await Promise.allSettled([
      changeSale(sale.id, addNote('first')),
      changeSale(sale.id, addNote('second')),
      // A half-refused write: the note is fine, the intent has a key IndexedDB cannot store.
      changeSale(sale.id, (entry) => ({
        sales: [{ ...entry!.sale, notes: [...entry!.sale.notes, { at: 0, text: 'refused' }] }],
        intents: [{ ...intent, seq: Number.NaN }],
        value: 0,
      })),
      changeSale(sale.id, addNote('fourth')),
    ]);

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await readPmsSteps(sale.id))?.sale.notes.map((n) => n.text)).toEqual([
      'first',
      'second',
      'fourth',
    ]);
    expect((await readPmsSteps(sale.id))?.intents).toEqual([intent]);
  });
});

describe('recording a sale', () => {
  it('gives every sale a unique short reference from the device tag and a counter', async () => {
    const sales = await Promise.all(
      [1, 2, 3].map(() => recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] })),
    );
    const references = sales.map((s) => s.reference);
    expect(new Set(references).size).toBe(3);
    const tag = await getMeta('device-tag');
    expect(references.sort()).toEqual([`${tag}-1`, `${tag}-2`, `${tag}-3`]);
    expect(tag).toMatch(/^[2-9A-HJKMNP-Z]{4}$/);
  });

  it('reads sales due in the order they were recorded, also those made in the same millisecond', async () => {
    const at = Date.UTC(2026, 11, 6, 21, 0);
    const recorded: string[] = [];
    for (let room = 501; room <= 512; room++) {
      const sale = await recordRoomCharge({ ...TILL, at, room: { roomReservationId: room }, lines: [PILS] });
      recorded.push(sale.id);
    }
    const { entries: due } = await readDueSales(at, 0);
    expect(due.map((entry) => entry.sale.id)).toEqual(recorded);
  });

  it('refuses bad lines before anything is recorded', async () => {
    await expect(recordCashSale({ ...TILL, lines: [], payment: CARD_PAYMENT })).rejects.toThrow(
      /at least one line/,
    );
    await expect(
      recordCashSale({ ...TILL, lines: [{ ...PILS, quantity: 0 }], payment: CARD_PAYMENT }),
    ).rejects.toThrow(/quantity/);
    await expect(
      recordCashSale({ ...TILL, lines: [{ ...PILS, unitPriceCents: 4.2 }], payment: CARD_PAYMENT }),
    ).rejects.toThrow(/cents/);
    expect(await listSales()).toEqual([]);
  });
});
