// The sales the sync view lists, with their steps. Owns: which sales it shows (needing attention or
// pending, the newest confirmed, refunded and voided ones), each with its current steps, read again
// whenever the outbox changes (coalesced), and staff's actions on them: retry, settle, late charge,
// and void, which asks a manager's approval first where one is needed.
import { type Accessor, createSignal, onCleanup } from 'solid-js';
import { checkVoid, resolveUnverifiable, retrySale, voidSale } from '../../outbox/actions';
import { CREATE_CASH_INVOICE, type CreatedCashInvoice } from '../../outbox/intents/index';
import { moveToLateCharge } from '../../outbox/late-charge';
import { placeOf, placesInDoubt, waitsForAnother } from '../../outbox/one-doubt';
import { currentSteps } from '../../outbox/sale-state';
import { subscribeOutbox } from '../../outbox/status';
import { getMeta } from '../../storage/db';
import { listSales, readOutboxCounts } from '../../storage/journal-queries';
import { readSale } from '../../storage/outbox-store';
import type { IntentRecord, SaleRecord } from '../../storage/records';
import { syncNow } from '../device';
import { saleOrigin } from '../room-charge';
import { approvalFor, report } from '../staff';
import { type OldestWait, oldestWait } from './oldest-wait';

export { refusedAsGuestLeft } from '../../outbox/late-charge';
export type { IntentRecord, SaleRecord } from '../../storage/records';
export type { OldestWait } from './oldest-wait';

export interface SaleWithSteps {
  sale: SaleRecord;
  /** The latest revision of each step, in step order. */
  steps: IntentRecord[];
  /** The cash invoice the sale opened in the PMS, once it has (cash sales, late charges). */
  invoiceId?: number;
  /** For a refused room charge moved to a late charge: that sale and its invoice. */
  movedTo?: { reference: string; invoiceId?: number };
  /** A waiting step held while another sale's write to the same room is in doubt (outbox/one-doubt.ts):
   * the step (its position in the sale) and that sale's reference. */
  heldBehind?: { step: number; reference: string };
}

export interface SyncList {
  /** The oldest needing attention, at most the page shown. */
  attention: SaleWithSteps[];
  /** The oldest waiting or being sent, at most the page shown; `sending` marks those with a step in flight. */
  pending: SaleWithSteps[];
  /** How many need attention, and how many wait, in all (the lists are pages of them). */
  attentionTotal: number;
  pendingTotal: number;
  /** What the oldest waiting sale waits for; undefined when none waits. */
  oldest?: OldestWait;
  confirmed: SaleWithSteps[];
  /** Refunds of confirmed cash sales: nothing to send, but the PMS invoice is still to cancel by hand. */
  cancellations: SaleWithSteps[];
  voided: SaleWithSteps[];
}

/** How many confirmed (and voided) sales the view shows. */
const RECENT = 25;
/** Sales needing attention, and waiting, shown at first and added by each `more()`. */
const PAGE = 50;
const COALESCE_MS = 150;

/** Whether a step of the sale is being sent right now. */
export function isSending(entry: SaleWithSteps): boolean {
  return entry.steps.some((step) => step.state === 'in-flight');
}

function invoiceOf(steps: readonly IntentRecord[]): number | undefined {
  const created = steps.find((step) => step.name === CREATE_CASH_INVOICE && step.state === 'done');
  return (created?.result as CreatedCashInvoice | undefined)?.invoiceId;
}

/** The outbox's places in doubt, and the references of the sales that can hold one there. */
interface Holders {
  doubts: ReadonlyMap<string, ReadonlySet<string>>;
  references: ReadonlyMap<string, string>;
}

async function withSteps(sales: readonly SaleRecord[], holders: Holders): Promise<SaleWithSteps[]> {
  const entries = await Promise.all(sales.map((sale) => readSale(sale.id)));
  const shown = await Promise.all(
    entries.map(async (entry) => (entry ? describe(entry, holders) : undefined)),
  );
  return shown.filter((entry) => entry !== undefined);
}

/** The waiting step of `steps` that another sale's write in doubt holds back, and that sale's reference. */
function heldBehind(steps: readonly IntentRecord[], holders: Holders): SaleWithSteps['heldBehind'] {
  const held = steps.find((step) => step.state === 'queued' && waitsForAnother(step, holders.doubts));
  const place = held && placeOf(held);
  if (!held || place === undefined) return undefined;
  for (const saleId of holders.doubts.get(place) ?? []) {
    const reference = holders.references.get(saleId);
    if (saleId !== held.saleId && reference) return { step: held.step, reference };
  }
  return undefined;
}

async function describe(
  entry: { sale: SaleRecord; intents: IntentRecord[] },
  holders: Holders,
): Promise<SaleWithSteps> {
  const steps = currentSteps(entry.intents);
  const invoiceId = invoiceOf(steps);
  const held = heldBehind(steps, holders);
  const shown: SaleWithSteps = {
    sale: entry.sale,
    steps,
    ...(invoiceId ? { invoiceId } : {}),
    ...(held ? { heldBehind: held } : {}),
  };
  const late = entry.sale.movedTo ? await readSale(entry.sale.movedTo) : undefined;
  if (!late) return shown;
  const lateInvoice = invoiceOf(currentSteps(late.intents));
  return {
    ...shown,
    movedTo: { reference: late.sale.reference, ...(lateInvoice ? { invoiceId: lateInvoice } : {}) },
  };
}

