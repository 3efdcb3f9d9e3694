// The ticket as one record every tab shares, against a fake IndexedDB and a localStorage in memory:
// a tap on a ticket paid elsewhere is never dropped (the lost-line defect the chaos test caught: a
// reload restored a ticket another tab had paid, and the lines rung up on it vanished), a tab that
// starts afresh never takes another tab's lines, and a reload meeting its ticket paid goes on with
// the ticket the other tabs share.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createEffect, createRoot, on } from 'solid-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const kept = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, String(value)),
    removeItem: (key: string) => void kept.delete(key),
    clear: () => kept.clear(),
    key: (index: number) => [...kept.keys()][index] ?? null,
    get length() {
      return kept.size;
    },
  };
});

import {
  addProduct,
  clearTicket,
  currentTicket,
  meetTicketRecord,
  setQuantity,
  ticketLines,
  ticketWritesSettled,
} from '../../src/features/ticket/ticket.ts';
import type { TicketNews } from '../../src/features/ticket/ticket-keeping.ts';
import { emptyTicket, ticketToRecord } from '../../src/features/ticket/ticket-record.ts';
import { showTicket, ticketNewsHeard } from '../../src/features/ticket/ticket-signal.ts';
import { closeTillDb } from '../../src/storage/db.ts';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../src/storage/local.ts';
import { changeTicketRecords, readTicketRecord } from '../../src/storage/ticket-store.ts';
import { product } from '../support/catalogue.ts';

const PILS = product(1, 'Pils 0,3 l', 420);
const ESPRESSO = product(2, 'Espresso', 280);
const COLA = product(3, 'Cola', 350);

/** Another tab of the same browser, as far as the ticket's channel goes. */
const otherTab = new BroadcastChannel('hotel-till.ticket');

/** Marks ticket record `id` paid, as another tab's sale would, without this tab hearing of it. */
async function payElsewhere(id: string): Promise<void> {
  await changeTicketRecords([id], ([stored]) => ({
    put: [
      {
        ...stored!,
        status: 'paid',
        paidAt: Date.now(),
        saleId: 'sale-elsewhere',
        version: (stored!.version ?? 0) + 1,
      },
    ],
    value: undefined,
  }));
}

