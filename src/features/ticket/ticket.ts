// The ticket being rung up, as this tab shows it: its lines and note (rules in ticket-lines.ts),
// its totals, and every change kept in localStorage at once, so a reload or crash never loses a tap
// and a new tab opens the same ticket. Keeping it as the one record every tab shares (IndexedDB,
// the other tabs, paying it once) is ticket-keeping.ts, loaded after the first screen; each change
// is handed to it in order. Invariant: only a sale or staff (clear, park) empties the ticket.
import { createMemo, createRoot } from 'solid-js';
import type { Cents } from '../../pms/money';
import type { Product } from '../../pms/wire';
import { newId } from '../../rules/ids';
import {
  type TicketLine,
  withOpenPriceLine,
  withoutLine,
  withProduct,
  withQuantity,
} from '../../rules/ticket-lines';
import { type Totals, totalsOf } from '../../rules/totals';
import { LOCAL_KEYS, readLocal } from '../../storage/local';
import { taxClasses } from '../catalogue';
import { type EqualSplit, emptyTicket, reviveTicket, type Ticket } from './ticket-record';
import { showTicket, currentTicket as ticket } from './ticket-signal';

export type { TicketLine } from '../../rules/ticket-lines';
export { emptyTicket, reviveTicket, type Ticket, TicketEndedError } from './ticket-record';

type Keeping = typeof import('./ticket-keeping');

const totals = createRoot(() => createMemo(() => totalsOf(ticket().lines, taxClasses())));
let keeping: Promise<Keeping> | undefined;
/** ticket-keeping.ts once loaded; changes handed to it before then, still queued; the last of them. */
let kept: Keeping | undefined;
let queued = 0;
let handedOver: Promise<void> = Promise.resolve();

export { currentTicket, ticketNewsHeard } from './ticket-signal';

/**
 * The current ticket's lines (reactive).
 * @example <For each={ticketLines()}>{(line) => <li>{line.name}</li>}</For>
 */
export function ticketLines(): readonly TicketLine[] {
  return ticket().lines;
}

/**
 * Gross total and VAT per tax class of the current ticket (reactive).
 * @example formatCents(ticketTotals().grossCents)
 */
export function ticketTotals(): Totals {
  return totals();
}

/** Adds one of a catalogue product (merging with its line). Throws TicketLineError for open prices. */
export function addProduct(product: Product, quantity = 1): void {
  update((t) => ({ ...t, lines: withProduct(t.lines, product, quantity) }));
}

/**
 * Adds an open-price item once with a typed name and amount, with the manager's `approval` when
 * one was needed. Throws TicketLineError or MoneyError on bad input.
 */
export function addOpenPriceLine(
  product: Product,
  name: string,
  amountCents: Cents,
  approval?: string,
): void {
  const key = `o${newId()}`;
  update((t) => ({
    ...t,
    lines: withOpenPriceLine(t.lines, product, name, amountCents, key),
    ...(approval ? { approvals: [...(t.approvals ?? []), approval] } : {}),
  }));
}

/**
 * The id the current ticket's sale will have, fixed now (an approval is about to name it).
 * @example approvalFor({ action: 'open_price', subject: ticketSaleId(), amountCents }, what)
 */
export function ticketSaleId(): string {
  const current = ticket();
  if (current.saleId) return current.saleId;
  const saleId = crypto.randomUUID();
  update((t) => ({ ...t, saleId: t.saleId ?? saleId }));
  return ticket().saleId ?? saleId;
}

/**
 * The id the next part of a split paid from the current ticket will have (a sale of its own), fixed
 * now and kept with the ticket, so a reload or a second try pays it under the same id.
 */
export function ticketPartSaleId(): string {
  const current = ticket();
  if (current.partSaleId) return current.partSaleId;
  const partSaleId = crypto.randomUUID();
  update((t) => ({ ...t, partSaleId: t.partSaleId ?? partSaleId }));
  return ticket().partSaleId ?? partSaleId;
}

/** What the current ticket's sale is recorded with: its fixed id and approvals, when it has them. */
export function ticketApprovals(): { saleId?: string; approvals?: string[] } {
  const { saleId, approvals } = ticket();
  return saleId && approvals?.length ? { saleId, approvals: [...approvals] } : {};
}

/**
 * Replaces the line with `key` by `change(line)` (e.g. its discount: line-discount.ts), with a
 * manager's `approval` when one was needed; nothing happens when the line is gone.
 * @example changeLine('p7', (line) => withLineDiscount(line, { kind: 'percent', percent: 10 }));
 */
export function changeLine(key: string, change: (line: TicketLine) => TicketLine, approval?: string): void {
  update((t) => ({
    ...t,
    lines: t.lines.map((line) => (line.key === key ? change(line) : line)),
    ...(approval ? { approvals: [...(t.approvals ?? []), approval] } : {}),
  }));
}

/** The equal split under way on the current ticket (parts paid of how many), if any. */
export function ticketEqualSplit(): EqualSplit | undefined {
  return ticket().equalSplit;
}

/**
 * After one part of a split was paid: the rest of the lines stay on the ticket, kept as any change,
 * and the ticket is marked split (the rest's prices are the split's, below the catalogue's). A part
 * of `ofParts` equal parts (of what was open) counts on the ticket, so the pay screen goes on with
 * the next part instead of the whole rest; `bill` is the bill an equal split shares (docs/ledger.md,
 * "Equal splits"), kept from its first part to its last.
 */
