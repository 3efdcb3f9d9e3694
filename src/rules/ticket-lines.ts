// The rules for a ticket's lines, pure, over immutable arrays (ticket.ts applies them). Owns: merging
// a product tapped again into its line (never an open-price line), the open-price line (added once at
// the typed amount; its quantity changes like any line's), quantity limits, the line limit of one PMS
// call. Invariants: quantity 1..999; at most 200 lines; gross cents >= 0; typed amounts follow the
// money rule (pms/money.ts). A line's own discount is discounts.ts's; quantity changes keep it.
import {
  type AmountLimits,
  type Cents,
  checkAmount,
  POSITIVE_AMOUNT_LIMITS,
  PRICE_LIMITS,
  parseMoney,
} from '../pms/money';
import type { Product } from '../pms/wire';

export const MAX_QUANTITY = 999;
export const MAX_LINES = 200;
/** An open price: more than 0.00, at most 100,000.00. */
export const OPEN_PRICE_LIMITS: AmountLimits = POSITIVE_AMOUNT_LIMITS;

/** A discount staff give: a percentage, or an amount in cents (on a line: off each of its items). */
export type Discount = { kind: 'percent'; percent: number } | { kind: 'amount'; cents: Cents };

/** A line's own discount (discounts.ts `withLineDiscount`): what staff gave, and the unit price before it. */
export interface LineDiscount {
  given: Discount;
  /** The unit price before the discount; the line's `unitPriceCents` is the price after it. */
  listPriceCents: Cents;
}

export interface TicketLine {
  /** Stable per line: `p<productId>` for catalogue lines, random for open-price lines. */
  key: string;
  productId: number;
  name: string;
  unitPriceCents: Cents;
  quantity: number;
  taxClassId: number | null;
  commodityGroupId: number | null;
  openPrice: boolean;
  /** The line's own discount, when it has one: `unitPriceCents` is then the discounted price. */
  discount?: LineDiscount;
}

/** Why a line change was refused, for the view to say in words. */
export class TicketLineError extends Error {
  override readonly name = 'TicketLineError';
  constructor(readonly reason: 'too-many-lines' | 'open-price-needs-amount' | 'bad-name' | 'too-many-items') {
    super(reason);
  }
}

/**
 * Adds one of `product`, merging into its line when it is already on the ticket.
 * @throws TicketLineError for an open-price product (use `withOpenPriceLine`), a full ticket, or a
 * line that would pass MAX_QUANTITY ('too-many-items').
 * @example lines = withProduct(lines, pils); // Pils x1, then x2 on the next tap
 */
export function withProduct(lines: readonly TicketLine[], product: Product, quantity = 1): TicketLine[] {
  if (product.open_price) throw new TicketLineError('open-price-needs-amount');
  const key = `p${product.id}`;
  const index = lines.findIndex((line) => line.key === key);
  if (index >= 0) {
    const line = lines[index]!;
    return replaceAt(lines, index, { ...line, quantity: checkedQuantity(line.quantity + quantity) });
  }
  if (lines.length >= MAX_LINES) throw new TicketLineError('too-many-lines');
  return [
    ...lines,
    {
      key,
      productId: product.id,
      name: product.name,
      unitPriceCents: product.price,
      quantity: checkedQuantity(quantity),
      taxClassId: product.tax_class_id,
      commodityGroupId: product.commodity_group_id,
      openPrice: false,
    },
  ];
}

/**
 * Adds an open-price line: `product` (an open-price item, e.g. the charging station) once, named
 * `name` and priced at `amountCents`.
 * @throws MoneyError when the amount is not more than 0.00 or above 100,000.00.
 * @example withOpenPriceLine(lines, chargingStation, 'Charging 23.4 kWh', 1170, 'k1')
 */
export function withOpenPriceLine(
  lines: readonly TicketLine[],
  product: Product,
  name: string,
  amountCents: Cents,
  key: string,
): TicketLine[] {
  const trimmed = name.trim() || product.name;
  if (trimmed.length > 200) throw new TicketLineError('bad-name');
  checkAmount(amountCents, OPEN_PRICE_LIMITS);
  if (lines.length >= MAX_LINES) throw new TicketLineError('too-many-lines');
  return [
    ...lines,
    {
      key,
      productId: product.id,
      name: trimmed,
      unitPriceCents: amountCents,
      quantity: 1,
      taxClassId: product.tax_class_id,
      commodityGroupId: product.commodity_group_id,
      openPrice: true,
    },
  ];
}

