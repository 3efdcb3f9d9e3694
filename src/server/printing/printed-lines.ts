// A receipt's lines as the guest reads them (issue 33): with a ticket discount, each line at its own
// price (after its line discount, before the ticket's), the same product at the same price as one
// line ("2 x Helles"), then Subtotal and Discount - the ledger's lines carry the ticket discount
// spread over them to the cent (and split to do it), which is right in total but hard to read.
// The total stays the record's to the cent: Discount is Subtotal minus the total.
import type { LedgerLine, LedgerRecord } from '../../pms/ledger-wire.ts';
import { lineGross } from '../../shared/vat.ts';

export interface PrintedLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  /** The catalogue's price, where the line was sold below it. */
  listPriceCents?: number;
}

export interface PrintedLines {
  lines: PrintedLine[];
  /** Subtotal of the lines and what the ticket's discount took off it; absent without one. */
  discount?: { beforeCents: number; cents: number };
}

/**
 * The lines and ticket discount a receipt prints for `record`.
 * @example printedLines(record).discount // { beforeCents: 2082, cents: 200 } for a 20.82 ticket less 2.00
 */
export function printedLines(
  record: Pick<LedgerRecord, 'lines' | 'totalCents' | 'ticketDiscount'>,
): PrintedLines {
  const stated = record.ticketDiscount?.amountCents ?? 0;
  if (stated <= 0) return { lines: merged(record.lines.map((line) => [line, line.unitPriceCents])) };
  const own = record.lines.map((line) => [line, ownUnitPrice(line)] as const);
  const beforeCents = own.reduce((sum, [line, unit]) => sum + unit * line.quantity, 0);
  // Own prices that do not come to the total plus the stated discount (a price the catalogue does
  // not explain): the lines as recorded, the discount as stated.
  if (beforeCents - record.totalCents !== stated)
    return {
      lines: merged(record.lines.map((line) => [line, line.unitPriceCents])),
      discount: { beforeCents: record.totalCents + stated, cents: stated },
    };
  return { lines: merged(own), discount: { beforeCents, cents: stated } };
}

/** A line's price per item before the ticket discount: the catalogue's less the line's own discount. */
function ownUnitPrice(line: LedgerLine): number {
  const list = line.cataloguePriceCents;
  if (list === null || list < line.unitPriceCents) return line.unitPriceCents;
  const { percent, amountOffEachCents } = line.discount ?? {};
  // The tablet's rule (rules/discounts.ts): a percentage off rounded half up, or an amount off.
  const off =
    percent !== undefined ? Math.round((list * percent) / 100) : Math.min(list, amountOffEachCents ?? 0);
  return list - off;
}

/** One printed line per product, price and list price, in the order first sold. */
function merged(priced: readonly (readonly [LedgerLine, number])[]): PrintedLine[] {
  const lines: PrintedLine[] = [];
  for (const [line, unitPriceCents] of priced) {
    const listPriceCents =
      line.cataloguePriceCents !== null && line.cataloguePriceCents > unitPriceCents
        ? line.cataloguePriceCents
        : undefined;
    const same = lines.find(
      (printed) =>
        printed.name === line.name &&
        printed.unitPriceCents === unitPriceCents &&
        printed.listPriceCents === listPriceCents &&
        Math.sign(printed.quantity) === Math.sign(line.quantity),
    );
    const totalCents = lineGross({ unitPriceCents, quantity: line.quantity });
    if (same) {
      same.quantity += line.quantity;
      same.totalCents += totalCents;
    } else
      lines.push({
        name: line.name,
        quantity: line.quantity,
        unitPriceCents,
        totalCents,
        ...(listPriceCents === undefined ? {} : { listPriceCents }),
      });
  }
  return lines;
}
