// The printer's state as ESC/POS reports it over the print socket: the three DLE EOT requests we
// send (printer, offline cause, paper sensor) and reading their one-byte answers into a state.
// Pure; the session (printer-session.ts) sends them, the printer double (printer-double.ts)
// answers them. docs/printing.md has the bits.

/** What a printer's status bytes say, worst first. */
export type PrinterCondition = 'ok' | 'cover_open' | 'paper_out' | 'offline';

/** DLE EOT n: 1 printer status, 2 offline cause, 4 paper roll sensor. */
export const STATUS_REQUEST = Uint8Array.of(0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04);
/** How many answer bytes STATUS_REQUEST gets: one per request. */
export const STATUS_ANSWER_BYTES = 3;

/** Bits every DLE EOT answer has set (bits 1 and 4), so an answer is told from stray data. */
const FIXED = 0x12;
const OFFLINE = 0x08; // n=1, bit 3
const COVER_OPEN = 0x04; // n=2, bit 2
const STOPPED_PAPER_END = 0x20; // n=2, bit 5
const PAPER_END = 0x60; // n=4, bits 5 and 6

/**
 * The state the three answer bytes to STATUS_REQUEST describe; null when they are not status bytes.
 * @example conditionOf(Uint8Array.of(0x12, 0x12, 0x12)) === 'ok'
 */
export function conditionOf(answer: Uint8Array): PrinterCondition | null {
  if (answer.length < STATUS_ANSWER_BYTES) return null;
  const [printer, offlineCause, paper] = [answer[0]!, answer[1]!, answer[2]!];
  if ([printer, offlineCause, paper].some((byte) => (byte & 0x93) !== FIXED)) return null;
  if (offlineCause & COVER_OPEN) return 'cover_open';
  if (paper & PAPER_END || offlineCause & STOPPED_PAPER_END) return 'paper_out';
  if (printer & OFFLINE) return 'offline';
  return 'ok';
}

/**
 * The answer byte to DLE EOT `n` of a printer in `condition` (for the double).
 * @example statusByte(4, 'paper_out') === 0x72
 */
export function statusByte(n: number, condition: PrinterCondition): number {
  const stopped = condition !== 'ok';
  if (n === 1) return FIXED | (stopped ? OFFLINE : 0);
  if (n === 2) {
    return (
      FIXED |
      (condition === 'cover_open' ? COVER_OPEN : 0) |
      (condition === 'paper_out' ? STOPPED_PAPER_END : 0)
    );
  }
  if (n === 4) return FIXED | (condition === 'paper_out' ? PAPER_END : 0);
  return FIXED;
}
