// Invoices and invoice items of the test hotel: inserting items, reading an invoice with its items
// and total, and their wire forms. Invariants: amounts are integer cents (price per unit, times
// quantity for totals); items are only ever added to or removed from OPEN invoices; a closed
// invoice never changes again. Callers run these inside their own transaction.
import type * as v from 'valibot';
import { toDecimalNumber, toDecimalString } from '../../pms/money.ts';
import type { Invoice, InvoiceItem } from '../../pms/wire.ts';
import { type HotelDb, statement } from '../infra/db.ts';
import type { ResolvedLine } from './products.ts';

export interface InvoiceRow {
  id: number;
  kind: 'room' | 'cashregister';
  room_reservation_id: number | null;
  recipient_name: string;
  reference: string;
  status: 'open' | 'closed';
  payer: 'recipient' | 'guest';
  /** set when the recipient was changed on the invoice itself; NULL: it follows the reservation */
  recipient_contact_id: number | null;
  template_id: number | null;
  payment_method_id: number | null;
  send_invoice: 0 | 1;
  created_at: string;
  closed_at: string | null;
}

export interface ItemRow {
  id: number;
  invoice_id: number;
  room_reservation_id: number | null;
  product_id: number | null;
  name: string;
  original_name: string;
  quantity: number;
  price_cents: number;
  original_price_cents: number;
  tax_class_id: number | null;
  guest_id: number | null;
  bookkeeping_date: string;
  created_at: string;
}

export function findInvoice(db: HotelDb, id: number): InvoiceRow | undefined {
  return statement(db, 'SELECT * FROM invoices WHERE id = ?').get(id) as InvoiceRow | undefined;
}

export function itemsOfInvoice(db: HotelDb, invoiceId: number): ItemRow[] {
  return statement(db, 'SELECT * FROM invoice_items WHERE invoice_id = ? ORDER BY id').all(
    invoiceId,
  ) as ItemRow[];
}

/** Sum of price times quantity, in cents. */
export function totalCents(items: readonly ItemRow[]): number {
  return items.reduce((sum, item) => sum + item.price_cents * item.quantity, 0);
}

export interface NewInvoice {
  kind: InvoiceRow['kind'];
  roomReservationId: number | null;
  recipientName: string;
  reference?: string;
  payer?: InvoiceRow['payer'];
  createdAt: string;
}

/** Creates an open invoice and returns its id. */
export function insertInvoice(db: HotelDb, invoice: NewInvoice): number {
  const result = statement(
    db,
    `INSERT INTO invoices (kind, room_reservation_id, recipient_name, reference, payer, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    invoice.kind,
    invoice.roomReservationId,
    invoice.recipientName,
    invoice.reference ?? '',
    invoice.payer ?? 'recipient',
    invoice.createdAt,
  );
  return Number(result.lastInsertRowid);
}

export interface ItemContext {
  invoiceId: number;
  roomReservationId: number | null;
  guestId: number | null;
  bookkeepingDate: string;
  createdAt: string;
}

/** Inserts one item per resolved line and returns the new rows. */
export function insertItems(db: HotelDb, lines: readonly ResolvedLine[], ctx: ItemContext): ItemRow[] {
  const insert = statement(
    db,
    `INSERT INTO invoice_items (invoice_id, room_reservation_id, product_id, name, original_name, quantity,
       price_cents, original_price_cents, tax_class_id, guest_id, bookkeeping_date, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  return lines.map(
    (line) =>
      insert.get(
        ctx.invoiceId,
        ctx.roomReservationId,
        line.productId,
        line.name,
        line.originalName,
        line.quantity,
        line.priceCents,
        line.originalPriceCents,
        line.taxClassId,
        ctx.guestId,
        ctx.bookkeepingDate,
        ctx.createdAt,
      ) as ItemRow,
  );
}

export function itemToWire(row: ItemRow): v.InferInput<typeof InvoiceItem> {
  return {
    id: row.id,
    product_id: row.product_id,
    name: row.name,
    original_name: row.original_name,
    price: toDecimalNumber(row.price_cents),
    original_price: toDecimalNumber(row.original_price_cents),
    quantity: row.quantity,
    guest_id: row.guest_id,
    bookkeeping_date: row.bookkeeping_date,
    invoice_id: row.invoice_id,
    room_reservation_id: row.room_reservation_id,
    tax_class_id: row.tax_class_id,
  };
}

export function invoiceToWire(db: HotelDb, invoice: InvoiceRow): v.InferInput<typeof Invoice> {
  const items = itemsOfInvoice(db, invoice.id);
  return {
    id: invoice.id,
    status: invoice.status,
    room_reservation_id: invoice.room_reservation_id,
    recipient_name: invoice.recipient_name,
    reference: invoice.reference,
    total: toDecimalString(totalCents(items)),
    invoice_items: items.map(itemToWire),
    template_id: invoice.template_id,
    payment_method_id: invoice.payment_method_id,
    closed_at: invoice.closed_at ?? '',
    // beyond the shared schema: cash sale or room invoice, and who pays a room invoice
    kind: invoice.kind,
    payer: invoice.payer,
  };
}

/** All invoice templates and payment methods (`GET /api/get/hotel/payment`, reservation cost). */
export function paymentOptions(db: HotelDb) {
  return {
    invoice_templates: statement(db, 'SELECT id, name FROM invoice_templates ORDER BY id').all(),
    payment_methods: statement(db, 'SELECT id, name FROM payment_methods ORDER BY id').all(),
  };
}
