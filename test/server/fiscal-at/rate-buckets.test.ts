// Austria's rate fields and the cash share of a mixed payment: 20/10/13/0 % to their fields, 19 %
// and the 4.9 % food rate (from 1 July 2026) to Besonders; a share spread over the fields adds up
// to the cent and stays within a cent of each field's exact proportion (reckoned here with BigInt),
// over 5,000 seeded random sales (no fast-check in the project yet).
import { describe, expect, it } from 'vitest';
import { bucketOfRate, bucketsOfRates, spreadShare } from '../../../src/server/fiscal/at/rate-buckets.ts';
import { BUCKETS, type BucketCents } from '../../../src/server/fiscal/at/rksv-core.ts';

describe('rate fields', () => {
  it('maps the Austrian rates, and everything else to Besonders', () => {
    expect([2000, 1000, 1300, 0, 1900, 490, 1200, null].map(bucketOfRate)).toEqual([
      'normal',
      'reduced1',
      'reduced2',
      'zero',
      'special',
      'special',
      'special',
      'zero',
    ]);
    expect(bucketsOfRates({ 2000: 500, 490: 120, 1900: 30, none: 7 })).toEqual({
      normal: 500,
      reduced1: 0,
      reduced2: 0,
      zero: 7,
      special: 150,
    });
  });
});

describe('the cash share spread over the fields', () => {
  /** A small seeded generator (mulberry32), so a failure repeats. */
  const random = (start: number) => {
    let seed = start;
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  };
  it('adds up to the share, each field within a cent of its exact part, for sales and (negated) voids', () => {
    const next = random(32);
    for (let run = 0; run < 5000; run++) {
      const g = Object.fromEntries(
        BUCKETS.map((b) => [b, next() < 0.3 ? 0 : Math.floor(next() * (next() < 0.5 ? 5_000 : 5_000_000))]),
      ) as BucketCents;
      const total = BUCKETS.reduce((sum, b) => sum + g[b], 0);
      if (total === 0) continue;
      const sign = next() < 0.5 ? -1 : 1;
      const signed = Object.fromEntries(BUCKETS.map((b) => [b, sign * g[b]])) as BucketCents;
      const share = sign * Math.round(total * next());
      const parts = spreadShare(signed, share);
      expect(BUCKETS.reduce((sum, b) => sum + parts[b], 0)).toBe(share);
      for (const b of BUCKETS) {
        // exact part = signed[b] * share / signedTotal; |part * signedTotal - signed[b] * share| < total
        const error = BigInt(parts[b]) * BigInt(sign * total) - BigInt(signed[b]) * BigInt(share);
        expect(
          error < BigInt(total) && error > -BigInt(total),
          JSON.stringify({ signed, share, parts }),
        ).toBe(true);
        if (signed[b] === 0) expect(parts[b]).toBe(0);
      }
    }
  });
  it('gives the whole sale back for a full share, and nothing for none', () => {
    const g = { normal: 840, reduced1: 350, reduced2: 0, zero: 0, special: 0 };
    expect(spreadShare(g, 1190)).toEqual(g);
    expect(spreadShare(g, 0)).toEqual({ normal: 0, reduced1: 0, reduced2: 0, zero: 0, special: 0 });
    expect(spreadShare({ normal: 100, reduced1: 100, reduced2: 100, zero: 0, special: 0 }, 100)).toEqual({
      normal: 34,
      reduced1: 33,
      reduced2: 33,
      zero: 0,
      special: 0,
    });
  });
});
