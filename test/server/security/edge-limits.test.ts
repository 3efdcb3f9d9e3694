// The HTTP and TLS edge as issue 20 probed it: TLS 1.2 offers AEAD suites only (TLS 1.3 as Node
// has it), an anonymous body is refused by its declared length before it is read, and one address
// holds at most its share of connections while another is served.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as connectTcp, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../../src/server/listen.ts';

let dir: string;
let server: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'till-edge-'));
  server = await startServer({
    dbFile: ':memory:',
    staticDir: 'none',
    host: '127.0.0.1',
    tls: { dir: join(dir, 'tls') },
    connections: { perAddress: 8 },
  });
});
afterAll(async () => {
  await server.close({ graceMs: 0 });
  rmSync(dir, { recursive: true, force: true });
});

/** The protocol and suite the server agrees to with a client offering `options`, or the error code. */
function handshake(options: { ciphers?: string; maxVersion?: 'TLSv1.2' | 'TLSv1.3' }): Promise<string> {
  return new Promise((resolve) => {
    const socket = connectTls(
      { host: '127.0.0.1', port: server.httpsPort!, rejectUnauthorized: false, ...options },
      () => {
        resolve(`${socket.getProtocol()} ${socket.getCipher().name}`);
        socket.destroy();
      },
    );
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(`refused ${error.code}`));
  });
}

describe('TLS', () => {
  it('offers no CBC, SHA-1, CCM or ARIA suite in TLS 1.2', async () => {
    for (const suite of [
      'ECDHE-ECDSA-AES128-SHA',
      'ECDHE-ECDSA-AES256-SHA384',
      'ECDHE-ECDSA-AES128-CCM8',
      'ECDHE-ECDSA-AES128-CCM',
      'ECDHE-ECDSA-ARIA128-GCM-SHA256',
      'AES128-GCM-SHA256', // no forward secrecy
    ]) {
      expect(await handshake({ ciphers: suite, maxVersion: 'TLSv1.2' }), suite).toMatch(/^refused/);
    }
    expect(await handshake({ ciphers: 'ECDHE-ECDSA-AES128-GCM-SHA256', maxVersion: 'TLSv1.2' })).toBe(
      'TLSv1.2 ECDHE-ECDSA-AES128-GCM-SHA256',
    );
    expect(await handshake({ ciphers: 'ECDHE-ECDSA-CHACHA20-POLY1305', maxVersion: 'TLSv1.2' })).toBe(
      'TLSv1.2 ECDHE-ECDSA-CHACHA20-POLY1305',
    );
  });

  it('speaks TLS 1.3 as Node does', async () => {
    expect(await handshake({})).toMatch(/^TLSv1\.3 TLS_(AES_\d+_GCM|CHACHA20_POLY1305)_SHA\d+$/);
  });
});

/** Sends `head` on a raw connection from `from` and answers what came back before the server closed or 2 s passed. */
function raw(head: string, from = '127.0.0.1'): Promise<string> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host: '127.0.0.1', port: server.port, localAddress: from });
    let answer = '';
    const timer = setTimeout(() => socket.destroy(), 2_000);
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on('error', () => undefined);
    socket.write(head);
  });
}

describe('request bodies', () => {
  it('refuses a pairing body by its declared length, before reading it, and closes the connection', async () => {
    const answer = await raw(
      `POST /till/pair HTTP/1.1\r\nhost: localhost:${server.port}\r\ncontent-type: application/json\r\n` +
        `x-till-request-id: ${randomUUID()}\r\ncontent-length: 262144\r\n\r\n{"code":`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('caps a chunked pairing body while it streams, at 4 KiB', async () => {
    const chunk = 'x'.repeat(2048);
    const chunks = Array.from({ length: 4 }, () => `${(chunk.length).toString(16)}\r\n${chunk}\r\n`).join('');
    const answer = await raw(
      `POST /till/pair HTTP/1.1\r\nhost: localhost:${server.port}\r\ncontent-type: application/json\r\n` +
        `x-till-request-id: ${randomUUID()}\r\ntransfer-encoding: chunked\r\n\r\n${chunks}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('refuses an admin sign-in form over 4 KiB', async () => {
    const answer = await raw(
      `POST /admin/login HTTP/1.1\r\nhost: localhost:${server.port}\r\n` +
        'content-type: application/x-www-form-urlencoded\r\ncontent-length: 100000\r\n\r\nkey=',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });
});

describe('connections per address', () => {
  it('holds one address to its share while another address is served', async () => {
    const held: Socket[] = [];
    await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<void>((resolve) => {
            const socket = connectTcp(
              { host: '127.0.0.1', port: server.port, localAddress: '127.0.0.3' },
              () => resolve(),
            );
            socket.on('error', () => resolve());
            socket.on('close', () => resolve());
            held.push(socket);
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const open = held.filter((socket) => !socket.destroyed && socket.readyState === 'open').length;
    expect(open).toBe(8);
    expect(
      await raw(
        `GET /healthz HTTP/1.1\r\nhost: localhost:${server.port}\r\nconnection: close\r\n\r\n`,
        '127.0.0.4',
      ),
    ).toMatch(/^HTTP\/1\.1 200 /);
    for (const socket of held) socket.destroy();
  });
});
