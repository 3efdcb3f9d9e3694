// The hotel CA's certificate in the formats tablets install: DER `.crt` (Android's "Install a
// certificate → CA certificate"), PEM, and an Apple configuration profile `.mobileconfig` (iPad,
// iPhone) with one com.apple.security.root payload. Profile identifiers and UUIDs are derived from
// the CA's fingerprint, so the same CA always gives the same profile (reinstalling replaces it).
import { createHash } from 'node:crypto';
import type { CaCertificate } from './certificate-authority.ts';

export type CaFormat = 'der' | 'pem' | 'mobileconfig';

export interface CaDownload {
  filename: string;
  contentType: string;
  body: Uint8Array | string;
}

export const CA_DOWNLOAD_FILENAMES: Record<CaFormat, string> = {
  der: 'hotel-till-ca.crt',
  pem: 'hotel-till-ca.pem',
  mobileconfig: 'hotel-till-ca.mobileconfig',
};

export function caDownload(ca: CaCertificate, format: CaFormat): CaDownload {
  const filename = CA_DOWNLOAD_FILENAMES[format];
  switch (format) {
    case 'der':
      return { filename, contentType: 'application/x-x509-ca-cert', body: ca.der };
    case 'pem':
      return { filename, contentType: 'application/x-pem-file', body: ca.pem };
    case 'mobileconfig':
      return {
        filename,
        contentType: 'application/x-apple-aspen-config',
        body: appleConfigurationProfile(ca),
      };
  }
}

/** An unsigned configuration profile (XML plist) that installs the CA as a root certificate. */
export function appleConfigurationProfile(ca: CaCertificate): string {
  const profileUuid = uuidFromFingerprint(ca.fingerprintSha256, 'profile');
  const payloadUuid = uuidFromFingerprint(ca.fingerprintSha256, 'root-payload');
  const base64 = Buffer.from(ca.der)
    .toString('base64')
    .replace(/.{1,64}/g, '\t\t\t$&\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>PayloadContent</key>
	<array>
		<dict>
			<key>PayloadCertificateFileName</key>
			<string>hotel-till-ca.cer</string>
			<key>PayloadContent</key>
			<data>
${base64}			</data>
			<key>PayloadDescription</key>
			<string>Adds the hotel's own certificate authority as a trusted root.</string>
			<key>PayloadDisplayName</key>
			<string>${escapeXml(ca.name)}</string>
			<key>PayloadIdentifier</key>
			<string>com.apple.security.root.${payloadUuid}</string>
			<key>PayloadType</key>
			<string>com.apple.security.root</string>
			<key>PayloadUUID</key>
			<string>${payloadUuid}</string>
			<key>PayloadVersion</key>
			<integer>1</integer>
		</dict>
	</array>
	<key>PayloadDescription</key>
	<string>${escapeXml(`Lets this device open the Hotel Till cash register over HTTPS. Certificate: ${ca.name}, SHA-256 ${ca.fingerprintSha256}`)}</string>
	<key>PayloadDisplayName</key>
	<string>Hotel Till CA</string>
	<key>PayloadIdentifier</key>
	<string>hotel-till.ca.${profileUuid}</string>
	<key>PayloadOrganization</key>
	<string>Hotel Till</string>
	<key>PayloadRemovalDisallowed</key>
	<false/>
	<key>PayloadType</key>
	<string>Configuration</string>
	<key>PayloadUUID</key>
	<string>${profileUuid}</string>
	<key>PayloadVersion</key>
	<integer>1</integer>
</dict>
</plist>
`;
}

/** A name-based (version 5, SHA-1) UUID of the fingerprint and a purpose: stable for one CA. */
export function uuidFromFingerprint(fingerprintSha256: string, purpose: string): string {
  const namespace = Buffer.from('7d1c6e0a9b2f4d5e8a3c1f6b0e9d2a47', 'hex'); // Hotel Till's own namespace
  const hash = createHash('sha1')
    .update(namespace)
    .update(`${purpose}:${fingerprintSha256.toUpperCase()}`)
    .digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex').toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
