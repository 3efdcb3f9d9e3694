// The sales ledger's wire shapes, shared by the tablet and the till server: what a tablet records
// (`POST /till/sales`, the first step of every sale), what it reports of each PMS step afterwards
// (`POST /till/sales/:saleId/outcomes`), and the server's answers. docs/ledger.md has the rules.
// Invariants: money is integer cents; VAT rates are basis points (19 % = 1900); a sale id is the
// tablet's own id of the sale, the idempotency key (the same body again gets the stored answer, a
// different body under a used id is refused with 409 `sale_conflict`).
import * as v from 'valibot';
import { STANDALONE_RECEIPT_PATTERN } from '../shared/standalone-card.ts';
import { MAX_PRICE_CENTS } from './money.ts';
import { MAX_APPROVALS } from './till-headers.ts';

/**
 * The till server's refusal codes of a sale's record (`POST /till/sales`) and of its PMS writes
 * (src/server/ledger/): the tablet says each in staff words of its own (`sync.problem.ledger.<code>`),
 * any other refusal in its general words. test/words/refusals.test.ts checks both languages.
 */
export const SALE_REFUSAL_CODES = [
  'sale_conflict',
  'sale_totals',
  'sale_invalid',
  'sale_unknown',
  'sale_not_recorded',
  'write_mismatch',
  'invoice_not_of_sale',
  'payment_mismatch',
  'write_repeated',
  'card_payment_unknown',
  'product_unknown',
  'catalogue_unavailable',
  'limit_exceeded',
  'refund_exceeds_sale',
  'business_missing',
  'till_decommissioned',
] as const;
export type SaleRefusalCode = (typeof SALE_REFUSAL_CODES)[number];

/** Wire version of the record body; a shape change gets a new number and the old one stays accepted. */
export const LEDGER_RECORD_VERSION = 1;

/**
 * Hard ceilings of every amount a record carries (ours; an outlet's own limits are far below,
 * src/server/ledger/bounds.ts): 10,000,000.00 for a record, a payment or a line, 100,000.00 for a
 * unit price. A day of millions of records stays far inside safe integers and SQLite's sums.
 */
export const MAX_RECORD_CENTS = 1_000_000_000;
/** The most equal parts a bill is paid in (the tablet offers 2 to 10). */
export const MAX_SHARE_PARTS = 100;
/** The highest number any other numeric field of a record may hold (ids, lines, percentages). */
const MAX_WIRE_NUMBER = 2_147_483_647;

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const Iso = v.pipe(v.string(), v.isoTimestamp());
const Cents = v.pipe(
  v.number('must be a number'),
  v.integer('must be whole cents'),
  v.minValue(-MAX_RECORD_CENTS, `must be at least -${MAX_RECORD_CENTS}`),
  v.maxValue(MAX_RECORD_CENTS, `must be at most ${MAX_RECORD_CENTS}`),
);
const NonNegativeCents = v.pipe(Cents, v.minValue(0, 'must not be negative'));
const UnitPrice = v.pipe(NonNegativeCents, v.maxValue(MAX_PRICE_CENTS, `must be at most ${MAX_PRICE_CENTS}`));
/** A whole number id or count as the PMS gives them: 0 to 2^31 - 1. */
const WireInt = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_WIRE_NUMBER));
const Percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));
const Token = v.pipe(v.string(), v.maxLength(4096));

/**
 * What a ledger record is:
 * - `sale`: paid at the till (cash, card, or both; a split bill's part is one sale each);
 * - `room-charge`: charged to a guest's room (processed in the PMS);
 * - `late-charge`: a refused room charge moved to a cash invoice addressed to the guest (refersTo: the charge);
 * - `void`: a whole earlier record taken back (refersTo), before or after it reached the PMS;
 * - `take-back`: some units of one line of an earlier room charge taken back (refersTo, takeBack);
 * - `refund`: a confirmed cash sale cancelled and its money paid out (refersTo);
 * - `shift-open`, `shift-close`: a drawer's shift on a tablet (no lines).
 */
