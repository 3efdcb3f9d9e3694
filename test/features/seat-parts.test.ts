// Paying a table by seat (issue 31): the register's ticket lines of a table's bill grouped by the
// seat of the table line each bills (a priced modifier with its line, a split's `+` line too), the
// table's own lines in no seat's part; the seat chosen on the table starts the pay screen once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chosenSeatSplit, seatParts } from '../../src/features/tables/seat-parts.ts';
import { writeTableBill } from '../../src/features/tables/table-bill.ts';
import { currentTicket } from '../../src/features/ticket/index.ts';
import type { TicketLine } from '../../src/rules/ticket-lines.ts';
import { stubLocalStorage } from '../support/local-storage.ts';

const ticketLine = (key: string, quantity: number, unitPriceCents: number): TicketLine => ({
  key,
  productId: 1,
  name: key,
  unitPriceCents,
  quantity,
  taxClassId: null,
  commodityGroupId: null,
  openPrice: false,
});

const LINES = [
  ticketLine('tl:pils', 2, 420),
  ticketLine('tlm:pils:1', 2, 50),
  ticketLine('tl:burger', 1, 1950),
  ticketLine('tl:burger+', 1, 1951),
  ticketLine('tl:water', 1, 290),
  ticketLine('p7', 1, 100),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a table bill by seat', () => {
  it('groups the bill’s lines by seat, modifiers and split lines with theirs, the table’s lines in none', () => {
    stubLocalStorage();
    const ticketId = currentTicket().id;
    writeTableBill({
      ticketId,
      tableId: 't12',
      billed: { pils: 2, burger: 2, water: 1 },
      settled: {},
      seats: { pils: 1, burger: 2, water: 0 },
      chosenSeat: 2,
    });
    const parts = seatParts(LINES).map(({ seat, picks, cents }) => ({ seat, picks: [...picks], cents }));
    expect(parts).toEqual([
      {
        seat: 1,
        picks: [
          ['tl:pils', 2],
          ['tlm:pils:1', 2],
        ],
        cents: 940,
      },
      {
        seat: 2,
        picks: [
          ['tl:burger', 1],
          ['tl:burger+', 1],
        ],
        cents: 3901,
      },
    ]);
    const split = chosenSeatSplit(LINES);
    expect(split?.mode === 'lines' && [...split.picks]).toEqual([
      ['tl:burger', 1],
      ['tl:burger+', 1],
    ]);
    // read once: the next visit of the pay screen starts as usual
    expect(chosenSeatSplit(LINES)).toBeUndefined();
  });

  it('offers no seats for a ticket that is not the table’s bill, or a bill kept without seats', () => {
    stubLocalStorage();
    writeTableBill({ ticketId: 'another', tableId: 't12', billed: {}, settled: {}, seats: { pils: 1 } });
    expect(seatParts(LINES)).toEqual([]);
    writeTableBill({ ticketId: currentTicket().id, tableId: 't12', billed: {}, settled: {} });
    expect(seatParts(LINES)).toEqual([]);
  });
});
