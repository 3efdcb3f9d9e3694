// The reckoning test's model (issue 30): a generated day of till operations (fast-check), and the
// day's figures reckoned from those operations alone - the catalogue the test read from the PMS,
// the quantities, prices, payments, floats - never from the server's code. The driver
// (day-driver.ts) plays the day against the server; the test compares the two to the cent.
import fc from 'fast-check';

/** A product as the test knows it from the PMS's catalogue (an input of the day, like the operations). */
export interface CatalogueItem {
  id: number;
  name: string;
  priceCents: number;
  vatRateBp: number;
  taxClassId: number;
  groupId: number;
  groupName: string;
  openPrice: boolean;
}

export type Tablet = 'bar' | 'restaurant' | 'minibar';
export const TABLETS: readonly Tablet[] = ['bar', 'restaurant', 'minibar'];
export const STAFF = ['Mia', 'Jonas'] as const;
export type StaffName = (typeof STAFF)[number];

/** A product picked for a line: an index into the catalogue (taken modulo its length), a quantity. */
export interface Pick {
  product: number;
  quantity: number;
  /** Percent off the catalogue price for this line (0: none); above the outlet's 20 % a manager approves. */
  percentOff: number;
}

export type Op =
  | {
      t: 'cash';
      tablet: Tablet;
      staff: StaffName;
      picks: Pick[];
      extraTenderedCents: number;
      offline: boolean;
    }
  | { t: 'card'; tablet: Tablet; staff: StaffName; picks: Pick[]; offline: boolean; tipCents: number }
  | { t: 'open-price'; tablet: Tablet; staff: StaffName; priceCents: number; quantity: number }
  | { t: 'room'; tablet: Tablet; staff: StaffName; picks: Pick[]; room: number; offline: boolean }
  | { t: 'minibar'; staff: StaffName; picks: Pick[]; room: number }
  | { t: 'split-items'; tablet: Tablet; staff: StaffName; picks: Pick[]; firstPart: number[] }
  | { t: 'split-equal'; tablet: Tablet; staff: StaffName; picks: Pick[]; parts: number; card: boolean[] }
  | { t: 'void'; of: number }
  | { t: 'take-back'; of: number; line: number; quantity: number }
  | { t: 'refund'; of: number }
  | { t: 'late'; of: number }
  | { t: 'tse-down'; requests: number }
  /** The PMS goes down for the next `sales` sales' writes (they wait in the outbox), then comes back. */
  | { t: 'pms-down'; sales: number };

export interface DayPlan {
  floats: Record<Tablet, number>;
  ops: Op[];
}

const pick = fc.record({
  product: fc.nat({ max: 1000 }),
  quantity: fc.integer({ min: 1, max: 4 }),
  percentOff: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, fc.constantFrom(5, 10, 25, 50)),
});
const picks = fc.array(pick, { minLength: 1, maxLength: 4 });
const tablet = fc.constantFrom<Tablet>('bar', 'restaurant');
const staff = fc.constantFrom<StaffName>(...STAFF);
const later = fc.nat({ max: 1000 });

