import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { loadOwnCertificate } from '../../../src/server/tls/tls-manager.ts';
import { openssl, test } from './support.ts';

/** A self-signed certificate and its key made by openssl, as a hotel's own would come. */
function makeOwnCertificate(dir: string, name: string): { certFile: string; keyFile: string } {
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  openssl(
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '30'].concat([
      '-subj',
      `/CN=${name}.hotel.test`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]),
  );
  return { certFile, keyFile };
}

describe("the hotel's own certificate (TLS_CERT, TLS_KEY)", () => {
  test('is served as it is: no CA to hand out, nothing to renew', async ({ dir }) => {
    const { certFile, keyFile } = makeOwnCertificate(dir, 'till');
    const tls = loadOwnCertificate(certFile, keyFile);
    expect(tls.ca).toBeNull();
    expect(tls.cert).toContain('BEGIN CERTIFICATE');
    expect(tls.key).toContain('PRIVATE KEY');
    expect(tls.notAfter.getTime()).toBeGreaterThan(Date.now());
    expect(await tls.checkRenewal()).toBe(false);
    tls.stop();
  });

  test('a key that is not the certificate’s is refused, naming TLS_KEY', ({ dir }) => {
    const till = makeOwnCertificate(dir, 'till');
    const other = makeOwnCertificate(dir, 'other');
    expect(() => loadOwnCertificate(till.certFile, other.keyFile)).toThrow(
      /TLS_KEY .*not the private key of the certificate in TLS_CERT/,
    );
  });

  test('a missing certificate file is named as TLS_CERT', ({ dir }) => {
    const till = makeOwnCertificate(dir, 'till');
    expect(() => loadOwnCertificate(join(dir, 'absent.crt'), till.keyFile)).toThrow(
      /^TLS_CERT: cannot read .*absent\.crt \(ENOENT\)/,
    );
  });

  test('a missing key file is named as TLS_KEY', ({ dir }) => {
    const till = makeOwnCertificate(dir, 'till');
    expect(() => loadOwnCertificate(till.certFile, join(dir, 'absent.key'))).toThrow(/^TLS_KEY: cannot read/);
  });

  test('files that hold no certificate or no key are named', ({ dir }) => {
    const till = makeOwnCertificate(dir, 'till');
    expect(() => loadOwnCertificate(till.keyFile, till.keyFile)).toThrow(
      /^TLS_CERT: .* holds no PEM certificate/,
    );
    expect(() => loadOwnCertificate(till.certFile, till.certFile)).toThrow(
      /^TLS_KEY: .* holds no readable private key/,
    );
  });
});
