// The reckoning test's PMS side: a sale's PMS steps sent as the tablet's outbox sends them - the real
// intent definitions (outbox/intents), the real PMS client with the sale's headers, through the till
// server's gateway (which matches every write to the sale's ledger record) to the embedded test
// hotel - and what the hotel's SQLite then holds: a sale's invoices, a stay's folio.
import { stepMarker } from '../../../../src/outbox/intents/definition.ts';
import {
  addCashInvoiceProducts,
  addRoomProducts,
  type CreatedCashInvoice,
  closeCashInvoice,
  createCashInvoice,
  type IntentDefinition,
  type PayloadLine,
  removeRoomProducts,
  type StepResult,
  takeBackRoomLine,
} from '../../../../src/outbox/intents/index.ts';
import { pmsForSale } from '../../../../src/outbox/sale-headers.ts';
import { createPmsClient } from '../../../../src/pms/client.ts';
import type { SaleRecord } from '../../../../src/storage/records.ts';
import type { HotelDb } from '../../../../src/test-hotel/index.ts';
import type { Till } from './day-driver.ts';
import type { Tablet } from './day-model.ts';

/** The test hotel's payment methods the till closes cash invoices with (seed-catalogue.ts). */
const PAYMENT_METHOD = { cash: 1, card: 2 } as const;
const RECEIPT_TEMPLATE = 3;

/** A sale whose PMS steps wait to be sent (the PMS was down, or the tablet offline). */
export interface PmsSteps {
  tablet: Tablet;
  entry: SaleRecord;
  steps: [IntentDefinition<never, unknown>, unknown][];
}

const payloadLines = (entry: SaleRecord): PayloadLine[] =>
  entry.lines.map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
    name: line.name,
    priceCents: line.unitPriceCents,
  }));

/** The steps of a sale paid at the till (cash or card): open, fill and close its invoice. */
export function invoiceSteps(tablet: Tablet, entry: SaleRecord, method: 'cash' | 'card'): PmsSteps {
  return {
    tablet,
    entry,
    steps: [
      [createCashInvoice as IntentDefinition<never>, { recipientName: '', reference: entry.reference }],
      [addCashInvoiceProducts as IntentDefinition<never>, { lines: payloadLines(entry) }],
      [
        closeCashInvoice as IntentDefinition<never>,
        { templateId: RECEIPT_TEMPLATE, paymentMethodId: PAYMENT_METHOD[method], sendInvoice: false },
      ],
    ],
  };
}

/** The step of a room charge: its lines onto the stay's folio. */
export function roomSteps(tablet: Tablet, entry: SaleRecord): PmsSteps {
  return {
    tablet,
    entry,
    steps: [
      [
        addRoomProducts as IntentDefinition<never>,
        { roomReservationId: entry.room!.roomReservationId, lines: payloadLines(entry) },
      ],
    ],
  };
}

/**
 * The step of a void (everything the charge put on the room) or a take-back by line of room charge
 * `charge`, as the outbox queues them (outbox/reversal.ts, journal.ts `recordLineTakeBack`).
 */
export function reversalSteps(
  tablet: Tablet,
  entry: SaleRecord,
  charge: SaleRecord,
  takeBack?: { line: number; quantity: number },
): PmsSteps {
  const roomReservationId = charge.room!.roomReservationId;
  const step: [IntentDefinition<never, unknown>, unknown] = takeBack
    ? [
        takeBackRoomLine as IntentDefinition<never>,
        {
          roomReservationId,
          charge: { saleId: charge.id, ...takeBack, productId: charge.lines[takeBack.line]!.productId },
        },
      ]
    : [removeRoomProducts as IntentDefinition<never>, { roomReservationId, reverses: { saleId: charge.id } }];
  return { tablet, entry, steps: [step] };
}

/**
 * Sends `sale`'s steps in order, after `earlier` (the results of the sale it depends on: a reversal's
 * charge); answers their results (throws on the first that fails).
 */
export async function sendSteps(
  till: Till,
  sale: PmsSteps,
  earlier: readonly StepResult[] = [],
): Promise<StepResult[]> {
  const { cookie } = till.devices[sale.tablet];
  const client = createPmsClient({
    baseUrl: 'http://localhost',
    fetch: (url, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', cookie);
      return Promise.resolve(till.server.request(String(url), { ...init, headers }));
    },
  });
  const pms = pmsForSale(client, sale.entry);
  const results: StepResult[] = [];
  for (const [index, [definition, payload]] of sale.steps.entries()) {
    const step = index + 1;
    const result = await definition.send(pms, payload as never, {
      sale: sale.entry,
      step,
      marker: stepMarker(sale.entry.reference, step, 0),
      results: [...earlier, ...results],
      before: undefined,
    });
    results.push({ saleId: sale.entry.id, step, name: definition.name, result });
  }
  return results;
}

/** An item as the PMS holds it, in the model's terms. */
export interface PmsItem {
  productId: number;
  quantity: number;
  unitPriceCents: number;
}

