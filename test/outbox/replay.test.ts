// The replay engine on the happy path: order of steps, results feeding later steps, several sales at
// once within a bound, and one replayer at a time.
import { afterEach, describe, expect, it } from 'vitest';
import { recordCashSale, recordProductCreation, recordRoomCharge } from '../../src/outbox/journal.ts';
import { inMemoryLocks } from '../../src/outbox/locks.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import { createFakePms } from './support/fake-pms.ts';
import { countJournalWrites } from './support/journal-writes.ts';
import {
  CARD_PAYMENT,
  createClock,
  PILS,
  PILS_ONE,
  readPmsSteps,
  replayAgainst,
  TILL,
  useFreshDatabase,
} from './support/setup.ts';

useFreshDatabase();

describe('replaying a cash sale', () => {
  it('opens an invoice, puts the lines on it and closes it, in that order, with the invoice id from the first step', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });

    const report = await replayAgainst(pms, clock);

    expect(pms.calls.map((c) => c.operation)).toEqual([
      'createCashInvoice',
      'addInvoiceProducts',
      'closeInvoice',
    ]);
    const [invoice] = [...pms.invoices.values()];
    expect(invoice).toMatchObject({
      status: 'closed',
      reference: sale.reference,
      templateId: 1,
      paymentMethodId: 2,
    });
    expect(invoice?.items).toHaveLength(1);
    expect(invoice?.items[0]).toMatchObject({
      product_id: 7,
      quantity: 2,
      price: 420,
      name: 'Pils 0,3 l',
    });
    expect(pms.callsOf('addInvoiceProducts')[0]?.args).toMatchObject({ invoice_id: invoice?.id });
    expect(pms.callsOf('closeInvoice')[0]?.args).toMatchObject({ invoiceId: invoice?.id });

    const entry = await readPmsSteps(sale.id);
    expect(entry?.sale.status).toBe('synced');
    expect(entry?.intents.map((i) => i.state)).toEqual(['done', 'done', 'done']);
    expect(entry?.intents[0]?.result).toEqual({ invoiceId: invoice?.id });
    expect(entry?.intents[2]?.result).toEqual({ totalCents: 840 });
    expect(report).toMatchObject({ ran: true, sent: 4, confirmed: 4, pending: 0, needsAttention: 0 });
  });

  it('records the sale as pending before anything is sent, and sends nothing twice over several runs', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('pending');
    expect(pms.calls).toHaveLength(0);

    await replayAgainst(pms, clock);
    await replayAgainst(pms, clock);

    expect(pms.invoices.size).toBe(1);
    expect(pms.calls).toHaveLength(3);
  });
});

describe('replaying other kinds of sale', () => {
  it('charges a room with the product names only (what the guest reads) and keeps the created item ids', async () => {
    const pms = createFakePms();
    const sale = await recordRoomCharge({
      ...TILL,
      room: { roomReservationId: 501, bookingDate: '2026-11-22' },
      lines: [PILS, PILS_ONE],
    });

    await replayAgainst(pms, createClock());

    const items = pms.rooms.get(501) ?? [];
    expect(items.map((i) => [i.name, i.quantity, i.price])).toEqual([
      ['Pils 0,3 l', 2, 420],
      ['Pils 0,3 l', 1, 420],
    ]);
    expect(pms.callsOf('addProducts')[0]?.args).toMatchObject({ booking_date: '2026-11-22' });
    const entry = await readPmsSteps(sale.id);
    expect(entry?.sale.status).toBe('synced');
    expect(entry?.intents[0]?.result).toEqual({
      items: items.map((i) => ({ invoiceItemId: i.id, productId: 7, quantity: i.quantity })),
    });
  });

  it('creates a product under a till-assigned unique article number', async () => {
    const pms = createFakePms();
    const sale = await recordProductCreation({
      ...TILL,
      product: { name: 'Hugo', price: 750, commodity_group_id: 1, tax_class_id: 1 },
    });

    await replayAgainst(pms, createClock());

    const created = pms.products.find((p) => p.name === 'Hugo');
    expect(created).toMatchObject({ number: `TILL-${sale.reference}`, price: 750 });
    expect((await readPmsSteps(sale.id))?.intents[0]?.result).toEqual({ productId: created?.id });
  });
});

