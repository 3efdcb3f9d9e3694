// What makes a request one the till's own app sent, for every route that changes something on a
// tablet's behalf (`/api`, `/till/pair`): the `x-till-request-id` header, which no form, image or
// link can send and which a page on another origin can only send after a CORS preflight that this
// server refuses; and, for a body, exactly `application/json` (a "text/plain; x=application/json"
// body, which needs no preflight, is refused). HEAD and other methods never get through.
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from '../../pms/http.ts';

/** `application/json`, optionally with charset utf-8, and nothing else. */
const JSON_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/** Refuses what the till's app would never send: 405 for other methods, 400 without the header, 415. */
export function requireAppRequest(methods: readonly ('GET' | 'POST')[]): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (!(methods as readonly string[]).includes(method)) {
      c.header('allow', methods.join(', '));
      throw new ApiError(405, `${method} is not allowed here`, 'method', 'method_not_allowed');
    }
    if (!REQUEST_ID_PATTERN.test(requestHeader(c, REQUEST_ID_HEADER) ?? '')) {
      throw new ApiError(
        400,
        `send the ${REQUEST_ID_HEADER} header, as the till does`,
        REQUEST_ID_HEADER,
        'not_from_till',
      );
    }
    if (method === 'POST' && !JSON_TYPE.test(requestHeader(c, 'content-type') ?? '')) {
      throw new ApiError(
        415,
        'the body must be sent as Content-Type: application/json',
        'content-type',
        'not_json',
      );
    }
    await next();
  };
}