export const LEDGER_KINDS = [
  'sale',
  'room-charge',
  'late-charge',
  'void',
  'take-back',
  'refund',
  'shift-open',
  'shift-close',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const PAYMENT_METHODS = ['cash', 'card', 'room', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const LedgerLineSchema = v.object({
  productId: WireInt,
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  /** Negative on a void, take-back or refund record's lines. */
  quantity: v.pipe(v.number(), v.integer(), v.minValue(-9999), v.maxValue(9999)),
  /** What the guest pays per unit, after this line's discount (gross, VAT included). */
  unitPriceCents: UnitPrice,
  /*
   * What the catalogue says of the product: its price (null for an open price), VAT rate in basis
   * points (1900 = 19 %; null without a known tax class), tax class and commodity group. The server
   * sets them from its own copy of the catalogue (src/server/catalogue/): what a tablet sends here
   * is ignored (an older app sends them; a newer one may leave them out).
   */
  cataloguePriceCents: v.optional(v.nullable(UnitPrice), null),
  vatRateBp: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000))), null),
  taxClassId: v.optional(v.nullable(WireInt), null),
  commodityGroupId: v.optional(v.nullable(WireInt), null),
  commodityGroupName: v.optional(v.pipe(v.string(), v.maxLength(120)), ''),
  /** The line's own discount (issue 14), as given; the ticket's discount is on the record. */
  discount: v.optional(
    v.object({
      percent: v.optional(Percent),
      amountOffEachCents: v.optional(UnitPrice),
    }),
  ),
});
export type LedgerLine = v.InferOutput<typeof LedgerLineSchema>;

export const LedgerPaymentSchema = v.object({
  method: v.picklist(PAYMENT_METHODS),
  /** What this payment settles of the sale (negative on a refund paid out). */
  amountCents: Cents,
  /** Cash handed over, and change given back (cash only). */
  tenderedCents: v.optional(NonNegativeCents),
  changeCents: v.optional(NonNegativeCents),
  /** A tip on top of amountCents (card): owed to staff, not revenue; negative on a refund that gives it back. */
  tipCents: v.optional(Cents),
  /** The PMS's payment method id the invoice is closed with (`set/invoice/paid/...`); the gateway
   * closes a recorded sale's invoice only with it, where given (added for the gateway's check). */
  pmsPaymentMethodId: v.optional(WireInt),
  /** A card payment's terminal data (brand, masked PAN, terminal id, trace, receipt number). */
  card: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.maxLength(40)),
        v.union([v.pipe(v.string(), v.maxLength(200)), v.pipe(v.number(), v.safeInteger())]),
      ),
      v.check((card) => Object.keys(card).length <= 30, 'has too many fields'),
    ),
  ),
  /** A card taken on a terminal the till could not drive, in its stand-alone mode (method `card`, no
   * `card` data): the terminal's receipt number as staff typed it, for the terminal's end-of-day. */
  standalone: v.optional(
    v.strictObject({
      receiptNumber: v.pipe(
        v.string('must be text'),
        v.regex(STANDALONE_RECEIPT_PATTERN, 'must be the terminal receipt number: 1 to 10 digits'),
      ),
    }),
  ),
});
export type LedgerPayment = v.InferOutput<typeof LedgerPaymentSchema>;

