// What an intent is: a named, versioned PMS write that is sent (its request built at replay time from
// the payload and earlier results) and, when a send ended without an answer, reconciled by reading PMS
// state back. Owns the contract every intent implements, the step's marker (in notes, no longer in the
// PMS), finding earlier steps' results and a write's lines among PMS items. Invariants: payloads hold
// business data only; a shape change gets a new name (`…@2`), the old one stays. docs/outbox.md.
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
  | 'recordLedgerSales'
  | 'reportLedgerOutcome'
  | 'reportLedgerOutcomes'
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
  /** This step's marker in notes, e.g. 'K7QM-1F/2' (revision 1: 'K7QM-1F/2b'); earlier versions put it in PMS line names. */
  marker: string;
  /** Results of this sale's done steps and of the sales it depends on. */
  results: readonly StepResult[];
  /** PMS state captured by `captureBefore` just before the send. */
  before: unknown;
  /** This till's other writes with intent `name` that are done, being sent, or unsure (read-backs ask). */
  ownWrites?: (name: string) => Promise<readonly OwnWrite[]>;
}

/** A read-back that must wait a moment (another write it could be confused with is on its way). */
export class ReadBackLater extends Error {
  override readonly name = 'ReadBackLater';
}

/** One of this till's writes of another sale, as a read-back sees it. */
export interface OwnWrite {
  saleId: string;
  state: 'done' | 'in-flight' | 'unsure';
  payload: unknown;
  result: unknown;
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
  /**
   * The place the write changes, for a write whose read-back compares that place before and after:
   * the till then has at most one write in doubt there at a time (one-doubt.ts).
   * @example place: (payload) => roomPlace(payload.roomReservationId)
   */
  place?(payload: P): string;
}

/** The marker of one revision of one step of a sale: `K7QM-1F/2`, then `K7QM-1F/2b`, `K7QM-1F/2c`. */
export function stepMarker(reference: string, step: number, revision: number): string {
  const suffix = revision > 0 ? String.fromCharCode(97 + Math.min(revision, 25)) : '';
  return `${reference}/${step}${suffix}`;
}

const MAX_LINE_NAME = 200;
const SEPARATOR = ' · ';

/** A line's name as the PMS gets it: the product name only, cut to the wire's 200 characters. */
export function lineName(name: string): string {
  return name.trim().slice(0, MAX_LINE_NAME).trimEnd();
}

/**
 * The line name an earlier version of the till sent, with the step's marker appended; read back
 * only, so a step such a version sent and never heard back from is still found.
 * @example markedName('Pils 0,3 l', 'K7QM-1F/2') === 'Pils 0,3 l · K7QM-1F/2'
 */
export function markedName(name: string, marker: string): string {
  const room = MAX_LINE_NAME - SEPARATOR.length - marker.length;
  return `${name.trim().slice(0, room).trimEnd()}${SEPARATOR}${marker}`;
}

/** True when a PMS line name carries exactly this marker (as earlier versions of the till wrote it). */
export function hasMarker(name: string, marker: string): boolean {
  return name.trimEnd().endsWith(`${SEPARATOR}${marker}`);
}

/** A PMS item as far as finding a write's lines goes. */
interface ItemLike {
  id: number;
  product_id: number | null;
  name: string;
  quantity: number;
  price: number;
}

/** True when `item` is what sending `line` makes: same product, quantity, unit price and name. */
function itemIsLine(item: ItemLike, line: PayloadLine, marker: string): boolean {
  return (
    item.product_id === line.productId &&
    item.quantity === line.quantity &&
    item.price === line.priceCents &&
    (item.name === lineName(line.name) || item.name === markedName(line.name, marker))
  );
}

/**
 * The write's lines among `items` (the items a read-back may count as this write's):
 * `found` with one item per line, in line order; `none` when no item is any of the lines; and
 * `unclear` when only some lines are there or more items fit than the write made.
 * @example findLines(invoice.invoice_items, payload.lines, context.marker)
 */
export function findLines<I extends ItemLike>(
  items: readonly I[],
  lines: readonly PayloadLine[],
  marker: string,
  /** Items that may be left over: writes with the same lines, answer unknown too, may hold them. */
  spare = 0,
): { kind: 'found'; items: I[] } | { kind: 'none' } | { kind: 'unclear'; fitting: number } {
  const fitting = items.filter((item) => lines.some((line) => itemIsLine(item, line, marker)));
  if (fitting.length === 0) return { kind: 'none' };
  const left = [...fitting].sort((a, b) => a.id - b.id);
  const found: I[] = [];
  for (const line of lines) {
    const at = left.findIndex((item) => itemIsLine(item, line, marker));
    if (at < 0) return { kind: 'unclear', fitting: fitting.length };
    found.push(...left.splice(at, 1));
  }
  return left.length <= spare
    ? { kind: 'found', items: found }
    : { kind: 'unclear', fitting: fitting.length };
}

/**
 * The places where a write's lines stand among `items` as one unbroken run, in line order (items by
 * id): one PMS call makes its items one after another, so a run is how one write's items look.
 * @example linesInRuns(roomItems, payload.lines, context.marker) // [[item 241, item 242]]
 */
export function linesInRuns<I extends ItemLike>(
  items: readonly I[],
  lines: readonly PayloadLine[],
  marker: string,
): I[][] {
  const ordered = [...items].sort((a, b) => a.id - b.id);
  const runs: I[][] = [];
  for (let start = 0; start + lines.length <= ordered.length; start++) {
    const run = ordered.slice(start, start + lines.length);
    if (lines.every((line, at) => itemIsLine(run[at]!, line, marker))) runs.push(run);
  }
  return runs;
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

/** Product lines for the PMS client: the product names only, prices sent so the PMS charges what the till showed. */
export function linesToProducts(lines: readonly PayloadLine[]) {
  return lines.map((line) => ({
    id: line.productId,
    quantity: line.quantity,
    name: lineName(line.name),
    price: line.priceCents,
  }));
}
