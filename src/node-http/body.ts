// Reading request bodies at the HTTP edge: the size limit and the body as text. A body with a
// Content-Length is checked by it and read straight from Node's IncomingMessage; one the gateway's
// in-process hop registered (known-bodies.ts) is taken as it is; everything else goes the standard way,
// limits included. Why (measured): docs/test-hotel.md, "The shared HTTP edge".
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type * as v from 'valibot';
import { ApiError, parseValue } from './errors.ts';
import { requestHeader } from './headers.ts';
import { knownBody } from './known-bodies.ts';

const decoder = new TextDecoder();
/** `application/json`, optionally with charset utf-8, and nothing else. */
const JSON_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/** The Node request behind this context, when it came from a socket and its body is unread. */
function unreadIncoming(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || typeof incoming.on !== 'function') return undefined;
  if (incoming.readableDidRead || incoming.readableEnded) return undefined;
  if (
    requestHeader(c, 'content-length') === undefined ||
    requestHeader(c, 'transfer-encoding') !== undefined
  ) {
    return undefined;
  }
  return incoming;
}

/**
 * Middleware refusing a body over maxBytes with a 413 ApiError: by its declared length before
 * anything reads it, or (chunked) as soon as the stream passes it. The connection is closed after
 * the answer, so the rest of the body is not read at all.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const tooLarge = (c?: Context) => {
    c?.header('connection', 'close');
    throw new ApiError(413, `the request body is larger than ${maxBytes} bytes`);
  };
  const streaming = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next(); // no body to limit
    const length = requestHeader(c, 'content-length');
    if (length !== undefined && requestHeader(c, 'transfer-encoding') === undefined) {
      if (!/^\d+$/.test(length) || Number(length) > maxBytes) tooLarge(c);
      return next();
    }
    return streaming(c, next);
  };
}

/** The request body as UTF-8 text. */
export async function bodyText(c: Context): Promise<string> {
  const known = knownBody(c.req.raw);
  if (known) return decoder.decode(known);
  const incoming = unreadIncoming(c);
  if (!incoming) return c.req.text();
  return (await readIncoming(incoming)).toString('utf8');
}

/** The request body as bytes (empty when there is none). */
export async function bodyBytes(c: Context): Promise<Uint8Array<ArrayBuffer>> {
  const incoming = unreadIncoming(c);
  if (!incoming) return new Uint8Array(await c.req.arrayBuffer());
  // Node's Buffers of a socket's data sit on plain ArrayBuffers
  return (await readIncoming(incoming)) as Uint8Array<ArrayBuffer>;
}

function readIncoming(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    incoming.on('error', reject);
  });
}

/**
 * Reads and validates a JSON body; malformed JSON or a wrong shape is a 400 naming the field (with
 * `code`, that error code). With `emptyAs`, a request without a body is read as that value (for
 * endpoints whose fields are all optional).
 */
export async function parseBody<T extends v.GenericSchema>(
  c: Context,
  schema: T,
  options: { emptyAs?: unknown; code?: string } = {},
): Promise<v.InferOutput<T>> {
  const text = await bodyText(c);
  if (text.trim() === '' && 'emptyAs' in options)
    return parseValue(schema, options.emptyAs, '', options.code);
  // Exactly JSON, as the gateway's own check (`text/plain; x=application/json` is a form's trick).
  if (!JSON_TYPE.test(requestHeader(c, 'content-type') ?? '')) {
    throw new ApiError(415, 'the request body must be JSON (Content-Type: application/json)');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // The PMS interface's answer names no field (docs/pms-api.md); the till's own routes name `body`.
    const field = options.code ? 'body' : undefined;
    throw new ApiError(400, 'the request body is not valid JSON', field, options.code);
  }
  return parseValue(schema, body, '', options.code);
}
