// A scripted fake of the PMS client for the outbox unit tests: it holds invoices, room items and
// products in memory (what the tests assert on) and can be told to fail the next call of an
// operation in any of the ways a real call fails — before the PMS applied it, or after (the answer
// lost on the way back: "drop after commit").

import type { OutboxPms } from '../../../src/outbox/intents/index.ts';
import { type Fault, pmsFailure, productStub, roomStub } from './fake-pms-shapes.ts';

export type { Fault, FaultKind } from './fake-pms-shapes.ts';

import type { LedgerOutcome, LedgerRecord } from '../../../src/pms/ledger-wire.ts';
import { type OutboxOperation as PmsOperation, TILL_OPERATIONS } from '../../../src/pms/operations.ts';
import type { InvoiceItem } from '../../../src/pms/wire.ts';

export interface FakeInvoice {
  id: number;
  status: 'open' | 'closed';
  reference: string;
  recipientName: string;
  items: InvoiceItem[];
  templateId?: number;
  paymentMethodId?: number;
}

export interface FakeProduct {
  id: number;
  number: string;
  name: string;
  price: number;
  bookable: boolean;
}

type Line = { id: number; quantity: number; name?: string | undefined; price?: number | undefined };

export function createFakePms() {
  let nextId = 1000;
  const invoices = new Map<number, FakeInvoice>();
  const rooms = new Map<number, InvoiceItem[]>([
    [501, []],
    [502, []],
  ]);
  const products: FakeProduct[] = [{ id: 7, number: 'P7', name: 'Pils 0,3 l', price: 420, bookable: true }];
  const faults = new Map<PmsOperation, Fault[]>();
  /** Every call in order, with when it was made (for ordering and concurrency claims). */
  const calls: { operation: PmsOperation; args: unknown }[] = [];
  /** Every call to the till server's ledger, in order. */
  const ledgerCalls: { operation: PmsOperation; args: unknown }[] = [];
  /** Behaviour around each call, e.g. a delay to keep sends overlapping. */
  let around: (operation: PmsOperation) => Promise<void> = async () => {};
  /** Reads fail with 404, as a PMS without GET invoice would answer. */
  const missingEndpoints = new Set<PmsOperation>();
  /** While set, the gateway refuses every call before forwarding it: the tablet is not paired. */
  let deviceRefusal: 'device_not_paired' | 'device_revoked' | undefined;
  /** Calls the gateway refused as unpaired (they never reached the PMS, so not in `calls`). */
  const refusedUnpaired: PmsOperation[] = [];
  /** The till server's sales ledger: each sale once by its id, in the order recorded. */
  const ledger = new Map<string, { record: LedgerRecord; body: string; seq: number }>();
  /** The ledger number the hotel's last Z closed up to; null before the first, 'none' for a server without closings (404). */
  let lastClosing: number | null | 'none' = null;
  /** Outcome reports the ledger took, repeats included (the server takes repeats). */
  const outcomes: { saleId: string; outcome: LedgerOutcome }[] = [];

  /** Runs a write (or read) with the scripted fault for its operation, if any. */
  async function perform<T>(operation: PmsOperation, args: unknown, apply: () => T): Promise<T> {
    if (deviceRefusal) {
      refusedUnpaired.push(operation);
      throw pmsFailure(operation, { kind: 'unpaired', device: deviceRefusal });
    }
    // The ledger's calls go to the till server, not the PMS: kept apart, so `calls` is the PMS's.
    (operation in TILL_OPERATIONS ? ledgerCalls : calls).push({ operation, args });
    await around(operation);
    if (missingEndpoints.has(operation))
      failWith(operation, { kind: 'rejected', status: 404, message: 'not found' });
    const fault = faults.get(operation)?.shift();
    if (fault && !fault.afterApplying) throw pmsFailure(operation, fault);
    const result = apply();
    if (fault) throw pmsFailure(operation, fault);
    return structuredClone(result);
  }
  function failWith(operation: PmsOperation, fault: Fault): never {
    throw pmsFailure(operation, fault);
  }

  function item(line: Line, invoiceId: number, roomId: number | null): InvoiceItem {
    const product = products.find((p) => p.id === line.id);
    if (!product)
      failWith('addProducts', {
        kind: 'rejected',
        status: 422,
        message: `no product ${line.id}`,
        field: 'products.0.id',
      });
    return {
      id: nextId++,
      product_id: line.id,
      name: line.name ?? product.name,
      original_name: product.name,
      price: line.price ?? product.price,
      original_price: product.price,
      quantity: line.quantity,
      guest_id: null,
      bookkeeping_date: '2026-11-22',
      invoice_id: invoiceId,
      room_reservation_id: roomId,
      tax_class_id: null,
    };
  }
  const total = (items: readonly InvoiceItem[]) => items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  const openInvoice = (id: number) => {
    const invoice = invoices.get(id);
    if (!invoice)
      failWith('addInvoiceProducts', { kind: 'rejected', status: 404, message: `no invoice ${id}` });
    if (invoice.status === 'closed')
      failWith('closeInvoice', { kind: 'rejected', status: 409, message: `invoice ${id} is already closed` });
    return invoice;
  };
  const roomItems = (id: number) => {
    const items = rooms.get(id);
    if (!items)
      failWith('getRoomReservation', { kind: 'rejected', status: 404, message: `no room reservation ${id}` });
    return items;
  };

  const client: OutboxPms = {
    recordLedgerSale: (record) =>
      perform('recordLedgerSale', record, () => {
        const body = JSON.stringify(record);
        const stored = ledger.get(record.saleId);
        if (stored && stored.body !== body)
          failWith('recordLedgerSale', {
            kind: 'rejected',
            status: 409,
            code: 'sale_conflict',
            message: `sale ${record.saleId} is already recorded with another body`,
          });
        const entry = stored ?? { record: structuredClone(record), body, seq: ledger.size + 1 };
        ledger.set(record.saleId, entry);
        return {
          saleId: record.saleId,
          seq: entry.seq,
          receiptNumber: entry.seq,
          recordedAt: '2026-11-22T20:00:00.000Z',
        };
      }),
    readLastClosing: () =>
      perform('readLastClosing', null, () => {
        if (lastClosing === 'none')
          failWith('readLastClosing', { kind: 'rejected', status: 404, message: 'no such endpoint' });
        return lastClosing === null ? null : { upToSeq: lastClosing };
      }),
    reportLedgerOutcome: (saleId, reported) =>
      perform('reportLedgerOutcome', { saleId, outcome: reported }, () => {
        if (!ledger.has(saleId))
          failWith('reportLedgerOutcome', { kind: 'rejected', status: 404, message: `no sale ${saleId}` });
        outcomes.push({ saleId, outcome: structuredClone(reported) });
        return { stored: true };
      }),
    createCashInvoice: (body = {}) =>
      perform('createCashInvoice', body, () => {
        const id = nextId++;
        invoices.set(id, {
          id,
          status: 'open',
          reference: body.reference ?? '',
          recipientName: body.recipient_name ?? '',
          items: [],
        });
        return { invoice_id: id, status: 'open' as const };
      }),
    setInvoiceRecipient: (body) =>
      perform('setInvoiceRecipient', body, () => {
        const invoice = openInvoice(body.invoice_id);
        invoice.recipientName = `contact ${body.recipient.id}`;
        return { invoice_id: invoice.id, recipient_name: invoice.recipientName };
      }),
    addInvoiceProducts: (input) =>
      perform('addInvoiceProducts', input, () => {
        const invoice = openInvoice(input.invoice_id);
        const added = input.products.map((line) => item(line, invoice.id, null));
        invoice.items.push(...added);
        return { invoice_items: added };
      }),
    closeInvoice: (args) =>
      perform('closeInvoice', args, () => {
        const invoice = openInvoice(args.invoiceId);
        Object.assign(invoice, {
          status: 'closed',
          templateId: args.templateId,
          paymentMethodId: args.paymentMethodId,
        });
        return {
          invoice_id: invoice.id,
          status: 'closed' as const,
          total: total(invoice.items),
          document_url: '',
        };
      }),
    getInvoice: (id) =>
      perform('getInvoice', id, () => {
        const invoice = invoices.get(id);
        if (!invoice) failWith('getInvoice', { kind: 'rejected', status: 404, message: `no invoice ${id}` });
        return {
          id,
          status: invoice.status,
          room_reservation_id: null,
          recipient_name: invoice.recipientName,
          reference: invoice.reference,
          total: total(invoice.items),
          invoice_items: invoice.items,
          template_id: invoice.templateId ?? null,
          payment_method_id: invoice.paymentMethodId ?? null,
          closed_at: '',
        };
      }),
    addProducts: (input) =>
      perform('addProducts', input, () => {
        const items = roomItems(input.room_reservation_id);
        const added = input.products.map((line) => item(line, 1, input.room_reservation_id));
        items.push(...added);
        return { invoice_items: added };
      }),
    removeProducts: (body) =>
      perform('removeProducts', body, () => {
        const items = roomItems(body.room_reservation_id);
        let removed = 0;
        for (const wanted of body.optional_products) {
          const index = items.findIndex((i) =>
            wanted.invoice_item_id ? i.id === wanted.invoice_item_id : i.product_id === wanted.id,
          );
          const found = items[index];
          if (!found || found.quantity < wanted.quantity)
            failWith('removeProducts', { kind: 'rejected', status: 409, message: 'item not on the room' });
          if (found.quantity > wanted.quantity)
            items[index] = { ...found, quantity: found.quantity - wanted.quantity };
          else items.splice(index, 1);
          removed += wanted.quantity;
        }
        return { removed_quantity: removed };
      }),
    getRoomReservation: (id) =>
      perform('getRoomReservation', id, () => ({ ...roomStub(id), invoice_items: roomItems(id) })),
    getReservationCost: (id) =>
      perform('getReservationCost', id, () => ({
        room_reservation_id: id,
        invoice_items: roomItems(id),
        total: total(roomItems(id)),
        invoice_templates: [],
        payment_methods: [],
      })),
    getAvailableProducts: () =>
      perform('getAvailableProducts', null, () => products.filter((p) => p.bookable).map(productStub)),
    createProduct: (input) =>
      perform('createProduct', input, () => {
        if (products.some((p) => p.number === input.number)) {
          failWith('createProduct', { kind: 'rejected', status: 409, message: 'article number taken' });
        }
        const product = {
          id: nextId++,
          number: input.number ?? '',
          name: input.name,
          price: input.price,
          bookable: input.bookable_via_api !== false,
        };
        products.push(product);
        return productStub(product);
      }),
  };

  return {
    client,
    ledger,
    outcomes,
    ledgerCalls,
    /** The hotel's day closed up to ledger number `seq` (a Z); 'none': a server without closings. */
    closeDays(seq: number | 'none') {
      lastClosing = seq;
    },
    invoices,
    rooms,
    products,
    calls,
    missingEndpoints,
    /** Fails the next call(s) of `operation` with `fault`, once per entry. */
    failNext(operation: PmsOperation, ...scripted: Fault[]) {
      faults.set(operation, [...(faults.get(operation) ?? []), ...scripted]);
    },
    setAround(fn: (operation: PmsOperation) => Promise<void>) {
      around = fn;
    },
    callsOf: (operation: PmsOperation) => calls.filter((c) => c.operation === operation),
    refusedUnpaired,
    /** The gateway refuses this tablet from now on (a manager unpaired it, or it never was paired). */
    unpair(code: 'device_not_paired' | 'device_revoked' = 'device_not_paired') {
      deviceRefusal = code;
    },
    /** The tablet is paired (again): calls reach the PMS. */
    pair() {
      deviceRefusal = undefined;
    },
    /**
     * The till server takes outcome reports in batches (`POST /till/sales/outcomes`): one call per
     * batch, each report answered on its own as `reportLedgerOutcome` would (a report of a sale the
     * ledger does not hold is refused with 404; the others are stored).
     */
    takeOutcomeBatches() {
      client.reportLedgerOutcomes = (reports) =>
        perform('reportLedgerOutcome', { batch: structuredClone(reports) }, () =>
          reports.map(({ saleId, outcome }) => {
            if (!ledger.has(saleId))
              return pmsFailure('reportLedgerOutcome', {
                kind: 'rejected',
                status: 404,
                message: `no sale ${saleId}`,
              });
            outcomes.push({ saleId, outcome: structuredClone(outcome) });
            return undefined;
          }),
        );
    },
  };
}

export type FakePms = ReturnType<typeof createFakePms>;