/** One operation of a day; `of` fields name an earlier record by index (modulo what there is). */
export const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('cash' as const),
      tablet,
      staff,
      picks,
      extraTenderedCents: fc.nat({ max: 5000 }),
      offline: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('card' as const),
      tablet,
      staff,
      picks,
      offline: fc.boolean(),
      // a tip the guest added on the stand-alone terminal: none, or up to 5.00 (within any sale's limits)
      tipCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('open-price' as const),
      tablet,
      staff,
      priceCents: fc.integer({ min: 1, max: 20_000 }),
      quantity: fc.integer({ min: 1, max: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('room' as const),
      tablet,
      staff,
      picks,
      room: fc.nat({ max: 2 }),
      offline: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('minibar' as const), staff, picks, room: fc.nat({ max: 2 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('split-items' as const),
      tablet,
      staff,
      picks,
      firstPart: fc.array(fc.nat({ max: 4 }), { minLength: 4, maxLength: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('split-equal' as const),
      tablet,
      staff,
      picks,
      parts: fc.integer({ min: 2, max: 4 }),
      card: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('void' as const), of: later }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('take-back' as const),
      of: later,
      line: fc.nat({ max: 3 }),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('refund' as const), of: later }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('late' as const), of: later }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('tse-down' as const), requests: fc.integer({ min: 1, max: 3 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('pms-down' as const), sales: fc.integer({ min: 1, max: 3 }) }),
  },
);

/** Days of every operation but those of `without` (kinds `Op['t']`). */
export const dayOf = (without: readonly Op['t'][] = []): fc.Arbitrary<DayPlan> =>
  fc.record({
    floats: fc.record({
      bar: fc.constantFrom(0, 5000, 10_000, 15_050),
      restaurant: fc.constantFrom(0, 10_000, 20_000),
      minibar: fc.constant(0),
    }),
    ops: fc.array(
      opArbitrary.filter((op) => !without.includes(op.t)),
      { minLength: 1, maxLength: 8 },
    ),
  });

// ---------------------------------------------------------------------------------------------
// What was sold, as the model sees it: every record the day must hold, in the model's own terms.

/** A line as sold: the product, how many (negative when taken back), at which unit price. */
export interface SoldLine {
  item: CatalogueItem;
  quantity: number;
  unitPriceCents: number;
  /** The gross this line adds. */
  grossCents: number;
}

export type ModelKind = 'sale' | 'room-charge' | 'late-charge' | 'void' | 'take-back' | 'refund';

/** A record the day's books must hold, reckoned by the model. */
export interface ModelRecord {
  key: string;
  kind: ModelKind;
  tablet: Tablet;
  staff: StaffName;
  lines: SoldLine[];
  /** Money by method: cash, card, room, invoice (negative when paid out). */
  paid: Partial<Record<'cash' | 'card' | 'room' | 'invoice', number>>;
  /** Cents taken off the catalogue by a discount (0 for an equal split's shares). */
  discountCents: number;
  /** A card tip (not revenue; negative when a refund gives it back). */
  tipCents?: number;
  room?: number;
  refersTo?: string;
  /** A bill paid in equal parts: each part's gross of each line (each part is a receipt of its own). */
  parts?: number[][];
}

/** VAT contained in `gross` at `rateBp`, half away from zero, so a reversal takes back exactly what its sale held. */
export function vatIn(grossCents: number, rateBp: number): number {
  const exact = (Math.abs(grossCents) * rateBp) / (10_000 + rateBp);
  return Math.sign(grossCents) * Math.round(exact);
}

/**
 * A bill paid in `parts` equal parts, line by line: what each part pays of each line. The parts'
 * amounts differ by a cent at most (the first ones carry the extra cents); each part pays, of what
 * the earlier parts left of every line, in proportion to what is left, whole cents to the largest
 * fractions first (the earlier line on a tie); the last part pays all that is left.
 */
export function partsOfBill(lineGross: readonly number[], parts: number): number[][] {
  const bill = lineGross.reduce((a, b) => a + b, 0);
  const left = [...lineGross];
  const out: number[][] = [];
  for (let k = 0; k < parts; k++) {
    const amount = Math.floor(bill / parts) + (k < bill % parts ? 1 : 0);
    const whole = left.reduce((a, b) => a + b, 0);
    let share: number[];
    if (k === parts - 1) share = [...left];
    else if (whole === 0) share = left.map(() => 0);
    else {
      share = left.map((cents) => Math.floor((cents * amount) / whole));
      let spare = amount - share.reduce((a, b) => a + b, 0);
      const byFraction = left
        .map((cents, i) => ({ i, fraction: (cents * amount) % whole }))
        .sort((a, b) => b.fraction - a.fraction || a.i - b.i);
      for (const { i } of byFraction) if (spare-- > 0) share[i]! += 1;
    }
    share.forEach((cents, i) => {
      left[i]! -= cents;
    });
    out.push(share);
  }
  return out;
}

export interface Reckoning {
  grossCents: number;
  vatCents: number;
  discountCents: number;
  byPayment: Record<string, number>;
  byVat: Record<string, { grossCents: number; vatCents: number }>;
  byGroup: Record<string, { quantity: number; grossCents: number }>;
  byStaff: Record<string, number>;
  /** Expected cash per tablet's drawer: float + cash in - cash out. */
  drawers: Record<Tablet, number>;
  /** Card tips, less those given back. */
  tipCents: number;
  /** Per sale: what the TSE must have signed, gross per VAT rate, the tip (VAT id 5) and cash / non-cash. */
  signed: Record<string, { byRate: Record<string, number>; tipCents: number; cash: number; nonCash: number }>;
}

const REVENUE: readonly ModelKind[] = ['sale', 'room-charge', 'void', 'take-back', 'refund'];

/** The day's figures from the model's records alone. */
export function reckon(records: readonly ModelRecord[], floats: Record<Tablet, number>): Reckoning {
  const out: Reckoning = {
    grossCents: 0,
    vatCents: 0,
    discountCents: 0,
    byPayment: {},
    byVat: {},
    byGroup: {},
    byStaff: {},
    drawers: { ...floats },
    tipCents: 0,
    signed: {},
  };
  const add = (into: Record<string, number>, key: string, cents: number) => {
    into[key] = (into[key] ?? 0) + cents;
  };
  for (const record of records) {
    const revenue = REVENUE.includes(record.kind);
    const byRate: Record<string, number> = {};
    // The VAT of a rate is what the record's receipts print: one rounding of each receipt's gross at the rate.
    for (const receipt of record.parts ?? [record.lines.map((line) => line.grossCents)]) {
      const receiptByRate: Record<string, number> = {};
      receipt.forEach((cents, i) => {
        add(receiptByRate, String(record.lines[i]!.item.vatRateBp), cents);
      });
      for (const [rateBp, cents] of Object.entries(receiptByRate)) {
        if (!revenue) continue;
        const vat = vatIn(cents, Number(rateBp));
        out.vatCents += vat;
        const rate = out.byVat[rateBp] ?? { grossCents: 0, vatCents: 0 };
        out.byVat[rateBp] = rate;
        rate.vatCents += vat;
      }
    }
    for (const line of record.lines) {
      add(byRate, String(line.item.vatRateBp), line.grossCents);
      if (!revenue) continue;
      out.grossCents += line.grossCents;
      const rate = out.byVat[String(line.item.vatRateBp)] ?? { grossCents: 0, vatCents: 0 };
      out.byVat[String(line.item.vatRateBp)] = rate;
      rate.grossCents += line.grossCents;
      const group = out.byGroup[String(line.item.groupId)] ?? { quantity: 0, grossCents: 0 };
      out.byGroup[String(line.item.groupId)] = group;
      group.quantity += line.quantity;
      group.grossCents += line.grossCents;
    }
    if (revenue) add(out.byStaff, record.staff, sumLines(record));
    out.discountCents += record.discountCents;
    for (const [method, cents] of Object.entries(record.paid)) add(out.byPayment, method, cents);
    out.drawers[record.tablet] += record.paid.cash ?? 0;
    const cash = record.paid.cash ?? 0;
    const tipCents = record.tipCents ?? 0;
    out.tipCents += tipCents;
    const nonCash =
      record.kind === 'room-charge' || record.kind === 'late-charge' ? 0 : (record.paid.card ?? 0) + tipCents;
    out.signed[record.key] = { byRate, tipCents, cash, nonCash };
  }
  for (const method of Object.keys(out.byPayment))
    if (out.byPayment[method] === 0) delete out.byPayment[method];
  return out;
}

export const sumLines = (record: Pick2<ModelRecord, 'lines'>) =>
  record.lines.reduce((sum, line) => sum + line.grossCents, 0);
type Pick2<T, K extends keyof T> = { [P in K]: T[P] };
