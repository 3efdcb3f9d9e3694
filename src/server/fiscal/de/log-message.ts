// The TR-03151 transaction log message a German TSE signs, DER-encoded with asn1js: the eleven values
// written one after another (no outer SEQUENCE). Owns only the bytes; the test TSE signs them and
// the QR verifier rebuilds them from a receipt's QR fields. docs/fiscal.md shows the layout.
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';

/** certifiedDataType of a transaction log (TR-03151). */
export const TRANSACTION_LOG_OID = '0.4.0.127.0.7.3.7.1.1';
/** The signature algorithms (BSI TR-03111) by the QR code's name for them. */
export const SIGNATURE_ALGORITHMS = {
  'ecdsa-plain-SHA256': { oid: '0.4.0.127.0.7.1.1.4.1.3', hash: 'sha256' },
  'ecdsa-plain-SHA384': { oid: '0.4.0.127.0.7.1.1.4.1.4', hash: 'sha384' },
} as const;
export type SignatureAlgorithm = keyof typeof SIGNATURE_ALGORITHMS;

export interface LogMessageFields {
  operationType: string;
  clientId: string;
  processData: string;
  processType: string;
  transactionNumber: number;
  /** The TSE's public key (uncompressed point); its SHA-256 is the serialNumber. */
  publicKey: Uint8Array;
  algorithm: SignatureAlgorithm;
  signatureCounter: number;
  /** Unix seconds. */
  logTime: number;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const contextOctets = (tag: number, bytes: Uint8Array) =>
  new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: tag }, valueHex: bytes });
const integer = (value: number) => asn1js.Integer.fromBigInt(BigInt(value));

/** The minimal big-endian two's-complement bytes of a number (an INTEGER's contents). */
export function integerBytes(value: number): Uint8Array {
  return new Uint8Array(integer(value).valueBlock.valueHexView);
}

/** The TSE serial (TR-03153 §7.5): SHA-256 of the public key bytes. */
export function tseSerial(publicKey: Uint8Array): Buffer {
  return createHash('sha256').update(publicKey).digest();
}

/** The log message's DER bytes: what the signature covers. */
export function logMessage(fields: LogMessageFields): Buffer {
  const parts: asn1js.BaseBlock[] = [
    integer(2),
    new asn1js.ObjectIdentifier({ value: TRANSACTION_LOG_OID }),
    contextOctets(0, utf8(fields.operationType)),
    contextOctets(1, utf8(fields.clientId)),
    contextOctets(2, utf8(fields.processData)),
    contextOctets(3, utf8(fields.processType)),
    contextOctets(5, integerBytes(fields.transactionNumber)),
    new asn1js.OctetString({ valueHex: tseSerial(fields.publicKey) }),
    new asn1js.Sequence({
      value: [new asn1js.ObjectIdentifier({ value: SIGNATURE_ALGORITHMS[fields.algorithm].oid })],
    }),
    integer(fields.signatureCounter),
    integer(fields.logTime),
  ];
  return Buffer.concat(parts.map((part) => Buffer.from(part.toBER(false))));
}
