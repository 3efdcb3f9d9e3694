import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { describe, expect } from 'vitest';
import { appleConfigurationProfile, caDownload } from '../../../src/server/tls/ca-formats.ts';
import { loadOrCreateCertificateAuthority } from '../../../src/server/tls/certificate-authority.ts';
import { openssl, test } from './support.ts';

interface Plist {
  PayloadType: string;
  PayloadDisplayName: string;
  PayloadIdentifier: string;
  PayloadUUID: string;
  PayloadContent: Array<{
    PayloadType: string;
    PayloadContent: string;
    PayloadUUID: string;
    PayloadDisplayName: string;
  }>;
}

/** Parses a plist with Python's plistlib (a real plist parser); data values come back as base64. */
function parsePlist(xml: string): Plist {
  const script =
    'import base64, json, plistlib, sys\n' +
    'print(json.dumps(plistlib.loads(sys.stdin.buffer.read()), default=lambda b: base64.b64encode(b).decode()))';
  return JSON.parse(execFileSync('python3', ['-c', script], { input: xml, encoding: 'utf8' })) as Plist;
}

describe('the CA certificate in the formats tablets install', () => {
  test('the DER .crt is the same certificate, and openssl reads it as DER', async ({ dir }) => {
    const { certificate: ca } = await loadOrCreateCertificateAuthority(dir);
    const download = caDownload(ca, 'der');
    expect(download).toMatchObject({
      filename: 'hotel-till-ca.crt',
      contentType: 'application/x-x509-ca-cert',
    });
    expect(new X509Certificate(download.body).fingerprint256).toBe(ca.fingerprintSha256);
    expect(openssl(['x509', '-inform', 'DER', '-noout', '-subject'], download.body as Uint8Array)).toContain(
      ca.name,
    );
  });

  test('the PEM is the same certificate', async ({ dir }) => {
    const { certificate: ca } = await loadOrCreateCertificateAuthority(dir);
    const download = caDownload(ca, 'pem');
    expect(download.contentType).toBe('application/x-pem-file');
    expect(new X509Certificate(download.body).fingerprint256).toBe(ca.fingerprintSha256);
  });

  test('the .mobileconfig is a plist with one root payload holding the DER', async ({ dir }) => {
    const { certificate: ca } = await loadOrCreateCertificateAuthority(dir);
    const download = caDownload(ca, 'mobileconfig');
    expect(download.contentType).toBe('application/x-apple-aspen-config');
    const profile = parsePlist(download.body as string);
    expect(profile).toMatchObject({ PayloadType: 'Configuration', PayloadDisplayName: 'Hotel Till CA' });
    expect(profile.PayloadContent).toHaveLength(1);
    const [root] = profile.PayloadContent;
    expect(root?.PayloadType).toBe('com.apple.security.root');
    expect(root?.PayloadContent).toBe(Buffer.from(ca.der).toString('base64'));
    expect(root?.PayloadDisplayName).toBe(ca.name);
    expect(profile.PayloadUUID).toMatch(
      /^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/,
    );
    expect(root?.PayloadUUID).not.toBe(profile.PayloadUUID);
  });

  test('the profile identifiers stay the same for one CA and differ for another', async ({ dir }) => {
    const { certificate: ca } = await loadOrCreateCertificateAuthority(`${dir}/a`);
    const { certificate: other } = await loadOrCreateCertificateAuthority(`${dir}/b`);
    const first = parsePlist(appleConfigurationProfile(ca));
    const again = parsePlist(appleConfigurationProfile({ ...ca }));
    const another = parsePlist(appleConfigurationProfile(other));
    expect([again.PayloadUUID, again.PayloadIdentifier]).toEqual([
      first.PayloadUUID,
      first.PayloadIdentifier,
    ]);
    expect(another.PayloadUUID).not.toBe(first.PayloadUUID);
    expect(another.PayloadContent[0]?.PayloadUUID).not.toBe(first.PayloadContent[0]?.PayloadUUID);
  });

  test('a CA name with XML characters still gives a valid plist with that name', async ({ dir }) => {
    const { certificate: ca } = await loadOrCreateCertificateAuthority(dir);
    const name = 'Hotel Till CA <Bar & "Grill"> \'s';
    const profile = parsePlist(appleConfigurationProfile({ ...ca, name }));
    expect(profile.PayloadContent[0]?.PayloadDisplayName).toBe(name);
  });
});
