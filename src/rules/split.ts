// Splitting a ticket into parts that are paid one by one, pure. Owns: a part picked by lines and
// quantities, a part of an equal split, and what stays on the ticket after a part is paid. Each
// part is its own sale. Invariants: money is integer cents and a part plus the rest add up to the
// ticket exactly; prices stay >= 0; quantities are whole; a line whose share does not divide by its
// quantity becomes two lines (unit prices one cent apart) so every cent is accounted for.
import type { Cents } from '../pms/money';
import { equalParts } from '../shared/bill-share';
import type { TicketLine } from './ticket-lines';

/**
 * `totalCents` in `parts` equal parts that add up exactly: the first parts carry the extra cents
 * (the till server reckons a bill's parts with the same function: shared/bill-share.ts).
 * @example splitEvenly(1000, 3) // [334, 333, 333]
 */
export const splitEvenly: (totalCents: Cents, parts: number) => Cents[] = equalParts;

/** One part of a ticket and what stays open after it is paid. */
export interface TicketPart {
  lines: TicketLine[];
  rest: TicketLine[];
  totalCents: Cents;
  /** For a part of an equal split: into how many parts what was open is split. */
  ofParts?: number;
  /** For a part of an equal split: the lines that were split (what was open). */
  splitFrom?: TicketLine[];
}

const lineTotal = (line: TicketLine) => line.unitPriceCents * line.quantity;

/** The sum of `lines` in cents. */
export function sumOf(lines: readonly TicketLine[]): Cents {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/**
 * The part made of the picked quantities (`picks`: line key -> how many of it); the rest keeps
 * everything else. Quantities are clamped to each line's own.
 * @example partByLines(lines, new Map([['p7', 1]])) // one Pils of two; the other stays
 */
export function partByLines(lines: readonly TicketLine[], picks: ReadonlyMap<string, number>): TicketPart {
  const part: TicketLine[] = [];
  const rest: TicketLine[] = [];
  for (const line of lines) {
    const picked = Math.min(line.quantity, Math.max(0, Math.trunc(picks.get(line.key) ?? 0)));
    if (picked > 0) part.push({ ...line, quantity: picked });
    if (line.quantity - picked > 0) rest.push({ ...line, quantity: line.quantity - picked });
  }
  return { lines: part, rest, totalCents: sumOf(part) };
}

/**
 * The first of `parts` equal parts of the ticket: every line contributes its share of the part's
 * amount (largest remainder, to the cent), at its own quantity; the rest is what remains of each line.
 * @example equalPart(lines, 3).totalCents === splitEvenly(sumOf(lines), 3)[0]
 */
export function equalPart(lines: readonly TicketLine[], parts: number): TicketPart {
  const total = sumOf(lines);
  const amount = splitEvenly(total, parts)[0]!;
  const shares = shareOut(lines.map(lineTotal), amount);
  const part: TicketLine[] = [];
  const rest: TicketLine[] = [];
  lines.forEach((line, index) => {
    part.push(...atTotal(line, shares[index]!));
    if (parts > 1) rest.push(...atTotal(line, lineTotal(line) - shares[index]!));
  });
  return {
    lines: uniqueKeys(part),
    rest: uniqueKeys(rest),
    totalCents: amount,
    ofParts: parts,
    splitFrom: [...lines],
  };
}

/**
 * `amount` shared out over `weights` in proportion, to the cent (largest remainder first).
 * @example shareOut([840, 1590], 1215) // [420, 795]
 */
export function shareOut(weights: readonly Cents[], amount: Cents): Cents[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole === 0) return weights.map((_, index) => (index === 0 ? amount : 0));
  const exact = weights.map((weight) => (weight * amount) / whole);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * `lines` re-priced so they come to `target` (shared out in proportion to each line's total, to the
 * cent), quantities kept: a ticket discount, or a part of an equal split.
 * @example sumOf(linesAt(lines, 1800)) === 1800
 */
export function linesAt(lines: readonly TicketLine[], target: Cents): TicketLine[] {
  const shares = shareOut(lines.map(lineTotal), target);
  return uniqueKeys(lines.flatMap((line, index) => atTotal(line, shares[index]!)));
}

/** `lines` with a key that repeats an earlier one made unique (a split of a split). */
function uniqueKeys(lines: TicketLine[]): TicketLine[] {
  const seen = new Set<string>();
  return lines.map((line) => {
    let key = line.key;
    while (seen.has(key)) key += '+';
    seen.add(key);
    return key === line.key ? line : { ...line, key };
  });
}

/** `line` priced so its quantity comes to `total`: one line, or two whose unit prices differ by a cent. */
function atTotal(line: TicketLine, total: Cents): TicketLine[] {
  const low = Math.floor(total / line.quantity);
  const high = total - low * line.quantity;
  const lines: TicketLine[] = [];
  if (line.quantity - high > 0) lines.push({ ...line, unitPriceCents: low, quantity: line.quantity - high });
  if (high > 0) lines.push({ ...line, key: `${line.key}+`, unitPriceCents: low + 1, quantity: high });
  return lines;
}

/** How the ticket is being paid: whole, by picked lines, or in equal parts (2 to 10). */
export type Split =
  | { mode: 'whole' }
  | { mode: 'lines'; picks: ReadonlyMap<string, number> }
  | { mode: 'equal'; parts: number };

export const MIN_PARTS = 2;
export const MAX_PARTS = 10;

/**
 * The part of `lines` that `split` pays now; undefined for the whole ticket.
 * @example partOf(lines, { mode: 'equal', parts: 3 })?.totalCents
 */
export function partOf(lines: readonly TicketLine[], split: Split): TicketPart | undefined {
  if (split.mode === 'lines') return partByLines(lines, split.picks);
  if (split.mode === 'equal') return equalPart(lines, Math.min(MAX_PARTS, Math.max(MIN_PARTS, split.parts)));
  return undefined;
}
