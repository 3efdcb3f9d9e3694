// Austrian VAT rates to the RKSV payload's five amount fields, and the cash-equivalent share of a
// sale spread over them (docs/fiscal.md, "Austria"): 20 % Normal, 10 % Ermäßigt-1, 13 % Ermäßigt-2,
// 0 % (and no tax class) Null, every other rate - 19 %, the 4.9 % food rate from 1 July 2026 -
// Besonders. The share is split in proportion to the gross per field, to the cent (largest remainder).
import { BUCKETS, type Bucket, type BucketCents, NO_AMOUNTS } from './rksv-core.ts';

const BY_RATE: Record<number, Bucket> = { 2000: 'normal', 1000: 'reduced1', 1300: 'reduced2', 0: 'zero' };

/** The payload field of a VAT rate in basis points; null (no tax class) goes to Null ⚖. */
export function bucketOfRate(rateBp: number | null): Bucket {
  return rateBp === null ? 'zero' : (BY_RATE[rateBp] ?? 'special');
}

/** Gross cents per field of gross cents per rate ('none': no tax class). */
export function bucketsOfRates(grossByRateBp: Record<string, number>): BucketCents {
  const amounts = { ...NO_AMOUNTS };
  for (const [rate, cents] of Object.entries(grossByRateBp)) {
    const bucket = bucketOfRate(rate === 'none' ? null : Number(rate));
    amounts[bucket] += cents;
  }
  return amounts;
}

/**
 * The part `shareCents` of a sale whose gross per field is `gross`, spread in proportion over the
 * fields, each rounded down and the cents left given to the largest remainders (ties: field order).
 * The parts add up to `shareCents` exactly; a full share gives `gross` back.
 */
export function spreadShare(gross: BucketCents, shareCents: number): BucketCents {
  const total = BUCKETS.reduce((sum, bucket) => sum + gross[bucket], 0);
  if (total === 0 || shareCents === 0) return { ...NO_AMOUNTS };
  if (shareCents === total) return { ...gross };
  const sign = total < 0 ? -1n : 1n;
  const whole = BigInt(total) * sign;
  const share = BigInt(shareCents) * sign;
  const parts = BUCKETS.map((bucket) => {
    const exact = BigInt(gross[bucket]) * sign * share;
    return { bucket, floor: exact / whole, remainder: exact % whole };
  });
  let left = share - parts.reduce((sum, part) => sum + part.floor, 0n);
  const order = [...parts].sort((a, b) =>
    b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : 0,
  );
  for (const part of order) {
    if (left <= 0n) break;
    if (part.remainder === 0n) continue;
    part.floor += 1n;
    left -= 1n;
  }
  const amounts = { ...NO_AMOUNTS };
  for (const part of parts) amounts[part.bucket] = Number(part.floor * sign);
  return amounts;
}
