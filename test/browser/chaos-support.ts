// Support for the chaos test: reads the till's journal and outbox out of IndexedDB through the page
// and checks them, sale by sale, against the test hotel's database. Exactly once: each made sale is
// in the journal with its lines and nothing else is; a cash sale has one CLOSED cash invoice with
// its lines (the invoice's reference is the sale's), its total and payment (other invoices of that
// reference open and empty); a room charge one set of items on its stay, the ones its charge step
// kept as its result (line names are product names only), claimed by no other sale; and no item no
// sale accounts for (a second copy of a charge would be one).
import type { Page } from 'playwright-core';
import type { IntentRecord, SaleRecord } from '../../src/storage/records.ts';
import type { HotelDb } from '../../src/test-hotel/index.ts';

/** A sale as the test made it in the UI: what the receipt (or the charge notice) said, what it rang up. */
export interface MadeSale {
  kind: 'cash-sale' | 'room-charge';
  reference: string;
  lines: { productId: number; quantity: number; unitPriceCents: number }[];
}

export interface TillContents {
  sales: SaleRecord[];
  intents: IntentRecord[];
}

/** mulberry32, so the test makes the same sales every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Steps being sent right now, and steps not done yet, read from the till's outbox. */
export function tillActivity(page: Page): Promise<{ inFlight: number; notDone: number }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('hotel-till');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const all = await new Promise<{ state: string }[]>((resolve, reject) => {
        const request = db.transaction('intents').objectStore('intents').getAll();
        request.onsuccess = () => resolve(request.result as { state: string }[]);
        request.onerror = () => reject(request.error);
      });
      return {
        inFlight: all.filter((intent) => intent.state === 'in-flight').length,
        notDone: all.filter((intent) => intent.state !== 'done').length,
      };
    } finally {
      db.close();
    }
  });
}

/** The whole journal and outbox. */
export function readTill(page: Page): Promise<TillContents> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('hotel-till');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = (store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    try {
      const [sales, intents] = await Promise.all([all('sales'), all('intents')]);
      return { sales, intents } as never;
    } finally {
      db.close();
    }
  });
}

interface InvoiceRow {
  id: number;
  kind: string;
  reference: string;
  status: string;
  template_id: number | null;
  payment_method_id: number | null;
}
interface ItemRow {
  id: number;
  invoice_id: number;
  room_reservation_id: number | null;
  product_id: number;
  name: string;
  quantity: number;
  price_cents: number;
}

export interface HotelCheck {
  problems: string[];
  figures: {
    salesInJournal: number;
    cashSales: number;
    roomCharges: number;
    /** Cash invoices opened again after a create's answer was lost: open, empty, no money. */
    emptyInvoicesLeft: number;
    /** Steps confirmed by reading the PMS back after an unknown outcome. */
    readBacks: number;
    /** Steps found in flight by the next replayer: their sender (worker or tab) died mid-request. */
    interruptedSends: number;
  };
}

