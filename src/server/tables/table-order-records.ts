// The orders of tables as the server's database keeps them (table-orders.ts writes them): one row per
// order or cancellation (table, round, lines; triggers refuse UPDATE and DELETE) and the links from a
// paying sale to the orders it pays. Read by the DSFinV-K export: the orders of a Z closing (each
// belongs to the first hotel Z closed after it was recorded) and the orders a sale refers to.
import type { HubDb } from '../hub/hub-db.ts';

export const tableOrderSchema = `
CREATE TABLE IF NOT EXISTS table_orders (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL UNIQUE,
  outlet TEXT NOT NULL,
  table_id TEXT NOT NULL,
  round_id TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('order', 'cancel')),
  lines TEXT NOT NULL,
  staff_name TEXT NOT NULL,
  device_id TEXT NOT NULL,
  recorded_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS table_orders_time ON table_orders (recorded_at);
CREATE TRIGGER IF NOT EXISTS table_orders_no_update BEFORE UPDATE ON table_orders
  BEGIN SELECT RAISE(ABORT, 'an order is never changed'); END;
CREATE TRIGGER IF NOT EXISTS table_orders_no_delete BEFORE DELETE ON table_orders
  BEGIN SELECT RAISE(ABORT, 'orders are never deleted'); END;
CREATE TABLE IF NOT EXISTS table_order_refs (
  sale_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  final INTEGER NOT NULL,
  recorded_at TEXT NOT NULL,
  PRIMARY KEY (sale_id, order_id)
) STRICT;
CREATE TRIGGER IF NOT EXISTS table_order_refs_no_update BEFORE UPDATE ON table_order_refs
  BEGIN SELECT RAISE(ABORT, 'a reference is never changed'); END;
CREATE TRIGGER IF NOT EXISTS table_order_refs_no_delete BEFORE DELETE ON table_order_refs
  BEGIN SELECT RAISE(ABORT, 'references are never deleted'); END;`;

export interface TableOrderLine {
  /** The floor line's id; `<lineId>#N` for its Nth priced modifier. */
  lineId: string;
  productId: string;
  text: string;
  /** Whole items; negative in a cancellation. */
  quantity: number;
  unitCents: number;
  vatRateBp: number | null;
}

export interface TableOrder {
  orderId: string;
  /** The order's number (BON_NR). */
  seq: number;
  outlet: string;
  tableId: string;
  roundId: string | null;
  kind: 'order' | 'cancel';
  lines: TableOrderLine[];
  staffName: string;
  deviceId: string;
  recordedAt: string;
}

const COLUMNS = `seq, order_id AS orderId, outlet, table_id AS tableId, round_id AS roundId, kind, lines,
  staff_name AS staffName, device_id AS deviceId, recorded_at AS recordedAt`;

const orderOf = (row: Omit<TableOrder, 'lines'> & { lines: string }): TableOrder => ({
  ...row,
  lines: JSON.parse(row.lines) as TableOrderLine[],
});

const hasOrders = (db: HubDb) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'table_orders'").get() !==
  undefined;

/** Every order, oldest first (none where tables never ordered). */
export function readTableOrders(db: HubDb): TableOrder[] {
  if (!hasOrders(db)) return [];
  return (db.prepare(`SELECT ${COLUMNS} FROM table_orders ORDER BY seq`).all() as never[]).map(orderOf);
}

/** The orders of hotel Z `zNumber`: recorded after the Z before it closed, up to its own close. */
export function ordersOfClosing(db: HubDb, zNumber: number): TableOrder[] {
  if (!hasOrders(db)) return [];
  return (
    db
      .prepare(
        `SELECT ${COLUMNS} FROM table_orders
          WHERE recorded_at <= (SELECT closed_at FROM z_closings WHERE scope = '*' AND z_number = @z)
            AND recorded_at > COALESCE((SELECT closed_at FROM z_closings WHERE scope = '*' AND z_number = @z - 1), '')
          ORDER BY seq`,
      )
      .all({ z: zNumber }) as never[]
  ).map(orderOf);
}

/** The orders sale `saleId` pays, with the hotel Z each is in (null while its day is open). */
export function ordersOfSale(
  db: HubDb,
  saleId: string,
): { orderId: string; recordedAt: string; zNumber: number | null }[] {
  if (!hasOrders(db)) return [];
  return db
    .prepare(
      `SELECT o.order_id AS orderId, o.recorded_at AS recordedAt,
              (SELECT MIN(z.z_number) FROM z_closings z WHERE z.scope = '*' AND z.closed_at >= o.recorded_at) AS zNumber
         FROM table_order_refs r JOIN table_orders o ON o.order_id = r.order_id
        WHERE r.sale_id = ? ORDER BY o.seq`,
    )
    .all(saleId) as { orderId: string; recordedAt: string; zNumber: number | null }[];
}
