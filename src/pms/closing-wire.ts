// The day's closing as the till server reports it (X and Z reports, cash-up per drawer) and what a
// manager's tablet sends to count a drawer and close the day (`/till/closing`, docs/ledger.md "The Z
// report"). Shared by the server and the tablet. Invariants: money in integer cents, VAT rates in
// basis points; a report covers the ledger's records with `afterSeq < seq <= upToSeq`.
import * as v from 'valibot';

/** The subject of a manager's `close_day` approval on a tablet (the action names the rest). */
export const DAY_CLOSING_SUBJECT = 'day-closing';
/** How long a `close_day` approval lets a tablet read and close the day after the manager signed it. */
export const DAY_CLOSING_APPROVAL_MS = 30 * 60_000;

/** Euro notes and coins a drawer is counted in (cents), largest first. */
export const DENOMINATIONS_CENTS = [
  50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 20, 10, 5, 2, 1,
] as const;

const Count = v.pipe(
  v.number('must be a number'),
  v.integer('must be whole'),
  v.minValue(0),
  v.maxValue(100_000),
);

/** A drawer counted: how many of each denomination (keys are cents, e.g. "5000": 3 fifty-euro notes). */
export const CashCountSchema = v.object({
  outlet: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  drawer: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
  denominations: v.pipe(
    v.record(v.picklist(DENOMINATIONS_CENTS.map(String) as [string, ...string[]]), Count),
    v.check((counts) => Object.keys(counts).length > 0, 'count at least one denomination'),
  ),
  /** Who counted (a staff member's name; default: who sends it). */
  countedBy: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(60))),
});
export type CashCountInput = v.InferOutput<typeof CashCountSchema>;

export const CloseDaySchema = v.object({
  /** The X report's upToSeq the manager saw: the Z closes exactly that, and a second close of it is refused. */
  upToSeq: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The business day closed (YYYY-MM-DD); default the server's local date. */
  businessDay: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'))),
});
export type CloseDayInput = v.InferOutput<typeof CloseDaySchema>;

export interface PaymentTotal {
  method: string;
  records: number;
  amountCents: number;
  /** Tips on top (owed to staff, not revenue). */
  tipCents: number;
}
export interface VatTotal {
  /** null: lines without a known tax class. */
  vatRateBp: number | null;
  netCents: number;
  vatCents: number;
  grossCents: number;
}
export interface GroupTotal {
  groupId: number | null;
  groupName: string;
  /** Items sold: whole, or with up to three decimals where parts of an equal split sold shares of items. */
  quantity: number;
  /** The same in thousandths, exact (the report adds these up). */
  quantityMilli: number;
  grossCents: number;
}
export interface StaffTotal {
  staffId: string | null;
  staffName: string | null;
  records: number;
  grossCents: number;
  tipCents: number;
}
export interface DeviceTotal {
  deviceId: string;
  deviceName: string;
  records: number;
  grossCents: number;
}
/** A void, take-back or refund, or a sale with a discount, with who approved it. */
export interface ApprovedRecord {
  kind: string;
  saleId: string;
  reference: string;
  refersTo: string | null;
  createdAt: string;
  staffName: string | null;
  deviceName: string;
  /** The record's total (negative for a void, take-back or refund); for a discount, the cents taken off. */
  amountCents: number;
  reason: string | null;
  /** The approving managers' names (comma-separated); null where none approved it. */
  approvedBy: string | null;
}
export interface RoomTotal {
  room: string;
  records: number;
  grossCents: number;
}
export interface HourTotal {
  /** Local hour of the sale, 0-23. */
  hour: number;
  grossCents: number;
}

/** The totals of one outlet, or of the hotel (the sum of its outlets). */
export interface DayTotals {
  /** Records of a sale kind (sale, room charge, late charge, void, take-back, refund). */
  records: number;
  grossCents: number;
  netCents: number;
  vatCents: number;
  tipCents: number;
  discountCents: number;
  byPayment: PaymentTotal[];
  byVat: VatTotal[];
  byGroup: GroupTotal[];
  byStaff: StaffTotal[];
  byDevice: DeviceTotal[];
  byHour: HourTotal[];
  roomCharges: RoomTotal[];
  corrections: ApprovedRecord[];
  discounts: ApprovedRecord[];
  lateCharges: ApprovedRecord[];
  /**
   * Sales and room charges with open-price lines: the open lines' gross, and who approved it (null:
   * below the outlet's open-price limit, nobody had to). Absent on reports stored before (issue 30).
   */
  openPrices?: ApprovedRecord[];
}

