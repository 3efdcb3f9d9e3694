// The whole server app as a paired tablet reaches it: a hub in memory with one paired device, and
// every request carrying that device's cookie and, unless the test sets one, a fresh request id,
// as the till's client sends them. Tests of what an unpaired caller gets use `createApp` itself.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { REQUEST_ID_HEADER } from '../../src/pms/http.ts';
import { type AppOptions, createApp } from '../../src/server/app.ts';
import { createHub, type Device, type Hub, type HubOptions } from '../../src/server/hub/hub.ts';

export interface TabletApp extends Hono {
  hub: Hub;
  device: Device;
  /** The Cookie header of the paired device. */
  cookie: string;
  /** The server app itself, as an unpaired caller meets it. */
  server: Hono;
}

/** A hub in memory with one tablet paired for `outlet`. */
export function pairedHub(
  outlet: Device['outlet'] = 'bar',
  hubOptions: Omit<HubOptions, 'dbFile'> = {},
): { hub: Hub; device: Device; cookie: string } {
  const hub = createHub({ dbFile: ':memory:', ...hubOptions });
  const { code } = hub.createPairingCode({ outlet, name: 'Test tablet' });
  const { device, token } = hub.redeemPairingCode(code, '127.0.0.1');
  return { hub, device, cookie: `${hub.cookieName}=${token}` };
}

/**
 * `createApp(options)` behind a paired tablet's cookie and request ids.
 * `options` may be made from the hub (for parts kept in its database, e.g. printing).
 * @example const app = tabletApp({ hotel }); await app.request('/api/get/hotel/payment');
 */
export function tabletApp(
  options: Omit<AppOptions, 'hub'> | ((hub: Hub) => Omit<AppOptions, 'hub'>),
  hubOptions: Omit<HubOptions, 'dbFile'> = {},
): TabletApp {
  const { hub, device, cookie } = pairedHub('bar', hubOptions);
  const server = createApp({ ...(typeof options === 'function' ? options(hub) : options), hub });
  const tablet = new Hono();
  tablet.all('*', (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set('cookie', [headers.get('cookie'), cookie].filter(Boolean).join('; '));
    if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, randomUUID());
    const init: RequestInit & { duplex?: 'half' } = { headers, duplex: 'half' };
    return server.fetch(new Request(c.req.raw, init), c.env);
  });
  return Object.assign(tablet, { hub, device, cookie, server });
}

/**
 * A `fetch` for a running server as a tablet paired with it calls it: its device cookie on every
 * request and a fresh request id where the caller set none.
 * @example const client = createPmsClient({ baseUrl: server.url, fetch: tabletFetch(server) });
 */
export function tabletFetch(server: { hub: Hub }, outlet: Device['outlet'] = 'bar'): typeof fetch {
  const { code } = server.hub.createPairingCode({ outlet, name: 'Test tablet' });
  const { token } = server.hub.redeemPairingCode(code, '127.0.0.1');
  const cookie = `${server.hub.cookieName}=${token}`;
  const send = globalThis.fetch; // as it is now: a test may put this very function in its place
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie);
    if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, randomUUID());
    return send(input, { ...init, headers });
  };
}

const tablets = new WeakMap<object, typeof fetch>();

/** The one paired tablet of a running server (made on first use). */
export function tabletOf(server: { hub: Hub }): typeof fetch {
  const known = tablets.get(server);
  if (known) return known;
  const made = tabletFetch(server);
  tablets.set(server, made);
  return made;
}
