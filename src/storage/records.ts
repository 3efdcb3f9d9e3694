// The rows the till keeps in IndexedDB, one type per store. Owns: the shape of the sales journal,
// the outbox intents and the small key-value settings. Invariants: money is integer cents; times are
// epoch milliseconds; a row only ever gains optional fields (schema changes are additive), so a row
// written by any earlier version of the app still satisfies these types.
import type { DeviceRefusalCode } from '../pms/errors.ts';
import type { LedgerOutcome } from '../pms/ledger-wire.ts';
import type { TabletAuditEvent } from '../pms/staff-calls.ts';
import type { PaymentOptions, Product, RoomReservation, TaxClassesAccounts } from '../pms/wire.ts';

// ---------------------------------------------------------------------------------------------
// Journal

/** What a journal entry records. */
export type SaleKind =
  | 'cash-sale'
  | 'room-charge'
  | 'charge-reversal'
  | 'product-creation'
  /** A refused room charge (the guest had left) moved to a cash invoice addressed to the guest. */
  | 'late-charge'
  /** A correction of a confirmed cash sale, recorded on the till only (the PMS has no refund). */
  | 'cash-cancellation'
  /** A shift closed on this till: recorded on the sales ledger only (no lines, no PMS step). */
  | 'shift-close'
  /** A drawer's shift opened on this till with its opening float: recorded on the sales ledger only. */
  | 'shift-open';

/**
 * Where a sale stands towards the PMS: `pending` (not all steps confirmed yet), `needs-attention`
 * (a step was refused or could not be verified; later steps are held), `synced` (every step is
 * confirmed in the PMS), `voided` (staff voided it; steps not yet sent will never be sent).
 */
export type SaleStatus = 'pending' | 'needs-attention' | 'synced' | 'voided';

/** One line of a sale, as the till showed it to the guest. */
export interface SaleLine {
  productId: number;
  /** Product name as shown on the till (the PMS line name gets the sale reference appended). */
  name: string;
  quantity: number;
  unitPriceCents: number;
  // What the sales ledger records besides (issue 19); absent on lines recorded before it.
  /** The catalogue's price when sold; null for an open-price product. */
  cataloguePriceCents?: number | null;
  taxClassId?: number | null;
  /** The tax class's VAT rate in basis points (1900 = 19 %); null when not known. */
  vatRateBp?: number | null;
  commodityGroupId?: number | null;
  commodityGroupName?: string;
  /** The line's own discount, as given (a ticket line's `discount` is its own shape). */
  lineDiscount?: { percent?: number; amountOffEachCents?: number };
  /** The till server's catalogue version the line was sold from (the ledger judges its price by it). */
  catalogueVersion?: number;
}

/** Why a sale needs staff: the PMS's refusal or an unverifiable outcome, in plain words. */
export interface SaleAttention {
  step: number;
  kind: 'rejected' | 'cannot-verify' | 'unknown-intent';
  message: string;
  status?: number;
  field?: string;
  at: number;
}

/** One line of a sale's history, e.g. "Step 2 confirmed by reading back the invoice". */
export interface SaleNote {
  at: number;
  text: string;
}

/** A card taken on a stand-alone terminal (issue 30): the receipt number staff typed from it, and
 * a tip the guest added there (cents, 0 or absent when none; given back whole on a refund). */
export interface StandaloneCardRecord {
  receiptNumber: string;
  tipCents?: number;
}

/** A card payment through the terminal (issue 25), as the terminal reported it, kept with its sale. */
export interface CardPaymentRecord {
  /** The payment's number within the sale (the server keys it by sale id and this). */
  paymentNo: number;
  /** The card's name as the terminal gave it, e.g. 'Debit Mastercard'. */
  brand: string;
  /** The PAN as the terminal masked it, e.g. '************4771'. */
  maskedPan: string;
  terminalId: string;
  traceNumber: number;
  receiptNumber: number;
  /** The sale's amount charged to the card (cents), without the tip. */
  amountCents: number;
  /** The tip charged on top (cents): not revenue, owed to staff; 0 when none. */
  tipCents: number;
  /** Where the tip was entered. */
  tipFrom: 'till' | 'terminal' | null;
  /** The terminal's slip lines, when the till prints them. */
  slip?: string[];
}

