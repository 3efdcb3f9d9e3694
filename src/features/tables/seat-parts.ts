// Paying a table by seat (issue 31): the bill's ticket lines grouped by the seat of the table line
// each bills (the seats billTable kept), so the pay screen pays one seat's unpaid lines as one part
// by lines, the same as lines picked by hand. Lines on no seat (the table's) stay for the last part.
import type { Split } from '../../rules/split';
import type { TicketLine } from '../../rules/ticket-lines';
import { currentTicket } from '../ticket';
import { readTableBill, writeTableBill } from './table-bill.ts';

/** One seat's part of the bill: the ticket lines it takes (key -> quantity) and their sum. */
export interface SeatPart {
  seat: number;
  picks: ReadonlyMap<string, number>;
  cents: number;
}

/** The table line a ticket line bills: `tl:<id>`, or a priced modifier's `tlm:<id>:<n>`; a split's `+` dropped. */
function lineIdOf(key: string): string | undefined {
  const bare = key.replace(/\++$/, '');
  if (bare.startsWith('tl:')) return bare.slice('tl:'.length);
  if (bare.startsWith('tlm:')) return bare.slice('tlm:'.length, bare.lastIndexOf(':'));
  return undefined;
}

/**
 * The seats of the register's ticket `lines` when it is a table's bill, each with every line of
 * it still on the ticket at its whole quantity; [] for any other ticket or one with no seats.
 * @example seatParts(ticketLines()) // [{ seat: 1, picks: Map { 'tl:a' => 2 }, cents: 840 }, ...]
 */
export function seatParts(lines: readonly TicketLine[]): SeatPart[] {
  const bill = readTableBill();
  if (!bill?.seats || bill.ticketId !== currentTicket().id) return [];
  const parts = new Map<number, { seat: number; picks: Map<string, number>; cents: number }>();
  for (const line of lines) {
    const lineId = lineIdOf(line.key);
    const seat = lineId === undefined ? 0 : (bill.seats[lineId] ?? 0);
    if (seat <= 0) continue;
    const part = parts.get(seat) ?? { seat, picks: new Map<string, number>(), cents: 0 };
    part.picks.set(line.key, line.quantity);
    part.cents += line.unitPriceCents * line.quantity;
    parts.set(seat, part);
  }
  return [...parts.values()].sort((a, b) => a.seat - b.seat);
}

/**
 * The split the pay screen starts with after "Pay seat N" on the table: that seat's part (read
 * once, so the next visit starts as usual); undefined when no seat was chosen or it has nothing left.
 */
export function chosenSeatSplit(lines: readonly TicketLine[]): Split | undefined {
  const bill = readTableBill();
  if (!bill?.chosenSeat || bill.ticketId !== currentTicket().id) return undefined;
  const { chosenSeat, ...kept } = bill;
  writeTableBill(kept);
  const part = seatParts(lines).find((entry) => entry.seat === chosenSeat);
  return part ? { mode: 'lines', picks: part.picks } : undefined;
}
