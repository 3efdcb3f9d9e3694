// When the PMS cannot be reached the gateway says so in its own words (502/504 "PMS unreachable"),
// so the till can tell that apart from its own network being down; and it reports its upstream.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { gatewayApp, TEST_KEY, useUpstreams } from './gateway-upstream.ts';

const upstream = useUpstreams();

/** A port nobody listens on: bound once, then released. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('an unreachable PMS', () => {
  it('answers 502 "PMS unreachable" marked as the gateway when nothing listens upstream', async () => {
    const app = gatewayApp({ url: await closedPortUrl() });
    const response = await app.request('/api/get/allactiverates');
    expect(response.status).toBe(502);
    expect(response.headers.get('x-till-gateway')).toBe('1');
    expect(await response.json()).toEqual({ success: false, message: 'PMS unreachable: ECONNREFUSED' });
    // counted for /metrics (till_gateway_pms_errors_total{kind="unreachable"})
    expect(await (await app.request('/status')).json()).toMatchObject({ pmsUnreachable: 1, busyRefused: 0 });
  });

  it('answers 504 when the PMS does not answer within the timeout', async () => {
    const silent = await upstream(() => {}); // never answers
    const response = await gatewayApp({ url: silent.url, timeoutMs: 150 }).request('/api/get/allactiverates');
    expect(response.status).toBe(504);
    expect(response.headers.get('x-till-gateway')).toBe('1');
    expect(await response.json()).toEqual({ success: false, message: 'PMS unreachable: no answer in time' });
    expect(silent.seen).toHaveLength(1);
  });
});

describe('a full queue', () => {
  it('answers 503 with Retry-After instead of queueing without bound', async () => {
    const pms = await upstream();
    // 60 a minute, burst 1: the first request starts, the next two wait, the fourth finds no room.
    const app = gatewayApp({ url: pms.url, requestsPerMinute: 60, burst: 1, maxQueued: 2 });
    const leaving = new AbortController();
    const started = app.request('/api/get/a');
    const waiting = [1, 2].map((n) => app.request(`/api/get/w${n}`, { signal: leaving.signal }));
    const refused = await app.request('/api/get/too-many');

    expect(refused.status).toBe(503);
    expect(refused.headers.get('x-till-gateway')).toBe('1');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ success: false });
    expect((await started).status).toBe(200);
    leaving.abort(); // the waiting tablets leave: their requests are never sent
    await Promise.all(waiting);
    expect(pms.seen.map((request) => request.path)).toEqual(['/api/get/a']);
    expect(await (await app.request('/status')).json()).toMatchObject({ busyRefused: 1, pmsUnreachable: 0 });
  });
});

describe('the gateway status (admin page)', () => {
  it('names the upstream by origin only, with the queue length and the pacing', async () => {
    const app = gatewayApp({
      url: `http://user:pw@pms.example.com:8443/base?k=${TEST_KEY}`,
      requestsPerMinute: 900,
    });
    const response = await app.request('/status');
    expect(await response.json()).toEqual({
      upstream: 'http://pms.example.com:8443',
      queued: 0,
      queuedBytes: 0,
      requestsPerMinute: 900,
      resendsAnswered: 0,
      resendAnswersKept: 0,
      resendBytesKept: 0,
      pmsUnreachable: 0,
      pmsServerErrors: 0,
      pmsTooMany: 0,
      busyRefused: 0,
    });
  });

  it('calls an in-process upstream the embedded test hotel', async () => {
    const app = gatewayApp({ url: 'http://test-hotel.invalid', fetch: async () => new Response('{}') });
    expect(await (await app.request('/status')).json()).toMatchObject({
      upstream: 'embedded test hotel',
    });
  });
});
