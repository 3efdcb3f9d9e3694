// The rules for a ticket's lines, as pure functions over immutable arrays (the ticket signal in
// ticket.ts applies them). Owns: merging a product tapped again into its line (never an open-price
// line), the open-price line (one product, quantity 1, the typed amount as its price: pms-api.md
// usage rule 2), quantity limits and the line limit of one PMS call.
// Invariants: quantity is a whole number 1..999; at most 200 lines; prices are gross cents >= 0.
import type { Cents } from '../pms/money';
import type { Product } from '../pms/wire';

export const MAX_QUANTITY = 999;
export const MAX_LINES = 200;
/** Highest amount for an open-price line (the wire's price limit, 100,000.00). */
export const MAX_OPEN_PRICE_CENTS = 10_000_000;

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
}

/** Why a line change was refused, for the view to say in words. */
export class TicketLineError extends Error {
  override readonly name = 'TicketLineError';
  constructor(readonly reason: 'too-many-lines' | 'open-price-needs-amount' | 'bad-amount' | 'bad-name') {
    super(reason);
  }
}

/**
 * Adds one of `product`, merging into its line when it is already on the ticket.
 * @throws TicketLineError for an open-price product (use `withOpenPriceLine`) or a full ticket.
 * @example lines = withProduct(lines, pils); // Pils x1, then x2 on the next tap
 */
export function withProduct(lines: readonly TicketLine[], product: Product, quantity = 1): TicketLine[] {
  if (product.open_price) throw new TicketLineError('open-price-needs-amount');
  const key = `p${product.id}`;
  const index = lines.findIndex((line) => line.key === key);
  if (index >= 0) {
    const line = lines[index]!;
    return replaceAt(lines, index, { ...line, quantity: clampQuantity(line.quantity + quantity) });
  }
  if (lines.length >= MAX_LINES) throw new TicketLineError('too-many-lines');
  return [
    ...lines,
    {
      key,
      productId: product.id,
      name: product.name,
      unitPriceCents: product.price,
      quantity: clampQuantity(quantity),
      taxClassId: product.tax_class_id,
      commodityGroupId: product.commodity_group_id,
      openPrice: false,
    },
  ];
}

/**
 * Adds an open-price line: `product` (an open-price item, e.g. the charging station) once, named
 * `name` and priced at `amountCents`.
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
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_OPEN_PRICE_CENTS) {
    throw new TicketLineError('bad-amount');
  }
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
 * Sets a line's quantity; 0 or less removes it. An open-price line always stays at 1.
 * @example withQuantity(lines, 'p7', 3)
 */
export function withQuantity(lines: readonly TicketLine[], key: string, quantity: number): TicketLine[] {
  const index = lines.findIndex((line) => line.key === key);
  if (index < 0) return [...lines];
  if (!Number.isFinite(quantity) || quantity < 1) return withoutLine(lines, key);
  const line = lines[index]!;
  if (line.openPrice) return [...lines];
  return replaceAt(lines, index, { ...line, quantity: clampQuantity(quantity) });
}

/** The lines without the one with `key`. */
export function withoutLine(lines: readonly TicketLine[], key: string): TicketLine[] {
  return lines.filter((line) => line.key !== key);
}

/**
 * Parses a typed amount ('12,50', '12.5', '12') into cents; undefined when it is not an amount.
 * @example parseAmount('4,20') === 420
 */
export function parseAmount(text: string): Cents | undefined {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
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

function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(quantity)));
}

function replaceAt(lines: readonly TicketLine[], index: number, line: TicketLine): TicketLine[] {
  const next = [...lines];
  next[index] = line;
  return next;
}
