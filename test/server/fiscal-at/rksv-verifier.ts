// An RKSV DEP7 verifier written from the facts (the shared Austrian README, sections 1.2-1.11), not
// from the till's builder, and sharing no code with it: it checks every group's JWS (header, no
// padding, 12 payload fields and their formats), the chain from SHA-256 of the Kassen-ID, each ES256
// signature with the crypto material container's public key, the decrypted turnover counter against
// the amounts, the Startbeleg, unique receipt numbers, one Kassen-ID, dates never going back, and
// the signed zero receipt after a run of failed ones. It answers a list of problems (none: valid).
import { createDecipheriv, createHash, createPublicKey, verify } from 'node:crypto';

export interface Dep7 {
  'Belege-Gruppe': {
    Signaturzertifikat: string;
    Zertifizierungsstellen: string[];
    'Belege-kompakt': string[];
  }[];
}
export interface CryptoContainer {
  base64AESKey?: string;
  certificateOrPublicKeyMap: Record<
    string,
    { id: string; signatureDeviceType: 'CERTIFICATE' | 'PUBLIC_KEY'; signatureCertificateOrPublicKey: string }
  >;
}

export interface CheckedReceipt {
  receiptNumber: string;
  signed: boolean;
  kind: 'start' | 'zero' | 'standard' | 'storno' | 'training';
  turnoverCents: number;
  counterCents: bigint | null;
}

const BROKEN = Buffer.from('Sicherheitseinrichtung ausgefallen').toString('base64url');
const AMOUNT = /^-?\d+,\d\d$/;
const DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;
const B64 = /^[A-Za-z0-9+/]+={0,2}$/;

const hash8 = (text: string) =>
  createHash('sha256').update(Buffer.from(text, 'utf8')).digest().subarray(0, 8).toString('base64');

function cents(text: string): number {
  const negative = text.startsWith('-');
  const [euros, rest] = text.replace('-', '').split(',');
  const value = Number(euros) * 100 + Number(rest);
  return negative ? -value : value;
}

function decryptCounter(key: Buffer, kassenId: string, receiptNumber: string, field: string): bigint {
  const iv = createHash('sha256')
    .update(Buffer.from(kassenId + receiptNumber, 'utf8'))
    .digest()
    .subarray(0, 16);
  const decipher = createDecipheriv('aes-256-ctr', key, iv);
  const plain = Buffer.concat([decipher.update(Buffer.from(field, 'base64')), decipher.final()]);
  let value = 0n;
  for (const byte of plain) value = (value << 8n) | BigInt(byte);
  const bits = BigInt(plain.length * 8);
  if (plain[0]! & 0x80) value -= 1n << bits; // two's complement
  return value;
}

