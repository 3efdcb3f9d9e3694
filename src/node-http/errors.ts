// Errors and answers of the till server and the test hotel: the error type every route throws, the
// success envelope, and validating values into a 4xx naming the field (bodies: body.ts). One error
// renderer (renderError) turns ApiError into `{success: false, message, field?}` and hides the
// internals of anything else behind a 500.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { describeIssues } from '../pms/wire.ts';
import { jsonBytes, withKnownBody } from './known-bodies.ts';
import { serverLog } from './log.ts';

export type ClientErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 421 | 422 | 429;

/** A refusal the client caused: rendered as JSON with its status and, where known, the field. */
export class ApiError extends Error {
  constructor(
    readonly status: ClientErrorStatus | 500 | 502 | 503 | 504,
    message: string,
    readonly field?: string,
    /** A stable code the app translates into staff's words (e.g. 'device_revoked'). */
    readonly code?: string,
    /** Sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The success envelope `{success: true, totalCount, data}`. */
export function ok(c: Context, data: unknown) {
  return okJson(c, jsonBytes(envelope(data)));
}

/** The success envelope around data, as an object (for answers serialised elsewhere). */
export function envelope(data: unknown) {
  const totalCount = Array.isArray(data) ? data.length : 1;
  return { success: true, totalCount, data };
}

/** A 200 whose JSON is already made (the read cache's answers). */
export function okJson(c: Context, json: Uint8Array<ArrayBuffer>) {
  return jsonAnswer(c, json, 200);
}

/** A JSON answer whose bytes the gateway's in-process hop can take as they are (known-bodies.ts). */
function jsonAnswer(c: Context, json: Uint8Array<ArrayBuffer>, status: ContentfulStatusCode): Response {
  return withKnownBody(c.body(json, status, { 'content-type': 'application/json' }), json);
}

/** Renders any error thrown by a route as the JSON error body; for `app.onError(renderError)`. */
export function renderError(error: Error, c: Context): Response {
  if (error instanceof ApiError) {
    const body = {
      success: false,
      message: error.message,
      ...(error.code ? { code: error.code } : {}),
      ...(error.field ? { field: error.field } : {}),
    };
    if (error.retryAfterSeconds !== undefined) c.header('retry-after', String(error.retryAfterSeconds));
    return jsonAnswer(c, jsonBytes(body), error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ success: false, message: error.message || 'bad request' }, error.status);
  }
  serverLog().error(
    { component: 'http', method: c.req.method, path: c.req.path, err: error },
    'unexpected error',
  );
  return c.json({ success: false, message: 'internal error' }, 500);
}

/** Validates a value against a schema, throwing a 400 that names the first offending field. */
export function parseValue<T extends v.GenericSchema>(
  schema: T,
  value: unknown,
  fieldPrefix = '',
  code?: string,
): v.InferOutput<T> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const { message, field } = describeIssues(result.issues);
  const fullField = fieldPrefix && field ? `${fieldPrefix}.${field}` : fieldPrefix || field;
  throw new ApiError(400, fieldPrefix ? `${fieldPrefix}: ${message}` : message, fullField, code);
}

/** Validates one path parameter, e.g. `param(c, 'entity_id', IdParam)`. */
export function param<T extends v.GenericSchema>(c: Context, name: string, schema: T): v.InferOutput<T> {
  const result = v.safeParse(schema, c.req.param(name));
  if (result.success) return result.output;
  throw new ApiError(400, `${name}: ${result.issues[0]?.message ?? 'invalid'}`, name);
}
