// One-time pairing codes: 8 characters a manager reads out or shows as a QR code, valid for 10
// minutes, good for one tablet. Owns the alphabet (no I, L, O, U, 0, 1: nothing to confuse when
// typed from a screen), normalising what staff type, and the limit on wrong guesses (per caller
// address and overall), so that 30^8 codes cannot be tried out within a code's 10 minutes.

/** Characters of a code: Crockford-like, without look-alikes. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const CODE_LENGTH = 8;
export const CODE_VALID_MS = 10 * 60_000;

/**
 * What staff typed, as a code: upper case, without spaces or dashes; null when it cannot be one.
 * @example normaliseCode(' abcd-2345 ') === 'ABCD2345'; normaliseCode('ABCD1234') === null
 */
export function normaliseCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== CODE_LENGTH) return null;
  for (const char of code) if (!CODE_ALPHABET.includes(char)) return null;
  return code;
}

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