/** A sale that is part `part` of `parts` equal parts of the bill `billId` (a ticket paid in equal parts). */
export interface SaleShare {
  billId: string;
  part: number;
  parts: number;
  billLines: SaleLine[];
}

export interface SaleRecord {
  /** Random UUID. */
  id: string;
  /** Short reference unique per till, e.g. 'K7QM-1F'; written into the PMS line names. */
  reference: string;
  kind: SaleKind;
  status: SaleStatus;
  createdAt: number;
  /** When the entry as staff see it (status, attention, notes) last changed; a step's progress alone does not. */
  updatedAt: number;
  staff: string;
  /** The signed-in staff member's id (issue 12); absent for sales made before sign-in existed. */
  staffId?: string;
  till: string;
  lines: SaleLine[];
  totalCents: number;
  /** Managers' approvals of this sale (signed tokens, pms/staff-keys.ts), sent with its writes. */
  approvals?: string[];
  payment?: { templateId: number; paymentMethodId: number; sendInvoice: boolean };
  /** For a sale paid by card through the terminal: the terminal's data and the tip. */
  card?: CardPaymentRecord;
  /** Paid (or, on a refund, given back) by card on a stand-alone terminal the till could not drive. */
  standaloneCard?: StandaloneCardRecord;
  room?: { roomReservationId: number; roomNumber?: string; guestName?: string; bookingDate?: string };
  /** Sales whose steps must be confirmed before this one's are sent (e.g. the charge a reversal undoes). */
  dependsOn?: string[];
  /** For a charge reversal: the sale it takes back. */
  reverses?: string;
  /** The reversal queued when this sale was voided. */
  reversedBy?: string;
  /** For a take-back by line: which line of the charge (0-based) and how many units. */
  takeBack?: { line: number; quantity: number };
  /** For a room charge: its take-backs by line, in the order they were recorded. */
  takeBacks?: string[];
  /** For a refused room charge: the late charge (a cash invoice to the guest) it was moved to. */
  movedTo?: string;
  /** For a late charge: the refused room charge it carries on. */
  lateChargeOf?: string;
  /** A part of a split bill, or what was left of one: its prices are the split's (sale-headers.ts says so). */
  split?: true;
  /** One of `parts` equal parts of a bill: `lines` are this part's (one per bill line, as the PMS
   * gets them), `billLines` the whole bill's, which the sales ledger gets (docs/ledger.md, "Equal splits"). */
  share?: SaleShare;
  /** For a cash cancellation: the confirmed cash sale it cancels, and its PMS invoice (to cancel there). */
  cancels?: { saleId: string; reference: string; invoiceId?: number };
  /** The cancellation recorded for this cash sale. */
  cancelledBy?: string;
  /** Why the sale was cancelled (a cash cancellation's reason). */
  reason?: string;
  /** How a sale paid at the till was paid: cash (handed over and change) or card. */
  tender?: { method: 'cash' | 'card'; tenderedCents?: number; changeCents?: number };
  /** The ticket's own discount, as given (its effect is in the lines' prices). */
  ticketDiscount?: { percent?: number; amountCents?: number };
  /** For a shift event: the shift, its drawer and the opening float. */
  shift?: { shiftId: string; drawer?: string; floatCents?: number };
  /** PMS step outcomes not yet reported to the sales ledger (outbox/ledger-outcomes.ts). */
  ledgerOutcomes?: LedgerOutcome[];
  /** Keys of every outcome ever queued for the ledger, so none is queued twice. */
  ledgerKeys?: string[];
  /** Present (the sale's createdAt) while `ledgerOutcomes` waits: the `by-ledger-unreported` index. */
  ledgerUnreported?: number;
  /**
   * v4, pending sales only (sale-wake.ts): when its open step is due (that step's `notBefore`), the
   * `by-wake-at` index, so a replay run reads only the sales that are due, not the whole backlog.
   */
  wakeAt?: number;
  /** v4, pending sales only: since when its open step waits (its last failure, or its creation): `by-waiting-since`. */
  waitingSince?: number;
  attention?: SaleAttention;
  notes: SaleNote[];
  voided?: { reason: string; at: number; staff?: string };
  syncedAt?: number;
}

