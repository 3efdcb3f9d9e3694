// Requests from all tablets are paced under the PMS rate limit: bursts are bounded, the rest wait
// in arrival order instead of drawing 429s, and an upstream 429 pauses everything for its
// Retry-After. Only reads are retried after a 429; a write that waited for a tablet that has gone
// is never sent. Pacer timing runs on fake timers; the gateway tests use a real upstream.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPacer, QueueFullError } from '../../src/server/gateway/pacer.ts';
import { echo, gatewayApp, json, useUpstreams } from './gateway-upstream.ts';

/** Timer rounding allowed when comparing start times (Node may fire a timer up to 1 ms early). */
const SLACK_MS = 15;

describe('the pacer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function startTimes(pacer: ReturnType<typeof createPacer>, count: number, untilMs: number) {
    const started: number[] = [];
    const origin = performance.now();
    for (let i = 0; i < count; i++) void pacer.take().then(() => started.push(performance.now() - origin));
    await vi.advanceTimersByTimeAsync(untilMs);
    return started;
  }

  it('lets a burst start at once and spaces the rest one interval apart', async () => {
    vi.useFakeTimers();
    const pacer = createPacer({ requestsPerMinute: 60, burst: 2, maxQueued: 10 });
    expect(await startTimes(pacer, 5, 10_000)).toEqual([0, 0, 1000, 2000, 3000]);
  });

  it('never starts more than requestsPerMinute in any 60 seconds, bursts included', async () => {
    vi.useFakeTimers();
    const pacer = createPacer({ requestsPerMinute: 6, burst: 6, maxQueued: 10 });
    expect(await startTimes(pacer, 8, 200_000)).toEqual([0, 0, 0, 0, 0, 0, 60_000, 60_000]);
  });

  it('starts nothing while paused, then restarts with a single request', async () => {
    vi.useFakeTimers();
    const pacer = createPacer({ requestsPerMinute: 60, burst: 5, maxQueued: 10 });
    pacer.pause(5000);
    expect(await startTimes(pacer, 3, 10_000)).toEqual([5000, 6000, 7000]);
  });

  it('refuses a caller beyond maxQueued and forgets one whose signal aborts', async () => {
    vi.useFakeTimers();
    const pacer = createPacer({ requestsPerMinute: 60, burst: 1, maxQueued: 2 });
    await pacer.take();
    const leaving = new AbortController();
    const left = pacer.take(leaving.signal);
    const stays = pacer.take();
    await expect(pacer.take()).rejects.toBeInstanceOf(QueueFullError);
    expect(pacer.queued).toBe(2);
    leaving.abort(new Error('tablet left'));
    await expect(left).rejects.toThrow('tablet left');
    expect(pacer.queued).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    await stays;
    expect(pacer.queued).toBe(0);
  });
});

describe('the gateway under load', () => {
  const upstream = useUpstreams();

  it('sends requests beyond the burst one interval apart, in arrival order, all answered', async () => {
    const intervalMs = 100; // 600 a minute
    const pms = await upstream();
    const sentAt: number[] = []; // when the gateway sent each request: what the PMS's limit counts
    const app = gatewayApp({
      url: pms.url,
      requestsPerMinute: 600,
      burst: 2,
      fetch: (request) => {
        sentAt.push(performance.now());
        return fetch(request);
      },
    });
    const responses = await Promise.all([0, 1, 2, 3, 4].map((n) => app.request(`/api/get/rates?n=${n}`)));

    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(pms.seen.slice(2).map((request) => request.path)).toEqual([
      '/api/get/rates?n=2',
      '/api/get/rates?n=3',
      '/api/get/rates?n=4',
    ]);
    // Two at once, then one per interval. A late timer can only make a request later, so each is
    // measured from the first: never earlier than its turn.
    expect(sentAt).toHaveLength(5);
    for (let i = 2; i < sentAt.length; i++) {
      expect(sentAt[i]! - sentAt[0]!).toBeGreaterThanOrEqual((i - 1) * intervalMs - SLACK_MS);
    }
  });

  it('retries a read refused with 429 after its Retry-After', async () => {
    const pms = await upstream((request, response) => {
      if (pms.seen.length === 1) json(response, 429, { success: false }, { 'retry-after': '1' });
      else echo(request, response);
    });
    const response = await gatewayApp({ url: pms.url }).request('/api/get/allactiverates');
    expect(response.status).toBe(200);
    expect(pms.seen).toHaveLength(2);
    expect(pms.seen[1]!.at - pms.seen[0]!.at).toBeGreaterThanOrEqual(1000 - SLACK_MS);
  });

  it('passes a 429 on a write through to the till without sending it again', async () => {
    const pms = await upstream((_request, response) =>
      json(response, 429, { success: false, message: 'slow down' }, { 'retry-after': '0' }),
    );
    const app = gatewayApp({ url: pms.url });
    const post = await app.request('/api/set/add/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"room_reservation_id":1}',
    });
    const checkIn = await app.request('/api/set/roomreservation/checkin/7/yes'); // a write, though a GET
    expect([post.status, checkIn.status]).toEqual([429, 429]);
    expect(post.headers.get('retry-after')).toBe('0');
    expect(await post.json()).toEqual({ success: false, message: 'slow down' });
    expect(pms.seen.map((request) => request.method)).toEqual(['POST', 'GET']);
  });

  it('never sends a queued write whose tablet has gone away', async () => {
    const pms = await upstream();
    const app = gatewayApp({ url: pms.url, requestsPerMinute: 600, burst: 1 });
    const first = app.request('/api/get/a');
    const tablet = new AbortController();
    const abandoned = app.request('/api/set/add/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"room_reservation_id":1}',
      signal: tablet.signal,
    });
    await vi.waitFor(async () => {
      expect(await (await app.request('/status')).json()).toMatchObject({ queued: 1 });
    });
    tablet.abort();
    await Promise.all([first, abandoned]);
    expect(await (await app.request('/status')).json()).toMatchObject({ queued: 0 });
    await new Promise((resolve) => setTimeout(resolve, 250)); // well past its turn at 100 ms
    expect(pms.seen.map((request) => request.path)).toEqual(['/api/get/a']);
  });
});
