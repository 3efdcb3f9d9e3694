// The ticket as staff see it, and as it is stored (storage/ticket-store.ts): the `Ticket` shape, a
// new empty one, reading a stored or saved ticket back (a line or a line's discount that does not
// parse is dropped, never the whole ticket), and the refusals: another tab paid, parked or changed
// it first; parking refused.
import { newId } from '../../rules/ids';
import { isStoredLine, storedLineDiscount, type TicketLine } from '../../rules/ticket-lines';
import type { TicketRecord, TicketStatus } from '../../storage/records';

export interface Ticket {
  /** Random id; a recalled ticket keeps the id it was parked under. */
  id: string;
  /** The tab's name (table, guest), '' until parked. */
  label: string;
  /** Free text for the bar (e.g. "no ice"), printed on the receipt. */
  note: string;
  lines: TicketLine[];
  createdAt: number;
  updatedAt: number;
  /** Counts every change to the ticket, in whichever tab; a payment names the version it paid. */
  version: number;
  /** Set when the ticket was paid (in another tab): it is shown as paid and cannot be paid again. */
  paidAt?: number;
  /** The id its sale will have, fixed once a manager's approval names it. */
  saleId?: string;
  /** The id of the next part of a split paid from it (a sale of its own), fixed when first named. */
  partSaleId?: string;
  /** Managers' approvals for its lines (signed tokens naming `saleId`), sent with its sale. */
  approvals?: string[];
  /** Set once a part of it was paid (a split bill): what is left is priced by the split. */
  split?: true;
  /** An equal split under way: into how many parts, and how many of them are paid. */
  equalSplit?: EqualSplit;
}

/** An equal split under way: `paid` of `parts` parts are paid; the pay screen goes on with the next. */
export interface EqualSplit {
  parts: number;
  paid: number;
  /** The bill that is split (its id and lines as split): each part is recorded as a share of it. */
  bill?: { id: string; lines: TicketLine[] };
}

/** Why a ticket could not be paid, parked or recalled here: another tab got there first. */
export class TicketEndedError extends Error {
  override readonly name = 'TicketEndedError';
  constructor(
    readonly reason: 'paid' | 'parked' | 'changed' | 'taken',
    /** When it happened (the payment's time for 'paid'). */
    readonly at: number,
  ) {
    super(reason);
  }
}

/** Why parking or recalling was refused, for the view to say in words (parked.ts). */
export class ParkError extends Error {
  override readonly name = 'ParkError';
  constructor(readonly reason: 'empty-ticket' | 'missing-name' | 'not-found') {
    super(reason);
  }
}

/** A new, empty ticket. */
export function emptyTicket(now = Date.now()): Ticket {
  return { id: newId(), label: '', note: '', lines: [], createdAt: now, updatedAt: now, version: 0 };
}

/** Whether `ticket` holds nothing staff rang up or wrote (no lines, no note). */
export function isBlank(ticket: Ticket): boolean {
  return ticket.lines.length === 0 && ticket.note === '';
}

/**
 * A ticket read back from storage, or undefined when it is not one. Lines that do not parse are
 * dropped rather than failing the whole ticket.
 */
export function reviveTicket(value: unknown): Ticket | undefined {
  const saved = value as (Partial<Ticket> & Partial<TicketRecord>) | null;
  if (typeof saved !== 'object' || saved === null || typeof saved.id !== 'string') return undefined;
  const lines = Array.isArray(saved.lines) ? saved.lines.filter(isStoredLine) : [];
  return {
    id: saved.id,
    label: typeof saved.label === 'string' ? saved.label : '',
    note: typeof saved.note === 'string' ? saved.note : '',
    lines: lines.map(({ discount, ...line }) => {
      const kept = storedLineDiscount(discount);
      return {
        ...line,
        key: line.key ?? `l${newId()}`,
        taxClassId: line.taxClassId ?? null,
        commodityGroupId: line.commodityGroupId ?? null,
        openPrice: line.openPrice === true,
        ...(kept ? { discount: kept } : {}),
      };
    }),
    createdAt: typeof saved.createdAt === 'number' ? saved.createdAt : Date.now(),
    updatedAt: typeof saved.updatedAt === 'number' ? saved.updatedAt : Date.now(),
    version: typeof saved.version === 'number' ? saved.version : 0,
    ...(saved.status === 'paid' ? { paidAt: saved.paidAt ?? saved.updatedAt ?? Date.now() } : {}),
    ...(typeof saved.saleId === 'string' ? { saleId: saved.saleId } : {}),
    ...(typeof saved.partSaleId === 'string' ? { partSaleId: saved.partSaleId } : {}),
    ...(Array.isArray(saved.approvals)
      ? { approvals: saved.approvals.filter((token): token is string => typeof token === 'string') }
      : {}),
    ...(saved.split === true ? { split: true } : {}),
    ...(isEqualSplit(saved.equalSplit) ? { equalSplit: saved.equalSplit } : {}),
  };
}

/** The stored record of `ticket` in `status`, made by `staff`. */
export function ticketToRecord(ticket: Ticket, status: TicketStatus, staff: string): TicketRecord {
  const { paidAt: _paidAt, ...rest } = ticket;
  return { ...rest, status, staff };
}

/** The refusal to tell staff when `stored` is no longer the open ticket they worked on. */
export function endedBy(stored: TicketRecord): TicketEndedError {
  if (stored.status === 'paid') return new TicketEndedError('paid', stored.paidAt ?? stored.updatedAt);
  if (stored.status === 'open') return new TicketEndedError('changed', stored.updatedAt);
  return new TicketEndedError('parked', stored.updatedAt);
}

function isEqualSplit(value: unknown): value is EqualSplit {
  const plan = value as Partial<EqualSplit> | undefined;
  return (
    Number.isInteger(plan?.parts) &&
    Number.isInteger(plan?.paid) &&
    plan!.paid! >= 1 &&
    plan!.paid! < plan!.parts! &&
    (plan!.bill === undefined ||
      (typeof plan!.bill.id === 'string' &&
        Array.isArray(plan!.bill.lines) &&
        plan!.bill.lines.every(isStoredLine)))
  );
}