// ---------------------------------------------------------------------------------------------
// Outbox

/**
 * Where one intent stands:
 * - `queued`: not sent yet, or known not to have been applied; due from `notBefore`.
 * - `in-flight`: being sent now. Found at the start of a replay run it means the last sender died
 *   mid-request, so the outcome is unknown.
 * - `unsure`: sent, but no answer came (network, timeout, 5xx): read back before any re-send.
 * - `done`: applied in the PMS; `result` holds what later steps need.
 * - `failed`: the PMS refused it (4xx); staff must correct and retry, or void.
 * - `unverifiable`: the outcome is unknown and the interface offers no way to read it back.
 * - `voided`: staff voided the sale before this step was applied.
 * - `superseded`: replaced by a newer revision of the same step (a corrected payload).
 */
export type IntentState =
  | 'queued'
  | 'in-flight'
  | 'unsure'
  | 'done'
  | 'failed'
  | 'unverifiable'
  | 'voided'
  | 'superseded';

export interface IntentError {
  /** A PmsError kind, or 'invalid-request', 'cannot-verify', 'unknown-intent'. */
  kind: string;
  message: string;
  status?: number;
  field?: string;
  /** A 'server' error where the gateway could not reach the PMS (its 502/504). */
  pmsUnreachable?: boolean;
  /** The till server's code of a refusal (e.g. the ledger's `sale_conflict`), for staff words. */
  code?: string;
  at: number;
}

export interface IntentRecord {
  /** Global order, assigned by the store (autoIncrement); absent only before the first write. */
  seq?: number;
  saleId: string;
  /** 1-based position within the sale; steps run in this order. */
  step: number;
  /** 0 for the original; +1 for each corrected or re-posted version of the same step. */
  revision: number;
  /** Intent name with version, e.g. 'cash-invoice.create@1'. A payload change gets a new name. */
  name: string;
  payload: unknown;
  state: IntentState;
  /** How many times it was sent. */
  attempts: number;
  /** Sends that ended without an answer (each then read back before anything else). */
  uncertainSends?: number;
  /** Transient failures in a row (sends or read-backs); drives the backoff, reset on progress. */
  failuresInRow?: number;
  /** Not sent (or read back) before this time: the backoff. */
  notBefore: number;
  createdAt: number;
  sentAt?: number;
  settledAt?: number;
  /** What later steps (and reversals) need, e.g. `{invoiceId}`. */
  result?: unknown;
  /** PMS state read just before sending, to judge an unknown outcome against (removals). */
  before?: unknown;
  lastError?: IntentError;
}

// ---------------------------------------------------------------------------------------------
// Key-value settings and bookkeeping (store `meta`)

