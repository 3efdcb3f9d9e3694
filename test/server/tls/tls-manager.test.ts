import { X509Certificate } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { createTlsManager, type TlsKeyAndCert } from '../../../src/server/tls/tls-manager.ts';
import { DAY_MS, openssl, subjectAltNames, test, testClock } from './support.ts';

const NAMES = { dnsNames: ['till.test', 'localhost'], ipAddresses: ['10.1.2.3', '127.0.0.1', '::1'] };
/** The names option for the names above. */
const names = (extra: Partial<typeof NAMES> = {}) => ({ names: () => ({ ...NAMES, ...extra }) });

describe('the hotel CA and the server certificate', () => {
  test('a first start creates a CA and a server certificate that openssl verifies against it', async ({
    dir,
  }) => {
    const tls = await createTlsManager({ dir, ...names() });
    tls.stop();
    expect(openssl(['verify', '-CAfile', join(dir, 'ca.crt'), join(dir, 'server.crt')])).toContain(': OK');
    const caExtensions = openssl([
      'x509',
      '-in',
      join(dir, 'ca.crt'),
      '-noout',
      '-subject',
      '-ext',
      'basicConstraints,keyUsage',
    ]);
    expect(caExtensions).toMatch(/subject=CN ?= ?Hotel Till CA .+ \d{4}-\d\d-\d\d/);
    expect(caExtensions).toMatch(/Basic Constraints: critical\s+CA:TRUE, pathlen:0/);
    expect(caExtensions).toMatch(/Key Usage: critical\s+Certificate Sign, CRL Sign/);
    const serverExtensions = openssl([
      'x509',
      '-in',
      join(dir, 'server.crt'),
      '-noout',
      '-subject',
      '-ext',
      'extendedKeyUsage,keyUsage',
    ]);
    expect(serverExtensions).toMatch(/subject=CN ?= ?till\.test/);
    expect(serverExtensions).toContain('TLS Web Server Authentication');
    expect(serverExtensions).toContain('Digital Signature');
    const leaf = new X509Certificate(tls.cert);
    const validDays = (Date.parse(leaf.validTo) - Date.parse(leaf.validFrom)) / DAY_MS;
    expect(validDays).toBeGreaterThan(396);
    expect(validDays).toBeLessThan(398);
  });

  test('its names and addresses are in the certificate', async ({ dir }) => {
    const tls = await createTlsManager({ dir, ...names() });
    tls.stop();
    expect(subjectAltNames(tls.cert)).toEqual(
      expect.arrayContaining([
        'DNS:till.test',
        'DNS:localhost',
        'IP Address:10.1.2.3',
        'IP Address:127.0.0.1',
        'IP Address:0:0:0:0:0:0:0:1',
      ]),
    );
  });

  test('the private keys are PKCS#8 PEM readable by their owner only', async ({ dir }) => {
    (await createTlsManager({ dir, ...names() })).stop();
    for (const file of ['ca.key', 'server.key']) {
      expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir, file), 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    }
  });

  test('the manager hands out the CA certificate but never its key', async ({ dir }) => {
    const tls = await createTlsManager({ dir, ...names() });
    tls.stop();
    const caPem = readFileSync(join(dir, 'ca.crt'), 'utf8');
    expect(tls.ca?.pem).toBe(caPem);
    expect(tls.ca?.fingerprintSha256).toBe(new X509Certificate(caPem).fingerprint256);
    expect(new X509Certificate(tls.ca?.der ?? new Uint8Array()).fingerprint256).toBe(
      tls.ca?.fingerprintSha256,
    );
    expect(JSON.stringify(tls.ca)).not.toContain('PRIVATE KEY');
    expect(tls.key).not.toBe(readFileSync(join(dir, 'ca.key'), 'utf8'));
  });

  test('a second start reuses the CA and the certificate', async ({ dir }) => {
    const first = await createTlsManager({ dir, ...names() });
    first.stop();
    const second = await createTlsManager({ dir, ...names() });
    second.stop();
    expect(second.ca?.fingerprintSha256).toBe(first.ca?.fingerprintSha256);
    expect(second.cert).toBe(first.cert);
    expect(second.key).toBe(first.key);
  });

  test('a start with a new name reissues the certificate under the same CA', async ({ dir }) => {
    const first = await createTlsManager({ dir, ...names() });
    first.stop();
    const second = await createTlsManager({
      dir,
      ...names({ dnsNames: [...NAMES.dnsNames, 'bar.hotel.test'] }),
    });
    second.stop();
    expect(second.ca?.fingerprintSha256).toBe(first.ca?.fingerprintSha256);
    expect(second.cert).not.toBe(first.cert);
    expect(second.key).not.toBe(first.key);
    expect(subjectAltNames(second.cert)).toContain('DNS:bar.hotel.test');
    expect(openssl(['verify', '-CAfile', join(dir, 'ca.crt'), join(dir, 'server.crt')])).toContain(': OK');
  });

  test('a LAN address that changes while it runs is in the certificate after the next check', async ({
    dir,
  }) => {
    let addresses = ['10.1.2.3'];
    const tls = await createTlsManager({
      dir,
      names: () => ({ dnsNames: ['till.test'], ipAddresses: addresses }),
    });
    tls.stop();
    const renewed: TlsKeyAndCert[] = [];
    tls.onRenewed((next) => renewed.push(next));
    expect(await tls.checkRenewal()).toBe(false); // nothing changed: nothing issued

    addresses = ['10.1.2.77']; // DHCP gave the server another address
    expect(await tls.checkRenewal()).toBe(true);
    expect(renewed).toHaveLength(1);
    expect(subjectAltNames(tls.cert)).toContain('IP Address:10.1.2.77');
    expect(renewed[0]?.cert).toBe(tls.cert);
  });

  test('370 days later a renewal check reissues and tells the listeners', async ({ dir }) => {
    const clock = testClock();
    const tls = await createTlsManager({ dir, ...names(), now: clock.now });
    tls.stop();
    const renewed: TlsKeyAndCert[] = [];
    tls.onRenewed((keyAndCert) => renewed.push(keyAndCert));
    const before = { cert: tls.cert, notAfter: tls.notAfter };

    clock.advanceDays(360);
    expect(await tls.checkRenewal()).toBe(false);
    clock.advanceDays(10);
    expect(await tls.checkRenewal()).toBe(true);

    expect(renewed).toHaveLength(1);
    expect(renewed[0]?.cert).toBe(tls.cert);
    expect(tls.cert).not.toBe(before.cert);
    expect(tls.notAfter.getTime()).toBeGreaterThan(before.notAfter.getTime() + 360 * DAY_MS);
    expect(readFileSync(join(dir, 'server.crt'), 'utf8')).toBe(tls.cert);
    expect(await tls.checkRenewal()).toBe(false);
  });

  test('the renewal timer renews on its own', async ({ dir }) => {
    const clock = testClock();
    const tls = await createTlsManager({ dir, ...names(), now: clock.now, renewCheckMs: 10 });
    const renewed = new Promise<TlsKeyAndCert>((resolve) => tls.onRenewed(resolve));
    clock.advanceDays(380);
    const { cert } = await renewed;
    tls.stop();
    expect(cert).toBe(tls.cert);
  });

  test('a certificate from another CA is replaced by one from the current CA', async ({ dir }) => {
    const other = join(dir, 'other');
    (await createTlsManager({ dir: other, ...names() })).stop();
    const own = join(dir, 'own');
    mkdirSync(own);
    copyFileSync(join(other, 'server.crt'), join(own, 'server.crt'));
    copyFileSync(join(other, 'server.key'), join(own, 'server.key'));
    const tls = await createTlsManager({ dir: own, ...names() });
    tls.stop();
    expect(tls.cert).not.toBe(readFileSync(join(other, 'server.crt'), 'utf8'));
    expect(openssl(['verify', '-CAfile', join(own, 'ca.crt'), join(own, 'server.crt')])).toContain(': OK');
  });

  test('a CA with its certificate missing is an error, not a silently new CA', async ({ dir }) => {
    (await createTlsManager({ dir, ...names() })).stop();
    rmSync(join(dir, 'ca.crt'));
    await expect(createTlsManager({ dir, ...names() })).rejects.toThrow(/ca\.crt is missing/);
  });
});
