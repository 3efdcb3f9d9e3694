// The ticket as one record in IndexedDB (storage/ticket-store.ts) that every tab of the browser
// shows; loaded after the first screen (ticket.ts hands it each change in order). Owns: writing a
// change to the record (rebased on what another tab wrote meanwhile), telling the other tabs
// (BroadcastChannel), hearing them, meeting the record on start, and paying the ticket once
// (`payTicket`: the sale and the ticket's check-and-close are one transaction).
import type { PaidTicket } from '../../outbox/journal';
import type { TicketRecord } from '../../storage/records';
import {
  changeTicketRecords,
  readTicketRecord,
  TicketClaimRefused,
  ticketStatus,
} from '../../storage/ticket-store';
import { actingStaff } from '../staff';
import {
  emptyTicket,
  endedBy,
  isBlank,
  reviveTicket,
  type Ticket,
  TicketEndedError,
  ticketToRecord,
} from './ticket-record';
import { currentTicket, noteTicketNews, showTicket } from './ticket-signal';

/**
 * Channel the tabs tell each other on: a ticket record changed, or the current ticket moved on from
 * ticket `replaces` to `id` (only tabs that showed `replaces`, or nothing yet, follow).
 */
const CHANNEL = 'hotel-till.ticket';
export type TicketNews = { type: 'changed'; id: string } | { type: 'current'; id: string; replaces?: string };

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : undefined;
/** This tab's record writes, one after another in the order of the taps. */
let writes: Promise<unknown> = Promise.resolve();
/**
 * Tickets this tab tapped on after they were paid or parked elsewhere (a reload restored one the
 * tab did not know had ended), and the new ticket their taps were carried to: later taps on the old
 * id land there too.
 */
const carriedTo = new Map<string, string>();

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
    const claim = { id: paid.id, version: paid.version };
    const result = await inTurn(() => record({ claim, record: stored }));
    announce({ type: 'changed', id: paid.id });
    return result;
  } catch (error) {
    if (!(error instanceof TicketClaimRefused)) throw error;
    if (currentTicket().id === error.stored.id) showTicket(reviveTicket(error.stored) ?? currentTicket());
    throw endedBy(error.stored);
  }
}

/**
 * Runs `work` (a transaction that ends a ticket: paying, parking, recalling) after this tab's ticket
 * writes so far and before later ones, so every tap written before it is in what it ends, and a
 * write that finds the ticket ended afterwards is a tap made since (carried, see persist).
 * @example await inTurn(() => changeTicketRecords([ticket.id], park));
 */
export function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = writes.then(work);
  writes = turn.catch(() => undefined);
  return turn;
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

/** How persist keeps a change: see there. */
export interface HowToKeep {
  /** The tap that made `next`, applied again to what another tab wrote (or carried, below). */
  change?: (current: Ticket) => Ticket;
  /** False for a change that must not outlive its ticket (the rest after a split's part). */
  carries?: boolean;
  /** The open record `next` replaces, deleted in the same write. */
  dropIfOpen?: string;
  /** The ticket `next` follows as this tab's current ticket: the other tabs showing it follow too. */
  replaces?: string;
}

/**
 * Resolves once the frame that shows a tap is painted (or after 50 ms where no frame comes: a hidden
 * tab), so a tap's IndexedDB write never delays showing it; docs/ui-speed.md, "Add line".
 */
function afterTheFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 50);
    globalThis.requestAnimationFrame?.(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/**
 * Writes `next` to its record, after this tab's earlier writes. When another tab wrote a newer
 * version meanwhile, `change` (the tap) is applied to that one instead. When the ticket was paid or
 * parked elsewhere, the tap is never dropped: it is carried to a new ticket (with only what the tap
 * adds), which this tab shows and later taps on the old ticket join. The record `dropIfOpen` (the
 * ticket `next` replaces) is deleted in the same transaction unless it was paid or parked. Then the
 * other tabs hear that the record changed, or with `replaces` that it is the current ticket now.
 */
export function persist(next: Ticket, how: HowToKeep = {}): void {
  const { change, carries = true, dropIfOpen, replaces } = how;
  const staff = actingStaff().staff;
  writes = writes
    .then(afterTheFrame) // the tap shows first; localStorage already holds it (ticket-signal.ts)
    .then(() => {
      const carried = carriedTo.get(next.id);
      const id = carried ?? next.id;
      return changeTicketRecords(
        dropIfOpen ? [id, dropIfOpen] : [id],
        ([stored, left]): { put?: TicketRecord[]; remove: string[]; value: Ticket } => {
          const remove = left && ticketStatus(left) === 'open' ? [left.id] : [];
          const newer = !stored || (stored.version ?? 0) < next.version;
          if (!carried && (!stored || (ticketStatus(stored) === 'open' && newer))) {
            return { put: [ticketToRecord(next, 'open', staff)], remove, value: next };
          }
          if (!change) return { remove, value: (stored && reviveTicket(stored)) ?? next };
          if (!stored || ticketStatus(stored) !== 'open') {
            const fresh = carries ? carry(change) : undefined;
            if (!fresh) return { remove, value: (stored && reviveTicket(stored)) ?? next };
            carriedTo.set(next.id, fresh.id);
            if (stored) carriedTo.set(stored.id, fresh.id);
            return { put: [ticketToRecord(fresh, 'open', staff)], remove, value: fresh };
          }
          const there = reviveTicket(stored) ?? next;
          try {
            const rebased = { ...change(there), version: there.version + 1, updatedAt: Date.now() };
            return { put: [ticketToRecord(rebased, 'open', staff)], remove, value: rebased };
          } catch {
            return { remove, value: there }; // the tap does not fit what the other tab made of it
          }
        },
      );
    })
    .then(
      (settled) => {
        if (settled.id !== next.id) {
          // Carried to a new ticket: it becomes the ticket of this tab and of tabs that showed the old
          // one; should this tab have gone on to another ticket with lines meanwhile, it is parked.
          const shown = currentTicket();
          if (
            shown.id === next.id ||
            shown.id === settled.id ||
            shown.paidAt !== undefined ||
            isBlank(shown)
          ) {
            showTicket(settled);
            announce({ type: 'current', id: settled.id, replaces: next.id });
          } else {
            void parkCarried(settled, staff);
          }
          return;
        }
        if (settled !== next) show(settled);
        announce(
          replaces === undefined
            ? { type: 'changed', id: settled.id }
            : { type: 'current', id: settled.id, replaces },
        );
      },
      (error: unknown) => console.error('[ticket] the ticket could not be kept in IndexedDB', error),
    );
}

/**
 * The new ticket a tap on a ticket paid or parked elsewhere is carried to: the tap applied to an
 * empty ticket, or undefined when it adds nothing there (a change to a line of the ended ticket).
 */
function carry(change: (current: Ticket) => Ticket): Ticket | undefined {
  const empty = emptyTicket();
  let tapped: Ticket;
  try {
    tapped = change(empty);
  } catch {
    return undefined;
  }
  if (isBlank(tapped)) return undefined;
  // A manager's approval names the ended ticket's sale, so neither travels with the carried lines.
  const { saleId: _saleId, approvals: _approvals, ...fresh } = tapped;
  return { ...fresh, id: empty.id, label: '', version: 1, updatedAt: Date.now() };
}

/** Parks a carried ticket this tab no longer shows, under the time it was carried: staff find it in the tabs. */
async function parkCarried(carried: Ticket, staff: string): Promise<void> {
  const label = new Date(carried.updatedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  await changeTicketRecords([carried.id], ([stored]) =>
    stored && ticketStatus(stored) === 'open'
      ? { put: [ticketToRecord({ ...(reviveTicket(stored) ?? carried), label }, 'parked', staff)], value: 0 }
      : { value: 0 },
  );
  announce({ type: 'changed', id: carried.id });
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

/** Whether `news` is about the ticket `shown` (see hear). */
function concerns(news: TicketNews, shown: Ticket): boolean {
  if (news.type === 'changed') return news.id === shown.id;
  if (news.id === shown.id || shown.paidAt !== undefined) return false;
  // Another tab moved on from its ticket: follow only from that ticket, or from an empty one, so
  // a tab that started afresh (after a reload found its ticket paid) never takes another's lines.
  return news.replaces === undefined || news.replaces === shown.id || isBlank(shown);
}

async function hear(news: TicketNews): Promise<void> {
  noteTicketNews();
  if (!concerns(news, currentTicket())) return;
  const stored = await readTicketRecord(news.id);
  // asked again: a tap while the record was read may have given the blank ticket its first line
  if (!stored || !concerns(news, currentTicket())) return;
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
export function meetRecord(): Promise<boolean> {
  // In turn with this tab's writes: taps made before it are kept (or carried) first.
  return inTurn(async () => {
    const saved = currentTicket();
    const stored = await readTicketRecord(saved.id);
    if (currentTicket() !== saved) return false;
    if (stored && ticketStatus(stored) !== 'open') return true;
    if (stored && (stored.version ?? 0) > saved.version) show(reviveTicket(stored) ?? saved);
    else if (!stored || (stored.version ?? 0) < saved.version) persist(saved);
    return false;
  });
}
