// What an intent is: a named, versioned PMS write that is sent (its request built at replay time from
// the payload and earlier results) and, when a send ended without an answer, reconciled by reading PMS
// state back. Owns the contract every intent implements, the sale-reference marker in PMS line names,
// and finding earlier steps' results. Invariants: payloads hold business data only, never credentials
// or requests; a shape change gets a new name (`…@2`), the old one stays. docs/outbox.md, "Recording".
import type { PmsClient } from '../../pms/client.ts';
import type { PmsRejectedError } from '../../pms/errors.ts';
import type { OutboxOperation } from '../../pms/operations.ts';
import type { SaleRecord } from '../../storage/records.ts';

/** The PMS calls (and the till server's ledger calls) the outbox makes; tests pass a fake with the same functions. */
export type OutboxPms = Pick<
  PmsClient,
  | 'createCashInvoice'
  | 'addInvoiceProducts'
  | 'closeInvoice'
  | 'getInvoice'
  | 'setInvoiceRecipient'
  | 'addProducts'
  | 'removeProducts'
  | 'getRoomReservation'
  | 'getReservationCost'
  | 'getAvailableProducts'
  | 'createProduct'
  | 'recordLedgerSale'
  | 'reportLedgerOutcome'
  | 'readLastClosing'
>;

/** A done step's result, as later steps (and reversals) see it. */
export interface StepResult {
  saleId: string;
  step: number;
  name: string;
  result: unknown;
}

export interface IntentContext {
  sale: SaleRecord;
  step: number;
  /** This intent's marker in PMS line names, e.g. 'K7QM-1F/2' (revision 1: 'K7QM-1F/2b'). */
  marker: string;
  /** Results of this sale's done steps and of the sales it depends on. */
  results: readonly StepResult[];
  /** PMS state captured by `captureBefore` just before the (first) send. */
  before: unknown;
}

/** The answer of a read-back after an unknown outcome. */
export type Reconciliation<R> =
  | { outcome: 'applied'; result: R; note: string }
  | { outcome: 'not-applied'; note: string }
  | { outcome: 'cannot-verify'; reason: string };

export interface IntentDefinition<P = unknown, R = unknown> {
  /** e.g. 'cash-invoice.create@1' */
  name: string;
  /** The client function it writes with (decides what counts as an unknown outcome). */
  operation: OutboxOperation;
  /** The step in staff words, e.g. 'Close the invoice'. */
  title: string;
  /** Sends the write; answers what to keep as the step's result. */
  send(pms: OutboxPms, payload: P, context: IntentContext): Promise<R>;
  /** Reads PMS state back to decide whether a send that got no answer was applied. */
  reconcile(pms: OutboxPms, payload: P, context: IntentContext): Promise<Reconciliation<R>>;
  /** Reads the state a later reconcile compares against; stored with the intent before sending. */
  captureBefore?(pms: OutboxPms, payload: P, context: IntentContext): Promise<unknown>;
  /** A refusal of a re-send that proves the earlier send was applied (e.g. "already closed"). */
  appliedDespite?(error: PmsRejectedError, payload: P, context: IntentContext): R | undefined;
}

/** The marker of one revision of one step of a sale: `K7QM-1F/2`, then `K7QM-1F/2b`, `K7QM-1F/2c`. */
export function stepMarker(reference: string, step: number, revision: number): string {
  const suffix = revision > 0 ? String.fromCharCode(97 + Math.min(revision, 25)) : '';
  return `${reference}/${step}${suffix}`;
}

const MAX_LINE_NAME = 200;
const SEPARATOR = ' · ';

/**
 * A PMS line name carrying the marker, cut to the wire's 200 characters.
 * @example markedName('Pils 0,3 l', 'K7QM-1F/2') === 'Pils 0,3 l · K7QM-1F/2'
 */
export function markedName(name: string, marker: string): string {
  const room = MAX_LINE_NAME - SEPARATOR.length - marker.length;
  return `${name.trim().slice(0, room).trimEnd()}${SEPARATOR}${marker}`;
}

/** True when a PMS line name carries exactly this marker. */
export function hasMarker(name: string, marker: string): boolean {
  return name.trimEnd().endsWith(`${SEPARATOR.trimEnd()} ${marker}`) || name.trim() === marker;
}

/**
 * The result of the latest done step with this intent name (of this sale unless `saleId` given).
 * @throws Error when there is none: the engine only sends a step after the ones it depends on.
 */
export function resultOf<R>(context: IntentContext, name: string, saleId = context.sale.id): R {
  const found = context.results.filter((r) => r.saleId === saleId && r.name === name).at(-1);
  if (!found) throw new Error(`no result of ${name} for sale ${saleId}`);
  return found.result as R;
}

/** A product line of a write, as the till holds it (price in cents, the price the guest was shown). */
export interface PayloadLine {
  productId: number;
  quantity: number;
  name: string;
  priceCents: number;
}

/** Product lines for the PMS client, names marked, prices sent so the PMS charges what the till showed. */
export function linesToProducts(lines: readonly PayloadLine[], marker: string) {
  return lines.map((line) => ({
    id: line.productId,
    quantity: line.quantity,
    name: markedName(line.name, marker),
    price: line.priceCents,
  }));
}