/**
 * Sets a line's quantity; 0 or less removes it.
 * @throws TicketLineError('too-many-items') above MAX_QUANTITY; the lines stay as they were.
 * @example withQuantity(lines, 'p7', 3)
 */
export function withQuantity(lines: readonly TicketLine[], key: string, quantity: number): TicketLine[] {
  const index = lines.findIndex((line) => line.key === key);
  if (index < 0) return [...lines];
  if (!Number.isFinite(quantity) || quantity < 1) return withoutLine(lines, key);
  const line = lines[index]!;
  return replaceAt(lines, index, { ...line, quantity: checkedQuantity(quantity) });
}

/** The lines without the one with `key`. */
export function withoutLine(lines: readonly TicketLine[], key: string): TicketLine[] {
  return lines.filter((line) => line.key !== key);
}

/**
 * Reads a typed amount ('12,50', '12.5', '12') into cents, within `limits` (default: a price,
 * 0.00 to 100,000.00).
 * @throws MoneyError saying which rule or limit the text broke, for staff to read in words.
 * @example readAmount('4,20', OPEN_PRICE_LIMITS) === 420
 */
export function readAmount(text: string, limits: AmountLimits = PRICE_LIMITS): Cents {
  return parseMoney(text, limits);
}

/**
 * Like `readAmount`, but undefined when the text is not such an amount (for live displays).
 * @example parseAmount('4,20') === 420; parseAmount('4,205') === undefined
 */
export function parseAmount(text: string, limits: AmountLimits = PRICE_LIMITS): Cents | undefined {
  try {
    return readAmount(text, limits);
  } catch {
    return undefined;
  }
}

/** A line read back from storage: the sale-line fields are there, the till's own may not be. */
export type StoredLine = Pick<TicketLine, 'productId' | 'name' | 'unitPriceCents' | 'quantity'> &
  Partial<TicketLine>;

/** True when a stored value has what a ticket line needs (for data read back from storage). */
export function isStoredLine(value: unknown): value is StoredLine {
  const line = value as Partial<TicketLine> | null;
  return (
    typeof line === 'object' &&
    line !== null &&
    Number.isInteger(line.productId) &&
    typeof line.name === 'string' &&
    Number.isSafeInteger(line.unitPriceCents) &&
    Number.isInteger(line.quantity) &&
    (line.quantity ?? 0) >= 1
  );
}

/**
 * A line's discount read back from storage, or undefined when it is not one (the line then keeps
 * its stored price, the price staff saw, without a discount shown).
 * @example storedLineDiscount({ given: { kind: 'percent', percent: 10 }, listPriceCents: 420 })
 */
export function storedLineDiscount(value: unknown): LineDiscount | undefined {
  const { given, listPriceCents } = (value ?? {}) as Partial<LineDiscount>;
  const percent = given?.kind === 'percent';
  const size = percent ? given.percent : given?.kind === 'amount' ? given.cents : 0;
  if (!(size > 0 && (percent ? size <= 100 : Number.isSafeInteger(size)))) return undefined;
  if (!Number.isSafeInteger(listPriceCents) || listPriceCents! < 0) return undefined;
  return {
    given: percent ? { kind: 'percent', percent: size } : { kind: 'amount', cents: size },
    listPriceCents: listPriceCents!,
  };
}

/** A whole quantity of at least 1; above MAX_QUANTITY (the PMS's limit) it is refused, not cut. */
function checkedQuantity(quantity: number): number {
  if (quantity > MAX_QUANTITY) throw new TicketLineError('too-many-items');
  return Math.max(1, Math.trunc(quantity));
}

function replaceAt(lines: readonly TicketLine[], index: number, line: TicketLine): TicketLine[] {
  const next = [...lines];
  next[index] = line;
  return next;
}
