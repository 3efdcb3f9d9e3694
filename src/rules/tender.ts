// What the pay screen offers, pure (loaded with the pay screen, not the first screen): the quick
// amounts for cash tendered (the exact total and the notes above it) and which PMS payment method
// stands for a transfer to the guest's room. Money is integer cents.
import type { Cents } from '../pms/money';
import type { NamedEntry } from '../pms/wire';

/** The notes a guest hands over, in cents (euro notes from 5 to 100). */
export const NOTES: readonly Cents[] = [500, 1000, 2000, 5000, 10000];

/**
 * Amounts a guest is likely to hand over: the exact total, the total rounded up to 5 and to 10
 * (€21.90: €25 and €30), then the notes above it; when that makes fewer than four, the next
 * multiples of 10, 50 and 100. At most five, smallest first.
 * @example quickTenders(2190) // [2190, 2500, 3000, 5000, 10000]
 * @example quickTenders(1270) // [1270, 1500, 2000, 5000, 10000]
 */
export function quickTenders(totalCents: Cents): Cents[] {
  const amounts = new Set<Cents>([totalCents]);
  for (const step of [500, 1000]) {
    const up = Math.ceil(totalCents / step) * step;
    if (up > totalCents) amounts.add(up);
  }
  for (const note of NOTES) if (note > totalCents) amounts.add(note);
  if (amounts.size < 4) {
    for (const step of [1000, 5000, 10000]) {
      const next = Math.ceil(totalCents / step) * step;
      amounts.add(next > totalCents ? next : next + step);
    }
  }
  return [...amounts].sort((a, b) => a - b).slice(0, 5);
}

const ROOM_TRANSFER_NAME = /(zimmer|room)/i;

/**
 * The id of the PMS payment method that means "transfer to the guest's room" (paid by a room
 * charge, never by a closed cash invoice), by its name; null when the PMS has none.
 * @example roomTransferMethodId([{ id: 4, name: 'Überweisung aufs Zimmer / Room transfer' }]) === 4
 */
export function roomTransferMethodId(methods: readonly NamedEntry[]): number | null {
  return methods.find((m) => ROOM_TRANSFER_NAME.test(m.name))?.id ?? null;
}
