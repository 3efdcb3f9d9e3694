// Device-local records of the staff views, kept in localStorage: closed shifts (the shift report's
// history: a shift runs from the last close to now) and when the in-house guest list was last
// fetched from the PMS. Owns these keys and their JSON shapes. Invariants: a read never throws
// (missing or corrupt data reads as empty); at most MAX_SHIFTS closed shifts are kept, newest last.

/** The localStorage keys this module owns. */
export const SHIFT_KEYS = {
  shifts: 'hotel-till.closed-shifts',
  guestsRefreshedAt: 'hotel-till.guests-refreshed-at',
} as const;

const MAX_SHIFTS = 60;

/** A closed shift: its window, who closed it at which till, and the totals shown when closing. */
export interface ShiftRecord {
  id: string;
  openedAt: number;
  closedAt: number;
  till: string;
  staff: string;
  /** The report's totals as they stood at closing (shape owned by src/features/report/shift.ts). */
  totals: unknown;
  /** Sales of the shift not yet confirmed by the PMS when it was closed. */
  openSales: number;
}

function read(key: string): unknown {
  try {
    const text = globalThis.localStorage?.getItem(key);
    return text == null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): boolean {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
    return globalThis.localStorage !== undefined;
  } catch {
    return false;
  }
}

/** Closed shifts, oldest first. */
export function readShiftRecords(): ShiftRecord[] {
  const stored = read(SHIFT_KEYS.shifts);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (s): s is ShiftRecord =>
      typeof s === 'object' && s !== null && typeof s.closedAt === 'number' && typeof s.openedAt === 'number',
  );
}

/**
 * Appends a closed shift; false when the browser refused to store it.
 * @example appendShiftRecord({ id, openedAt, closedAt: Date.now(), till, staff, totals, openSales: 0 });
 */
export function appendShiftRecord(record: ShiftRecord): boolean {
  return write(SHIFT_KEYS.shifts, [...readShiftRecords(), record].slice(-MAX_SHIFTS));
}

/** When the guest list was last fetched, or null. */
export function readGuestsRefreshedAt(): number | null {
  const stored = read(SHIFT_KEYS.guestsRefreshedAt);
  return typeof stored === 'number' ? stored : null;
}

export function writeGuestsRefreshedAt(at: number): void {
  write(SHIFT_KEYS.guestsRefreshedAt, at);
}
