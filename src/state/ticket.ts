// The ticket being rung up: one record in IndexedDB (storage/ticket-store.ts) that every tab of the
// browser shows. Owns: its lines and note (rules in ticket-lines.ts), its totals, keeping it (in
// localStorage at once, so a reload or crash never loses a tap, and in its record, rebasing a tap on
// what another tab wrote meanwhile), telling the other tabs (BroadcastChannel), and paying it once
// (`payTicket`). Parking is parked.ts. Invariant: only a sale or staff (clear, park) empties it.
import { createMemo, createRoot, createSignal } from 'solid-js';
import type { PaidTicket } from '../outbox/journal';
import type { Cents } from '../pms/money';
import type { Product } from '../pms/wire';
import { newId } from '../rules/ids';
import {
  type TicketLine,
  withOpenPriceLine,
  withoutLine,
  withProduct,
  withQuantity,
} from '../rules/ticket-lines';
import { type Totals, totalsOf } from '../rules/totals';
import { LOCAL_KEYS, readLocal, writeLocal } from '../storage/local';
import type { TicketRecord } from '../storage/records';
import {
  changeTicketRecords,
  readTicketRecord,
  TicketClaimRefused,
  ticketStatus,
} from '../storage/ticket-store';
import { taxClasses } from './catalogue';
import { settings } from './settings';
import {
  emptyTicket,
  endedBy,
  reviveTicket,
  type Ticket,
  TicketEndedError,
  ticketToRecord,
} from './ticket-record';

export type { TicketLine } from '../rules/ticket-lines';
export { emptyTicket, reviveTicket, type Ticket, TicketEndedError } from './ticket-record';

/** Channel the tabs tell each other on: a ticket record changed, or the current ticket moved. */
const CHANNEL = 'hotel-till.ticket';
type TicketNews = { type: 'changed' | 'current'; id: string };

const [ticket, setTicket] = createSignal<Ticket>(loadCurrent());
const totals = createRoot(() => createMemo(() => totalsOf(ticket().lines, taxClasses())));
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : undefined;
const [newsHeard, setNewsHeard] = createSignal(0);
/** This tab's record writes, one after another in the order of the taps. */
let writes: Promise<unknown> = Promise.resolve();

/** The current ticket (reactive). */
export const currentTicket = ticket;

/**
 * Counts what this tab heard from the others about ticket records (reactive): parked tabs lists
 * re-read on it.
 * @example createEffect(on(ticketNewsHeard, () => revalidate(getParkedTickets.key), { defer: true }));
 */
export const ticketNewsHeard = newsHeard;

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

/** Adds an open-price item once with a typed name and amount. Throws TicketLineError on bad input. */
export function addOpenPriceLine(product: Product, name: string, amountCents: Cents): void {
  const key = `o${newId()}`;
  update((t) => ({ ...t, lines: withOpenPriceLine(t.lines, product, name, amountCents, key) }));
}

/** Sets a line's quantity; 0 removes the line. Throws TicketLineError above the most a line takes. */
export function setQuantity(key: string, quantity: number): void {
  update((t) => ({ ...t, lines: withQuantity(t.lines, key, quantity) }));
}

export function removeLine(key: string): void {
  update((t) => ({ ...t, lines: withoutLine(t.lines, key) }));
}

export function setNote(note: string): void {
  update((t) => ({ ...t, note: note.slice(0, 500) }));
}

/**
 * Starts afresh (after a sale, or when staff clear it): the ticket another tab already started when
 * this one shows a ticket paid elsewhere, else a new, empty one.
 */
export function clearTicket(): void {
  const shown = ticket();
  const shared = reviveTicket(readLocal(LOCAL_KEYS.currentTicket));
  if (shown.paidAt !== undefined && shared && shared.id !== shown.id && shared.paidAt === undefined) {
    setTicket(shared);
    return;
  }
  const next = emptyTicket();
  setTicket(next);
  writeLocal(LOCAL_KEYS.currentTicket, next);
  // The ticket left behind is dropped if still open (cleared, or charged to a room); a paid or
  // parked one stays. The other tabs hear of the new ticket once its record is written.
  persist(next, undefined, shown.paidAt === undefined ? shown.id : undefined, 'current');
}

/**
 * Makes `next`, whose record is already written as open (a recalled tab), the current ticket of
 * every tab.
 */
export function replaceTicket(next: Ticket): void {
  setTicket(next);
  writeLocal(LOCAL_KEYS.currentTicket, next);
  announce({ type: 'current', id: next.id });
}

/**
 * Pays `paid` (the ticket as staff saw it) with the sale `record` writes: the sale and the ticket's
 * check-and-close are one transaction (journal.ts `PaidTicket`), so a ticket already paid, parked
 * or changed in another tab records nothing and throws TicketEndedError. The caller clears the
 * ticket once it has the sale.
 * @example const sale = await payTicket(currentTicket(), (claim) => recordCashSale(input, claim));
 */
export async function payTicket<T>(paid: Ticket, record: (claim: PaidTicket) => Promise<T>): Promise<T> {
  if (paid.paidAt !== undefined) throw new TicketEndedError('paid', paid.paidAt);
  const { staff: _staff, ...stored } = ticketToRecord(paid, 'open', '');
  try {
    const result = await record({ claim: { id: paid.id, version: paid.version }, record: stored });
    announce({ type: 'changed', id: paid.id });
    return result;
  } catch (error) {
    if (!(error instanceof TicketClaimRefused)) throw error;
    if (ticket().id === error.stored.id) setTicket(reviveTicket(error.stored) ?? ticket());
    throw endedBy(error.stored);
  }
}

