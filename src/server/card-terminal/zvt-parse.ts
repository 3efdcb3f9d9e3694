// Reading ZVT, pure: cutting APDUs out of a TCP byte stream, the BMP fields of their data, and what
// each means to the till (a status text, the transaction's result with its card data, a print line,
// the end, an abort and why). Unknown BMPs stop the walk; what was read before them is kept.
import { BMP_LENGTHS, bcdDigits, fromBcd, latin1, readTlvLength, readVarLength } from './zvt-fields.ts';

export interface Apdu {
  control: readonly [number, number];
  data: Uint8Array;
}

/**
 * The first whole APDU in `buffer` and the bytes after it; null while it is incomplete.
 * @example takeApdu(Uint8Array.of(0x80, 0x00, 0x00)) // { apdu: { control: [0x80, 0], data: [] }, rest: [] }
 */
export function takeApdu(buffer: Uint8Array): { apdu: Apdu; rest: Uint8Array } | null {
  if (buffer.length < 3) return null;
  let length = buffer[2]!;
  let start = 3;
  if (length === 0xff) {
    if (buffer.length < 5) return null;
    length = buffer[3]! | (buffer[4]! << 8);
    start = 5;
  }
  if (buffer.length < start + length) return null;
  return {
    apdu: { control: [buffer[0]!, buffer[1]!], data: buffer.slice(start, start + length) },
    rest: buffer.slice(start + length),
  };
}

/** The BMP fields of an APDU's data, by tag (a TLV container under 0x06), from `from` on. */
export function readBmps(data: Uint8Array, from = 0): Map<number, Uint8Array> {
  const fields = new Map<number, Uint8Array>();
  let at = from;
  while (at < data.length) {
    const tag = data[at]!;
    const kind = BMP_LENGTHS[tag];
    if (kind === undefined) break;
    let start = at + 1;
    let length: number | null;
    if (typeof kind === 'number') length = kind;
    else if (kind === 'tlv') {
      const read = readTlvLength(data, start);
      length = read?.length ?? null;
      start += read?.size ?? 0;
    } else {
      const digits = kind === 'll' ? 2 : 3;
      length = readVarLength(data, start, digits);
      start += digits;
    }
    if (length === null || start + length > data.length) break;
    fields.set(tag, data.slice(start, start + length));
    at = start + length;
  }
  return fields;
}

/** A transaction's result as the terminal reports it in status information (04 0F). */
export interface TransactionResult {
  /** BMP 27: 0 approved; else the error code (docs/zvt.md, "Result codes"). */
  resultCode: number;
  amountCents?: number;
  traceNumber?: number;
  receiptNumber?: number;
  turnoverNumber?: number;
  /** The terminal id (8 digits). */
  terminalId?: string;
  /** The PAN as sent: masked digits as '*', e.g. '************4771'. */
  maskedPan?: string;
  /** The card's name (BMP 8B), e.g. 'Debit Mastercard'. */
  cardName?: string;
  /** The ZVT card type (BMP 8A). */
  cardType?: number;
  /** Expiry as YYMM. */
  expiry?: string;
  /** Date MMDD and time HHMMSS of the terminal. */
  date?: string;
  time?: string;
  currency?: number;
  vuNumber?: string;
  aid?: string;
  /** BMP 3C, e.g. 'GEN.NR.:611804' or a decline's reason in words. */
  text?: string;
  /** End-of-day totals (BMP 60). */
  totals?: EndOfDayTotals;
}

/** The individual totals of an end-of-day, by card family, as the terminal counts them. */
export interface EndOfDayTotals {
  receiptFrom: number;
  receiptTo: number;
  families: { family: (typeof CARD_FAMILIES)[number]; count: number; totalCents: number }[];
}

/** The order of card families in BMP 60 (ZVT 13, 06 50). */
export const CARD_FAMILIES = ['girocard', 'jcb', 'eurocard', 'amex', 'visa', 'diners', 'other'] as const;

function readTotals(data: Uint8Array): EndOfDayTotals | undefined {
  if (data.length < 4 + 7 * CARD_FAMILIES.length) return undefined;
  return {
    receiptFrom: fromBcd(data.slice(0, 2)),
    receiptTo: fromBcd(data.slice(2, 4)),
    families: CARD_FAMILIES.map((family, index) => {
      const at = 4 + index * 7;
      return { family, count: data[at]!, totalCents: fromBcd(data.slice(at + 1, at + 7)) };
    }),
  };
}

