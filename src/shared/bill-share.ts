// One bill paid in equal parts (issue 30): what part k of n of a bill is, line by line, the same on
// the tablet and the till server. Pure. Invariants: integer cents and thousandths; the parts of a
// line add up to the line exactly (gross, quantity × 1000, discount), the last part taking what the
// earlier ones left; part k's gross is its equal share of the bill. Rules: docs/ledger.md, "Equal splits".
import type { Cents } from '../pms/money.ts';

/** A line of the whole bill: its gross, whole quantity and the discount it carries (all > 0 or 0). */
export interface BillLine {
  grossCents: Cents;
  quantity: number;
  discountCents: Cents;
}

/** What one part pays of a bill's line: its gross, quantity in thousandths and share of the discount. */
export interface LineShare {
  grossCents: Cents;
  quantityMilli: number;
  discountCents: Cents;
}

/**
 * `totalCents` in `parts` equal parts that add up exactly: the first parts carry the extra cents.
 * @example equalParts(1000, 3) // [334, 333, 333]
 */
export function equalParts(totalCents: Cents, parts: number): Cents[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError('parts must be a whole number from 1');
  const base = Math.floor(totalCents / parts);
  const extra = totalCents - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < extra ? 1 : 0));
}

/**
 * Part `part` (1-based) of `parts` of the bill `lines`, line by line. Each part takes, of what the
 * parts before it left of each line: its cents in proportion (largest remainder, exact), the
 * quantity and discount in proportion to its cents (rounded; by parts left for a bill of 0 cents).
 * The last part takes all that is left, so the parts add up to every line exactly.
 * @example shareOfBill([{ grossCents: 1200, quantity: 3, discountCents: 0 }], 3, 1) // [{ 400, 1000, 0 }]
 */
export function shareOfBill(lines: readonly BillLine[], parts: number, part: number): LineShare[] {
  if (!Number.isInteger(part) || part < 1 || part > parts) throw new RangeError('part must be 1 to parts');
  const billCents = lines.reduce((sum, line) => sum + line.grossCents, 0);
  const amounts = equalParts(billCents, parts);
  const gross = lines.map((line) => line.grossCents);
  const milli = lines.map((line) => line.quantity * 1000);
  const discount = lines.map((line) => line.discountCents);
  let shares: LineShare[] = [];
  for (let k = 1; k <= part; k++) {
    const amount = amounts[k - 1]!;
    const left = gross.reduce((sum, cents) => sum + cents, 0);
    const partsLeft = parts - k + 1;
    const grossShares = k === parts ? [...gross] : largestRemainder(gross, amount);
    /** `value`'s part of what is left: in proportion to the cents (or the parts left at 0 cents). */
    const inProportion = (value: number) =>
      k === parts
        ? value
        : left === 0
          ? roundedRatio(value, 1, partsLeft)
          : roundedRatio(value, amount, left);
    shares = lines.map((_, i) => ({
      grossCents: grossShares[i]!,
      quantityMilli: inProportion(milli[i]!),
      discountCents: inProportion(discount[i]!),
    }));
    shares.forEach((share, i) => {
      gross[i]! -= share.grossCents;
      milli[i]! -= share.quantityMilli;
      discount[i]! -= share.discountCents;
    });
  }
  return shares;
}

/** A bill's line as the till and the ledger hold it: quantity, price and the catalogue's price. */
export interface PricedLine {
  quantity: number;
  unitPriceCents: Cents;
  cataloguePriceCents?: Cents | null;
}

/** The cents a line is below its catalogue price (0 for an open or raised price). */
export function discountOfLine(line: PricedLine): Cents {
  const catalogue = line.cataloguePriceCents;
  return catalogue === null || catalogue === undefined
    ? 0
    : Math.max(0, catalogue - line.unitPriceCents) * line.quantity;
}

/**
 * Part `part` of `parts` of the bill `lines`, as its own lines: one per bill line, quantity 1 at
 * the part's gross (as the PMS takes it), its catalogue price the gross plus its share of the
 * discount, and the thousandths of the item it sells in `quantityMilli`.
 * @example partLines([{ quantity: 3, unitPriceCents: 400, cataloguePriceCents: 400 }], 3, 1)
 *   // [{ quantity: 1, unitPriceCents: 400, cataloguePriceCents: 400, quantityMilli: 1000 }]
 */
export function partLines<L extends PricedLine>(
  lines: readonly L[],
  parts: number,
  part: number,
): (L & { quantityMilli: number })[] {
  const shares = shareOfBill(
    lines.map((line) => ({
      grossCents: line.unitPriceCents * line.quantity,
      quantity: line.quantity,
      discountCents: discountOfLine(line),
    })),
    parts,
    part,
  );
  return lines.map((line, index) => {
    const share = shares[index]!;
    const catalogue = line.cataloguePriceCents;
    return {
      ...line,
      quantity: 1,
      unitPriceCents: share.grossCents,
      ...(catalogue === undefined
        ? {}
        : { cataloguePriceCents: catalogue === null ? null : share.grossCents + share.discountCents }),
      quantityMilli: share.quantityMilli,
    };
  });
}

/** `amount` (at most their sum) over `weights` in proportion, exactly: floors, then the largest remainders. */
function largestRemainder(weights: readonly number[], amount: number): number[] {
  const whole = BigInt(weights.reduce((sum, weight) => sum + weight, 0));
  if (whole === 0n) return weights.map(() => 0);
  const big = BigInt(amount);
  const exact = weights.map((weight) => BigInt(weight) * big);
  const shares = exact.map((value) => Number(value / whole));
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value % whole }))
    .sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** `value × numerator / denominator` rounded half up, exactly (`numerator <= denominator`). */
function roundedRatio(value: number, numerator: number, denominator: number): number {
  const twice = (2n * BigInt(value) * BigInt(numerator)) / BigInt(denominator);
  return Number((twice + 1n) / 2n);
}
