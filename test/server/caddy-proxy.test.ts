// deploy/Caddyfile works: Caddy (Debian's package, installed by .ci/run) terminates TLS with the
// hotel's certificate and forwards to a till server started with TRUST_PROXY. A tablet's request for
// the hotel's name gets the app, pairs and reaches the PMS; the admin page asks for the key even
// though every request reaches the till from the loopback.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/listen.ts';
import { createTlsManager } from '../../src/server/tls/tls-manager.ts';

const CADDY = '/usr/bin/caddy';
const NAME = 'till.hotel.example';
let dir: string;
let till: RunningServer;
let caddy: ChildProcess;
let caPem: string;
let port: number;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
}

beforeAll(async () => {
  if (!existsSync(CADDY))
    throw new Error(`${CADDY} is missing: apt-get install -y caddy (.ci/run does this)`);
  dir = mkdtempSync(join(tmpdir(), 'till-caddy-'));
  // the hotel's own certificate for its name (made here with our CA code, as any CA would)
  const tls = await createTlsManager({
    dir: join(dir, 'hotel-ca'),
    names: () => ({ dnsNames: [NAME], ipAddresses: [] }),
  });
  tls.stop();
  caPem = tls.ca!.pem;
  writeFileSync(join(dir, 'till.crt'), tls.cert);
  writeFileSync(join(dir, 'till.key'), tls.key);
  till = await startServer({
    trustProxy: true,
    recordedSalesOnly: false, // Caddy in front of the till; its one write belongs to no sale
    host: '127.0.0.1',
    hostNames: [NAME],
    dbFile: ':memory:',
    staticDir: 'dist',
    adminKey: 'caddy-test-admin-key',
  });
  port = await freePort();
  const caddyfile = readFileSync('deploy/Caddyfile', 'utf8')
    .replace(
      `${NAME} {`,
      `{\n\tadmin off\n\tauto_https disable_redirects\n\tstorage file_system ${join(dir, 'caddy')}\n}\n\n${NAME}:${port} {`,
    )
    .replaceAll('/etc/hotel-till/', `${dir}/`)
    .replace('127.0.0.1:8080', `127.0.0.1:${till.port}`);
  writeFileSync(join(dir, 'Caddyfile'), caddyfile);
  execFileSync(CADDY, ['validate', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    stdio: 'pipe',
  });
  caddy = spawn(CADDY, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: 'ignore',
  });
  for (let tries = 0; tries < 100; tries++) {
    if (
      await get('/till/https-address').then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Caddy did not start');
}, 30_000);

afterAll(async () => {
  caddy?.kill();
  await till?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A request to Caddy for the hotel's name, trusting only the hotel's CA. */
function get(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const outgoing = httpsRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method: options.method ?? 'GET',
          servername: NAME,
          ca: caPem,
          headers: { host: `${NAME}:${port}`, ...options.headers },
        },
        (incoming) => {
          let body = '';
          incoming.on('data', (chunk) => (body += chunk));
          incoming.on('end', () =>
            resolve({ status: incoming.statusCode ?? 0, body, headers: incoming.headers }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(options.body);
    },
  );
}

describe('the till behind Caddy (deploy/Caddyfile)', () => {
  it('serves the app over the hotel’s certificate, pairs a tablet and forwards its calls', async () => {
    expect((await get('/')).body).toContain('<div id="root">');
    const { code } = till.hub.createPairingCode({ outlet: 'bar', name: 'Bar' });
    const paired = await get('/till/pair', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-till-request-id': 'caddy-test-0001' },
      body: JSON.stringify({ code }),
    });
    expect(paired.status).toBe(200);
    const cookie = String(paired.headers['set-cookie']).split(';')[0]!;
    const payment = await get('/api/get/hotel/payment', {
      headers: { cookie, 'x-till-request-id': 'caddy-test-0002' },
    });
    expect(payment.status).toBe(200);
    expect(JSON.parse(payment.body)).toMatchObject({ success: true });
    expect(JSON.parse((await get('/till/https-address')).body)).toEqual({ https: `https://${NAME}/` });
  });

  it('asks for the admin key although every request reaches the till from the loopback', async () => {
    const page = await get('/admin');
    expect(page.status).toBe(401);
    expect(page.body).toContain('Admin key');
  });
});
