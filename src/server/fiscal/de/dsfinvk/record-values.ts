// The values of DSFinV-K records before formatting, and what every record builder needs: exact
// decimals as whole units, the closing's key columns, seconds-precision times, net of gross, and
// sums by a key (the closing totals are always sums of the single records).
import { hotelIsoTime } from '../../../clock/hotel-clock.ts';
import type { DsfinvkClosing, DsfinvkLine } from './closing.ts';

/** A number as whole units of 10^-scale (cents: scale 2; thousandths: scale 3). */
export interface Decimal {
  units: number;
  scale: number;
}
export type Value = string | Decimal | undefined;
export type Row = Record<string, Value>;

export const TAXONOMY_VERSION = '2.3';
export const cents = (units: number): Decimal => ({ units, scale: 2 });
export const whole = (units: number): Decimal => ({ units, scale: 0 });

/** A record the closing does not allow (an unknown VAT id, a value of the wrong kind). */
export class DsfinvkError extends Error {}

/** Net cents of a gross amount at a rate in hundredths of a percent, rounded half away from zero. */
export function netOf(grossCents: number, rateHundredths: number): number {
  const net = Math.round((Math.abs(grossCents) * 10_000) / (10_000 + rateHundredths));
  return grossCents < 0 ? -net : net;
}

/** Seconds-precision ISO time on the hotel's clock with its offset (YYYY-MM-DDThh:mm:ss+01:00). */
export const time = (iso: string) => hotelIsoTime(iso);
export const flag = (on: boolean | undefined) => (on ? '1' : '0');

/** The key columns every file starts with: Z_KASSE_ID, Z_ERSTELLUNG, Z_NR. */
export const closingKey = (closing: DsfinvkClosing): Row => ({
  Z_KASSE_ID: closing.cashRegisterId,
  Z_ERSTELLUNG: time(closing.createdAt),
  Z_NR: whole(closing.closingNumber),
});

/** A line's net: as given, or from its VAT rate. */
export function lineNetOf(closing: DsfinvkClosing): (line: DsfinvkLine) => number {
  const rate = new Map(closing.vatRates.map((vat) => [vat.id, vat.rateHundredths]));
  return (line) => {
    if (line.netCents !== undefined) return line.netCents;
    const r = rate.get(line.vatId);
    if (r === undefined)
      throw new DsfinvkError(`line ${line.lineId}: VAT id ${line.vatId} is not in vatRates`);
    return netOf(line.grossCents, r);
  };
}

/** Sums of `add(item)` per `keyOf(item)`, in first-seen order, with the first item of each key. */
export function sumBy<T>(items: T[], keyOf: (item: T) => string, add: (item: T) => number[]) {
  const sums = new Map<string, { first: T; totals: number[] }>();
  for (const item of items) {
    const k = keyOf(item);
    const entry = sums.get(k) ?? { first: item, totals: [] };
    for (const [i, n] of add(item).entries()) entry.totals[i] = (entry.totals[i] ?? 0) + n;
    sums.set(k, entry);
  }
  return [...sums.values()];
}