const byItem = (a: PmsItem, b: PmsItem) =>
  a.productId - b.productId || a.unitPriceCents - b.unitPriceCents || a.quantity - b.quantity;

/** A sale's PMS steps, what they depend on (a reversal: its charge's), and their results once sent. */
export interface SentToPms {
  key: string;
  sale: PmsSteps;
  results: StepResult[];
  after?: SentToPms;
}

/**
 * The day's PMS writes as the tablets' outboxes make them: sent as soon as the sale is on the ledger;
 * while the PMS is down (the hotel answers 503 on `/api/set`) a sale's write is tried, fails, and the
 * sale waits; an offline tablet's sales wait; what waits goes once, in order, when the PMS is back.
 */
export function createPmsOutbox(till: Till) {
  const sent: SentToPms[] = [];
  const waiting: SentToPms[] = [];
  /** How many sales' writes are still to fail. */
  let downFor = 0;
  return {
    sent,
    /** A sale's PMS steps, after its ledger record (an offline sale's: when it lands). */
    async add(key: string, sale: PmsSteps, offline: boolean): Promise<void> {
      const one: SentToPms = { key, sale, results: [] };
      sent.push(one);
      if (offline) return void waiting.push(one);
      if (downFor > 0) {
        downFor -= 1;
        // The write reaches the gateway and fails at the PMS: the sale stays in the outbox.
        await sendSteps(till, sale).then(
          () => {
            throw new Error(`${key}: the PMS took a write while it was down`);
          },
          () => undefined,
        );
        if (downFor === 0) till.hotel.faults!.clear();
        return void waiting.push(one);
      }
      one.results = await sendSteps(till, sale);
    },
    /**
     * A void's or take-back's step, after its charge's (`chargeId`). A charge voided before its steps
     * went: the outbox drops them (void-unsent), so the folio never has it and nothing is taken back.
     */
    async reversal(key: string, sale: PmsSteps, chargeId: string): Promise<void> {
      const charge = sent.find((one) => one.sale.entry.id === chargeId)!;
      const unsent = waiting.indexOf(charge);
      if (!sale.entry.takeBack && unsent >= 0) return void waiting.splice(unsent, 1);
      const one: SentToPms = { key, sale, results: [], after: charge };
      sent.push(one);
      if (unsent >= 0 || downFor > 0) waiting.push(one);
      else one.results = await sendSteps(till, sale, charge.results);
    },
    /** The PMS goes down for the next `sales` sales' writes. */
    pmsDown(sales: number): void {
      till.hotel.faults!.add({ path: '/api/set', kind: 'error5xx', status: 503, times: 1_000_000 });
      downFor = sales;
    },
    /** The PMS is back: what waited is sent, once, in the order it was made. */
    async pmsBack(): Promise<void> {
      till.hotel.faults!.clear();
      downFor = 0;
      for (const one of waiting) one.results = await sendSteps(till, one.sale, one.after?.results);
    },
  };
}

/**
 * The invoices the hotel holds with a cash sale's reference (every one, so a second copy shows), with
 * their status, method and items, and whether it is the one the sale's steps opened.
 */
export function invoicesOf(db: HotelDb, sale: PmsSteps, results: readonly StepResult[]) {
  const created = results.find((r) => r.name === createCashInvoice.name)?.result as
    | CreatedCashInvoice
    | undefined;
  const invoices = db
    .prepare(
      `SELECT id, status, payment_method_id AS method FROM invoices WHERE reference = ? OR reference LIKE ? ORDER BY id`,
    )
    .all(sale.entry.reference, `${sale.entry.reference} %`) as {
    id: number;
    status: string;
    method: number | null;
  }[];
  return invoices.map((invoice) => ({
    ...invoice,
    ours: invoice.id === created?.invoiceId,
    items: (
      db
        .prepare(
          'SELECT product_id AS productId, quantity, price_cents AS unitPriceCents FROM invoice_items WHERE invoice_id = ?',
        )
        .all(invoice.id) as PmsItem[]
    ).sort(byItem),
  }));
}

/**
 * A stay's folio as quantities by product and unit price ("25@350"). Compared before and after a day
 * (the test hotel reuses the ids of items a removal deleted, so a charge's item ids are no key).
 */
export function folioOf(db: HotelDb, roomReservationId: number): Record<string, number> {
  const rows = db
    .prepare(
      `SELECT product_id AS productId, price_cents AS unitPriceCents, SUM(quantity) AS quantity FROM invoice_items
        WHERE room_reservation_id = ? GROUP BY product_id, price_cents`,
    )
    .all(roomReservationId) as PmsItem[];
  return Object.fromEntries(rows.map((r) => [`${r.productId}@${r.unitPriceCents}`, r.quantity]));
}

/** Gross per product of `items`, and whole items per product (for parts of a bill: their sum). */
export function grossByProduct(items: readonly PmsItem[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items)
    out[item.productId] = (out[item.productId] ?? 0) + item.quantity * item.unitPriceCents;
  return out;
}
