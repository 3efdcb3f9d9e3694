// Small statistics for the UI benchmark: median and nearest-rank percentiles, rounded for printing.

/** The p-th percentile (0..100) by nearest rank; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

/** Rounded to `digits` decimals, for the RESULT line. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
