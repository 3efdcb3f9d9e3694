// When to try a step again after a transient failure: capped exponential backoff with jitter.
// Owns: the default policy (1 s doubling to at most 5 min). The jitter spreads the retries of many
// tablets coming back online at once; the floor of one base interval keeps a till that is offline
// from spinning on near-zero delays.

export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 5 * 60_000 };

/**
 * The delay before the next try after `failuresInRow` transient failures (1 = the first), a random
 * point between one base interval and the capped exponential ceiling.
 * @example backoffDelay(1, DEFAULT_BACKOFF, () => 0.5) === 1000; backoffDelay(4, DEFAULT_BACKOFF, () => 1) === 8000
 */
export function backoffDelay(
  failuresInRow: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, failuresInRow - 1));
  return Math.round(policy.baseMs + random() * Math.max(0, ceiling - policy.baseMs));
}