/**
 * Resolves once this tab's ticket writes so far are in IndexedDB (or failed and were reported).
 * @example addProduct(pils); await ticketWritesSettled();
 */
export function ticketWritesSettled(): Promise<void> {
  return writes.then(() => undefined);
}

/** Tells the other tabs that ticket record `id` changed (parked.ts, after parking or recalling). */
export function announceTicketChange(id: string): void {
  announce({ type: 'changed', id });
}

// ---------------------------------------------------------------------------------------------

function update(change: (current: Ticket) => Ticket): void {
  const shown = ticket();
  if (shown.paidAt !== undefined) clearTicket(); // a tap on a ticket paid elsewhere starts afresh
  const base = ticket();
  const next = { ...change(base), version: base.version + 1, updatedAt: Date.now() };
  setTicket(next);
  writeLocal(LOCAL_KEYS.currentTicket, next);
  persist(next, change);
}

/**
 * Writes `next` to its record, after this tab's earlier writes. When another tab wrote a newer
 * version meanwhile, `change` (the tap) is applied to that one instead; when the ticket was paid or
 * parked elsewhere, nothing is written and this tab shows what happened. The record `dropIfOpen`
 * (the ticket `next` replaces) is deleted in the same transaction unless it was paid or parked.
 * Then the other tabs hear `news`: that the record changed, or that it is the current ticket now.
 */
function persist(
  next: Ticket,
  change?: (current: Ticket) => Ticket,
  dropIfOpen?: string,
  news: TicketNews['type'] = 'changed',
): void {
  const staff = settings().staffName;
  writes = writes
    .then(() =>
      changeTicketRecords(
        dropIfOpen ? [next.id, dropIfOpen] : [next.id],
        ([stored, left]): { put?: TicketRecord[]; remove: string[]; value: Ticket } => {
          const remove = left && ticketStatus(left) === 'open' ? [left.id] : [];
          if (!stored || (ticketStatus(stored) === 'open' && (stored.version ?? 0) < next.version)) {
            return { put: [ticketToRecord(next, 'open', staff)], remove, value: next };
          }
          const there = reviveTicket(stored) ?? next;
          if (ticketStatus(stored) !== 'open' || !change) return { remove, value: there };
          try {
            const rebased = { ...change(there), version: there.version + 1, updatedAt: Date.now() };
            return { put: [ticketToRecord(rebased, 'open', staff)], remove, value: rebased };
          } catch {
            return { remove, value: there }; // the tap does not fit what the other tab made of it
          }
        },
      ),
    )
    .then(
      (settled) => {
        if (settled !== next) show(settled);
        announce({ type: news, id: settled.id });
      },
      (error: unknown) => console.error('[ticket] the ticket could not be kept in IndexedDB', error),
    );
}

/** Shows a stored state of the ticket this tab shows, unless this tab is already further. */
function show(stored: Ticket): void {
  const shown = ticket();
  if (shown.id !== stored.id || (stored.version < shown.version && stored.paidAt === undefined)) return;
  setTicket(stored);
  if (stored.paidAt === undefined) writeLocal(LOCAL_KEYS.currentTicket, stored);
}

function announce(news: TicketNews): void {
  channel?.postMessage(news);
}

async function hear(news: TicketNews): Promise<void> {
  setNewsHeard((count) => count + 1);
  const shown = ticket();
  if (news.type === 'changed' && news.id !== shown.id) return;
  if (news.type === 'current' && (news.id === shown.id || shown.paidAt !== undefined)) return;
  const stored = await readTicketRecord(news.id);
  if (!stored) return;
  const status = ticketStatus(stored);
  if (news.type === 'current' && status === 'open') {
    if (ticket().paidAt === undefined) setTicket(reviveTicket(stored) ?? ticket());
  } else if (status === 'paid' || (status === 'open' && (stored.version ?? 0) > ticket().version)) {
    show(reviveTicket(stored) ?? ticket());
  }
}

if (channel) channel.onmessage = (event: MessageEvent<TicketNews>) => void hear(event.data);

/**
 * On start (app/background.ts): the saved ticket meets its record. A newer record wins; a ticket
 * paid or parked meanwhile (the tab closed before it could start afresh) gives way to a new one; a
 * ticket with no record yet (saved before tickets were records) gets one.
 * @example void meetTicketRecord();
 */
export async function meetTicketRecord(): Promise<void> {
  const saved = ticket();
  const stored = await readTicketRecord(saved.id);
  if (ticket() !== saved) return;
  if (stored && ticketStatus(stored) !== 'open') clearTicket();
  else if (stored && (stored.version ?? 0) > saved.version) show(reviveTicket(stored) ?? saved);
  else if (!stored || (stored.version ?? 0) < saved.version) persist(saved);
}

/** The saved current ticket; with none, a new one saved at once, so the next tab opens the same. */
function loadCurrent(): Ticket {
  const saved = reviveTicket(readLocal(LOCAL_KEYS.currentTicket));
  if (saved) return saved;
  const fresh = emptyTicket();
  writeLocal(LOCAL_KEYS.currentTicket, fresh);
  return fresh;
}
