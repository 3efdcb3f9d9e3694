// The ticket as one record in IndexedDB (storage/ticket-store.ts) that every tab of the browser
// shows; loaded after the first screen (ticket.ts hands it each change in order). Owns: writing a
// change to the record (rebased on what another tab wrote meanwhile), telling the other tabs
// (BroadcastChannel), hearing them, meeting the record on start, and paying the ticket once
// (`payTicket`: the sale and the ticket's check-and-close are one transaction).
import type { PaidTicket } from '../outbox/journal';
import type { TicketRecord } from '../storage/records';
import {
  changeTicketRecords,
  readTicketRecord,
  TicketClaimRefused,
  ticketStatus,
} from '../storage/ticket-store';
import { settings } from './settings';
import { endedBy, reviveTicket, type Ticket, TicketEndedError, ticketToRecord } from './ticket-record';
import { currentTicket, noteTicketNews, showTicket } from './ticket-signal';

/** Channel the tabs tell each other on: a ticket record changed, or the current ticket moved. */
const CHANNEL = 'hotel-till.ticket';
export type TicketNews = { type: 'changed' | 'current'; id: string };

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : undefined;
/** This tab's record writes, one after another in the order of the taps. */
let writes: Promise<unknown> = Promise.resolve();

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
    if (currentTicket().id === error.stored.id) showTicket(reviveTicket(error.stored) ?? currentTicket());
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

/**
 * Writes `next` to its record, after this tab's earlier writes. When another tab wrote a newer
 * version meanwhile, `change` (the tap) is applied to that one instead; when the ticket was paid or
 * parked elsewhere, nothing is written and this tab shows what happened. The record `dropIfOpen`
 * (the ticket `next` replaces) is deleted in the same transaction unless it was paid or parked.
 * Then the other tabs hear `news`: that the record changed, or that it is the current ticket now.
 */
export function persist(
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
  const shown = currentTicket();
  if (shown.id !== stored.id || (stored.version < shown.version && stored.paidAt === undefined)) return;
  showTicket(stored);
}

/** Tells the other tabs `news`. */
export function announce(news: TicketNews): void {
  channel?.postMessage(news);
}

async function hear(news: TicketNews): Promise<void> {
  noteTicketNews();
  const shown = currentTicket();
  if (news.type === 'changed' && news.id !== shown.id) return;
  if (news.type === 'current' && (news.id === shown.id || shown.paidAt !== undefined)) return;
  const stored = await readTicketRecord(news.id);
  if (!stored) return;
  const status = ticketStatus(stored);
  if (news.type === 'current' && status === 'open') {
    if (currentTicket().paidAt === undefined) showTicket(reviveTicket(stored) ?? currentTicket());
  } else if (status === 'paid' || (status === 'open' && (stored.version ?? 0) > currentTicket().version)) {
    show(reviveTicket(stored) ?? currentTicket());
  }
}

if (channel) channel.onmessage = (event: MessageEvent<TicketNews>) => void hear(event.data);

/**
 * On start: the saved ticket meets its record. A newer record wins; a ticket with no record yet
 * (saved before tickets were records) gets one. True when the ticket was paid or parked meanwhile:
 * the caller starts afresh (ticket.ts meetTicketRecord).
 */
export async function meetRecord(): Promise<boolean> {
  const saved = currentTicket();
  const stored = await readTicketRecord(saved.id);
  if (currentTicket() !== saved) return false;
  if (stored && ticketStatus(stored) !== 'open') return true;
  if (stored && (stored.version ?? 0) > saved.version) show(reviveTicket(stored) ?? saved);
  else if (!stored || (stored.version ?? 0) < saved.version) persist(saved);
  return false;
}
