// Which host names this server answers to. A request whose Host header names anything else is
// refused (421) before it reaches a route: a page on another site cannot point its own name at
// the hotel's address (DNS rebinding) and then read the till's answers as same-origin. Also owns
// reading the caller's address, from the socket or, behind a trusted proxy, its X-Forwarded-For.
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import { isLoopbackAddress } from '../tls/machine-names.ts';

export { isLoopbackAddress };

/** The names every server answers to on its own machine. */
export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

/**
 * The host name of a Host header, lower case, without port or IPv6 brackets; null when malformed.
 * @example hostName('Till.Hotel:8443') === 'till.hotel'; hostName('[::1]:8080') === '::1'
 */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::\d{1,5})?$/i.exec(header.trim());
  if (!match) return null;
  return (match[1] ?? match[2]!).toLowerCase().replace(/\.$/, '');
}

/**
 * `https://<host>[:port]`, without the port for 443 (or null: a proxy's); IPv6 in brackets.
 * @example httpsOrigin('fd00::2', 8443) === 'https://[fd00::2]:8443'
 */
export function httpsOrigin(host: string, httpsPort: number | null): string {
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `https://${name}${httpsPort === null || httpsPort === 443 ? '' : `:${httpsPort}`}`;
}

/**
 * Whether a request comes from the server machine itself: a loopback peer asking for a loopback
 * name (`http://localhost`, a secure context in every browser). Never true behind a proxy, whose
 * peer is always local: callers decide that.
 */
export function isServerMachineRequest(hostHeader: string | undefined, peerAddress: string): boolean {
  const host = hostName(hostHeader);
  return !!host && LOOPBACK_NAMES.includes(host) && isLoopbackAddress(peerAddress);
}

/** The names and addresses the server answers to; `refresh()` reads them again (a new LAN address). */
export interface HostList {
  has(name: string): boolean;
  refresh(): void;
}

/**
 * The names `read` gives, with the loopback names, in lower case.
 * @example const hosts = hostList(() => ['till.hotel.example', '192.168.1.20']);
 */
export function hostList(read: () => readonly string[]): HostList {
  const load = () => new Set([...read(), ...LOOPBACK_NAMES].map((name) => name.toLowerCase()));
  let names = load();
  return {
    has: (name) => names.has(name),
    refresh() {
      names = load();
    },
  };
}

/**
 * A check of the Host header against `allowed` (names and addresses) and the loopback names:
 * undefined when the request may go on, else the 421 to throw.
 */
export function hostRefusal(allowed: readonly string[] | HostList): (c: Context) => ApiError | undefined {
  const names = Array.isArray(allowed) ? hostList(() => allowed) : (allowed as HostList);
  return (c) => {
    // in-process requests (tests, the gateway's hop) carry their host in the URL only
    const name = hostName(requestHeader(c, 'host') ?? new URL(c.req.url).host);
    if (name && names.has(name)) return undefined;
    return new ApiError(
      421,
      'this server does not answer to that host name; add it to TILL_HOSTNAMES',
      'host',
    );
  };
}

/** Refuses requests for any host but `allowed` (names and addresses) with 421. */
export function checkHost(allowed: readonly string[] | HostList): MiddlewareHandler {
  const refusal = hostRefusal(allowed);
  return async (c, next) => {
    const refused = refusal(c);
    if (refused) throw refused;
    await next();
  };
}

/**
 * The caller's address. Behind a trusted reverse proxy (TRUST_PROXY) the last address of
 * X-Forwarded-For, the one the proxy itself added; otherwise the socket's peer.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = requestHeader(c, 'x-forwarded-for');
    const last = forwarded?.split(',').pop()?.trim();
    if (last) return last;
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'in-process';
}
