// A card taken on a terminal the till cannot drive (the till server down, or no terminal set up),
// in the terminal's stand-alone mode: staff type the terminal's receipt number, and the ledger keeps
// it so the manager can match the terminal's own end-of-day (docs/ledger.md "Stand-alone card").
// Pure; the tablet and the till server run the same rule.

/** A terminal's receipt number as typed: 1 to 10 digits (ZVT terminals print 4 to 6). */
export const STANDALONE_RECEIPT_PATTERN = /^\d{1,10}$/;

/**
 * The receipt number in `typed`, spaces taken out; undefined when it is not 1 to 10 digits.
 * @example readStandaloneReceipt(' 0042 ') === '0042'; readStandaloneReceipt('12a') === undefined
 */
export function readStandaloneReceipt(typed: string): string | undefined {
  const digits = typed.replace(/\s+/g, '');
  return STANDALONE_RECEIPT_PATTERN.test(digits) ? digits : undefined;
}

/** The most a tip typed for a stand-alone card payment may be (10,000.00): the outlet's tip limits
 * (server, ledger/bounds.ts) ask a manager far below it. */
export const STANDALONE_TIP_MAX_CENTS = 1_000_000;
