// The ticket being rung up at this till. Owns: its lines and note (rules in ticket-lines.ts), its
// totals (totals.ts, with the cached tax classes), and keeping it in localStorage on every change so
// a reload, a crash or a failed payment never loses it. Parking and recalling tickets is parked.ts.
// The room-charge view uses `ticketLines()`, `ticketTotals()` and `clearTicket()`.
// Invariant: only a completed sale or staff (clear, park) empties the ticket; errors never do.
import { createMemo, createRoot, createSignal } from 'solid-js';
import type { Cents } from '../pms/money';
import type { Product } from '../pms/wire';
import { newId } from '../rules/ids';
import {
  isStoredLine,
  type TicketLine,
  withOpenPriceLine,
  withoutLine,
  withProduct,
  withQuantity,
} from '../rules/ticket-lines';
import { type Totals, totalsOf } from '../rules/totals';
import { LOCAL_KEYS, readLocal, writeLocal } from '../storage/local';
import { taxClasses } from './catalogue';

export type { TicketLine } from '../rules/ticket-lines';

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
}

/** A new, empty ticket. */
export function emptyTicket(now = Date.now()): Ticket {
  return { id: newId(), label: '', note: '', lines: [], createdAt: now, updatedAt: now };
}

const [ticket, setTicket] = createSignal<Ticket>(loadCurrent());
const totals = createRoot(() => createMemo(() => totalsOf(ticket().lines, taxClasses())));

/** The current ticket (reactive). */
export const currentTicket = ticket;

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
  update((t) => ({ ...t, lines: withOpenPriceLine(t.lines, product, name, amountCents, `o${newId()}`) }));
}

/** Sets a line's quantity; 0 removes the line. */
export function setQuantity(key: string, quantity: number): void {
  update((t) => ({ ...t, lines: withQuantity(t.lines, key, quantity) }));
}

export function removeLine(key: string): void {
  update((t) => ({ ...t, lines: withoutLine(t.lines, key) }));
}

export function setNote(note: string): void {
  update((t) => ({ ...t, note: note.slice(0, 500) }));
}

/** Starts a new, empty ticket (after a sale, or when staff clear it). */
export function clearTicket(): void {
  replaceTicket(emptyTicket());
}

/** Makes `next` the current ticket (a recalled tab); persisted at once. */
export function replaceTicket(next: Ticket): void {
  setTicket(next);
  writeLocal(LOCAL_KEYS.currentTicket, next);
}

function update(change: (current: Ticket) => Ticket): void {
  const next = change(ticket());
  replaceTicket({ ...next, updatedAt: Date.now() });
}

/**
 * A ticket read back from storage, or undefined when it is not one. Lines that do not parse are
 * dropped rather than failing the whole ticket.
 */
export function reviveTicket(value: unknown): Ticket | undefined {
  const saved = value as Partial<Ticket> | null;
  if (typeof saved !== 'object' || saved === null || typeof saved.id !== 'string') return undefined;
  const lines = Array.isArray(saved.lines) ? saved.lines.filter(isStoredLine) : [];
  return {
    id: saved.id,
    label: typeof saved.label === 'string' ? saved.label : '',
    note: typeof saved.note === 'string' ? saved.note : '',
    lines: lines.map((line) => ({
      ...line,
      key: line.key ?? `l${newId()}`,
      taxClassId: line.taxClassId ?? null,
      commodityGroupId: line.commodityGroupId ?? null,
      openPrice: line.openPrice === true,
    })),
    createdAt: typeof saved.createdAt === 'number' ? saved.createdAt : Date.now(),
    updatedAt: typeof saved.updatedAt === 'number' ? saved.updatedAt : Date.now(),
  };
}

function loadCurrent(): Ticket {
  return reviveTicket(readLocal(LOCAL_KEYS.currentTicket)) ?? emptyTicket();
}
