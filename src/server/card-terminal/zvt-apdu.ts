// ZVT APDUs as bytes, pure: what the till (ECR) sends to the terminal (PT), and what a terminal
// sends back, for the terminal double. An APDU is CLASS, INSTR, a length (one byte; FF and two
// bytes little-endian above 254) and the data. docs/zvt.md has each layout and our choices.
import { BMP_LENGTHS, fromLatin1, toBcd, varLength } from './zvt-fields.ts';

/** The command a transaction or service runs (class and instruction). */
export const COMMAND = {
  registration: [0x06, 0x00],
  authorization: [0x06, 0x01],
  logOff: [0x06, 0x02],
  statusEnquiry: [0x05, 0x01],
  repeatReceipt: [0x06, 0x20],
  reversal: [0x06, 0x30],
  refund: [0x06, 0x31],
  endOfDay: [0x06, 0x50],
  abort: [0x06, 0xb0],
} as const satisfies Record<string, readonly [number, number]>;

/** What the terminal sends while and after it works. */
export const ANSWER = {
  ack: [0x80, 0x00],
  statusInformation: [0x04, 0x0f],
  intermediateStatus: [0x04, 0xff],
  completion: [0x06, 0x0f],
  abort: [0x06, 0x1e],
  printLine: [0x06, 0xd1],
} as const satisfies Record<string, readonly [number, number]>;

/** One APDU: the control field and the data, with its length in between. */
export function apdu(control: readonly [number, number], data: Uint8Array = new Uint8Array()): Uint8Array {
  const head =
    data.length < 0xff
      ? [control[0], control[1], data.length]
      : [control[0], control[1], 0xff, data.length & 0xff, data.length >> 8];
  const out = new Uint8Array(head.length + data.length);
  out.set(head, 0);
  out.set(data, head.length);
  return out;
}

/** Concatenates byte pieces. */
export function concat(...parts: (Uint8Array | readonly number[])[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** One BMP field: its tag, an LLVAR/LLLVAR prefix where the table says so, and the value. */
export function bmp(tag: number, value: Uint8Array): Uint8Array {
  const kind = BMP_LENGTHS[tag];
  if (kind === 'll') return concat([tag], varLength(value.length, 2), value);
  if (kind === 'lll') return concat([tag], varLength(value.length, 3), value);
  if (typeof kind === 'number' && kind !== value.length)
    throw new RangeError(`BMP ${tag.toString(16)} takes ${kind} bytes, not ${value.length}`);
  return concat([tag], value);
}

/** The terminal's password: six digits, three BCD bytes. */
export function passwordBytes(password: string): Uint8Array {
  if (!/^\d{6}$/.test(password)) throw new RangeError('the terminal password is six digits');
  return toBcd(Number(password), 3);
}

const amountField = (cents: number) => bmp(0x04, toBcd(cents, 6));
const currencyField = (code: number) => bmp(0x49, toBcd(code, 2));

/** Registration config byte bits (ZVT 13, 06 00). */
export const CONFIG = {
  /** The payment receipt is not printed by the terminal: it sends its lines (06 D1) to the till. */
  ecrPrintsPaymentReceipt: 0x02,
  /** The administration receipt (end-of-day) is not printed by the terminal either. */
  ecrPrintsAdminReceipt: 0x04,
  /** The terminal sends intermediate status (04 FF) while it works. */
  intermediateStatus: 0x08,
  /** Print lines (06 D1) rather than text blocks (06 D3). */
  ecrUsesPrintLines: 0x80,
} as const;

/**
 * Registration (06 00): password, config byte, currency (2 BCD bytes, no BMP tag), service byte.
 * @example registration({ password: '000000', printsOwnSlips: true, currency: 978 })
 */
export function registration(options: { password: string; printsOwnSlips: boolean; currency: number }) {
  const config = options.printsOwnSlips
    ? CONFIG.intermediateStatus
    : CONFIG.intermediateStatus |
      CONFIG.ecrPrintsPaymentReceipt |
      CONFIG.ecrPrintsAdminReceipt |
      CONFIG.ecrUsesPrintLines;
  // Service byte 01: the terminal's service menu is not on its function key (our choice: the
  // till drives the terminal, staff do not open its menu by accident).
  return apdu(
    COMMAND.registration,
    concat(passwordBytes(options.password), [config], toBcd(options.currency, 2), [0x03, 0x01]),
  );
}

/** Authorization (06 01): the amount in cents, and the currency where given. */
export function authorization(options: { amountCents: number; currency?: number }) {
  return apdu(
    COMMAND.authorization,
    concat(amountField(options.amountCents), options.currency ? currencyField(options.currency) : []),
  );
}

/** Abort (06 B0): no data. */
export const abortCommand = () => apdu(COMMAND.abort);

/** Reversal (06 30) of the payment with the terminal's receipt number. */
export function reversal(options: { password: string; receiptNumber: number }) {
  return apdu(
    COMMAND.reversal,
    concat(passwordBytes(options.password), bmp(0x87, toBcd(options.receiptNumber, 2))),
  );
}

/** Refund (06 31) of an amount, with the currency. */
export function refund(options: { password: string; amountCents: number; currency: number }) {
  return apdu(
    COMMAND.refund,
    concat(
      passwordBytes(options.password),
      amountField(options.amountCents),
      currencyField(options.currency),
    ),
  );
}

/** End-of-day (06 50): the password. */
export const endOfDay = (password: string) => apdu(COMMAND.endOfDay, passwordBytes(password));

/** Repeat receipt (06 20): the password; the terminal answers with its last transaction. */
export const repeatReceipt = (password: string) => apdu(COMMAND.repeatReceipt, passwordBytes(password));

/** Status enquiry (05 01): with the password (our choice; it may also be sent empty). */
export const statusEnquiry = (password?: string) =>
  apdu(COMMAND.statusEnquiry, password === undefined ? undefined : passwordBytes(password));

/** The positive acknowledgement 80 00 00, sent after every APDU the terminal sends. */
export const ACK = apdu(ANSWER.ack);

// ---- What a terminal sends (the terminal double builds its answers with these) ----

/** Intermediate status (04 FF): one status code (e.g. 0A insert card). */
export const intermediateStatus = (code: number) => apdu(ANSWER.intermediateStatus, Uint8Array.of(code));

/** Status information (04 0F): BMP fields built with `bmp`. */
export const statusInformation = (...fields: Uint8Array[]) =>
  apdu(ANSWER.statusInformation, concat(...fields));

/** Completion (06 0F): the terminal is done and ready. */
export const completion = () => apdu(ANSWER.completion);

/** Abort from the terminal (06 1E): the result code. */
export const terminalAbort = (resultCode: number) => apdu(ANSWER.abort, Uint8Array.of(resultCode));

/** Print line (06 D1): attribute byte, then the text. */
export const printLine = (attribute: number, text: string) =>
  apdu(ANSWER.printLine, concat([attribute], fromLatin1(text)));

/** Text fields for `bmp`. */
export const textBytes = fromLatin1;
