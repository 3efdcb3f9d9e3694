// The server's TLS certificate, issued by the hotel CA. Owns: issuing it (a fresh ECDSA P-256 key,
// SANs for every name and address, serverAuth, 397 days), <dir>/server.key (0600) and
// <dir>/server.crt (the leaf followed by the CA), and the renewal rule: renew when fewer than
// 30 days remain, a wanted name or address is missing, it is not the current CA's, or the files
// do not belong together.
import 'reflect-metadata';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { type CertificateAuthority, crypto, KEY_ALGORITHM } from './certificate-authority.ts';
import { PRIVATE_FILE_MODE, readIfExists, tlsFile, writeFileAtomically } from './files.ts';
import { canonicalIp } from './machine-names.ts';

export const SERVER_VALIDITY_DAYS = 397;
export const RENEW_WHEN_DAYS_LEFT = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const BACKDATE_MS = 60 * 60 * 1000;

export interface ServerNames {
  dnsNames: string[];
  ipAddresses: string[];
}

export interface ServerCertificate {
  /** PKCS#8 PEM. */
  key: string;
  /** PEM chain: the server certificate, then the CA. */
  cert: string;
  notAfter: Date;
}

/** Issues a server certificate for the names with a fresh key; CN is the first name. */
export async function issueServerCertificate(
  ca: CertificateAuthority,
  names: ServerNames,
  now: Date,
): Promise<ServerCertificate> {
  const commonName = names.dnsNames[0] ?? names.ipAddresses[0];
  if (commonName === undefined) throw new Error('a server certificate needs at least one name or address');
  const keys = await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  const wantedEnd = now.getTime() + SERVER_VALIDITY_DAYS * DAY_MS;
  const notAfter = new Date(Math.min(wantedEnd, ca.notAfter.getTime()));
  const leaf = await ca.issue({
    subject: [{ CN: [commonName] }, { O: ['Hotel Till'] }],
    publicKey: keys.publicKey,
    notBefore: new Date(now.getTime() - BACKDATE_MS),
    notAfter,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...names.dnsNames.map((value) => ({ type: 'dns' as const, value })),
        ...names.ipAddresses.map((value) => ({ type: 'ip' as const, value })),
      ]),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
    ],
  });
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', keys.privateKey);
  return {
    key: `${x509.PemConverter.encode(pkcs8, 'PRIVATE KEY').trim()}\n`,
    cert: `${leaf.toString('pem').trim()}\n${ca.certificate.pem.trim()}\n`,
    notAfter: leaf.notAfter,
  };
}

export function saveServerCertificate(dir: string, certificate: ServerCertificate): void {
  writeFileAtomically(tlsFile(dir, 'server.key'), certificate.key, PRIVATE_FILE_MODE);
  writeFileAtomically(tlsFile(dir, 'server.crt'), certificate.cert);
}

/** The stored certificate, or undefined when a file is missing or does not parse. */
export function loadServerCertificate(dir: string): ServerCertificate | undefined {
  const key = readIfExists(tlsFile(dir, 'server.key'));
  const cert = readIfExists(tlsFile(dir, 'server.crt'));
  if (key === undefined || cert === undefined) return undefined;
  try {
    return { key, cert, notAfter: new Date(new X509Certificate(cert).validTo) };
  } catch {
    return undefined;
  }
}

/** Why the certificate must be (re)issued, or null when it can stay. */
export function renewalReason(
  current: ServerCertificate | undefined,
  ca: CertificateAuthority,
  names: ServerNames,
  now: Date,
): string | null {
  if (current === undefined) return 'no server certificate yet';
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(current.cert);
    if (!leaf.checkPrivateKey(createPrivateKey(current.key))) return 'server.key does not match server.crt';
  } catch {
    return 'server.key or server.crt does not parse';
  }
  if (!ca.hasIssued(current.cert)) return 'not signed by the current CA';
  if (new Date(leaf.validFrom) > now) return 'not valid yet (the clock went back)';
  const daysLeft = (new Date(leaf.validTo).getTime() - now.getTime()) / DAY_MS;
  if (daysLeft < RENEW_WHEN_DAYS_LEFT) return `expires in ${Math.max(0, Math.floor(daysLeft))} days`;
  const present = namesIn(current.cert);
  const missing = [
    ...names.dnsNames.filter((name) => !present.dnsNames.includes(name.toLowerCase())),
    ...names.ipAddresses.filter((address) => !present.ipAddresses.includes(canonicalIp(address))),
  ];
  return missing.length > 0 ? `does not name ${missing.join(', ')}` : null;
}

/** The DNS names (lower case) and IP addresses (canonical form) in the certificate's SAN. */
export function namesIn(certificatePem: string): ServerNames {
  const san = new x509.X509Certificate(certificatePem).getExtension(x509.SubjectAlternativeNameExtension);
  const items = san?.names.items ?? [];
  return {
    dnsNames: items.filter((n) => n.type === 'dns').map((n) => n.value.toLowerCase()),
    ipAddresses: items.filter((n) => n.type === 'ip').map((n) => canonicalIp(n.value)),
  };
}
