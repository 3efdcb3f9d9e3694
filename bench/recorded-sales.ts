// Sales recorded on the till server's ledger before a benchmark writes them to the PMS through the
// gateway, which forwards a write only for a recorded sale that it matches (docs/ledger.md, "The
// gateway"). One record per write: a record's lines reach the PMS once. Lines are priced, rated and
// grouped from the embedded test hotel's catalogue, as a tablet records them.
import { randomUUID } from 'node:crypto';
import { LEDGER_RECORD_VERSION, type LedgerLine, type LedgerRecord } from '../src/pms/ledger-wire.ts';
import type { Device, Hub } from '../src/server/hub/hub.ts';
import type { HotelDb } from '../src/test-hotel/index.ts';

/** A line of `quantity` of product `productId` at its catalogue price. */
export function catalogueLine(db: HotelDb, productId: number, quantity: number): LedgerLine {
  const product = db
    .prepare(
      `SELECT p.name, p.price_cents, p.tax_class_id, p.commodity_group_id, t.rate_basis_points, g.name AS group_name
       FROM products p JOIN tax_classes t ON t.id = p.tax_class_id JOIN commodity_groups g ON g.id = p.commodity_group_id
       WHERE p.id = ?`,
    )
    .get(productId) as
    | {
        name: string;
        price_cents: number;
        tax_class_id: number;
        commodity_group_id: number;
        rate_basis_points: number;
        group_name: string;
      }
    | undefined;
  if (!product) throw new Error(`no product ${productId} in the test hotel`);
  return {
    productId,
    name: product.name,
    quantity,
    unitPriceCents: product.price_cents,
    cataloguePriceCents: product.price_cents,
    vatRateBp: product.rate_basis_points,
    taxClassId: product.tax_class_id,
    commodityGroupId: product.commodity_group_id,
    commodityGroupName: product.group_name,
  };
}

/** A ledger record of `lines`: a room charge to `roomReservationId`, or a sale paid on the invoice. */
export function ledgerRecord(
  lines: LedgerLine[],
  to: { roomReservationId: number } | 'invoice',
  reference = `BENCH-${randomUUID().slice(0, 8)}`,
): LedgerRecord {
  const totalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  return {
    v: LEDGER_RECORD_VERSION,
    saleId: randomUUID(),
    reference,
    kind: to === 'invoice' ? 'sale' : 'room-charge',
    createdAt: new Date().toISOString(),
    staffId: null,
    lines,
    payments: [{ method: to === 'invoice' ? 'invoice' : 'room', amountCents: totalCents }],
    totalCents,
    ...(to === 'invoice' ? {} : { room: { roomReservationId: to.roomReservationId } }),
    approvals: [],
  };
}

/** Records `records` for `device` on the hub's ledger, 64 at a time; answers their sale ids. */
export async function recordAll(hub: Hub, device: Device, records: LedgerRecord[]): Promise<string[]> {
  for (let start = 0; start < records.length; start += 64) {
    await Promise.all(records.slice(start, start + 64).map((record) => hub.ledger.record(device, record)));
  }
  return records.map((record) => record.saleId);
}
