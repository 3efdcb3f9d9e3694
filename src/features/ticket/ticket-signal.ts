// The current ticket of this tab as a signal, shared by ticket.ts (staff's changes) and
// ticket-keeping.ts (its record, the other tabs). Owns: the signal, keeping the shown ticket in
// localStorage (a reload or crash loses no tap; a new tab opens the same ticket), and the count of
// news heard from other tabs.
import { createSignal } from 'solid-js';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';
import { emptyTicket, reviveTicket, type Ticket } from './ticket-record';

const [ticket, setTicket] = createSignal<Ticket>(loadCurrent());
const [newsHeard, setNewsHeard] = createSignal(0);

/** The current ticket (reactive). */
export const currentTicket = ticket;

/**
 * Shows `next` as the current ticket and remembers it for reloads, unless it was paid (then this
 * tab shows it as paid until staff go on).
 */
export function showTicket(next: Ticket): void {
  setTicket(next);
  if (next.paidAt === undefined) writeLocal(LOCAL_KEYS.currentTicket, next);
}

/**
 * Counts what this tab heard from the others about ticket records (reactive): parked tabs lists
 * re-read on it.
 * @example createEffect(on(ticketNewsHeard, () => revalidate(getParkedTickets.key), { defer: true }));
 */
export const ticketNewsHeard = newsHeard;

/** For ticket-keeping.ts: one more piece of news heard from another tab. */
export function noteTicketNews(): void {
  setNewsHeard((count) => count + 1);
}

/** The saved current ticket; with none, a new one saved at once, so the next tab opens the same. */
function loadCurrent(): Ticket {
  const saved = reviveTicket(readLocal(LOCAL_KEYS.currentTicket));
  if (saved) return saved;
  const fresh = emptyTicket();
  writeLocal(LOCAL_KEYS.currentTicket, fresh);
  return fresh;
}