/** Waits until `check` holds (news between tabs arrives on its own time). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

const names = () => ticketLines().map((line) => `${line.name} x${line.quantity}`);

beforeAll(() => {
  globalThis.indexedDB = new IDBFactory();
});

beforeEach(async () => {
  clearTicket();
  await ticketWritesSettled();
});

afterAll(async () => {
  otherTab.close();
  await closeTillDb();
});

describe('a tap on a ticket paid elsewhere', () => {
  it('is carried to a new ticket with the taps after it, never dropped', async () => {
    addProduct(PILS);
    await ticketWritesSettled();
    const paid = currentTicket();
    await payElsewhere(paid.id); // e.g. a reload restored this ticket after another tab paid it

    addProduct(ESPRESSO);
    addProduct(COLA); // tapped before the first tap's write found the ticket paid
    addProduct(COLA);
    await ticketWritesSettled();

    const carried = currentTicket();
    expect(carried.id).not.toBe(paid.id);
    expect(carried.paidAt).toBeUndefined();
    expect(names()).toEqual(['Espresso x1', 'Cola x2']);
    const record = await readTicketRecord(carried.id);
    expect(record?.status).toBe('open');
    expect(record?.lines.map((line) => `${line.name} x${line.quantity}`)).toEqual(['Espresso x1', 'Cola x2']);
    expect((readLocal(LOCAL_KEYS.currentTicket) as { id: string }).id).toBe(carried.id); // a reload keeps it
    const stillPaid = await readTicketRecord(paid.id);
    expect(stillPaid?.status).toBe('paid');
    expect(stillPaid?.lines.map((line) => line.name)).toEqual(['Pils 0,3 l']);
  });

  it('that only changes a line of the paid ticket adds nothing, and the next tap starts afresh', async () => {
    addProduct(PILS);
    await ticketWritesSettled();
    const paid = currentTicket();
    await payElsewhere(paid.id);

    setQuantity(ticketLines()[0]!.key, 3);
    await ticketWritesSettled();
    expect(currentTicket().paidAt).toBeDefined(); // shown as paid, nothing carried

    addProduct(ESPRESSO);
    await ticketWritesSettled();
    expect(currentTicket().id).not.toBe(paid.id);
    expect(names()).toEqual(['Espresso x1']);
  });
});

describe('news from another tab', () => {
  it('that it moved on from its own ticket leaves this tab’s lines alone; from this tab’s ticket, this tab follows', async () => {
    addProduct(PILS);
    await ticketWritesSettled();
    const mine = currentTicket();
    const theirs = { ...emptyTicket(), version: 1 };
    await changeTicketRecords([theirs.id], () => ({ put: [ticketToRecord(theirs, 'open', '')], value: 0 }));

    otherTab.postMessage({
      type: 'current',
      id: theirs.id,
      replaces: 'a-ticket-this-tab-never-showed',
    } satisfies TicketNews);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(currentTicket().id).toBe(mine.id);
    expect(names()).toEqual(['Pils 0,3 l x1']);

    otherTab.postMessage({ type: 'current', id: theirs.id, replaces: mine.id } satisfies TicketNews);
    await until(() => currentTicket().id === theirs.id);
    expect(currentTicket().id).toBe(theirs.id);
  });
});

describe('a tap while this tab reads the news', () => {
  it('is kept: a blank tab that would follow another tab’s new ticket stays on its own once it has a line', async () => {
    // The chaos test's lost tap: this tab's ticket was blank when the news came, the tap landed on it
    // while the news's record was read, and the tab then showed the other tab's blank ticket.
    await ticketWritesSettled();
    const mine = currentTicket();
    const theirs = { ...emptyTicket(), version: 1 };
    await changeTicketRecords([theirs.id], () => ({ put: [ticketToRecord(theirs, 'open', '')], value: 0 }));
    const heard = ticketNewsHeard();
    // the tap comes just after the news is heard (a microtask later), while its record is read
    const stopTapping = createRoot((dispose) => {
      createEffect(on(ticketNewsHeard, () => queueMicrotask(() => addProduct(PILS)), { defer: true }));
      return dispose;
    });

    otherTab.postMessage({
      type: 'current',
      id: theirs.id,
      replaces: 'a-ticket-this-tab-never-showed',
    } satisfies TicketNews);
    await until(() => ticketNewsHeard() > heard);
    stopTapping();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await ticketWritesSettled();

    expect(currentTicket().id).toBe(mine.id);
    expect(names()).toEqual(['Pils 0,3 l x1']);
  });
});

describe('a reload that meets its ticket paid', () => {
  it('goes on with the ticket the other tabs share, lines and all', async () => {
    addProduct(PILS);
    await ticketWritesSettled();
    const restored = currentTicket();
    await payElsewhere(restored.id);
    const shared = { ...emptyTicket(), version: 2, lines: [] };
    writeLocal(LOCAL_KEYS.currentTicket, { ...shared, note: 'Tisch 4' }); // the other tab's ticket by now

    await meetTicketRecord();

    expect(currentTicket().id).toBe(shared.id);
    expect(currentTicket().note).toBe('Tisch 4');
    showTicket(currentTicket());
  });

  it('with no other ticket shared starts a new, empty one', async () => {
    addProduct(PILS);
    await ticketWritesSettled();
    const restored = currentTicket();
    await payElsewhere(restored.id);

    await meetTicketRecord();

    expect(currentTicket().id).not.toBe(restored.id);
    expect(currentTicket().paidAt).toBeUndefined();
    expect(ticketLines()).toEqual([]);
  });
});