describe('several sales', () => {
  it('replays independent sales concurrently but never more than the bound at once', async () => {
    const pms = createFakePms();
    let inFlight = 0;
    let mostAtOnce = 0;
    pms.setAround(async () => {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
    });
    for (let i = 0; i < 6; i++)
      await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS_ONE] });

    await replayAgainst(pms, createClock(), { concurrency: 3 });

    expect(pms.rooms.get(501)).toHaveLength(6);
    expect(mostAtOnce).toBe(3);
  });

  it('keeps each sale in step order while sales interleave', async () => {
    const pms = createFakePms();
    pms.setAround(() => new Promise((resolve) => setTimeout(resolve, Math.random() * 5)));
    const sales = await Promise.all(
      [1, 2, 3].map(() => recordCashSale({ ...TILL, lines: [PILS_ONE], payment: CARD_PAYMENT })),
    );

    await replayAgainst(pms, createClock());

    for (const invoice of pms.invoices.values()) {
      const created = pms.calls.findIndex(
        (c) => (c.args as { reference?: string }).reference === invoice.reference,
      );
      const added = pms.calls.findIndex((c) => (c.args as { invoice_id?: number }).invoice_id === invoice.id);
      const closed = pms.calls.findIndex((c) => (c.args as { invoiceId?: number }).invoiceId === invoice.id);
      expect(created).toBeLessThan(added);
      expect(added).toBeLessThan(closed);
      expect(invoice.status).toBe('closed');
    }
    expect(new Set([...pms.invoices.values()].map((i) => i.reference))).toEqual(
      new Set(sales.map((s) => s.reference)),
    );
  });

  it('lets only one of two concurrent replayers send; the other returns at once', async () => {
    const pms = createFakePms();
    pms.setAround(() => new Promise((resolve) => setTimeout(resolve, 5)));
    for (let i = 0; i < 3; i++) await recordCashSale({ ...TILL, lines: [PILS_ONE], payment: CARD_PAYMENT });
    const lock = inMemoryLocks();
    const clock = createClock();

    const [first, second] = await Promise.all([
      replayAgainst(pms, clock, { lock }),
      replayAgainst(pms, clock, { lock }),
    ]);

    expect([first.ran, second.ran].sort()).toEqual([false, true]);
    expect(pms.invoices.size).toBe(3);
    expect(pms.callsOf('addInvoiceProducts')).toHaveLength(3);
    expect([...pms.invoices.values()].every((i) => i.items.length === 1 && i.status === 'closed')).toBe(true);
  });
});

describe('one write between two steps', () => {
  let journalWrites: ReturnType<typeof countJournalWrites> | undefined;
  afterEach(() => {
    journalWrites?.stop();
  });

  it('records a step’s answer and marks the next step in-flight in the same transaction', async () => {
    const pms = createFakePms();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    const statesWhenSent: string[][] = [];
    pms.setAround(async (operation) => {
      if (operation === 'reportLedgerOutcome') return; // after the run: its outcomes to the ledger
      statesWhenSent.push((await readSale(sale.id))!.intents.map((i) => i.state));
    });
    journalWrites = countJournalWrites();

    await replayAgainst(pms, createClock());

    // step 0 records the sale on the till server, then the three PMS steps
    expect(statesWhenSent).toEqual([
      ['in-flight', 'queued', 'queued', 'queued'],
      ['done', 'in-flight', 'queued', 'queued'],
      ['done', 'done', 'in-flight', 'queued'],
      ['done', 'done', 'done', 'in-flight'],
    ]);
    // mark step 0; answer 0 (the ledger round starts no PMS step: replay.ts, "the ledger first");
    // mark 1; answer 1 + mark 2; answer 2 + mark 3; answer 3; and after the run, the outcome
    // reports the ledger took cleared from the sale (nothing old to prune)
    expect(journalWrites.count).toBe(7);
    expect((await readPmsSteps(sale.id))?.intents.map((i) => [i.state, i.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
      ['done', 1],
    ]);
  });

  it('rewrites the journal entry only when staff would see a change (status, attention, notes)', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT, at: clock.now() });
    const updatedWhenSent: number[] = [];
    pms.setAround(async (operation) => {
      if (operation === 'reportLedgerOutcome') return; // after the run: its outcomes to the ledger
      clock.advance(1000);
      updatedWhenSent.push((await readPmsSteps(sale.id))!.sale.updatedAt);
    });

    await replayAgainst(pms, clock);

    expect(updatedWhenSent).toEqual([sale.updatedAt, sale.updatedAt, sale.updatedAt, sale.updatedAt]);
    const synced = (await readPmsSteps(sale.id))!.sale;
    expect(synced).toMatchObject({ status: 'synced', updatedAt: clock.now(), syncedAt: clock.now() });
  });

  it('lets the steps of sales replayed at once share transactions', async () => {
    const pms = createFakePms();
    for (let i = 0; i < 12; i++) await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    journalWrites = countJournalWrites();

    const report = await replayAgainst(pms, createClock());

    expect(report.confirmed).toBe(48);
    // 60 changes (5 per sale: the ledger's step and the PMS's three); one transaction each without group commit
    expect(journalWrites.count).toBeLessThan(30);
  });

  it('starts no further step once the run is told to stop; the next run goes on from there', async () => {
    const pms = createFakePms();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    const stop = new AbortController();
    pms.setAround(async (operation) => {
      if (operation === 'createCashInvoice') stop.abort();
    });
    const clock = createClock();

    const report = await replayAgainst(pms, clock, { signal: stop.signal });

    expect(report.stoppedBy).toBe('aborted');
    expect(pms.calls.map((c) => c.operation)).toEqual(['createCashInvoice']);
    expect((await readPmsSteps(sale.id))?.intents.map((i) => i.state)).toEqual(['done', 'queued', 'queued']);

    pms.setAround(async () => {});
    await replayAgainst(pms, clock);

    expect(pms.calls.map((c) => c.operation)).toEqual([
      'createCashInvoice',
      'addInvoiceProducts',
      'closeInvoice',
    ]);
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
  });
});