/** Checks the journal against what the test made and against the hotel's database (see the header). */
export function checkAgainstHotel(
  db: HotelDb,
  till: TillContents,
  made: readonly MadeSale[],
  since: { itemId: number },
): HotelCheck {
  const problems: string[] = [];
  const invoices = db
    .prepare('SELECT id, kind, reference, status, template_id, payment_method_id FROM invoices')
    .all() as InvoiceRow[];
  const items = db
    .prepare(
      'SELECT id, invoice_id, room_reservation_id, product_id, name, quantity, price_cents FROM invoice_items WHERE id > ?',
    )
    .all(since.itemId) as ItemRow[];
  const invoiceById = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const journal = new Map(till.sales.map((sale) => [sale.reference, sale]));
  const accounted = new Set<number>();
  let emptyInvoicesLeft = 0;

  for (const sale of made) {
    const recorded = journal.get(sale.reference);
    if (!recorded) problems.push(`${sale.reference}: made in the UI but not in the journal`);
    else if (recorded.kind !== sale.kind || shape(recorded.lines) !== shape(sale.lines)) {
      problems.push(
        `${sale.reference}: the journal has ${shape(recorded.lines)}, the UI rang up ${shape(sale.lines)}`,
      );
    }
  }
  if (till.sales.length !== made.length) {
    problems.push(`the journal holds ${till.sales.length} sales, the test made ${made.length}`);
  }

  for (const sale of till.sales) {
    const problem = (text: string) => problems.push(`${sale.reference} (${sale.kind}): ${text}`);
    const marked = itemsOf(sale, till, items, invoices);
    for (const item of marked) {
      if (accounted.has(item.id))
        problem(`item ${item.id} is claimed by another sale too; ${story(sale, till, items)}`);
    }
    for (const item of marked) accounted.add(item.id);
    if (shape(marked.map(asLine)) !== shape(sale.lines)) {
      problem(
        `the hotel holds ${shape(marked.map(asLine))}, the sale is ${shape(sale.lines)}; ${story(sale, till, items)}`,
      );
      continue;
    }
    const total = marked.reduce((sum, item) => sum + item.quantity * item.price_cents, 0);
    if (total !== sale.totalCents) problem(`total ${total} in the hotel, ${sale.totalCents} sold`);
    if (sale.kind === 'cash-sale') {
      const holding = new Set(marked.map((item) => item.invoice_id));
      const invoice = invoiceById.get([...holding][0] ?? -1);
      if (holding.size !== 1 || !invoice) {
        problem(`items on ${holding.size} invoices`);
        continue;
      }
      if (invoice.kind !== 'cashregister' || invoice.reference !== sale.reference)
        problem('on a wrong invoice');
      if (invoice.status !== 'closed') problem(`invoice ${invoice.id} is ${invoice.status}`);
      if (
        invoice.template_id !== sale.payment?.templateId ||
        invoice.payment_method_id !== sale.payment?.paymentMethodId
      ) {
        problem(`invoice ${invoice.id} closed with another template or payment method`);
      }
      for (const other of invoices.filter((i) => i.reference === sale.reference && i.id !== invoice.id)) {
        const onIt = items.filter((item) => item.invoice_id === other.id);
        if (other.status !== 'open' || onIt.length > 0)
          problem(`a second invoice ${other.id} is not open and empty`);
        else emptyInvoicesLeft += 1;
      }
    } else if (!marked.every((item) => item.room_reservation_id === sale.room?.roomReservationId)) {
      problem(`items not on stay ${sale.room?.roomReservationId}`);
    }
  }

  const stray = items.filter((item) => !accounted.has(item.id));
  for (const item of stray) problems.push(`item ${item.id} "${item.name}" belongs to no sale`);

  const notes = till.sales.flatMap((sale) => sale.notes.map((note) => note.text));
  return {
    problems,
    figures: {
      salesInJournal: till.sales.length,
      cashSales: till.sales.filter((sale) => sale.kind === 'cash-sale').length,
      roomCharges: till.sales.filter((sale) => sale.kind === 'room-charge').length,
      emptyInvoicesLeft,
      readBacks: notes.filter((text) => text.startsWith('Read back')).length,
      interruptedSends: notes.filter((text) => /interrupted while sending/.test(text)).length,
    },
  };
}

/**
 * The items of a sale: a cash sale's are on the cash invoices of its reference; a room charge's are
 * the ones its `room.add-products@1` step kept as its result (what the till took as its own).
 */
function itemsOf(
  sale: SaleRecord,
  till: TillContents,
  items: readonly ItemRow[],
  invoices: readonly InvoiceRow[],
): ItemRow[] {
  if (sale.kind === 'cash-sale') {
    const own = new Set(invoices.filter((i) => i.reference === sale.reference).map((i) => i.id));
    return items.filter((item) => own.has(item.invoice_id));
  }
  const charged = till.intents
    .filter((intent) => intent.saleId === sale.id && intent.name === 'room.add-products@1')
    .flatMap((intent) => (intent.result as { items?: { invoiceItemId: number }[] } | undefined)?.items ?? []);
  const ids = new Set(charged.map((item) => item.invoiceItemId));
  return items.filter((item) => ids.has(item.id));
}