export const LedgerRecordSchema = v.object({
  v: v.literal(LEDGER_RECORD_VERSION),
  saleId: Id,
  /** The short reference the tablet writes into the PMS line names, e.g. 'K7QM-1F'. */
  reference: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  kind: v.picklist(LEDGER_KINDS),
  /** When the tablet made it (its own clock). */
  createdAt: Iso,
  /** The signed-in staff member; null on a till without staff. */
  staffId: v.nullable(Id),
  lines: v.pipe(v.array(LedgerLineSchema), v.maxLength(500)),
  payments: v.pipe(v.array(LedgerPaymentSchema), v.maxLength(20)),
  /** The sale's gross total: the sum of its lines (the server checks it). */
  totalCents: Cents,
  /** The catalogue version the tablet sold from (the gateway's `x-till-catalogue-version` on the
   * product list it served); without it the server takes the version in force at `createdAt`. */
  catalogueVersion: v.optional(WireInt),
  /** The ticket's own discount, as given (lines already carry its effect in their prices). */
  ticketDiscount: v.optional(v.object({ percent: v.optional(Percent), amountCents: v.optional(Cents) })),
  room: v.optional(
    v.object({
      roomReservationId: WireInt,
      roomNumber: v.optional(v.pipe(v.string(), v.maxLength(40))),
      guestName: v.optional(v.pipe(v.string(), v.maxLength(200))),
    }),
  ),
  /** For void, take-back, refund and late-charge: the earlier record it refers to. */
  refersTo: v.optional(Id),
  takeBack: v.optional(
    v.object({
      line: WireInt,
      quantity: v.pipe(v.number(), v.integer(), v.minValue(-9999), v.maxValue(9999)),
    }),
  ),
  /** A part of a split bill (its prices are the split's). */
  split: v.optional(v.literal(true)),
  /**
   * One of `parts` equal parts of one bill (`billId`, the tablet's id of the bill): `lines` are the
   * whole bill's at its quantities and prices (they come to `billCents`), `totalCents` is this
   * part's equal share. The server works out the part's lines (shared/bill-share.ts; docs/ledger.md,
   * "Equal splits"). A split record without it is recorded as sent (an older tablet).
   */
  share: v.optional(
    v.pipe(
      v.object({
        billId: Id,
        part: v.pipe(WireInt, v.minValue(1, 'must be at least 1')),
        parts: v.pipe(
          WireInt,
          v.minValue(2, 'must be at least 2'),
          v.maxValue(MAX_SHARE_PARTS, `must be at most ${MAX_SHARE_PARTS}`),
        ),
        billCents: NonNegativeCents,
      }),
      v.forward(
        v.check((share) => share.part <= share.parts, 'must not be above parts'),
        ['part'],
      ),
    ),
  ),
  reason: v.optional(v.pipe(v.string(), v.maxLength(300))),
  /** Managers' approval tokens for this record (each names this sale, this device and its action). */
  approvals: v.pipe(v.array(Token), v.maxLength(MAX_APPROVALS)),
  /** Shift events: the drawer and its opening float or counted cash. */
  shift: v.optional(
    v.object({
      shiftId: Id,
      drawer: v.optional(v.pipe(v.string(), v.maxLength(60))),
      floatCents: v.optional(NonNegativeCents),
    }),
  ),
});
export type LedgerRecord = v.InferOutput<typeof LedgerRecordSchema>;

/** The server's answer to a recorded sale (the same again for a resend). */
export interface LedgerRecordAnswer {
  saleId: string;
  /** The ledger's own consecutive number (all outlets). */
  seq: number;
  /** Consecutive receipt number within the outlet. */
  receiptNumber: number;
  recordedAt: string;
}

/** Where a PMS step of a recorded sale ended. */
export const PMS_OUTCOMES = ['done', 'refused', 'needs-attention', 'voided'] as const;
export type PmsOutcome = (typeof PMS_OUTCOMES)[number];

export const LedgerOutcomeSchema = v.object({
  step: v.pipe(WireInt, v.minValue(1)),
  /** The intent's name, e.g. 'cash-invoice.close@1'. */
  intent: v.pipe(v.string(), v.maxLength(80)),
  outcome: v.picklist(PMS_OUTCOMES),
  invoiceId: v.optional(WireInt),
  invoiceNumber: v.optional(v.pipe(v.string(), v.maxLength(60))),
  /** Charge (folio line) ids a room charge got. */
  chargeIds: v.optional(v.pipe(v.array(WireInt), v.maxLength(500))),
  message: v.optional(v.pipe(v.string(), v.maxLength(500))),
  at: Iso,
});
export type LedgerOutcome = v.InferOutput<typeof LedgerOutcomeSchema>;
