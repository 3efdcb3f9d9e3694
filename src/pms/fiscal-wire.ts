// The fiscal block of a recorded sale as the till server hands it to the tablet: in the answer to
// `POST /till/sales` and on each sale of `GET /till/sales`, as the field `fiscal` (absent when the
// hotel has no fiscal country), and the hub's fiscal country on every recording answer
// (`fiscalCountry`: a room charge has no block, the country is still told). docs/fiscal.md "The
// receipt's fiscal block" says what the lines are. Shared by the server (src/server/fiscal/ledger-fiscal.ts) and the tablet's receipt.

/** The TSE's data of a signed sale (§6 KassenSichV), as the receipt and the QR code carry it. */
export interface FiscalTseData {
  txNumber: number;
  signatureCounter: number;
  /** ISO 8601 UTC. */
  timeStart: string;
  timeEnd: string;
  signature: string;
  tseSerial: string;
  clientSerial: string;
  /** Signed by the late-signing queue after an outage. */
  signedLate: boolean;
}

export interface FiscalReceipt {
  /** signed: the TSE's data is there; unsigned: an outage (the receipt says so, no transaction number). */
  status: 'signed' | 'unsigned';
  /** The receipt's fiscal lines, German and English, ready to print. */
  lines: string[];
  /** The DSFinV-K QR code's text (`V0;…`); null when unsigned. */
  qrCode: string | null;
  tse?: FiscalTseData;
  /** An outage: when the till recorded the sale, and since when the TSE was out. */
  outage?: { recordedAt: string; since: string };
}

/** The `fiscal` field of a ledger answer or listed sale, if it is a well-formed block. */
export function fiscalReceiptOf(value: unknown): FiscalReceipt | undefined {
  const fiscal = (value as { fiscal?: Partial<FiscalReceipt> } | null | undefined)?.fiscal;
  if (!fiscal || (fiscal.status !== 'signed' && fiscal.status !== 'unsigned')) return undefined;
  if (!Array.isArray(fiscal.lines) || !fiscal.lines.every((line) => typeof line === 'string'))
    return undefined;
  return fiscal as FiscalReceipt;
}

/**
 * How long a tablet's receipt waits for the server's signature before it says the TSE is out (3 s
 * budget + the LAN). The server reads a sale that reached it later than this after it was made as
 * one whose receipt said so: signed late, as an outage of that till (docs/fiscal.md, "Outages").
 */
export const FISCAL_ANSWER_WAIT_MS = 5000;

/** The receipt's line of an outage (docs/fiscal.md; the server's receipt-lines.ts says the same). */
export const TSE_OUTAGE_LINE = 'TSE ausgefallen / TSE unavailable';
/** Austria's outage line (§ 17 RKSV's wording; the server's at/receipt-lines.ts prints the same). */
export const RKSV_OUTAGE_LINE = 'Sicherheitseinrichtung ausgefallen / Signature unit unavailable';

/** The hub's fiscal country as a recording answer tells it: which law the receipt follows. */
export type FiscalCountryCode = 'DE' | 'AT' | 'none';

/** The `fiscalCountry` field of a ledger answer, if it names a known country. */
export function fiscalCountryOf(value: unknown): FiscalCountryCode | undefined {
  const country = (value as { fiscalCountry?: unknown } | null | undefined)?.fiscalCountry;
  return country === 'DE' || country === 'AT' || country === 'none' ? country : undefined;
}
/** A reprint's first line for a sale signed after its receipt said the TSE was out. */
export const SIGNED_LATER_LINE = 'Nachträglich signiert / Signed later';