/** What a status information (04 0F) says. */
export function readTransactionResult(data: Uint8Array): TransactionResult {
  const f = readBmps(data);
  const bcd = (tag: number) => {
    const value = f.get(tag);
    return value ? fromBcd(value) : undefined;
  };
  const text = (tag: number) => {
    const value = f.get(tag);
    return value ? latin1(value).replace(/\0+$/, '').trim() : undefined;
  };
  const result: TransactionResult = { resultCode: f.get(0x27)?.[0] ?? 0 };
  const set = <K extends keyof TransactionResult>(key: K, value: TransactionResult[K] | undefined) => {
    if (value !== undefined && !(typeof value === 'number' && Number.isNaN(value))) result[key] = value;
  };
  set('amountCents', bcd(0x04));
  set('traceNumber', bcd(0x0b));
  set('receiptNumber', bcd(0x87));
  set('turnoverNumber', bcd(0x88));
  set('terminalId', f.has(0x29) ? bcdDigits(f.get(0x29)!) : undefined);
  set('maskedPan', f.has(0x22) ? bcdDigits(f.get(0x22)!).replace(/^0+(?=\*)/, '') : undefined);
  set('cardName', text(0x8b));
  set('cardType', f.get(0x8a)?.[0]);
  set('expiry', f.has(0x0e) ? bcdDigits(f.get(0x0e)!) : undefined);
  set('date', f.has(0x0d) ? bcdDigits(f.get(0x0d)!) : undefined);
  set('time', f.has(0x0c) ? bcdDigits(f.get(0x0c)!) : undefined);
  set('currency', bcd(0x49));
  set('vuNumber', text(0x2a));
  set('aid', text(0x3b));
  set('text', text(0x3c));
  set('totals', f.has(0x60) ? readTotals(f.get(0x60)!) : undefined);
  return result;
}

/** What a terminal's status text means to the waiter; the till shows its own words for it. */
export type TerminalPrompt = 'insertCard' | 'pinEntry' | 'pleaseWait' | 'removeCard' | 'tipEntry' | 'other';

/**
 * The prompt of an intermediate status code (04 FF). ZVT 13's table has ~60 codes; we name those a
 * waiter acts on and show the rest as "please wait" (docs/zvt.md).
 */
export function promptOf(code: number): TerminalPrompt {
  if (code === 0x0a || code === 0x2a) return 'insertCard';
  if (code === 0x01 || code === 0x02 || code === 0x41 || code === 0x15) return 'pinEntry';
  if (code === 0x0b || code === 0x43 || code === 0x1c) return 'removeCard';
  if (code === 0x00) return 'tipEntry'; // "PT waiting for amount confirmation"
  if ([0x04, 0x06, 0x0e, 0x17, 0x2c, 0x28, 0x29].includes(code)) return 'pleaseWait';
  return 'other';
}

/** Why a transaction was not approved, in the till's terms. */
export type DeclineReason =
  | 'declined'
  | 'cancelled'
  | 'cardUnreadable'
  | 'cardExpired'
  | 'insufficientFunds'
  | 'alreadyReversed'
  | 'notPossible'
  | 'terminalError';

/** The reason for a result/abort code (06 1E, BMP 27). Codes 01-63 are the card issuer's answer. */
export function reasonOf(code: number): DeclineReason {
  if (code === 0x6c) return 'cancelled';
  if ([0x64, 0x65, 0x72, 0x73].includes(code)) return 'cardUnreadable';
  if (code === 0x78 || code === 0x79) return 'cardExpired';
  if (code === 0x71 || code === 0x16) return 'insufficientFunds';
  if (code === 0xb4) return 'alreadyReversed';
  if ([0x67, 0x68, 0x6b, 0x6f, 0x83, 0xb5, 0xc3].includes(code)) return 'notPossible';
  if (code >= 0x01 && code <= 0x63) return 'declined';
  return 'terminalError';
}

/** One APDU from the terminal, as the session acts on it. */
export type TerminalMessage =
  | { kind: 'ack' }
  | { kind: 'nak'; code: number }
  | { kind: 'intermediate'; code: number; prompt: TerminalPrompt }
  | { kind: 'status'; result: TransactionResult }
  | { kind: 'printLine'; attribute: number; text: string; last: boolean }
  | { kind: 'completion'; result?: TransactionResult }
  | { kind: 'abort'; code: number; reason: DeclineReason }
  | { kind: 'unknown'; control: readonly [number, number] };

/** What an APDU from the terminal is. */
export function readTerminalMessage(apdu: Apdu): TerminalMessage {
  const [cls, instr] = apdu.control;
  if (cls === 0x80 && instr === 0x00) return { kind: 'ack' };
  if (cls === 0x84) return { kind: 'nak', code: instr };
  if (cls === 0x04 && instr === 0xff) {
    const code = apdu.data[0] ?? 0xff;
    return { kind: 'intermediate', code, prompt: promptOf(code) };
  }
  if (cls === 0x04 && instr === 0x0f) return { kind: 'status', result: readTransactionResult(apdu.data) };
  if (cls === 0x06 && instr === 0xd1) {
    const attribute = apdu.data[0] ?? 0;
    // Our reading of the attribute: bit 7 marks the receipt's last line (as 81 in the traces).
    return { kind: 'printLine', attribute, text: latin1(apdu.data.slice(1)), last: (attribute & 0x80) !== 0 };
  }
  if (cls === 0x06 && instr === 0x0f)
    return apdu.data.length > 0
      ? { kind: 'completion', result: readTransactionResult(apdu.data) }
      : { kind: 'completion' };
  if (cls === 0x06 && instr === 0x1e) {
    const code = apdu.data[0] ?? 0xff;
    return { kind: 'abort', code, reason: reasonOf(code) };
  }
  return { kind: 'unknown', control: apdu.control };
}
