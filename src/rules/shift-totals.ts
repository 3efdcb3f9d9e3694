// What a shift's sales come to, as a pure function of its journal entries: totals by payment method
// (room charges as their own), by commodity group, room charges net of reversals, confirmed versus
// pending, cancellations and voided sales. Owns which sales count (voids, reversals, cancellations,
// late charges): docs/till-app.md, "Shift totals".
import type { Cents } from '../pms/money';
import { partLines } from '../shared/bill-share';
import type { SaleRecord } from '../storage/records';

export interface Amount {
  count: number;
  cents: Cents;
}

export interface PaymentTotal extends Amount {
  /**
   * The PMS payment method; null for room charges (and their reversals); 'late-charge' for late
   * charges, open cash invoices to guests who had left (not paid yet).
   */
  paymentMethodId: number | null | 'late-charge';
}

export interface GroupTotal {
  /** Commodity group id; null when the product is not in the cached catalogue. */
  groupId: number | null;
  /** The group's name as the catalogue had it ('' when unknown). */
  name: string;
  /** Items: whole, or with up to three decimals where parts of an equal split sold shares of items. */
  quantity: number;
  cents: Cents;
}

export interface ShiftTotals {
  /** All counted sales, net. */
  total: Amount;
  byPayment: PaymentTotal[];
  byGroup: GroupTotal[];
  /** Room charges (count of charges) and their net amount after reversals. */
  roomCharges: Amount;
  reversals: Amount;
  confirmed: Amount;
  /** Not yet confirmed by the PMS: pending, including those needing attention. */
  pending: Amount;
  needsAttention: Amount;
  /** Cancellations of confirmed cash sales (negative cents; counted in the total and by method). */
  cancellations: Amount;
  /** Voided sales (not counted): how many, and what they came to. */
  voided: Amount;
  /** Tips charged on cards with counted sales (issue 25): not revenue, owed to staff; not in `total`. */
  cardTips: Amount;
}

/** A product's commodity group, from the cached catalogue. */
export type GroupOf = (productId: number) => { id: number | null; name: string } | undefined;

/** True when the sale counts in the totals (see the header). */
export function countsInTotals(sale: SaleRecord, byId: ReadonlyMap<string, SaleRecord>): boolean {
  if (sale.kind === 'product-creation' || sale.kind === 'shift-close' || sale.kind === 'shift-open')
    return false;
  if (sale.status !== 'voided') return true;
  if (sale.kind !== 'room-charge' || !sale.reversedBy) return false;
  return byId.get(sale.reversedBy)?.status !== 'voided';
}

/**
 * The totals of a shift's sales.
 * @example const totals = shiftTotals(sales, (id) => ({ id: 1, name: 'Bar' }));
 */
export function shiftTotals(sales: readonly SaleRecord[], groupOf: GroupOf): ShiftTotals {
  const byId = new Map(sales.map((sale) => [sale.id, sale]));
  const totals: ShiftTotals = {
    total: zero(),
    byPayment: [],
    byGroup: [],
    roomCharges: zero(),
    reversals: zero(),
    confirmed: zero(),
    pending: zero(),
    needsAttention: zero(),
    cancellations: zero(),
    voided: zero(),
    cardTips: zero(),
  };
  const payments = new Map<PaymentTotal['paymentMethodId'], PaymentTotal>();
  const groups = new Map<number | null, GroupTotal>();
  /** Items per group in thousandths (a part of an equal split sells shares of items). */
  const groupMilli = new Map<number | null, number>();
  for (const sale of sales) {
    if (!countsInTotals(sale, byId)) {
      // a voided reversal only undoes the voided charge's bookkeeping: the charge is the voided sale;
      // a charge moved to a late charge is not voided: the late charge counts it
      const moved = sale.movedTo !== undefined && byId.has(sale.movedTo);
      if (
        sale.status === 'voided' &&
        !moved &&
        sale.kind !== 'product-creation' &&
        sale.kind !== 'charge-reversal'
      )
        add(totals.voided, sale.totalCents);
      continue;
    }
    const cents = sale.totalCents;
    add(totals.total, cents);
    const paid = sale.kind === 'cash-sale' || sale.kind === 'cash-cancellation';
    const methodId: PaymentTotal['paymentMethodId'] =
      sale.kind === 'late-charge' ? 'late-charge' : paid ? (sale.payment?.paymentMethodId ?? null) : null;
    const payment = payments.get(methodId) ?? { paymentMethodId: methodId, ...zero() };
    payments.set(methodId, add(payment, cents));
    if (sale.kind === 'room-charge') add(totals.roomCharges, cents);
    if (sale.kind === 'charge-reversal') {
      add(totals.reversals, cents);
      totals.roomCharges.cents += cents;
    }
    if (sale.kind === 'cash-sale' && sale.card && sale.card.tipCents > 0)
      add(totals.cardTips, sale.card.tipCents);
    if (sale.kind === 'cash-cancellation') add(totals.cancellations, cents);
    else if (sale.status === 'pending' || sale.status === 'needs-attention') add(totals.pending, cents);
    else add(totals.confirmed, cents); // synced, or an applied charge voided by a reversal
    if (sale.status === 'needs-attention') add(totals.needsAttention, cents);
    const sign = sale.kind === 'charge-reversal' ? -1 : 1; // a cancellation's quantities are negative
    // A part of an equal split sells a share of each of its bill's items (shared/bill-share.ts).
    const share = sale.share;
    const milli = share
      ? partLines(share.billLines, share.parts, share.part).map((l) => l.quantityMilli)
      : [];
    sale.lines.forEach((line, index) => {
      const group = groupOf(line.productId) ?? { id: null, name: '' };
      const entry = groups.get(group.id) ?? { groupId: group.id, name: group.name, quantity: 0, cents: 0 };
      const items = milli[index] ?? line.quantity * 1000;
      groupMilli.set(group.id, (groupMilli.get(group.id) ?? 0) + sign * items);
      entry.quantity = groupMilli.get(group.id)! / 1000;
      entry.cents += sign * line.quantity * line.unitPriceCents;
      groups.set(group.id, entry);
    });
  }
  totals.byPayment = [...payments.values()].sort((a, b) => b.cents - a.cents);
  totals.byGroup = [...groups.values()].sort((a, b) => b.cents - a.cents);
  return totals;
}

/** Sales of the shift the PMS has not confirmed yet (the close-shift warning lists them). */
export function unconfirmedSales(sales: readonly SaleRecord[]): SaleRecord[] {
  return sales.filter(
    (sale) =>
      sale.kind !== 'shift-close' &&
      sale.kind !== 'shift-open' &&
      (sale.status === 'pending' || sale.status === 'needs-attention'),
  );
}

function zero(): Amount {
  return { count: 0, cents: 0 };
}

function add<T extends Amount>(amount: T, cents: Cents): T {
  amount.count += 1;
  amount.cents += cents;
  return amount;
}
