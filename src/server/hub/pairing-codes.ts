// One-time pairing codes: 8 characters a manager reads out or shows as a QR code, valid for 10
// minutes, good for one tablet. Owns how long a code is good for, how it is shown, and the limit on
// wrong guesses (per caller address and overall), so that 30^8 codes cannot be tried out within a
// code's 10 minutes. The alphabet and what staff may type are the tablet's too (pms/device-calls.ts).
import { CODE_ALPHABET, CODE_LENGTH, normalisePairingCode } from '../../pms/device-calls.ts';

export { CODE_ALPHABET, CODE_LENGTH, normalisePairingCode };

export const CODE_VALID_MS = 10 * 60_000;

/** Shows a code in two groups of four, as the admin page prints it. */
export function displayCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export interface GuessLimitOptions {
  /** Wrong guesses one address may make per window. Default 10. */
  perAddress?: number;
  /** Wrong guesses all callers together may make per window. Default 100. */
  overall?: number;
  windowMs?: number;
  now?: () => number;
}

/** Counts wrong guesses in a sliding window; `retryAfterMs` > 0 means: refuse without checking. */
export function createGuessLimit(options: GuessLimitOptions = {}) {
  const perAddress = options.perAddress ?? 10;
  const overall = options.overall ?? 100;
  const windowMs = options.windowMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const wrong: { at: number; address: string }[] = [];
  const prune = () => {
    const cutoff = now() - windowMs;
    while (wrong.length > 0 && wrong[0]!.at <= cutoff) wrong.shift();
  };
  return {
    retryAfterMs(address: string): number {
      prune();
      const mine = wrong.filter((entry) => entry.address === address);
      const blocking = mine.length >= perAddress ? mine[0] : wrong.length >= overall ? wrong[0] : undefined;
      return blocking ? Math.max(1, blocking.at + windowMs - now()) : 0;
    },
    recordWrong(address: string): void {
      wrong.push({ at: now(), address });
    },
  };
}
