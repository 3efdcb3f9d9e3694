// Closing invoices and moving items between them, shared by the invoice actions: checking template
// and payment method (404 when named in the path, 422 in a body), closing an open invoice, the path
// of a closed invoice's PDF, and planning a partial payment or split: the listed items belong to the
// stay (422), lie on one open invoice (rule 5: a closed one is 409; several invoices 422, our
// choice), and leave at least one item on it (rule 4, since 2023-09-26: 409).
import { ApiError } from '../../node-http/errors.ts';
import { type HotelDb, statement } from '../infra/db.ts';
import { findInvoice, type InvoiceRow, type ItemRow, insertInvoice, itemsOfInvoice } from './invoices.ts';
import type { StayRow } from './stays.ts';

/** Where the PDF of a closed invoice is fetched on this interface (relative to its base URL). */
export function documentUrl(invoiceId: number): string {
  return `/api/get/invoice/${invoiceId}/document`;
}

export function assertTemplateAndMethod(
  db: HotelDb,
  templateId: number,
  paymentMethodId: number,
  where: 'path' | 'body',
): void {
  const status = where === 'path' ? 404 : 422;
  if (!statement(db, 'SELECT 1 FROM invoice_templates WHERE id = ?').get(templateId)) {
    throw new ApiError(status, `template_id: there is no invoice template ${templateId}`, 'template_id');
  }
  if (!statement(db, 'SELECT 1 FROM payment_methods WHERE id = ?').get(paymentMethodId)) {
    throw new ApiError(
      status,
      `payment_method_id: there is no payment method ${paymentMethodId}`,
      'payment_method_id',
    );
  }
}

export interface Closing {
  templateId: number;
  paymentMethodId: number;
  sendInvoice: boolean;
  closedAt: string;
}

export function closeInvoice(db: HotelDb, invoiceId: number, closing: Closing): void {
  statement(
    db,
    `UPDATE invoices SET status = 'closed', template_id = ?, payment_method_id = ?, send_invoice = ?, closed_at = ?
     WHERE id = ? AND status = 'open'`,
  ).run(
    closing.templateId,
    closing.paymentMethodId,
    closing.sendInvoice ? 1 : 0,
    closing.closedAt,
    invoiceId,
  );
}

/** Open invoices of the stay that hold items, oldest first. */
export function unpaidInvoicesOfStay(db: HotelDb, stayId: number): InvoiceRow[] {
  return statement(
    db,
    `SELECT * FROM invoices i WHERE i.room_reservation_id = ? AND i.status = 'open'
       AND EXISTS (SELECT 1 FROM invoice_items ii WHERE ii.invoice_id = i.id) ORDER BY i.id`,
  ).all(stayId) as InvoiceRow[];
}

/** The items to move and the open invoice they leave, or the refusal (see the header). */
export function planMove(
  db: HotelDb,
  stay: StayRow,
  itemIds: readonly number[],
): { original: InvoiceRow; items: ItemRow[] } {
  let original: InvoiceRow | undefined;
  const items = itemIds.map((id, i) => {
    const field = `invoiceitem_ids.${i}`;
    const item = statement(db, 'SELECT * FROM invoice_items WHERE id = ?').get(id) as ItemRow | undefined;
    if (!item || item.room_reservation_id !== stay.id) {
      throw new ApiError(422, `${field}: room reservation ${stay.id} has no invoice item ${id}`, field);
    }
    const invoice = findInvoice(db, item.invoice_id)!;
    if (invoice.status === 'closed') {
      throw new ApiError(
        409,
        `${field}: item ${id} belongs to invoice ${invoice.id}, which is closed`,
        field,
      );
    }
    if (original && original.id !== invoice.id) {
      throw new ApiError(
        422,
        `${field}: item ${id} is on invoice ${invoice.id}, the others on invoice ${original.id}; move items of one invoice at a time`,
        field,
      );
    }
    original = invoice;
    return item;
  });
  if (!original)
    throw new ApiError(400, 'invoiceitem_ids: must list at least one invoice item', 'invoiceitem_ids');
  if (itemsOfInvoice(db, original.id).length <= items.length) {
    throw new ApiError(
      409,
      `invoiceitem_ids: at least one item must remain on invoice ${original.id}; ` +
        'to settle all of it, close the invoice instead',
      'invoiceitem_ids',
    );
  }
  return { original, items };
}

/** A new open invoice for the same stay, payer and recipient as `original`, holding `items`. */
export function moveToNewInvoice(
  db: HotelDb,
  original: InvoiceRow,
  items: readonly ItemRow[],
  now: string,
): number {
  const id = insertInvoice(db, {
    kind: original.kind,
    roomReservationId: original.room_reservation_id,
    recipientName: original.recipient_name,
    reference: original.reference,
    payer: original.payer,
    createdAt: now,
  });
  statement(db, 'UPDATE invoices SET recipient_contact_id = ? WHERE id = ?').run(
    original.recipient_contact_id,
    id,
  );
  const move = statement(db, 'UPDATE invoice_items SET invoice_id = ? WHERE id = ?');
  for (const item of items) move.run(id, item.id);
  return id;
}
