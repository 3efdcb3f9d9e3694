// /healthz and /readyz as a monitor and the till's recovery probe meet them: no pairing, JSON, no
// hotel data; /readyz says 503 with the reason while the PMS is down or the server's own database
// takes no write, and 200 again once the PMS is back; the server itself stays up throughout. The
// verdict is kept 5 s, so probing tablets send the PMS one cheap read per 5 s at most.
import { describe, expect, it } from 'vitest';
import { createReadiness } from '../../src/server/http/health.ts';
import { type RunningServer, startServer } from '../../src/server/listen.ts';
import { startUpstream, TEST_KEY, type TestUpstream, useUpstreams } from './gateway-upstream.ts';

const upstream = useUpstreams();

async function get(server: RunningServer, path: string) {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The till server as a gateway to `pms`, with /readyz checking afresh on every call. */
function gatewayTo(pms: TestUpstream) {
  return startServer({ pms: { url: pms.url, apiKey: TEST_KEY }, dbFile: ':memory:', readinessCacheMs: 0 });
}

describe('/healthz', () => {
  it('answers 200 {status: ok} without pairing, and stays up while the PMS is down', async () => {
    const pms = await upstream();
    const server = await gatewayTo(pms);
    try {
      expect(await get(server, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
      await pms.close();
      expect(await get(server, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    } finally {
      await server.close();
    }
  });
});

describe('/readyz', () => {
  it('answers 503 naming the PMS while the PMS is stopped, and 200 once it is back', async () => {
    const pms = await startUpstream();
    const port = Number(new URL(pms.url).port);
    const server = await gatewayTo(pms);
    let back: TestUpstream | undefined;
    try {
      expect(await get(server, '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
      expect(pms.seen.map((seen) => `${seen.method} ${seen.path}`)).toEqual(['GET /api/get/hotel/payment']);
      expect(pms.seen[0]!.headers['x-ibelsa-key']).toBe(TEST_KEY);

      await pms.close();
      const down = await get(server, '/readyz');
      expect(down).toEqual({ status: 503, body: { status: 'not ready', reason: 'pms: ECONNREFUSED' } });
      expect(JSON.stringify(down)).not.toContain(TEST_KEY);
      expect((await get(server, '/healthz')).status).toBe(200);

      back = await startUpstream(undefined, port);
      expect(await get(server, '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
    } finally {
      await server.close();
      await back?.close();
    }
  });

  it('answers 503 when the PMS answers but refuses the read (a wrong key)', async () => {
    const pms = await upstream((_, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{"success":false,"message":"invalid key"}');
    });
    const server = await gatewayTo(pms);
    try {
      expect(await get(server, '/readyz')).toEqual({
        status: 503,
        body: { status: 'not ready', reason: 'pms: answered 401 to GET /api/get/hotel/payment' },
      });
    } finally {
      await server.close();
    }
  });

  it('answers 503 when the PMS does not answer at all, without waiting out the 20 s upstream timeout', async () => {
    const silent = await upstream(() => {});
    const server = await gatewayTo(silent);
    try {
      const started = performance.now();
      const verdict = await get(server, '/readyz');
      expect(verdict).toEqual({
        status: 503,
        body: { status: 'not ready', reason: 'pms: no answer in time' },
      });
      // its own 3 s deadline, not the gateway's 20 s; the bound is loose because machines are shared
      expect(performance.now() - started).toBeLessThan(15_000);
    } finally {
      await server.close({ graceMs: 0 });
    }
  }, 30_000);

  it('answers 200 with the embedded test hotel, and 503 naming the database once it takes no write', async () => {
    const server = await startServer({ dbFile: ':memory:', readinessCacheMs: 0 });
    try {
      expect(await get(server, '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
      server.hub.close(); // as a broken disk would: the server's own database refuses
      const verdict = await get(server, '/readyz');
      expect(verdict.status).toBe(503);
      expect(verdict.body.reason).toMatch(/^database: /);
    } finally {
      await server.close();
    }
  });

  it('asks the PMS once for every caller within 5 s', async () => {
    const pms = await upstream();
    const server = await startServer({ pms: { url: pms.url, apiKey: TEST_KEY }, dbFile: ':memory:' });
    try {
      const verdicts = await Promise.all(Array.from({ length: 20 }, () => get(server, '/readyz')));
      verdicts.push(await get(server, '/readyz'));
      expect(verdicts.every((verdict) => verdict.status === 200)).toBe(true);
      expect(pms.seen).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('the readiness verdict', () => {
  it('is kept for 5 s and then checked afresh, failures included', async () => {
    let clock = 0;
    let pmsUp = false;
    let asked = 0;
    const readiness = createReadiness(
      {
        database: () => {},
        pms: async () => {
          asked += 1;
          if (!pmsUp) throw Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' });
        },
      },
      { now: () => clock },
    );
    expect(await readiness()).toEqual({ ready: false, reason: 'pms: ECONNREFUSED connect refused' });
    pmsUp = true;
    clock = 4999;
    expect((await readiness()).ready).toBe(false);
    clock = 5000;
    expect(await readiness()).toEqual({ ready: true });
    expect(asked).toBe(2);
  });
});
