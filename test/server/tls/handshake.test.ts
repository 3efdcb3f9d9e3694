import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { createServer as createHttpsServer, request as httpsRequest, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { describe, expect } from 'vitest';
import { createTlsManager } from '../../../src/server/tls/tls-manager.ts';
import { DAY_MS, test, testClock } from './support.ts';

/** GET / on 127.0.0.1:port as `servername`, trusting only `ca`; the body, or the TLS error's code. */
async function fetchAs(port: number, servername: string, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: '127.0.0.1', port, servername, ca, path: '/', headers: { host: servername } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve(body));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(Object.assign(new Error(error.code ?? error.message), { code: error.code })),
    );
    req.end();
  });
}

async function serve(key: string, cert: string): Promise<{ server: Server; port: number }> {
  const server = createHttpsServer({ key, cert }, (_req, res) => res.end('till'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

/** A certificate issued for till.test and 127.0.0.1 in `dir`, served on a free port. */
async function serveIssued(dir: string) {
  const tls = await createTlsManager({
    dir,
    names: () => ({ dnsNames: ['till.test'], ipAddresses: ['127.0.0.1'] }),
  });
  tls.stop();
  return { tls, ...(await serve(tls.key, tls.cert)) };
}

describe('a TLS handshake with the issued certificate', () => {
  test('a client that trusts only the hotel CA connects to till.test', async ({ dir }) => {
    const { tls, server, port } = await serveIssued(dir);
    try {
      expect(await fetchAs(port, 'till.test', tls.ca?.pem ?? '')).toBe('till');
    } finally {
      server.close();
    }
  });

  test('a name the certificate does not hold fails the handshake', async ({ dir }) => {
    const { tls, server, port } = await serveIssued(dir);
    try {
      await expect(fetchAs(port, 'other.test', tls.ca?.pem ?? '')).rejects.toMatchObject({
        code: 'ERR_TLS_CERT_ALTNAME_INVALID',
      });
    } finally {
      server.close();
    }
  });

  test('a client that does not trust the hotel CA is refused', async ({ dir }) => {
    const tls = await createTlsManager({ dir, names: () => ({ dnsNames: ['till.test'], ipAddresses: [] }) });
    tls.stop();
    const stranger = await createTlsManager({
      dir: `${dir}/stranger`,
      names: () => ({ dnsNames: ['till.test'], ipAddresses: [] }),
    });
    stranger.stop();
    const { server, port } = await serve(tls.key, tls.cert);
    try {
      await expect(fetchAs(port, 'till.test', stranger.ca?.pem ?? '')).rejects.toThrow(
        /UNABLE_TO_GET_ISSUER_CERT|UNABLE_TO_VERIFY|SELF_SIGNED/,
      );
    } finally {
      server.close();
    }
  });

  test('after a renewal the running server serves the new certificate (setSecureContext)', async ({
    dir,
  }) => {
    const clock = testClock(new Date(Date.now() - 370 * DAY_MS)); // issued 370 days ago, renewed today
    const tls = await createTlsManager({
      dir,
      names: () => ({ dnsNames: ['till.test'], ipAddresses: [] }),
      now: clock.now,
    });
    tls.stop();
    const { server, port } = await serve(tls.key, tls.cert);
    tls.onRenewed(({ key, cert }) => server.setSecureContext({ key, cert }));
    try {
      const before = await servedSerialNumber(port, tls.ca?.pem ?? '');
      clock.advanceDays(370);
      expect(await tls.checkRenewal()).toBe(true);
      const after = await servedSerialNumber(port, tls.ca?.pem ?? '');
      expect(after).not.toBe(before);
      expect(after).toBe(new X509Certificate(tls.cert).serialNumber);
    } finally {
      server.close();
    }
  });
});

/** The serial number of the certificate the server presents to a new connection for till.test. */
async function servedSerialNumber(port: number, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: '127.0.0.1', port, servername: 'till.test', ca, agent: false },
      (res) => {
        resolve((res.socket as TLSSocket).getPeerX509Certificate()?.serialNumber ?? '');
        res.resume();
      },
    );
    req.on('error', reject);
    req.end();
  });
}
