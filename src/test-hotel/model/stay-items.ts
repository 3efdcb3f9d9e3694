// The invoice items of one stay: which open invoice takes its extras (by self_pay: the guest's for
// ADDITIONAL and ALL, the invoice recipient's for NO; opened when there is none), its items on open
// invoices, and taking units back. Removal is planned in full before anything changes, newest item
// first or the one item named, so a request that cannot be met in full changes nothing.
import type * as v from 'valibot';
import { ApiError } from '../../node-http/errors.ts';
import type { RemoveProductsRequest } from '../../pms/wire.ts';
import { type HotelDb, statement } from '../infra/db.ts';
import { type ItemRow, insertInvoice } from './invoices.ts';
import { findProduct } from './products.ts';
import { contactName, findContact, type StayCore } from './stays.ts';

/** Items of the stay on open invoices, newest first. */
export function openItems(db: HotelDb, stayId: number): ItemRow[] {
  return statement(
    db,
    `SELECT ii.* FROM invoice_items ii JOIN invoices i ON i.id = ii.invoice_id
     WHERE ii.room_reservation_id = ? AND i.status = 'open' ORDER BY ii.id DESC`,
  ).all(stayId) as ItemRow[];
}

/** The open invoice extras of this stay go to, created when there is none. */
export function extrasInvoice(db: HotelDb, stay: StayCore, createdAt: string): number {
  const payer = stay.self_pay === 'NO' ? 'recipient' : 'guest';
  const open = statement(
    db,
    `SELECT id FROM invoices WHERE room_reservation_id = ? AND status = 'open' AND payer = ? ORDER BY id LIMIT 1`,
  ).get(stay.id, payer) as { id: number } | undefined;
  if (open) return open.id;
  const contactId = payer === 'guest' ? stay.guest_id : (stay.recipient_contact_id ?? stay.guest_id);
  const contact = findContact(db, contactId);
  return insertInvoice(db, {
    kind: 'room',
    roomReservationId: stay.id,
    recipientName: contact ? contactName(contact) : '',
    payer,
    createdAt,
  });
}

type RemovalLine = v.InferOutput<typeof RemoveProductsRequest>['optional_products'][number];

/**
 * Takes the lines' units off the stay's open items, or throws (422 unknown product or item, 409
 * not enough open units or a closed item) before changing anything. Returns the units removed.
 */
export function removeUnits(db: HotelDb, stayId: number, lines: readonly RemovalLine[]): number {
  const open = openItems(db, stayId);
  const remaining = new Map(open.map((item) => [item.id, item.quantity]));
  lines.forEach((line, i) => {
    const field = `optional_products.${i}`;
    if (!findProduct(db, line.id)) {
      throw new ApiError(422, `${field}.id: there is no product ${line.id}`, `${field}.id`);
    }
    const candidates =
      line.invoice_item_id === undefined
        ? open.filter((item) => item.product_id === line.id)
        : [namedOpenItem(db, open, stayId, line, field)];
    const available = candidates.reduce((sum, item) => sum + (remaining.get(item.id) ?? 0), 0);
    if (available < line.quantity) {
      throw new ApiError(
        409,
        `${field}.quantity: ${line.quantity} of product ${line.id} asked to be removed, ` +
          `but only ${available} ${available === 1 ? 'is' : 'are'} on open invoices of this stay`,
        `${field}.quantity`,
      );
    }
    let toTake = line.quantity;
    for (const item of candidates) {
      const left = remaining.get(item.id) ?? 0;
      const take = Math.min(left, toTake);
      remaining.set(item.id, left - take);
      toTake -= take;
    }
  });
  for (const item of open) {
    const left = remaining.get(item.id) ?? 0;
    if (left === 0) statement(db, 'DELETE FROM invoice_items WHERE id = ?').run(item.id);
    else if (left !== item.quantity)
      statement(db, 'UPDATE invoice_items SET quantity = ? WHERE id = ?').run(left, item.id);
  }
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The open item a removal line names, or a refusal saying why it cannot be taken back. */
function namedOpenItem(
  db: HotelDb,
  open: readonly ItemRow[],
  stayId: number,
  line: RemovalLine,
  field: string,
): ItemRow {
  const itemId = line.invoice_item_id;
  const item = open.find((candidate) => candidate.id === itemId);
  if (item && item.product_id === line.id) return item;
  if (item) {
    throw new ApiError(
      422,
      `${field}.invoice_item_id: item ${itemId} is not product ${line.id}`,
      `${field}.invoice_item_id`,
    );
  }
  const onStay = statement(db, 'SELECT 1 FROM invoice_items WHERE id = ? AND room_reservation_id = ?').get(
    itemId,
    stayId,
  );
  if (onStay) {
    throw new ApiError(
      409,
      `${field}.invoice_item_id: item ${itemId} is on a closed invoice`,
      `${field}.invoice_item_id`,
    );
  }
  throw new ApiError(
    422,
    `${field}.invoice_item_id: room reservation ${stayId} has no invoice item ${itemId}`,
    `${field}.invoice_item_id`,
  );
}