export interface DrawerCashUp {
  outlet: string;
  drawer: string;
  floatCents: number;
  /** Set when the float is a manager's correction on the admin page (the latest act of the day). */
  floatCorrection?: { previousCents: number; reason: string; correctedBy: string; correctedAt: string };
  cashSalesCents: number;
  /** Cash paid out (refunds, voids of cash sales), as a positive amount. */
  refundsCents: number;
  expectedCents: number;
  /** The latest count since the last Z; null when not counted yet. */
  count: {
    countId: number;
    countedCents: number;
    /** Counted minus expected at the count: positive over, negative short. */
    differenceCents: number;
    expectedCents: number;
    denominations: Record<string, number>;
    countedBy: string;
    approvedBy: string | null;
    countedAt: string;
    /** Cash recorded for this drawer after the count (net). */
    cashSinceCents: number;
  } | null;
}

export interface PendingDevice {
  deviceId: string;
  deviceName: string;
  outlet: string;
  /** Records no PMS outcome has been reported for yet. */
  pending: number;
  oldestCreatedAt: string;
  lastSeenAt: string | null;
}

export interface AttentionRecord {
  saleId: string;
  reference: string;
  deviceName: string;
  outlet: string;
  outcome: string;
  message: string | null;
  at: string;
}

export interface OutletDay extends DayTotals {
  outlet: string;
  name: string;
  /** The outlet's Z number (in a Z report). */
  zNumber?: number;
}

/**
 * A card terminal's day (issue 25): the ledger's card money on it in the report's records (sales and
 * refunds, the amount without tips and the tips apart), and its latest end-of-day since the previous
 * Z set beside the ledger's card money at that moment.
 */
export interface CardTerminalDay {
  terminal: string;
  ledgerCount: number;
  ledgerAmountCents: number;
  ledgerTipsCents: number;
  endOfDay: {
    at: string;
    terminalTotalCents: number;
    /** The ledger's card money on the terminal at its end-of-day (tips included). */
    ledgerTotalCents: number;
    differenceCents: number;
  } | null;
}

/** A card payment taken on a stand-alone terminal (the till could not drive one), with the receipt
 * number staff typed from the terminal: listed apart for the terminal's own end-of-day. */
export interface StandaloneCardPayment {
  outlet: string;
  /** `sale`, or a `void`/`refund` giving it back (negative amount). */
  kind: string;
  saleId: string;
  reference: string;
  createdAt: string;
  staffName: string | null;
  deviceName: string;
  receiptNumber: string;
  amountCents: number;
  tipCents: number;
}

/** A refund whose credit note the PMS interface cannot make: to book in the PMS by hand (issue 30). */
export interface RefundToBook {
  saleId: string;
  reference: string;
  /** The refunded sale. */
  refersTo: string | null;
  /** The refunded sale's PMS invoice, where its outcome named one. */
  invoice: string | null;
  createdAt: string;
  /** Negative: the money paid back. */
  totalCents: number;
  deviceName: string;
  staffName: string | null;
}

/** An X report (read any time) or a Z report (a closed day). */
export interface DayReport {
  kind: 'X' | 'Z';
  afterSeq: number;
  upToSeq: number;
  generatedAt: string;
  /** The hotel's Z number and business day (Z only). */
  zNumber?: number;
  businessDay?: string;
  closedBy?: string;
  hotel: DayTotals;
  outlets: OutletDay[];
  drawers: DrawerCashUp[];
  pendingByDevice: PendingDevice[];
  attention: AttentionRecord[];
  /** Refunds to book in the PMS by hand until a manager marks them booked (absent in older Zs). */
  refundsToBook?: RefundToBook[];
  /** Sales made without the till server, priced below the catalogue or above the outlet's limits
   * with no approval: recorded, for the manager to review (amount: the cents beyond; reason: what). */
  deviations?: ApprovedRecord[];
  /** The card terminals' days, where the server has card terminals (card-terminal/). */
  cardTerminals?: CardTerminalDay[];
  /** Card payments taken on a stand-alone terminal, one by one (absent when there are none). */
  standaloneCards?: StandaloneCardPayment[];
}

/** What a tablet gets after counting a drawer or closing the day. */
export interface CashCountAnswer {
  drawer: DrawerCashUp;
}
export interface CloseDayAnswer {
  zId: number;
  zNumber: number;
  report: DayReport;
}
