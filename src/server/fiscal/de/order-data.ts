// A table's order as the TSE signs it (issue 31): processType `Bestellung-V1`, the SIGN DE v2 schema
// `standard_v1.order.line_items` and the DSFinV-K processData it stands for, one line per item:
// `<quantity>;"<text>";<price per unit>`, lines joined by a carriage return; a cancelled item has a
// negative quantity (docs/fiscal.md, "Orders of a table"). Plain data and its checks.
import { FiscalInputError } from '../fiscal-sale.ts';
import { amountString } from './process-data.ts';

export const ORDER_PROCESS_TYPE = 'Bestellung-V1';

export interface FiscalOrderLine {
  /** Whole items; negative for items cancelled after they were ordered. */
  quantity: number;
  /** What the item is (ARTIKELTEXT): the product with its free modifiers. */
  text: string;
  /** Gross price of one item, in cents (STK_BR). */
  unitCents: number;
}

/** One order as the fiscal store keeps it (beside the sales, signed and signed late the same way). */
export interface FiscalOrder {
  /** The fiscal store's key: `order:<orderId>` (never a ledger sale id). */
  saleId: string;
  kind: 'order';
  recordedAt: string;
  lines: FiscalOrderLine[];
  references: { tableId: string; roundId?: string };
}

/** The SIGN DE v2 finish schema of an order. */
export interface StandardOrder {
  line_items: { quantity: string; text: string; price_per_unit: string }[];
}

/** The fiscal store's key of table order `orderId`. */
export const orderKey = (orderId: string) => `order:${orderId}`;

/** Throws FiscalInputError naming the first wrong field. */
export function checkFiscalOrder(order: FiscalOrder): void {
  if (!order.saleId.startsWith('order:') || order.saleId.length > 100)
    throw new FiscalInputError('saleId', 'an order is keyed order:<id>, up to 100 characters');
  if (Number.isNaN(Date.parse(order.recordedAt)))
    throw new FiscalInputError('recordedAt', 'recordedAt must be an ISO time');
  if (order.lines.length === 0) throw new FiscalInputError('lines', 'an order has at least one line');
  order.lines.forEach((line, index) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity === 0)
      throw new FiscalInputError(`lines.${index}.quantity`, 'a whole number of items, not 0');
    if (!Number.isSafeInteger(line.unitCents) || line.unitCents < 0)
      throw new FiscalInputError(`lines.${index}.unitCents`, 'whole cents, not negative');
    if (line.text.length < 1 || line.text.length > 255)
      throw new FiscalInputError(`lines.${index}.text`, '1 to 255 characters');
  });
}

/** The finish request's order for the TSE. */
export function standardOrderOf(order: FiscalOrder): StandardOrder {
  return {
    line_items: order.lines.map((line) => ({
      quantity: String(line.quantity),
      text: line.text,
      price_per_unit: amountString(line.unitCents),
    })),
  };
}

/** The processData of an order (DSFinV-K Anhang I, Bestellung-V1). */
export function orderProcessDataOf(order: StandardOrder): string {
  return order.line_items
    .map((item) => `${item.quantity};"${item.text.replace(/"/g, '""')}";${item.price_per_unit}`)
    .join('\r');
}
