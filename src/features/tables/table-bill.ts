// Paying a table (issue 31) with the register's pay screen: "Bill" puts the table's unpaid lines on
// the register's ticket (one ticket line per table line, at the catalogue's price) and remembers
// which table it is; after each sale of it, `tableSalePaid` records a `settle` of what that sale
// paid (the last part settles the rest and frees the table), sent after the sale's ledger record.
// It keeps each billed line's seat, for paying by seat (seat-parts.ts).
import type { TicketLine } from '../../rules/ticket-lines';
import type { FloorLine } from '../../shared/table-fold.ts';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';
import { catalogue, loadCatalogue } from '../catalogue';
import { deviceState } from '../device';
import { actingStaff } from '../staff';
import { clearTicket, currentTicket, startTicketWith } from '../ticket';
import { createTableSync } from './table-sync.ts';

/** The table whose bill a ticket is: the items billed and settled so far, by table line. */
export interface TableBill {
  ticketId: string;
  tableId: string;
  billed: Record<string, number>;
  settled: Record<string, number>;
  /** Each billed line's seat (0: the table's); absent in bills kept before seats were paid apart. */
  seats?: Record<string, number>;
  /** "Pay seat N" on the table: the pay screen starts with that seat's part (read once). */
  chosenSeat?: number;
}

/** The table bill this tablet keeps, if any. */
export const readTableBill = () => readLocal(LOCAL_KEYS.tableBill) as TableBill | undefined;
export const writeTableBill = (bill: TableBill) => writeLocal(LOCAL_KEYS.tableBill, bill);

const KEY_PREFIX = 'tl:';
/** How often, and how long, a settle waiting for its sale's ledger record is tried again here. */
const SETTLE_RETRY_MS = 2000;
const SETTLE_TRIES = 60;

/**
 * The ticket lines of a table line with items still owed: the line under its own key (never merged
 * with another), named with its free modifiers; then each priced modifier that names its PMS product
 * as a line of its own, as many as the line's items (keys `tlm:`, paid with the line's last part).
 */
export function ticketLinesOf(line: FloorLine): TicketLine[] {
  const { products } = catalogue().index;
  const owed = line.quantity - line.voided - line.paid;
  const lineOf = (key: string, productId: string, name: string, cents: number, groupId: number | null) => {
    const product = products.find((entry) => String(entry.id) === productId);
    return {
      key,
      productId: Number(productId),
      name: name.slice(0, 120),
      unitPriceCents: product?.price ?? cents,
      quantity: owed,
      taxClassId: product?.tax_class_id ?? null,
      commodityGroupId: product?.commodity_group_id ?? groupId,
      openPrice: false,
    };
  };
  const free = line.modifiers
    .filter((modifier) => modifier.priceCents === 0)
    .map((modifier) => modifier.name);
  return [
    lineOf(
      `${KEY_PREFIX}${line.lineId}`,
      line.productId,
      [line.name, ...free].join(', '),
      line.unitCents,
      line.groupId,
    ),
    ...line.modifiers.flatMap((modifier, n) =>
      modifier.priceCents > 0 && modifier.productId
        ? [lineOf(`tlm:${line.lineId}:${n}`, modifier.productId, modifier.name, modifier.priceCents, null)]
        : [],
    ),
  ];
}

/**
 * Puts what is still owed on the table (`lines`, as the floor shows them) on the register's ticket;
 * `seat` (from "Pay seat N") makes the pay screen start with that seat's part. When the register's
 * ticket is already this table's bill, it is made again from the floor (never parked beside it), or
 * kept as it is in the middle of an equal split (its parts are reckoned on what it holds).
 * @example await billTable('t10', 'Table 10', table.lines, 2); navigate('/?pay');
 */
export async function billTable(
  tableId: string,
  name: string,
  lines: readonly FloorLine[],
  seat?: number,
): Promise<void> {
  await loadCatalogue();
  const seats = Object.fromEntries(lines.map((line) => [line.lineId, line.seat]));
  const chosen = seat && seat > 0 ? { chosenSeat: seat } : {};
  const earlier = readTableBill();
  const ticket = currentTicket();
  const ours = earlier?.tableId === tableId && earlier.ticketId === ticket.id && ticket.paidAt === undefined;
  if (ours && earlier && ticket.equalSplit) {
    writeTableBill({ ...earlier, seats, ...chosen });
    return;
  }
  if (ours) clearTicket();
  const owed = lines.filter((line) => line.quantity - line.voided - line.paid > 0).flatMap(ticketLinesOf);
  const ticketId = await startTicketWith(name, owed);
  const billed = Object.fromEntries(
    owed
      .filter((line) => line.key.startsWith(KEY_PREFIX))
      .map((line) => [line.key.slice(KEY_PREFIX.length), line.quantity]),
  );
  writeTableBill({ ticketId, tableId, billed, settled: {}, seats, ...chosen });
}

/**
 * After a sale of ticket `ticketId` recorded as `saleId`: when the ticket is a table's bill, the
 * table records what `lines` paid (`final`: the last part, which settles all that was billed).
 * Never throws: the sale stands; the operation is kept and sent when the server is there.
 */
export async function tableSalePaid(
  ticketId: string,
  saleId: string,
  lines: readonly { key: string; quantity: number }[],
  final: boolean,
): Promise<void> {
  const bill = readTableBill();
  if (!bill || bill.ticketId !== ticketId) return;
  const paid: Record<string, number> = {};
  if (final) {
    for (const [lineId, quantity] of Object.entries(bill.billed))
      paid[lineId] = quantity - (bill.settled[lineId] ?? 0);
  } else {
    // A split's part: its lines by key; an equal part names no table line and settles at the end.
    for (const line of lines)
      if (line.key.startsWith(KEY_PREFIX) && bill.billed[line.key.slice(KEY_PREFIX.length)] !== undefined)
        paid[line.key.slice(KEY_PREFIX.length)] = line.quantity;
  }
  const settled = { ...bill.settled };
  for (const [lineId, quantity] of Object.entries(paid)) settled[lineId] = (settled[lineId] ?? 0) + quantity;
  writeLocal(LOCAL_KEYS.tableBill, final ? undefined : { ...bill, settled, chosenSeat: undefined });
  const settle = Object.entries(paid)
    .filter(([, quantity]) => quantity > 0)
    .map(([lineId, quantity]) => ({ lineId, quantity }));
  // An equal part names no line: its settle still names its sale, so the server counts what it paid.
  const device = deviceState();
  const sync = createTableSync({
    fetcher: (url, init) => fetch(url, init),
    baseUrl: '',
    deviceId: device.kind === 'paired' ? device.device.id : 'unpaired',
  });
  try {
    await sync.record(
      [{ kind: 'settle', tableId: bill.tableId, saleId, lines: settle, final }],
      actingStaff().staff || '?',
    );
    // The settle goes once the sale's ledger record did (outbox/table-ops.ts): tried again meanwhile.
    for (let round = 0; round < SETTLE_TRIES; round += 1) {
      const { waiting, holding } = await sync.sync();
      if (waiting + holding === 0) break;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_RETRY_MS));
    }
  } catch (error) {
    console.error('[tables] the table could not record its payment yet', error);
  }
}