export interface MetaValues {
  /** Random tag of this browser profile, the first part of every sale reference. */
  'device-tag': string;
  /** Last sale number drawn on this device. */
  'reference-counter': number;
  /** Origin of the gateway, '' for the app's own origin; the service worker reads it. */
  'gateway-base-url': string;
  'last-sync-at': number;
  /** Last transient failure of a replay run (cleared by a clean run). */
  'last-error': { at: number; message: string; unreachable?: 'till-server' | 'pms' } | null;
  /** No request is sent before this time (a 429 with Retry-After). */
  'paused-until': number;
  /** The PMS was unreachable: no new attempt before this time, unless staff or 'online' say so. */
  'unreachable-until': number;
  /** Replay runs in a row that stopped as unreachable without an answer (the hold's backoff, outbox/replay.ts). */
  'unreachable-streak': number;
  /**
   * The PMS failed every write in a row (5xx; outbox/replay.ts, `settlePmsFailing`): no PMS step is
   * sent before `until` (ledger steps still are), unless a retry pass after `at` lifts it. `since`:
   * the run's last look at what was due (its time, the last intent key then; due-sales.ts): every
   * sale due by then had its ledger step tried; `streak`: such runs in a row in which no PMS step
   * landed (the hold's backoff).
   */
  'pms-failing': { at: number; since: { at: number; seq: number }; until: number; streak: number } | null;
  /**
   * The gateway refused this tablet (not paired, or unpaired by a manager): why, since when, and
   * no new attempt before `until` (a short, fixed recheck). Cleared by pairing, or by a run that
   * got through the gateway.
   */
  'pairing-hold': { code: DeviceRefusalCode; at: number; until: number } | null;
  /**
   * Every step waiting since before this time is due now (a reconnect or "Sync now"): one write,
   * however many wait (outbox/schedule.ts applies it as it reads).
   */
  'all-due-at': number;
  /**
   * A run the PMS answered at `at`: every step waiting since before then with a backoff past `by`
   * is due by `by` (replay.ts, outbox/schedule.ts).
   */
  'brought-forward': { at: number; by: number };
  /** When the last replay run (page or service worker) found the next step due; null: none waits. */
  'next-attempt-at': number | null;
  /** When a step last got an answer from the till server or the PMS (for "sending stopped"). */
  'last-progress-at': number;
  /** Result of navigator.storage.persist(), or null when the browser has no such API. */
  'storage-persisted': boolean | null;
  /** Reports for the till server's audit log not yet delivered (storage/audit-queue.ts). */
  'audit-queue': TabletAuditEvent[];
  /** Reports the server refused, for the sync view (at most 50). */
  'audit-refused': { event: TabletAuditEvent; code: string }[];
  /**
   * A completed sale's receipt, kept beside the journal for printing copies (features/payment/receipt.ts
   * checks its shape when reading): IndexedDB outlives a killed browser, localStorage may not.
   */
  [receipt: `receipt:${string}`]: object;
}
export type MetaKey = keyof MetaValues;

// ---------------------------------------------------------------------------------------------
// Offline caches for the staff views (schema v2)

/** A product as GET /api/get/products/available lists it (price in cents). */
export type CatalogueProduct = Product;

export interface CatalogueMetaValues {
  'payment-options': PaymentOptions;
  'tax-classes-accounts': TaxClassesAccounts;
  'last-refreshed-at': number;
  /** The catalogue version the till server named on the cached product list (src/server/catalogue/). */
  'catalogue-version': number;
  /** The ETags of the cached answers (pms/catalogue-reads.ts), named on the next refresh's reads. */
  'catalogue-etags': { products?: string; payment?: string; tax?: string };
  /**
   * The whole product list as ONE value, in display order, next to the rows of the `catalogue`
   * store (added within schema v2: a new key, no new store). Reading it at start is one read
   * instead of thousands (~2 ms instead of ~100 ms for 5,000 products in Chromium). Written in
   * the same transaction as the rows; `refreshedAt` and `count` let a reader tell a list that an
   * older app version left behind (it writes rows only) and fall back to the rows.
   */
  'products-snapshot': { refreshedAt: number; count: number; products: CatalogueProduct[] };
}
export type CatalogueMetaKey = keyof CatalogueMetaValues;

/** Where a ticket is: being rung up, parked as a tab, or paid (it became a sale). */
export type TicketStatus = 'open' | 'parked' | 'paid';

/**
 * A ticket at the till, one record for every tab of the browser (ticket-store.ts): the one being
 * rung up, a parked tab, or a paid one. Rows written before the ticket became one record have
 * neither `status` nor `version`: they are parked tabs at version 0.
 */
export interface TicketRecord {
  id: string;
  label: string;
  lines: SaleLine[];
  staff: string;
  createdAt: number;
  updatedAt: number;
  room?: { roomReservationId: number; roomNumber?: string; guestName?: string };
  /** Counts every change; a payment names the version it was made for. */
  version?: number;
  status?: TicketStatus;
  note?: string;
  /** When it was paid, and the sale it became. */
  paidAt?: number;
  saleId?: string;
  /** The id the next part of a split paid from it is recorded under. */
  partSaleId?: string;
}

/** An in-house room reservation, cached for room charges while offline. */
export type CachedReservation = RoomReservation & { cachedAt: number };