/**
 * Reads the list once: of the sales needing attention and of those waiting, the oldest `shown`
 * (a page: the view asks for more), with the totals; never every pending sale.
 */
export async function readSyncList(shown = PAGE): Promise<SyncList> {
  const [attention, pending, confirmed, voided, doubts, counts, allDueAt] = await Promise.all([
    listSales({ status: 'needs-attention', limit: shown, oldestFirst: true }),
    listSales({ status: 'pending', limit: shown, oldestFirst: true }),
    listSales({ status: 'synced', limit: RECENT }),
    listSales({ status: 'voided', limit: RECENT }),
    placesInDoubt(),
    readOutboxCounts(),
    getMeta('all-due-at'),
  ]);
  // a step in doubt is being sent or unsure (its sale pending) or unverifiable (needing attention)
  const references = new Map([...attention, ...pending].map((sale) => [sale.id, sale.reference]));
  const holders: Holders = { doubts, references };
  const isCancellation = (sale: SaleRecord) => sale.kind === 'cash-cancellation';
  const waiting = await withSteps(pending, holders);
  const oldest = waiting[0] && oldestWait(waiting[0], Date.now(), allDueAt ?? 0);
  return {
    attention: await withSteps(attention, holders),
    pending: waiting,
    attentionTotal: counts.needsAttention,
    pendingTotal: counts.pending,
    ...(oldest ? { oldest } : {}),
    confirmed: await withSteps(
      confirmed.filter((sale) => !isCancellation(sale)),
      holders,
    ),
    cancellations: await withSteps(confirmed.filter(isCancellation), holders),
    voided: await withSteps(voided, holders),
  };
}

/**
 * The list (reactive), undefined until first read, and `more()` to show another page of the sales
 * needing attention and waiting; call in a component.
 * @example const list = createSyncList(); list()?.attention.length; list.more();
 */
export function createSyncList(): Accessor<SyncList | undefined> & { more: () => void } {
  const [list, setList] = createSignal<SyncList>();
  let disposed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown = PAGE;
  const read = () => {
    timer = undefined;
    readSyncList(shown).then(
      (next) => {
        if (!disposed) setList(next);
      },
      (error: unknown) => console.error('[sync] could not read the sales', error),
    );
  };
  read();
  const stop = subscribeOutbox(() => {
    timer ??= setTimeout(read, COALESCE_MS);
  });
  onCleanup(() => {
    disposed = true;
    clearTimeout(timer);
    stop();
  });
  const more = () => {
    shown += PAGE;
    read();
  };
  return Object.assign(list, { more });
}

/** A staff action is news the backoff could not know, like "Sync now": everything waiting is tried. */
function sendAfterStaffAction(): void {
  syncNow().catch((error: unknown) => console.error('[sync] could not start sending', error));
}

/** Sends a refused or waiting sale again, now. */
export async function retry(saleId: string): Promise<void> {
  await retrySale(saleId, { by: saleOrigin().staff || undefined });
  sendAfterStaffAction();
}

/** Staff checked the PMS: the step was posted ('applied') or should be posted again ('resend'). */
export async function resolve(saleId: string, decision: 'applied' | 'resend'): Promise<void> {
  await resolveUnverifiable(saleId, decision, { by: saleOrigin().staff || undefined });
  sendAfterStaffAction();
}

/** Throws the outbox's refusal when the sale cannot be voided as it stands (asked before the manager's PIN). */
export function mayVoid(saleId: string): Promise<void> {
  return checkVoid(saleId);
}

/**
 * Voids `sale` with a reason (an applied room charge is taken back by a reversal, sent at once),
 * after a manager's approval where one is needed (`what` says it in the approval dialog; it travels
 * with the reversal and the report). Answers true once voided, false when the approval was cancelled.
 */
export async function voidWithReason(
  sale: Pick<SaleRecord, 'id' | 'totalCents'>,
  reason: string,
  what: string,
): Promise<boolean> {
  const saleId = sale.id;
  const approval = await approvalFor(
    { action: 'void_sale', subject: saleId, amountCents: sale.totalCents },
    what,
  );
  if (approval === null) return false; // not approved: nothing is voided
  const origin = { ...saleOrigin(), ...(approval ? { approvals: [approval] } : {}) };
  const reversal = await voidSale(saleId, reason.trim(), origin);
  const voided = (await readSale(saleId))?.sale;
  // A void that takes a charge back is a record of the sales ledger (the reversal, with the
  // approval); a sale voided before it reached the PMS is reported to the audit log.
  if (voided && !reversal) {
    report({
      id: `void_sale:${saleId}`,
      kind: 'void_sale',
      staffId: origin.staffId ?? null,
      subject: saleId,
      amountCents: voided.totalCents,
      note: `${voided.reference}: ${reason.trim()}`,
      ...(approval ? { approval } : {}),
    });
  }
  if (reversal) sendAfterStaffAction();
  return true;
}

/** Moves a room charge refused because the guest left to a late charge (a cash invoice to the guest), sent at once. */
export async function lateCharge(saleId: string): Promise<SaleRecord> {
  const late = await moveToLateCharge(saleId, saleOrigin());
  sendAfterStaffAction();
  return late;
}
