// How long the PIN pad waits after wrong PINs on this tablet. Owns the rule: the first 5 wrong tries
// cost nothing, the 6th makes it wait 30 s, and each further wrong try doubles the wait, up to 15
// minutes. A right PIN starts the count again. Pure: the caller keeps the count and the clock.

/** Wrong tries that cost nothing. */
export const FREE_PIN_TRIES = 5;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;

/** Wrong PIN tries on this tablet since the last right one, and when the last was. */
export interface PinTries {
  wrong: number;
  lastWrongAt: number;
}

/** The wait after `wrong` wrong tries: 0 for the first five, then 30 s, 60 s, 120 s … 15 min. */
export function waitAfterWrongTries(wrong: number): number {
  if (wrong <= FREE_PIN_TRIES) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (wrong - FREE_PIN_TRIES - 1), LONGEST_WAIT_MS);
}

/**
 * Milliseconds the PIN pad must still wait at `now`; 0 when a PIN may be tried.
 * @example pinWaitLeft({ wrong: 6, lastWrongAt: t }, t + 10_000) === 20_000
 */
export function pinWaitLeft(tries: PinTries, now: number): number {
  return Math.max(0, tries.lastWrongAt + waitAfterWrongTries(tries.wrong) - now);
}
