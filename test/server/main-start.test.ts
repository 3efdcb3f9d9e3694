// `npm start` as hotel IT meets it: the real main.ts in its own process with an empty data folder.
// The first start makes the hotel CA, the admin key and the test hotel's random keys (files of mode
// 0600), prints where tablets go, serves HTTPS trusted through that CA and the setup page on HTTP;
// the demo keys open nothing. A second start keeps the same CA and keys.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/test-hotel/index.ts';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'till-start-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  /** stdout and stderr together. */
  output: string;
  /** stdout alone: the log. */
  log: string;
  /** The log's start line. */
  running: Record<string, unknown>;
  httpPort: number;
  httpsPort: number;
}

/** Starts main.ts on free ports and waits for its start message. */
async function start(): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HTTP_PORT: '0',
      HOST: '127.0.0.1',
      TILL_HOSTNAMES: 'till.test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let log = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      log += chunk;
      if (log.includes('"msg":"Hotel Till is running"')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`main.ts did not start in 20 s: ${output}`)), 20_000);
  });
  const running = log
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.msg === 'Hotel Till is running')!;
  return {
    child,
    output,
    log,
    running,
    httpPort: running.httpPort as number,
    httpsPort: running.httpsPort as number,
  };
}

async function stop(started: Started): Promise<void> {
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGTERM');
  await exited;
}

/** GET over HTTPS for `till.test`, trusting only the hotel CA from the data folder. */
function getTrusting(port: number, path: string, headers: Record<string, string> = {}) {
  const ca = readFileSync(join(dataDir, 'tls', 'ca.crt'), 'utf8');
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        servername: 'till.test',
        ca,
        headers: { host: `till.test:${port}`, ...headers },
      },
      (incoming) => {
        let body = '';
        incoming.on('data', (chunk) => (body += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** GET over plain HTTP as a tablet on the LAN asks for `till.test`. */
function getPlain(port: number, path: string) {
  return new Promise<{ status: number; body: string; location: string | undefined }>((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host: `till.test:${port}` } },
      (incoming) => {
        let body = '';
        incoming.on('data', (chunk) => (body += chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body, location: incoming.headers.location }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the first npm start', () => {
  it('makes the CA and keys, prints the addresses, and serves HTTPS and the setup page', async () => {
    const started = await start();
    try {
      // The log is JSON from its first line, and says where the keys are kept, never the keys.
      expect(started.running).toMatchObject({
        tabletOrigin: expect.stringMatching(/^https:\/\/till\.test:\d+$/), // the name IT gave
        keptIn: {
          adminKey: join(dataDir, 'admin-key.json'),
          testHotelKeys: join(dataDir, 'test-hotel-keys.json'),
        },
        newAdminKey: true,
        managers: true,
      });
      for (const line of started.log.trim().split('\n')) expect(() => JSON.parse(line), line).not.toThrow();
      // No banner without a terminal (it would land in the journal).
      expect(started.output).not.toMatch(/Tablets open:|Setup page \(HTTP\)/);
      // The demo hotel's staff: their adding on record (a log line each).
      expect(started.output.match(/audit staff_added/g)).toHaveLength(3);
      // the CA's fingerprint, to compare with the one the (plain HTTP) setup page shows
      const fingerprint = started.running.caFingerprint as string;
      expect(fingerprint).toMatch(/^[0-9A-F:]{95}$/);
      expect((await getPlain(started.httpPort, '/')).body).toContain(fingerprint);
      for (const file of ['admin-key.json', 'test-hotel-keys.json', 'tls/ca.key', 'tls/server.key']) {
        expect(statSync(join(dataDir, file)).mode & 0o777, file).toBe(0o600);
      }
      const keys = JSON.parse(readFileSync(join(dataDir, 'test-hotel-keys.json'), 'utf8'));
      expect(keys.write).not.toBe(DEMO_KEYS.write);
      const adminKey = JSON.parse(readFileSync(join(dataDir, 'admin-key.json'), 'utf8')) as string;
      for (const secret of [keys.read, keys.write, adminKey]) expect(started.output).not.toContain(secret);

      // HTTPS, trusted through the hotel CA for a name given in TILL_HOSTNAMES
      const page = await getTrusting(started.httpsPort, '/');
      expect(page.status).toBe(200);
      expect(page.body).toContain('<div id="root">');
      // the demo keys open nothing; the random ones do
      expect(
        (
          await getTrusting(started.httpsPort, '/pms/api/get/hotel/payment', {
            'x-ibelsa-key': DEMO_KEYS.write,
          })
        ).status,
      ).toBe(401);
      expect(
        (await getTrusting(started.httpsPort, '/pms/api/get/hotel/payment', { 'x-ibelsa-key': keys.read }))
          .status,
      ).toBe(200);
      // no way to the CA's key
      for (const path of ['/tls/ca.key', '/data/tls/ca.key', '/ca.key']) {
        const answer = await getTrusting(started.httpsPort, path);
        expect(answer.body, path).not.toContain('PRIVATE KEY');
      }

      // plain HTTP for a tablet's name: the setup page, and everything else redirects to HTTPS
      const setup = await getPlain(started.httpPort, '/');
      expect(setup.status).toBe(200);
      expect(setup.body).toContain(`https://till.test:${started.httpsPort}/`);
      const redirect = await getPlain(started.httpPort, '/register?x=1');
      expect(redirect.status).toBe(308);
      expect(redirect.location).toBe(`https://till.test:${started.httpsPort}/register?x=1`);
      const ca = await getPlain(started.httpPort, '/hotel-till-ca.pem');
      expect(ca.body).toContain('BEGIN CERTIFICATE');
      expect(ca.body).not.toContain('PRIVATE');
      // on the server machine itself, http://localhost is the till
      expect(await (await fetch(`http://localhost:${started.httpPort}/`)).text()).toContain(
        '<div id="root">',
      );
    } finally {
      await stop(started);
    }
  }, 60_000);

  it('keeps the CA and the keys on the next start, and prints no admin key again', async () => {
    const caBefore = readFileSync(join(dataDir, 'tls', 'ca.crt'), 'utf8');
    const keysBefore = readFileSync(join(dataDir, 'test-hotel-keys.json'), 'utf8');
    const started = await start();
    try {
      expect(readFileSync(join(dataDir, 'tls', 'ca.crt'), 'utf8')).toBe(caBefore);
      expect(readFileSync(join(dataDir, 'test-hotel-keys.json'), 'utf8')).toBe(keysBefore);
      expect(started.running.newAdminKey).toBe(false);
      expect(started.output).not.toMatch(/audit staff_added/); // kept, not added again
      expect((await getTrusting(started.httpsPort, '/')).status).toBe(200);
    } finally {
      await stop(started);
    }
  }, 60_000);
});
