// Parked tickets (bar tabs): the current ticket put aside under a name and recalled later. A parked
// tab is the ticket's own record with status 'parked' (storage/ticket-store.ts), so it survives
// reloads and every tab agrees on it. Owns: parking, recalling and listing. Invariants: a ticket is
// always in at least one place; each step is one transaction that first checks the record is still
// as this tab saw it, so of two tabs recalling one tab, one wins and the other is told.
import type { TicketLine } from '../../rules/ticket-lines';
import type { TicketRecord } from '../../storage/records';
import { changeTicketRecords, listParkedTickets, ticketStatus } from '../../storage/ticket-store';
import { actingStaff } from '../staff';
import {
  clearTicket,
  currentTicket,
  fillTicket,
  replaceTicket,
  reviveTicket,
  type Ticket,
  TicketEndedError,
  ticketChangesHandedOver,
} from './ticket';
import { announceTicketChange, inTurn } from './ticket-keeping';
import { endedBy, ParkError, ticketToRecord } from './ticket-record';

export { ParkError } from './ticket-record';

/**
 * Parked tickets, most recently changed first.
 * @example const tabs = await readParkedTickets();
 */
export async function readParkedTickets(): Promise<Ticket[]> {
  const records = await listParkedTickets();
  return records.map(reviveTicket).filter((t): t is Ticket => t !== undefined);
}

/**
 * Parks the current ticket under `label` and starts an empty one. A recalled tab keeps its id, so
 * parking it again updates it rather than making a second tab.
 * @throws ParkError when the ticket is empty or the name is missing; TicketEndedError when another
 * tab paid or parked it first. The ticket stays as it was.
 * @example await parkTicket('Table 4');
 */
export async function parkTicket(label: string): Promise<void> {
  await ticketChangesHandedOver();
  const ticket = currentTicket();
  const name = label.trim();
  if (ticket.paidAt !== undefined) throw new TicketEndedError('paid', ticket.paidAt);
  if (ticket.lines.length === 0) throw new ParkError('empty-ticket');
  if (!name) throw new ParkError('missing-name');
  const parked = { ...ticket, label: name.slice(0, 60), version: ticket.version + 1, updatedAt: Date.now() };
  const refused = await inTurn(() =>
    changeTicketRecords([ticket.id], ([stored]) =>
      stored && (ticketStatus(stored) !== 'open' || (stored.version ?? 0) > ticket.version)
        ? { value: endedBy(stored) }
        : { put: [toRecord(parked, 'parked')], value: undefined },
    ),
  );
  if (refused) throw refused;
  announceTicketChange(ticket.id);
  clearTicket();
}

/**
 * Makes a parked tab the current ticket; a current ticket with lines is parked first (under its
 * own name, or `fallbackLabel`), both in one transaction.
 * @throws ParkError('not-found') when no such tab was ever parked; TicketEndedError('taken') when
 * another tab recalled (or paid) it first.
 * @example await recallTicket(tab.id, 'Ticket 21:40');
 */
export async function recallTicket(id: string, fallbackLabel: string): Promise<void> {
  await ticketChangesHandedOver();
  const current = currentTicket();
  const now = Date.now();
  const outcome = await inTurn(() =>
    changeTicketRecords(
      [id, current.id],
      ([tab, stored]): { put?: TicketRecord[]; remove?: string[]; value: Ticket | Error } => {
        if (!tab) return { value: new ParkError('not-found') };
        if (ticketStatus(tab) !== 'parked' || id === current.id)
          return { value: new TicketEndedError('taken', tab.updatedAt) };
        const opened = reviveTicket({
          ...tab,
          status: 'open',
          version: (tab.version ?? 0) + 1,
          updatedAt: now,
        })!;
        const put = [toRecord(opened, 'open')];
        const currentIsOpen = current.paidAt === undefined && (!stored || ticketStatus(stored) === 'open');
        if (currentIsOpen && current.lines.length > 0) {
          const version = Math.max(current.version, stored?.version ?? 0) + 1;
          put.push(
            toRecord(
              { ...current, label: current.label || fallbackLabel, version, updatedAt: now },
              'parked',
            ),
          );
          return { put, value: opened };
        }
        return { put, remove: currentIsOpen && stored ? [current.id] : [], value: opened };
      },
    ),
  );
  if (outcome instanceof Error) throw outcome;
  announceTicketChange(current.id);
  replaceTicket(outcome);
}

/**
 * Makes a new ticket of `lines` under `label` (a table's bill) the current one; a current ticket
 * with lines is parked first under its own name, or `label`. Answers the new ticket's id.
 * @example const id = await startTicketWith('Table 10', lines);
 */
export async function startTicketWith(label: string, lines: TicketLine[]): Promise<string> {
  await ticketChangesHandedOver();
  const current = currentTicket();
  if (current.paidAt === undefined && current.lines.length > 0)
    await parkTicket(current.label || `${label} …`);
  else clearTicket();
  fillTicket(label, lines);
  await ticketChangesHandedOver();
  return currentTicket().id;
}

function toRecord(ticket: Ticket, status: 'open' | 'parked'): TicketRecord {
  return ticketToRecord(ticket, status, actingStaff().staff);
}
