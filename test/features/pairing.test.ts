// Pairing the tablet, from the page's side, against a scripted till server: what staff type becomes
// a code, pairing remembers the device and sends what waited, each refusal keeps its code for the
// view to put in words, the server's "not paired" / "revoked" flips the device state (from the
// device check or from any /api answer of the page's client). Exporting what waits on an unpaired
// tablet: unsent-sales.test.ts.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceState, noteDevicePaired, watchDeviceRefusals } from '../../src/features/device/device.ts';
import {
  checkDevice,
  followOutboxRefusals,
  normalisePairingCode,
  PairingCodeFormatError,
  pairTablet,
  TillServerError,
} from '../../src/features/pairing/pairing.ts';
import { announceOutboxChange } from '../../src/outbox/status.ts';
import { closeTillDb, setMeta } from '../../src/storage/db.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

const realFetch = globalThis.fetch;
let sent: Sent[] = [];

/** The till server answers every call with `answer`; what the page sent is in `sent`. */
function serverAnswers(answer: (request: Sent) => Response | Promise<Response>) {
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const request: Sent = {
      url: String(url),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    return answer(request);
  }) as typeof fetch;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const BAR_TABLET = { id: 'dev-1', name: 'Bar tablet', outlet: 'bar' as const };

beforeEach(async () => {
  sent = [];
  await closeTillDb();
  globalThis.indexedDB = new IDBFactory();
  noteDevicePaired(BAR_TABLET);
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

afterAll(async () => {
  await closeTillDb();
});

describe('what staff type as a pairing code', () => {
  it('is read in any case, with spaces and a dash', () => {
    expect(normalisePairingCode('abcd-2345')).toBe('ABCD2345');
    expect(normalisePairingCode(' AbCd 23 45 ')).toBe('ABCD2345');
  });

  it('cannot hold letters or digits that codes leave out, nor be shorter or longer than 8', () => {
    for (const typed of ['ABCD1234', 'ABCD234O', 'ILUO2345', 'ABCD234', 'ABCD23456']) {
      expect(normalisePairingCode(typed), typed).toBeNull();
    }
  });
});

describe('pairing', () => {
  it('sends the normalised code alone (the code names the tablet) and remembers the device', async () => {
    serverAnswers((request) =>
      request.url.endsWith('/till/pair')
        ? json(200, { device: { ...BAR_TABLET, id: 'dev-2' } })
        : json(200, {}),
    );
    const device = await pairTablet({ code: 'abcd-2345' });

    expect(device).toEqual({ ...BAR_TABLET, id: 'dev-2' });
    expect(deviceState()).toEqual({ kind: 'paired', device: { ...BAR_TABLET, id: 'dev-2' } });
    const pair = sent.find((request) => request.url.endsWith('/till/pair'));
    expect(pair).toMatchObject({ method: 'POST', body: { code: 'ABCD2345' } });
    expect(Object.keys(pair?.body as object)).toEqual(['code']);
    expect(pair?.headers['content-type']).toBe('application/json');
    expect(pair?.headers['x-till-request-id']).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });

  it('refuses what cannot be a code before sending anything', async () => {
    serverAnswers(() => json(200, { device: BAR_TABLET }));
    await expect(pairTablet({ code: 'ABCD-1234' })).rejects.toBeInstanceOf(PairingCodeFormatError);
    expect(sent).toEqual([]);
  });

  it.each([
    [400, 'pairing_code_invalid', {}],
    [410, 'pairing_code_expired', {}],
    [410, 'pairing_code_used', {}],
    [429, 'too_many_attempts', { 'retry-after': '120' }],
  ])('keeps the server’s code of a %i refusal (%s) for the view to word', async (status, code, headers) => {
    serverAnswers(() => json(status, { success: false, code, message: 'no', field: 'code' }, headers));
    const error = await pairTablet({ code: 'ABCD2345' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TillServerError);
    expect(error).toMatchObject({ code, status });
    if (status === 429) expect(error).toMatchObject({ retryAfterMs: 120_000 });
    expect(deviceState().kind).toBe('paired'); // still the device it was
  });

  it('says "unreachable" when the till server does not answer', async () => {
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(pairTablet({ code: 'ABCD2345' })).rejects.toMatchObject({
      code: 'unreachable',
      status: null,
    });
  });
});

describe('the device state', () => {
  it('follows the device check: revoked (its device kept), and no change without an answer', async () => {
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await checkDevice();
    expect(deviceState().kind).toBe('paired');

    serverAnswers(() => json(401, { success: false, code: 'device_revoked', message: 'unpaired' }));
    await checkDevice();
    expect(deviceState()).toEqual({ kind: 'revoked', device: BAR_TABLET });
  });

  it('flips on a gateway 401 with a device code from any /api call, not on another 401', async () => {
    const answers = [
      json(401, { success: false, code: 'wrong_key', message: 'no' }, { 'x-till-gateway': '1' }),
      json(401, { success: false, code: 'device_not_paired', message: 'no' }),
      json(401, { success: false, code: 'device_not_paired', message: 'no' }, { 'x-till-gateway': '1' }),
    ];
    const watched = watchDeviceRefusals(async () => answers.shift()!);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    await watched('/api/get/products/available', {});
    await watched('/api/get/products/available', {});
    await settle();
    expect(deviceState().kind).toBe('paired');

    const response = await watched('/api/get/products/available', {});
    await settle();
    expect(deviceState().kind).toBe('unpaired');
    expect(await response.json()).toMatchObject({ code: 'device_not_paired' }); // the client still reads it
  });
});

describe('following the outbox', () => {
  it('flips the device state when a replay elsewhere (the service worker) found the tablet refused', async () => {
    const stop = followOutboxRefusals();
    try {
      await setMeta('pairing-hold', { code: 'device_revoked', at: 1, until: 2 });
      announceOutboxChange({ type: 'replayed' });
      await expect.poll(() => deviceState().kind).toBe('revoked');
    } finally {
      stop();
    }
  });
});
