// The hotel's own certificate authority. Owns: creating it on first start (ECDSA P-256, 10 years,
// CA:true with pathLen 0) and loading it on later starts, from <dir>/ca.key (PKCS#8 PEM, 0600) and
// <dir>/ca.crt (PEM). Invariant: the CA private key never leaves this module and that folder;
// callers get `issue`, a signing function, and the public certificate. A half-present or
// mismatched pair is an error, never silently replaced: every tablet trusts the existing CA.
import 'reflect-metadata';
import { createPrivateKey, randomBytes, webcrypto, X509Certificate } from 'node:crypto';
import { hostname } from 'node:os';
import * as x509 from '@peculiar/x509';
import { ensureDir, PRIVATE_FILE_MODE, readIfExists, tlsFile, writeFileAtomically } from './files.ts';

export const crypto = webcrypto as unknown as Crypto;
export const KEY_ALGORITHM: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
export const SIGNING_ALGORITHM: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' };
const CA_VALIDITY_YEARS = 10;
const BACKDATE_MS = 60 * 60 * 1000; // an hour, for tablets whose clock is a little behind

/** The CA's public certificate, in the form the setup page and the TLS manager hand out. */
export interface CaCertificate {
  pem: string;
  der: Uint8Array;
  /** Upper-case hex pairs joined by colons, as Android and iOS show it. */
  fingerprintSha256: string;
  /** The subject common name, "Hotel Till CA <hostname> <date>". */
  name: string;
}

/** What a certificate signed by the CA says; issuer, serial number and key identifier are the CA's business. */
export interface IssueParams {
  subject: x509.JsonName;
  publicKey: CryptoKey;
  notBefore: Date;
  notAfter: Date;
  extensions: x509.Extension[];
}

export interface CertificateAuthority {
  certificate: CaCertificate;
  notAfter: Date;
  /** Signs a certificate with the CA key (with a random serial number and authorityKeyIdentifier). */
  issue(params: IssueParams): Promise<x509.X509Certificate>;
  /** Whether the PEM certificate was issued and signed by this CA. */
  hasIssued(certificatePem: string): boolean;
}

/** Loads the CA from `dir`, or creates it there when neither ca.key nor ca.crt exists. */
export async function loadOrCreateCertificateAuthority(
  dir: string,
  options: { now?: () => Date; hostname?: string } = {},
): Promise<CertificateAuthority> {
  const keyFile = tlsFile(dir, 'ca.key');
  const certFile = tlsFile(dir, 'ca.crt');
  const keyPem = readIfExists(keyFile);
  const certPem = readIfExists(certFile);
  if (keyPem === undefined && certPem === undefined) {
    const created = await createCa(options.now?.() ?? new Date(), options.hostname ?? hostname());
    ensureDir(dir);
    writeFileAtomically(keyFile, created.keyPem, PRIVATE_FILE_MODE);
    writeFileAtomically(certFile, created.certPem);
    return loadCa(created.keyPem, created.certPem);
  }
  if (keyPem === undefined || certPem === undefined) {
    const missing = keyPem === undefined ? keyFile : certFile;
    throw new Error(
      `${missing} is missing but its partner exists: restore it, or delete both ca.key and ca.crt ` +
        'to create a new CA (every tablet must then install the new one)',
    );
  }
  return loadCa(keyPem, certPem, dir);
}

/** A random positive 128-bit serial number as hex (RFC 5280: at most 20 octets, positive). */
export function randomSerialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x01;
  return bytes.toString('hex');
}

async function createCa(now: Date, host: string) {
  const keys = await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CA_VALIDITY_YEARS);
  const name = `Hotel Till CA ${host} ${now.toISOString().slice(0, 10)}`;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: randomSerialNumber(),
      name: [{ CN: [name] }, { O: ['Hotel Till'] }],
      notBefore: new Date(now.getTime() - BACKDATE_MS),
      notAfter,
      keys,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', keys.privateKey);
  return {
    keyPem: `${x509.PemConverter.encode(pkcs8, 'PRIVATE KEY').trim()}\n`,
    certPem: `${certificate.toString('pem').trim()}\n`,
  };
}

async function loadCa(keyPem: string, certPem: string, dir?: string): Promise<CertificateAuthority> {
  const where = dir === undefined ? 'the new CA' : `the CA in ${dir}`;
  const nodeCert = new X509Certificate(certPem);
  const privateKey = createPrivateKey(keyPem);
  if (!nodeCert.ca || !nodeCert.checkPrivateKey(privateKey)) {
    throw new Error(`${where}: ca.crt is not a CA certificate for ca.key`);
  }
  const signingKey = await crypto.subtle.importKey(
    'pkcs8',
    privateKey.export({ format: 'der', type: 'pkcs8' }),
    KEY_ALGORITHM,
    false,
    ['sign'],
  );
  const caCert = new x509.X509Certificate(certPem);
  const ski = caCert.getExtension(x509.SubjectKeyIdentifierExtension);
  const authorityKeyId = ski
    ? new x509.AuthorityKeyIdentifierExtension(ski.keyId)
    : await x509.AuthorityKeyIdentifierExtension.create(caCert.publicKey, false, crypto);
  const der = new Uint8Array(nodeCert.raw);
  return {
    certificate: {
      pem: nodeCert.toString(),
      der,
      fingerprintSha256: nodeCert.fingerprint256,
      name: caCert.subjectName.getField('CN')[0] ?? caCert.subject,
    },
    notAfter: caCert.notAfter,
    issue: (params) =>
      x509.X509CertificateGenerator.create(
        {
          ...params,
          serialNumber: randomSerialNumber(),
          issuer: caCert.subjectName,
          signingKey,
          signingAlgorithm: SIGNING_ALGORITHM,
          extensions: [...params.extensions, authorityKeyId],
        },
        crypto,
      ),
    hasIssued(certificatePem) {
      try {
        const issued = new X509Certificate(certificatePem);
        return issued.checkIssued(nodeCert) && issued.verify(nodeCert.publicKey);
      } catch {
        return false;
      }
    },
  };
}
