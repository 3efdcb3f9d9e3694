// The RKSV receipt at byte level (docs/fiscal.md, "Austria"): the 12-field payload, amounts with a
// decimal comma, the turnover counter (AES-256-CTR, IV from Kassen-ID and Belegnummer), the chaining
// value, the JWS compact form (ES256, R||S, unpadded base64url) and its QR form, the failure marker,
// and the AES key's check value. Pure functions over node:crypto; no state, no I/O.
import { createCipheriv, createHash } from 'node:crypto';

/** base64url of `{"alg":"ES256"}`, the only JWS header RKSV knows. */
export const JWS_HEADER = Buffer.from('{"alg":"ES256"}', 'utf8').toString('base64url');
/** What a receipt carries instead of a signature while the signature unit is out. */
export const FAILURE_TEXT = 'Sicherheitseinrichtung ausgefallen';
/** The turnover counter's field on a storno and a training receipt. */
export const STORNO_MARK = Buffer.from('STO', 'utf8').toString('base64');
export const TRAINING_MARK = Buffer.from('TRA', 'utf8').toString('base64');
/** Suite R1: ES256, SHA-256, 8 bytes of chaining hash. */
export const SUITE = 'R1';

/** The five amount fields of the payload, in their order. */
export const BUCKETS = ['normal', 'reduced1', 'reduced2', 'zero', 'special'] as const;
export type Bucket = (typeof BUCKETS)[number];
export type BucketCents = Record<Bucket, number>;
export const NO_AMOUNTS: BucketCents = { normal: 0, reduced1: 0, reduced2: 0, zero: 0, special: 0 };

export type ReceiptKind = 'start' | 'standard' | 'storno' | 'training' | 'zero';

/** Cents as the payload writes them: `-37,11`, two decimals, a comma, no grouping. */
export function rksvAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** `yyyy-MM-ddTHH:mm:ss` of an instant in Vienna's local time (no zone, no milliseconds). */
export function viennaTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Vienna',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The counter's IV: SHA-256 of Kassen-ID and Belegnummer, joined without a separator, first 16 bytes. */
export function counterIv(kassenId: string, receiptNumber: string): Buffer {
  return sha256(kassenId + receiptNumber).subarray(0, 16);
}

/** The counter (cents) as an N-byte big-endian two's-complement integer, AES-256-CTR encrypted, base64. */
export function encryptCounter(
  aesKey: Buffer,
  kassenId: string,
  receiptNumber: string,
  cents: bigint,
  bytes: number,
): string {
  if (aesKey.length !== 32) throw new RangeError('the AES key has 32 bytes');
  if (bytes < 5 || bytes > 8) throw new RangeError('the counter has 5 to 8 bytes');
  const limit = 1n << BigInt(bytes * 8 - 1);
  if (cents >= limit || cents < -limit) throw new RangeError(`the counter does not fit ${bytes} bytes`);
  const full = Buffer.alloc(8);
  full.writeBigInt64BE(cents);
  const cipher = createCipheriv('aes-256-ctr', aesKey, counterIv(kassenId, receiptNumber));
  const encrypted = Buffer.concat([cipher.update(full.subarray(8 - bytes)), cipher.final()]);
  return encrypted.toString('base64');
}

/** The chaining value: SHA-256 of the previous receipt's JWS (the Kassen-ID for the first), 8 bytes, base64. */
export function chainValue(previousJwsOrKassenId: string): string {
  return sha256(previousJwsOrKassenId).subarray(0, 8).toString('base64');
}

/** The AES key's check value for FinanzOnline: SHA-256 of the base64 key text, 3 bytes, base64 without "=". */
export function aesKeyCheckValue(aesKeyBase64: string): string {
  return sha256(aesKeyBase64).subarray(0, 3).toString('base64').replace(/=+$/, '');
}

export interface PayloadFields {
  /** e.g. `AT0` (closed system: a key registered in FinanzOnline). */
  zda: string;
  kassenId: string;
  receiptNumber: string;
  /** `yyyy-MM-ddTHH:mm:ss` (viennaTime). */
  time: string;
  amounts: BucketCents;
  /** The encrypted counter, or STORNO_MARK / TRAINING_MARK. */
  counter: string;
  /** Field 11: certificate serial, or company id and key id (`U:ATU12345678-K1`). */
  certificateSerial: string;
  chain: string;
}

/** The signed text: 12 fields, each after a "_". */
export function payloadOf(f: PayloadFields): string {
  for (const [name, value] of [
    ['kassenId', f.kassenId],
    ['receiptNumber', f.receiptNumber],
    ['certificateSerial', f.certificateSerial],
  ] as const)
    if (value.includes('_') || value.length === 0) throw new RangeError(`${name} must be non-empty, no "_"`);
  const amounts = BUCKETS.map((bucket) => rksvAmount(f.amounts[bucket]));
  return `_${SUITE}-${f.zda}_${f.kassenId}_${f.receiptNumber}_${f.time}_${amounts.join('_')}_${f.counter}_${f.certificateSerial}_${f.chain}`;
}

/** What the signature unit signs: `header.payload`, both base64url without padding. */
export function signingInputOf(payload: string): string {
  return `${JWS_HEADER}.${Buffer.from(payload, 'utf8').toString('base64url')}`;
}

/** The JWS compact string of a signed receipt (64-byte R||S signature) or of a failed one. */
export function jwsOf(payload: string, signature: Buffer | 'failed'): string {
  const third = signature === 'failed' ? Buffer.from(FAILURE_TEXT, 'utf8') : signature;
  if (signature !== 'failed' && third.length !== 64) throw new RangeError('an ES256 signature has 64 bytes');
  return `${signingInputOf(payload)}.${third.toString('base64url')}`;
}

/** The QR code's text of a JWS: payload + "_" + the signature in standard base64 with padding. */
export function qrOfJws(jws: string): string {
  const [, payload, signature] = jws.split('.');
  if (payload === undefined || signature === undefined) throw new RangeError('not a JWS compact string');
  const text = Buffer.from(payload, 'base64url').toString('utf8');
  return `${text}_${Buffer.from(signature, 'base64url').toString('base64')}`;
}

/** The JWS of a QR text (fiskaly answers with the QR text). */
export function jwsOfQr(qr: string): string {
  const cut = qr.lastIndexOf('_');
  const payload = qr.slice(0, cut);
  const signature = Buffer.from(qr.slice(cut + 1), 'base64');
  return `${signingInputOf(payload)}.${signature.toString('base64url')}`;
}

/** Whether a JWS carries the failure marker instead of a signature. */
export const isFailedJws = (jws: string) =>
  jws.slice(jws.lastIndexOf('.') + 1) === Buffer.from(FAILURE_TEXT, 'utf8').toString('base64url');
