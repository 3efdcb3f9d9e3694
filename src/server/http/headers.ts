// Adding headers to a response a handler has already made, without copying it. Hono's
// `c.header()` after `next()` rebuilds a finished response around its body as a stream, which
// turns @hono/node-server's direct write of a string body into a streamed one (measured: a sixth
// of the server CPU of a small write). The headers of a response the app built itself can be
// set in place; a response with immutable headers (a fetch() answer, Response.error()) is copied
// once, as before.
import type { Context } from 'hono';

export function setResponseHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  try {
    const target = c.res.headers;
    for (const name in headers) target.set(name, headers[name]!);
  } catch {
    for (const name in headers) c.header(name, headers[name]);
  }
}
