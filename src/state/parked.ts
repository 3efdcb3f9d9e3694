// Parked tickets (bar tabs): the current ticket put aside under a name and recalled later, kept in
// the IndexedDB store `tickets` so they survive reloads and restarts. Owns: parking, recalling and
// listing. Invariant: a ticket is always in at least one place. Parking writes the tab (strict
// durability) before the current ticket is cleared; recalling makes the tab current (saved at once)
// before it is deleted from the store, and a non-empty current ticket is parked first.
import { deleteTicket, listTickets, saveTicket } from '../storage/caches';
import type { TicketRecord } from '../storage/records';
import { settings } from './settings';
import { clearTicket, currentTicket, replaceTicket, reviveTicket, type Ticket } from './ticket';

/** Why parking or recalling was refused, for the view to say in words. */
export class ParkError extends Error {
  override readonly name = 'ParkError';
  constructor(readonly reason: 'empty-ticket' | 'missing-name' | 'not-found') {
    super(reason);
  }
}

/** A parked tab as stored: the ticket plus who parked it. */
type ParkedRecord = TicketRecord & Ticket;

/**
 * Parked tickets, most recently changed first.
 * @example const tabs = await readParkedTickets();
 */
export async function readParkedTickets(): Promise<Ticket[]> {
  const records = await listTickets();
  return records.map(reviveTicket).filter((t): t is Ticket => t !== undefined);
}

/**
 * Parks the current ticket under `label` and starts an empty one. A recalled tab keeps its id, so
 * parking it again updates it rather than making a second tab.
 * @throws ParkError when the ticket is empty or the name is missing; the ticket stays as it was.
 * @example await parkTicket('Table 4');
 */
export async function parkTicket(label: string): Promise<void> {
  const ticket = currentTicket();
  const name = label.trim();
  if (ticket.lines.length === 0) throw new ParkError('empty-ticket');
  if (!name) throw new ParkError('missing-name');
  await saveTicket(toRecord({ ...ticket, label: name.slice(0, 60), updatedAt: Date.now() }));
  clearTicket();
}

/**
 * Makes a parked tab the current ticket; a current ticket with lines is parked first (under its
 * own name, or `fallbackLabel`).
 * @example await recallTicket(tab.id, 'Ticket 21:40');
 */
export async function recallTicket(id: string, fallbackLabel: string): Promise<void> {
  const parked = (await readParkedTickets()).find((t) => t.id === id);
  if (!parked) throw new ParkError('not-found');
  const current = currentTicket();
  if (current.lines.length > 0) {
    await saveTicket(toRecord({ ...current, label: current.label || fallbackLabel, updatedAt: Date.now() }));
  }
  replaceTicket(parked);
  await deleteTicket(id);
}

function toRecord(ticket: Ticket): ParkedRecord {
  return { ...ticket, staff: settings().staffName };
}