export function keepRestOfTicket(rest: TicketLine[], ofParts?: number, bill?: EqualSplit['bill']): void {
  update((t) => {
    const paidBefore = t.equalSplit?.paid ?? 0;
    const { equalSplit: _done, partSaleId: _paidUnder, ...kept } = t;
    const equalSplit = ofParts
      ? { parts: paidBefore + ofParts, paid: paidBefore + 1, ...(bill ? { bill } : {}) }
      : undefined;
    return { ...kept, lines: rest, split: true, ...(equalSplit ? { equalSplit } : {}) };
  }, false);
}

/**
 * Sets a line's quantity, with a manager's `approval` when one was needed (sale-plan.ts
 * `changeQuantity` asks); 0 removes the line. Throws TicketLineError above the most a line takes.
 */
export function setQuantity(key: string, quantity: number, approval?: string): void {
  update((t) => ({
    ...t,
    lines: withQuantity(t.lines, key, quantity),
    ...(approval ? { approvals: [...(t.approvals ?? []), approval] } : {}),
  }));
}

export function removeLine(key: string): void {
  update((t) => ({ ...t, lines: withoutLine(t.lines, key) }));
}

export function setNote(note: string): void {
  update((t) => ({ ...t, note: note.slice(0, 500) }));
}

/** Puts `lines` under `label` on the current, empty ticket (parked.ts `startTicketWith`). */
export function fillTicket(label: string, lines: TicketLine[]): void {
  update((t) => ({ ...t, label: label.slice(0, 60), lines }));
}

/**
 * Starts afresh (after a sale, or when staff clear it): the ticket another tab already started when
 * this one shows a ticket paid elsewhere, else a new, empty one.
 */
export function clearTicket(): void {
  startAfresh(ticket().paidAt !== undefined);
}

/**
 * A new ticket; or, when the shown one `ended` elsewhere (paid, parked), the ticket the other tabs
 * share now (localStorage) if one has moved on.
 */
function startAfresh(ended: boolean): void {
  const shown = ticket();
  const shared = reviveTicket(readLocal(LOCAL_KEYS.currentTicket));
  if (ended && shared && shared.id !== shown.id && shared.paidAt === undefined) {
    showTicket(shared);
    return;
  }
  const next = emptyTicket();
  showTicket(next);
  // The ticket left behind is dropped if still open (cleared, or charged to a room); a paid or
  // parked one stays. The other tabs hear of the new ticket once its record is written.
  const dropIfOpen = shown.paidAt === undefined ? shown.id : undefined;
  keep((k) => k.persist(next, { dropIfOpen, replaces: shown.id }));
}

/**
 * Makes `next`, whose record is already written as open (a recalled tab), the current ticket of
 * every tab.
 */
export function replaceTicket(next: Ticket): void {
  const replaces = ticket().id;
  showTicket(next);
  keep((k) => k.announce({ type: 'current', id: next.id, replaces }));
}

// ---------------------------------------------------------------------------------------------

/** Applies staff's `change`; `carries`: see ticket-keeping.ts HowToKeep. */
function update(change: (current: Ticket) => Ticket, carries = true): void {
  const shown = ticket();
  if (shown.paidAt !== undefined) clearTicket(); // a tap on a ticket paid elsewhere starts afresh
  const base = ticket();
  const next = { ...change(base), version: base.version + 1, updatedAt: Date.now() };
  showTicket(next);
  keep((k) => k.persist(next, { change, carries }));
}

/**
 * On start (app/background.ts): the saved ticket meets its record (ticket-keeping.ts); one paid or
 * parked meanwhile (the tab closed before it could start afresh) gives way to a new one.
 * @example void meetTicketRecord();
 */
export async function meetTicketRecord(): Promise<void> {
  keeping ??= import('./ticket-keeping');
  // Paid or parked meanwhile: go on with the ticket the other tabs share, when one has moved on.
  if (await (await keeping).meetRecord()) startAfresh(true);
}

/**
 * Hands `work` to ticket-keeping.ts (loaded on first use), in the order of the calls: queued until it
 * is loaded, then at once, so a tap's write is in line before anything that ends the ticket.
 */
function keep(work: (keeping: Keeping) => void): void {
  if (kept && queued === 0) {
    work(kept);
    return;
  }
  queued++;
  keeping ??= import('./ticket-keeping');
  handedOver = keeping
    .then((loaded) => {
      kept = loaded;
      work(loaded);
    })
    .catch((error: unknown) => console.error('[ticket] could not keep the ticket', error))
    .finally(() => queued--);
}

/**
 * Resolves once every change so far is in line to be written (ticket-keeping.ts loaded): what ends
 * a ticket (paying, parking, recalling) waits for it, so it comes after every tap made before it.
 * @example await ticketChangesHandedOver(); await payTicket(currentTicket(), record);
 */
export function ticketChangesHandedOver(): Promise<void> {
  return handedOver;
}

/**
 * Resolves once every change so far is handed to ticket-keeping.ts and written to IndexedDB.
 * @example addProduct(pils); await ticketWritesSettled();
 */
export async function ticketWritesSettled(): Promise<void> {
  await handedOver;
  keeping ??= import('./ticket-keeping');
  await (await keeping).ticketWritesSettled();
}