/** Checks a DEP7 export; returns the receipts as read and every problem found. */
export function verifyDep(dep: Dep7, container: CryptoContainer) {
  const problems: string[] = [];
  const receipts: CheckedReceipt[] = [];
  const key = container.base64AESKey ? Buffer.from(container.base64AESKey, 'base64') : null;
  const seenNumbers = new Set<string>();
  let kassenId: string | null = null;
  let previousJws: string | null = null;
  let previousDate = '';
  let counter = 0n;
  let counterLength: number | null = null;
  let zda: string | null = null;
  // Outage state: 'none', 'failed' (in a run of failed receipts), 'one-allowed-used' (one signed
  // receipt with turnover came after the run, the next signed must be a zero receipt).
  let outage: 'none' | 'failed' | 'grace-used' = 'none';
  let index = 0;
  if (!Array.isArray(dep?.['Belege-Gruppe']))
    return { problems: ['no Belege-Gruppe'], receipts, endsInOutage: false };
  for (const group of dep['Belege-Gruppe']) {
    for (const keyName of ['Signaturzertifikat', 'Zertifizierungsstellen', 'Belege-kompakt'] as const)
      if (!(keyName in group)) problems.push(`a group lacks ${keyName}`);
    for (const jws of group['Belege-kompakt'] ?? []) {
      const at = `receipt ${index++}`;
      const parts = jws.split('.');
      if (parts.length !== 3 || parts.some((part) => part.includes('=') || part.length === 0)) {
        problems.push(`${at}: not an unpadded JWS compact string`);
        continue;
      }
      const [header, payloadPart, signaturePart] = parts as [string, string, string];
      if (Buffer.from(header, 'base64url').toString('utf8') !== '{"alg":"ES256"}')
        problems.push(`${at}: header is not {"alg":"ES256"}`);
      const payload = Buffer.from(payloadPart, 'base64url').toString('utf8');
      const fields = payload.split('_');
      if (fields.length !== 13 || fields[0] !== '') {
        problems.push(`${at}: the payload has ${fields.length - 1} fields, not 12`);
        continue;
      }
      const [, alg, kid, number, date, ...rest] = fields as string[];
      const amounts = rest.slice(0, 5);
      const [counterField, serial, chain] = rest.slice(5) as [string, string, string];
      const id = `${at} (${number})`;
      const algMatch = /^R1-(AT0|[A-Z]{2}\d+)$/.exec(alg!);
      if (!algMatch) problems.push(`${id}: algorithm ${alg} is not R1-<ZDA>`);
      else if (zda !== null && (zda === 'AT0') !== (algMatch[1] === 'AT0'))
        problems.push(`${id}: open and closed systems mixed`);
      else zda = algMatch?.[1] ?? zda;
      if (kassenId === null) kassenId = kid!;
      else if (kid !== kassenId) problems.push(`${id}: a second Kassen-ID ${kid}`);
      if (seenNumbers.has(number!)) problems.push(`${id}: Belegnummer used twice`);
      seenNumbers.add(number!);
      if (!DATE.test(date!)) problems.push(`${id}: date ${date} is not yyyy-MM-ddTHH:mm:ss`);
      else if (date! < previousDate) problems.push(`${id}: date goes back`);
      else previousDate = date!;
      if (!amounts.every((amount) => AMOUNT.test(amount))) problems.push(`${id}: an amount is malformed`);
      const turnover = amounts.reduce((sum, amount) => sum + cents(amount), 0);
      if (!B64.test(chain) || Buffer.from(chain, 'base64').length !== 8)
        problems.push(`${id}: chain malformed`);
      const expectedChain = hash8(previousJws ?? kid!);
      if (chain !== expectedChain) problems.push(`${id}: chain broken (${chain}, expected ${expectedChain})`);

      // Signature: the failure marker, or 64 bytes verified with the unit's key.
      const signed = signaturePart !== BROKEN;
      if (signed) {
        const signature = Buffer.from(signaturePart, 'base64url');
        const entry = container.certificateOrPublicKeyMap[serial];
        if (!entry) problems.push(`${id}: no key for ${serial}`);
        else if (signature.length !== 64) problems.push(`${id}: signature is not 64 bytes`);
        else {
          const der = Buffer.from(
            entry.signatureCertificateOrPublicKey.replace(/-----[^-]+-----|\s/g, ''),
            'base64',
          );
          const publicKey =
            entry.signatureDeviceType === 'PUBLIC_KEY'
              ? createPublicKey({ key: der, format: 'der', type: 'spki' })
              : createPublicKey({
                  key: `-----BEGIN CERTIFICATE-----\n${der.toString('base64')}\n-----END CERTIFICATE-----`,
                });
          const ok = verify(
            'sha256',
            Buffer.from(`${header}.${payloadPart}`, 'ascii'),
            {
              key: publicKey,
              dsaEncoding: 'ieee-p1363',
            },
            signature,
          );
          if (!ok) problems.push(`${id}: signature does not verify`);
        }
      }

      // Counter and receipt kind.
      let kind: CheckedReceipt['kind'];
      let shown: bigint | null = null;
      if (counterField === 'U1RP') {
        kind = 'storno';
        counter += BigInt(turnover);
      } else if (counterField === 'VFJB') {
        kind = 'training';
      } else {
        if (!B64.test(counterField)) problems.push(`${id}: counter field is not base64`);
        const length = Buffer.from(counterField, 'base64').length;
        if (counterLength === null) counterLength = length;
        else if (length !== counterLength) problems.push(`${id}: counter length changed`);
        if (length < 5) problems.push(`${id}: counter shorter than 5 bytes`);
        counter += BigInt(turnover);
        if (key) {
          shown = decryptCounter(key, kid!, number!, counterField);
          if (shown !== counter) problems.push(`${id}: counter ${shown} is not the sum ${counter}`);
        }
        kind = previousJws === null ? 'start' : turnover === 0 ? 'zero' : 'standard';
      }
      if (previousJws === null) {
        if (kind !== 'start')
          problems.push(`${id}: the first receipt is a ${kind} receipt, not a Startbeleg`);
        if (!signed) problems.push(`${id}: the Startbeleg is not signed`);
        if (turnover !== 0) problems.push(`${id}: the Startbeleg has turnover`);
      }

      // After an outage: a signed zero receipt, at most one signed receipt with turnover before it.
      if (!signed) outage = 'failed';
      else if (outage !== 'none') {
        if (kind === 'zero') outage = 'none';
        else if (outage === 'failed') outage = 'grace-used';
        else problems.push(`${id}: a second signed receipt after an outage before the signed zero receipt`);
      }

      receipts.push({ receiptNumber: number!, signed, kind, turnoverCents: turnover, counterCents: shown });
      previousJws = jws;
    }
  }
  // A DEP exported during an outage ends in failed receipts: a state, not an error.
  return { problems, receipts, endsInOutage: outage !== 'none' };
}
