// The server in gateway mode (PMS_URL and PMS_API_KEY set) against a second test-hotel instance as
// its PMS: the key-checked test hotel refuses a request without the key, the gateway adds it, and
// the gateway server serves neither `/pms` nor files outside its app folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/listen.ts';
import { DEMO_KEYS } from '../../src/test-hotel/index.ts';
import { tabletApp, tabletOf } from './tablet-app.ts';

let pmsServer: RunningServer;
let gatewayServer: RunningServer;

beforeAll(async () => {
  pmsServer = await startServer({
    port: 0,
    host: '127.0.0.1',
    dbFile: ':memory:',
    testMode: true,
    staticDir: 'nonexistent',
  });
  gatewayServer = await startServer({
    port: 0,
    host: '127.0.0.1',
    staticDir: 'nonexistent',
    pms: { url: `${pmsServer.url}/pms`, apiKey: DEMO_KEYS.write },
    recordedSalesOnly: false, // the gateway adding the PMS key, not the ledger
  });
});
afterAll(async () => {
  await gatewayServer?.close();
  await pmsServer?.close();
});

async function everything(response: Response): Promise<string> {
  return `${JSON.stringify([...response.headers])}\n${await response.text()}`;
}

describe('a gateway server in front of a test hotel', () => {
  it('gets 200 through the gateway where the test hotel refuses a request without key with 401', async () => {
    const direct = await fetch(`${pmsServer.url}/pms/api/get/products/available`);
    expect(direct.status).toBe(401);

    const viaGateway = await tabletOf(gatewayServer)(`${gatewayServer.url}/api/get/products/available`, {
      headers: { 'x-ibelsa-key': 'a tablet has no key' },
    });
    expect(viaGateway.status).toBe(200);
    expect(viaGateway.headers.get('x-till-gateway')).toBe('1');
    const body = await viaGateway.json();
    expect(body).toMatchObject({ success: true });
    expect(body.data.length).toBeGreaterThan(0);
  });

  it('carries a write to the test hotel, which stores it', async () => {
    const created = await tabletOf(gatewayServer)(
      `${gatewayServer.url}/api/set/create/servicecashregister/invoice`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reference: 'gateway test' }),
      },
    );
    expect(created.status).toBe(200);
    const { data } = (await created.json()) as { data: { invoice_id: number } };
    const stored = pmsServer.hotel?.db
      .prepare('SELECT reference FROM invoices WHERE id = ?')
      .get(data.invoice_id);
    expect(stored).toEqual({ reference: 'gateway test' });
  });

  it('never sends the key to a tablet', async () => {
    for (const path of ['/api/get/products/available', '/api/get/invoice/999999', '/admin/gateway-status']) {
      const response = await fetch(`${gatewayServer.url}${path}`);
      expect(await everything(response)).not.toContain(DEMO_KEYS.write);
    }
  });

  it('reports the PMS origin in its status', async () => {
    const response = await fetch(`${gatewayServer.url}/admin/gateway-status`); // on the server machine
    expect(await response.json()).toMatchObject({
      upstream: pmsServer.url,
      queued: 0,
      requestsPerMinute: 900,
      resendsAnswered: 0,
    });
  });

  it('does not answer /pms itself', async () => {
    const response = await fetch(`${gatewayServer.url}/pms/api/get/products/available`, {
      headers: { 'x-ibelsa-key': DEMO_KEYS.write },
    });
    expect(response.status).toBe(404);
  });
});

describe('createApp in gateway mode', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'till-gateway-'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>Till</title>');
    writeFileSync(join(root, 'secret.txt'), 'outside-dist-secret');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('serves the app shell but no file outside its app folder', async () => {
    const app = tabletApp({
      pms: { url: `${pmsServer.url}/pms`, apiKey: DEMO_KEYS.write },
      staticDir: join(root, 'dist'),
    });
    expect(await (await app.request('/')).text()).toContain('<title>Till</title>');
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
    ]) {
      const response = await app.request(path);
      expect(await response.text()).not.toContain('outside-dist-secret');
    }
  });
});

describe('a server with the embedded test hotel', () => {
  it('calls its upstream the embedded test hotel', async () => {
    const response = await fetch(`${pmsServer.url}/admin/gateway-status`);
    expect(await response.json()).toMatchObject({ upstream: 'embedded test hotel' });
  });
});

describe('connections', () => {
  it('keeps connections alive, for the tablets (resends are guarded: resend-guard.ts) and as a PMS does', async () => {
    const viaGateway = await tabletOf(pmsServer)(`${pmsServer.url}/api/get/hotel/payment`);
    const direct = await fetch(`${pmsServer.url}/pms/api/get/hotel/payment`, {
      headers: { 'x-ibelsa-key': DEMO_KEYS.read },
    });

    expect([viaGateway.status, direct.status]).toEqual([200, 200]);
    expect(viaGateway.headers.get('connection')).toBe('keep-alive');
    expect(direct.headers.get('connection')).toBe('keep-alive');
  });
});
