// The receipt's DSFinV-K QR code (Anhang I): building the `V0;…` string from a signed transaction,
// and an independent verifier that trusts nothing but the string itself: it rebuilds the TR-03151
// log message from the QR fields and checks the signature with the public key printed in the code.
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import * as asn1js from 'asn1js';
import { logMessage, SIGNATURE_ALGORITHMS, type SignatureAlgorithm } from './log-message.ts';

export const PROCESS_TYPE = 'Kassenbeleg-V1';

export interface QrFields {
  clientSerial: string;
  processType: string;
  processData: string;
  transactionNumber: number;
  signatureCounter: number;
  /** ISO 8601 UTC with milliseconds. */
  startTime: string;
  logTime: string;
  algorithm: string;
  timeFormat: string;
  /** base64 of the plain r‖s. */
  signature: string;
  /** base64 of the uncompressed point. */
  publicKey: string;
}

/** The 12 fields joined with `;`, starting with `V0`. */
export function buildQrCode(fields: QrFields): string {
  return [
    'V0',
    fields.clientSerial,
    fields.processType,
    fields.processData,
    fields.transactionNumber,
    fields.signatureCounter,
    fields.startTime,
    fields.logTime,
    fields.algorithm,
    fields.timeFormat,
    fields.signature,
    fields.publicKey,
  ].join(';');
}

/** Splits a QR string into its fields; null when it is not a `V0` code of 12 fields. */
export function parseQrCode(text: string): QrFields | null {
  const parts = text.split(';');
  if (parts.length !== 12 || parts[0] !== 'V0') return null;
  const [, clientSerial, processType, processData, number, counter, startTime, logTime] = parts;
  const [algorithm, timeFormat, signature, publicKey] = parts.slice(8);
  if (!/^\d+$/.test(number!) || !/^\d+$/.test(counter!)) return null;
  return {
    clientSerial: clientSerial!,
    processType: processType!,
    processData: processData!,
    transactionNumber: Number(number),
    signatureCounter: Number(counter),
    startTime: startTime!,
    logTime: logTime!,
    algorithm: algorithm!,
    timeFormat: timeFormat!,
    signature: signature!,
    publicKey: publicKey!,
  };
}

const EC_PUBLIC_KEY = '1.2.840.10045.2.1';
/** Curves by the length of an uncompressed point; 97 bytes: brainpool first (TSEs use it), then P-384. */
const CURVES: Record<number, string[]> = {
  65: ['1.2.840.10045.3.1.7'], // prime256v1
  97: ['1.3.36.3.3.2.8.1.1.11', '1.3.132.0.34'], // brainpoolP384r1, secp384r1
};

/** A public key from its uncompressed point, on the curve with that OID (SubjectPublicKeyInfo). */
function pointToKey(point: Uint8Array, curveOid: string): KeyObject {
  const spki = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.ObjectIdentifier({ value: EC_PUBLIC_KEY }),
          new asn1js.ObjectIdentifier({ value: curveOid }),
        ],
      }),
      new asn1js.BitString({ valueHex: point }),
    ],
  });
  return createPublicKey({ key: Buffer.from(spki.toBER(false)), format: 'der', type: 'spki' });
}

/** Unix seconds of a whole-second ISO time (`unixTime` has no milliseconds: they must be .000). */
const isoToUnix = (iso: string) => {
  const ms = Date.parse(iso);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/.test(iso) || !Number.isFinite(ms)) return null;
  return new Date(ms).toISOString() === iso ? ms / 1000 : null;
};

/**
 * Whether the QR code's signature holds over the log message rebuilt from its own fields. The start
 * time is not in the finish log message (the start has its own signature, not printed): it is only
 * checked to be a whole-second time no later than the log time.
 */
export function verifyQrCode(text: string): boolean {
  const fields = parseQrCode(text);
  if (fields?.timeFormat !== 'unixTime') return false;
  if (!(fields.algorithm in SIGNATURE_ALGORITHMS)) return false;
  const algorithm = fields.algorithm as SignatureAlgorithm;
  const logTime = isoToUnix(fields.logTime);
  const startTime = isoToUnix(fields.startTime);
  if (logTime === null || startTime === null || startTime > logTime) return false;
  const point = Buffer.from(fields.publicKey, 'base64');
  const signature = Buffer.from(fields.signature, 'base64');
  // base64 that does not round-trip was changed (Buffer ignores stray characters)
  if (point.toString('base64') !== fields.publicKey || signature.toString('base64') !== fields.signature)
    return false;
  if (point[0] !== 0x04) return false;
  const message = logMessage({
    operationType: 'FinishTransaction',
    clientId: fields.clientSerial,
    processData: fields.processData,
    processType: fields.processType,
    transactionNumber: fields.transactionNumber,
    publicKey: point,
    algorithm,
    signatureCounter: fields.signatureCounter,
    logTime,
  });
  for (const curve of CURVES[point.length] ?? []) {
    let key: KeyObject;
    try {
      key = pointToKey(point, curve);
    } catch {
      continue; // not a point on this curve
    }
    const hash = SIGNATURE_ALGORITHMS[algorithm].hash;
    if (verify(hash, message, { key, dsaEncoding: 'ieee-p1363' }, signature)) return true;
  }
  return false;
}
