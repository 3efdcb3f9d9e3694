// One-time pairing codes: 8 characters a manager reads out or shows as a QR code, valid for 10
// minutes, good for one tablet. Owns how long a code is good for and how it is shown; the limit on
// wrong guesses is wrong-tries.ts (hub.ts applies it). The alphabet and what staff may type are the tablet's too (pms/device-calls.ts).
import { CODE_ALPHABET, CODE_LENGTH, normalisePairingCode } from '../../pms/device-calls.ts';

export { CODE_ALPHABET, CODE_LENGTH, normalisePairingCode };

export const CODE_VALID_MS = 10 * 60_000;

/** Shows a code in two groups of four, as the admin page prints it. */
export function displayCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
