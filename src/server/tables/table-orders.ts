// A German till signs each sent round of a table as an order (issue 31, item 7; docs/fiscal.md,
// "Orders of a table"): after each stored batch, what the floor says was sent (less what was voided)
// beyond what was already ordered becomes an order of its table, a line voided after sending a
// cancellation (negative quantity). Each is recorded append-only here, then signed by the TSE
// (`Bestellung-V1`) without holding up the kitchen: an outage leaves it to the late-signing queue.
// A settle links its sale to the table's orders (the receipt's references in the DSFinV-K export).
import { randomUUID } from 'node:crypto';
import type { Floor, FloorLine } from '../../shared/table-fold.ts';
import type { TableOp } from '../../shared/table-ops.ts';
import type { FiscalOrder } from '../fiscal/de/order-data.ts';
import { orderKey } from '../fiscal/de/order-data.ts';
import type { HubDb } from '../hub/hub-db.ts';
import {
  readTableOrders,
  type TableOrder,
  type TableOrderLine,
  tableOrderSchema,
} from './table-order-records.ts';
import type { StoredBatch, TableStore } from './table-store.ts';

/** The German TSE as the orders need it; none while the till signs under no law or another. */
export interface OrderSigner {
  sign(order: FiscalOrder): Promise<unknown>;
  /** Whether the fiscal store already has this order (a restart signs the others). */
  known(key: string): boolean;
}

export interface TableOrdersOptions {
  db: HubDb;
  store: TableStore;
  signer: () => OrderSigner | undefined;
  /** A product's VAT rate in basis points (the server's catalogue), for the export's lines. */
  vatRateOf?: (productId: string) => number | null;
  now?: () => Date;
  onError?: (error: unknown) => void;
}

/** The order lines of `quantity` items of a floor line: it with its free modifiers, then each priced one. */
function orderLines(line: FloorLine, quantity: number, vatRateOf: TableOrdersOptions['vatRateOf']) {
  const free = line.modifiers.filter((modifier) => modifier.priceCents === 0).map((m) => m.name);
  const priced = line.modifiers.filter((modifier) => modifier.priceCents > 0);
  const vat = (productId: string) => vatRateOf?.(productId) ?? null;
  return [
    {
      lineId: line.lineId,
      productId: line.productId,
      text: [line.name, ...free].join(', ').slice(0, 255),
      quantity,
      unitCents: line.unitCents,
      vatRateBp: vat(line.productId),
    },
    ...priced.map(
      (modifier, index): TableOrderLine => ({
        lineId: `${line.lineId}#${index + 1}`,
        productId: modifier.productId ?? line.productId,
        text: modifier.name.slice(0, 255),
        quantity,
        unitCents: modifier.priceCents,
        vatRateBp: vat(modifier.productId ?? line.productId),
      }),
    ),
  ];
}