/** What the till did about a sale and what its room holds since the test began, to read a failure by. */
function story(sale: SaleRecord, till: TillContents, items: readonly ItemRow[]): string {
  const steps = till.intents
    .filter((intent) => intent.saleId === sale.id)
    .map((intent) => ({
      step: intent.step,
      revision: intent.revision,
      name: intent.name,
      state: intent.state,
      attempts: intent.attempts,
      uncertainSends: intent.uncertainSends,
      result: intent.result,
      before: Array.isArray(intent.before)
        ? `${intent.before.length} ids, max ${Math.max(...intent.before)}`
        : intent.before,
      lastError: intent.lastError,
    }));
  const room = sale.room?.roomReservationId;
  const onRoom = items
    .filter((item) => room !== undefined && item.room_reservation_id === room)
    .map((item) => `${item.id}:${item.product_id}x${item.quantity}@${item.price_cents}`);
  return JSON.stringify({ id: sale.id, steps, notes: sale.notes.map((note) => note.text), onRoom });
}

function asLine(item: ItemRow) {
  return { productId: item.product_id, quantity: item.quantity, unitPriceCents: item.price_cents };
}

/** Lines as a canonical string, to compare regardless of order. */
function shape(lines: readonly { productId: number; quantity: number; unitPriceCents: number }[]): string {
  return lines
    .map((line) => `${line.productId}x${line.quantity}@${line.unitPriceCents}`)
    .sort()
    .join(',');
}

/** The till server's database as the ledger check reads it (better-sqlite3, read-only). */
export interface LedgerDb {
  prepare(sql: string): { all(...params: unknown[]): unknown[] };
}

export interface LedgerCheck {
  problems: string[];
  figures: { salesInLedger: number; outcomesInLedger: number };
}

/**
 * Checks the till server's sales ledger against the journal and what the test made: each sale
 * recorded once under its journal id, with the same kind, lines and total, its PMS steps reported
 * done; and no record that is no sale of the test's.
 */
export function checkAgainstLedger(db: LedgerDb, till: TillContents, made: readonly MadeSale[]): LedgerCheck {
  const problems: string[] = [];
  const rows = db
    .prepare('SELECT seq, sale_id AS saleId, reference, kind, total_cents AS totalCents FROM ledger_sales')
    .all() as { seq: number; saleId: string; reference: string; kind: string; totalCents: number }[];
  const lines = db
    .prepare(
      'SELECT sale_seq AS seq, product_id AS productId, quantity, unit_price_cents AS unitPriceCents FROM ledger_lines',
    )
    .all() as { seq: number; productId: number; quantity: number; unitPriceCents: number }[];
  const outcomes = db
    .prepare(
      `SELECT sale_id AS saleId, step, outcome FROM ledger_outcomes o
        WHERE seq = (SELECT MAX(seq) FROM ledger_outcomes WHERE sale_id = o.sale_id AND step = o.step)`,
    )
    .all() as { saleId: string; step: number; outcome: string }[];
  const journal = new Map(till.sales.map((sale) => [sale.reference, sale]));
  const kinds = { 'cash-sale': 'sale', 'room-charge': 'room-charge' } as const;
  for (const sale of made) {
    const recorded = rows.filter((row) => row.reference === sale.reference);
    const problem = (text: string) => problems.push(`${sale.reference} in the ledger: ${text}`);
    if (recorded.length !== 1) {
      problem(`recorded ${recorded.length} times`);
      continue;
    }
    const row = recorded[0]!;
    const entry = journal.get(sale.reference);
    if (row.saleId !== entry?.id) problem(`under ${row.saleId}, the journal's id is ${entry?.id}`);
    if (row.kind !== kinds[sale.kind]) problem(`a ${row.kind}, made as a ${sale.kind}`);
    const held = shape(lines.filter((line) => line.seq === row.seq));
    if (held !== shape(sale.lines)) problem(`holds ${held}, the UI rang up ${shape(sale.lines)}`);
    const total = sale.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
    if (row.totalCents !== total) problem(`total ${row.totalCents}, sold ${total}`);
    const steps = outcomes.filter((o) => o.saleId === row.saleId);
    const pmsSteps = sale.kind === 'cash-sale' ? 3 : 1;
    if (steps.length !== pmsSteps || steps.some((o) => o.outcome !== 'done'))
      problem(`PMS steps reported ${JSON.stringify(steps.map((o) => [o.step, o.outcome]))}`);
  }
  const madeReferences = new Set(made.map((sale) => sale.reference));
  for (const row of rows.filter((r) => !madeReferences.has(r.reference)))
    problems.push(`ledger record ${row.reference} (${row.kind}) belongs to no sale the test made`);
  return { problems, figures: { salesInLedger: rows.length, outcomesInLedger: outcomes.length } };
}
