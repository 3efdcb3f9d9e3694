// Reading request headers cheaply, and adding headers to a response a handler has already made without
// copying it (Hono's `c.header()` after `next()` would stream a finished body); a response with
// immutable headers is copied once. Why (measured): docs/test-hotel.md, "The shared HTTP edge".
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header (lower-case name). For a request from a socket it is read from Node's parsed
 * headers: asking Hono builds the Web Headers of the whole request first, a measurable share of a
 * small request's CPU. In-process requests (the gateway's hop, tests) are asked the standard way.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming?.headers) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

export function setResponseHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  try {
    const target = c.res.headers;
    for (const name in headers) target.set(name, headers[name]!);
  } catch {
    for (const name in headers) c.header(name, headers[name]);
  }
}