export function connectTableOrders(options: TableOrdersOptions): () => void {
  const { db, store } = options;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? (() => {});
  db.exec(tableOrderSchema);
  const insertOrder = db.prepare(
    `INSERT INTO table_orders (order_id, outlet, table_id, round_id, kind, lines, staff_name, device_id, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRef = db.prepare(
    'INSERT OR IGNORE INTO table_order_refs (sale_id, order_id, final, recorded_at) VALUES (?, ?, ?, ?)',
  );
  // What each floor line was ordered at so far, the orders naming it, and the orders a final settle closed.
  const ordered = new Map<string, number>();
  const ordersOfLine = new Map<string, Set<string>>();
  const closed = new Set<string>(
    (
      db.prepare('SELECT order_id AS orderId FROM table_order_refs WHERE final = 1').all() as {
        orderId: string;
      }[]
    ).map((row) => row.orderId),
  );
  const remember = (order: TableOrder) => {
    for (const line of order.lines) {
      if (line.lineId.includes('#')) continue; // a priced modifier follows its line
      ordered.set(line.lineId, (ordered.get(line.lineId) ?? 0) + line.quantity);
      ordersOfLine.set(line.lineId, (ordersOfLine.get(line.lineId) ?? new Set()).add(order.orderId));
    }
  };
  const all = readTableOrders(db);
  for (const order of all) remember(order);

  const sign = (signer: OrderSigner, order: TableOrder) =>
    signer
      .sign({
        saleId: orderKey(order.orderId),
        kind: 'order',
        recordedAt: order.recordedAt,
        lines: order.lines.map(({ quantity, text, unitCents }) => ({ quantity, text, unitCents })),
        references: { tableId: order.tableId, ...(order.roundId ? { roundId: order.roundId } : {}) },
      })
      .catch(onError);

  /** Records (and starts signing) the orders that bring `lines` to what the floor says was sent. */
  function order(
    signer: OrderSigner,
    outlet: string,
    lines: Iterable<FloorLine>,
    roundOf: ReadonlyMap<string, string>,
    by: Pick<TableOp, 'staffName' | 'deviceId'>,
  ): void {
    const made = new Map<string, TableOrder>();
    for (const line of lines) {
      const delta = line.sent - line.voided - (ordered.get(line.lineId) ?? 0);
      if (delta === 0) continue;
      const kind = delta > 0 ? 'order' : 'cancel';
      const key = `${line.tableId}\u0000${kind}`;
      const found = made.get(key) ?? {
        orderId: randomUUID(),
        seq: 0,
        outlet,
        tableId: line.tableId,
        roundId: kind === 'order' ? (roundOf.get(line.tableId) ?? null) : null,
        kind,
        lines: [],
        staffName: by.staffName,
        deviceId: by.deviceId,
        recordedAt: now().toISOString(),
      };
      found.lines.push(...orderLines(line, delta, options.vatRateOf));
      made.set(key, found);
    }
    if (made.size === 0) return;
    db.transaction(() => {
      for (const found of made.values()) {
        const result = insertOrder.run(
          found.orderId,
          outlet,
          found.tableId,
          found.roundId,
          found.kind,
          JSON.stringify(found.lines),
          found.staffName,
          found.deviceId,
          found.recordedAt,
        );
        found.seq = Number(result.lastInsertRowid);
      }
    })();
    for (const found of made.values()) {
      remember(found);
      void sign(signer, found);
    }
  }

  /** Links the settle's sale to the orders of the lines it pays (all the table's for an equal part). */
  function link(floor: Floor, body: Extract<TableOp['body'], { kind: 'settle' }>): void {
    const atTable = [...floor.lines.values()].filter((line) => line.tableId === body.tableId);
    const lineIds =
      body.lines.length > 0 && !body.final
        ? body.lines.map((line) => line.lineId)
        : [...atTable.map((line) => line.lineId), ...body.lines.map((line) => line.lineId)];
    const orderIds = new Set<string>();
    for (const lineId of lineIds)
      for (const orderId of ordersOfLine.get(lineId) ?? []) if (!closed.has(orderId)) orderIds.add(orderId);
    if (orderIds.size === 0) return;
    const at = now().toISOString();
    db.transaction(() => {
      for (const orderId of orderIds) insertRef.run(body.saleId, orderId, body.final ? 1 : 0, at);
    })();
    if (body.final) for (const orderId of orderIds) closed.add(orderId);
  }

  function onBatch(batch: StoredBatch): void {
    const { floor } = store.floor(batch.outlet);
    const signer = options.signer();
    if (signer) {
      const touched = new Set<string>();
      const roundOf = new Map<string, string>();
      for (const op of batch.ops) {
        const body = op.body;
        if (body.kind === 'send') {
          roundOf.set(body.tableId, body.roundId);
          for (const line of body.lines) touched.add(line.lineId);
        } else if (body.kind === 'void') touched.add(body.lineId);
        else if (body.kind === 'add_line') touched.add(body.line.lineId); // its send may have come first
      }
      const lines = [...touched].map((lineId) => floor.lines.get(lineId)).filter((line) => !!line);
      order(signer, batch.outlet, lines, roundOf, batch.ops.at(-1)!);
    }
    for (const op of batch.ops) if (op.body.kind === 'settle') link(floor, op.body);
  }

  // At start: sign what a crash left recorded but not handed to the TSE, and order what tables
  // still open were sent while the server was down between storing a batch and ordering it.
  const signer = options.signer();
  if (signer) {
    for (const found of all) if (!signer.known(orderKey(found.orderId))) void sign(signer, found);
    // Only lines added since the first order ever: a till that became German later orders no old line.
    const since = all.length > 0 ? Date.parse(all[0]!.recordedAt) : Number.POSITIVE_INFINITY;
    const outlets = db.prepare('SELECT DISTINCT outlet FROM table_ops').all() as { outlet: string }[];
    for (const { outlet } of outlets) {
      const { floor } = store.floor(outlet);
      const open = [...floor.lines.values()].filter(
        (line) =>
          floor.tables.get(line.tableId)?.openedAt != null &&
          (ordered.has(line.lineId) || line.addedAt >= since),
      );
      order(signer, outlet, open, new Map(), { staffName: '', deviceId: 'server' });
    }
  }
  return store.listen((batch) => {
    try {
      onBatch(batch);
    } catch (error) {
      onError(error);
    }
  });
}
