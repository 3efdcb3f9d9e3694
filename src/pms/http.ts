// One HTTP call to the PMS through the gateway: sends it with a timeout, turns every way it can fail
// into a `PmsError` of the right kind (errors.ts explains the kinds), and parses a 2xx body with the
// endpoint's envelope schema, handing back its `data` with money in cents. Nothing here retries:
// whether a failed write may be sent again is the outbox's decision (see `isOutcomeUnknown`).
// Only fetch, AbortController and timers are used, so this runs in pages, workers and Node.
import * as v from 'valibot';
import {
  DEVICE_REFUSAL_CODES,
  type DeviceRefusalCode,
  type PmsCall,
  type PmsErrorDetails,
  PmsInvalidResponseError,
  PmsNetworkError,
  PmsRejectedError,
  PmsServerError,
  PmsTimeoutError,
  PmsUnpairedError,
  parseRetryAfter,
} from './errors.ts';
import { OPERATIONS, type PmsOperation } from './operations.ts';
import { describeIssues, type EnvelopeSchema, ErrorBody } from './wire.ts';

/** The part of `fetch` the client needs; tests pass a fake. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Header our gateway sets on every answer; on a 502/504 it means the PMS behind it was unreachable.
 * @example response.headers.get(GATEWAY_HEADER) === '1'
 */
export const GATEWAY_HEADER = 'x-till-gateway';

/**
 * A fresh id on every call; the browser's own silent resend of a request repeats it, so the
 * gateway answers that resend instead of applying a write twice (src/server/gateway/resend-guard.ts).
 */
export const REQUEST_ID_HEADER = 'x-till-request-id';
/** The till's sale a gateway write belongs to (for a take-back: the charge it takes back), the
 * subject a manager's approval must name (src/server/staff/write-approvals.ts). */
export const SALE_HEADER = 'x-till-sale';
/** Manager approval tokens for the write (pms/staff-keys.ts signs them), comma-separated. */
export const APPROVAL_HEADER = 'x-till-approval';

/** What the till's ids look like (a UUID, or 32 hex digits); what the server takes as one. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

export interface Transport {
  /** Origin of the gateway, '' for the page's own origin. */
  baseUrl: string;
  fetch: FetchLike;
  timeoutMs: number;
  /** Clock for Retry-After dates, in ms since the epoch. */
  now: () => number;
  /** Sent with every call besides the standard ones: which sale a write belongs to, its approvals. */
  headers?: Readonly<Record<string, string>>;
}

export interface CallSpec<S extends EnvelopeSchema> {
  operation: PmsOperation;
  /** Path from `apiPath`, starting with /api, query included. */
  path: string;
  /** JSON body, already checked against its request schema (POST only). */
  body?: unknown;
  response: S;
}

/**
 * Performs one call and returns the response's `data`, or throws a `PmsError`.
 * @example const products = await callPms(transport, { operation: 'getAvailableProducts',
 *   path: '/api/get/products/available', response: Responses.productsAvailable });
 */
export async function callPms<S extends EnvelopeSchema>(
  transport: Transport,
  spec: CallSpec<S>,
): Promise<v.InferOutput<S>['data']> {
  const method = OPERATIONS[spec.operation].method;
  const call: PmsCall = { operation: spec.operation, method, url: `${transport.baseUrl}${spec.path}` };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, transport.timeoutMs);
  try {
    let response: Response;
    let text: string;
    try {
      response = await transport.fetch(call.url, {
        method,
        headers: {
          ...transport.headers,
          accept: 'application/json',
          [REQUEST_ID_HEADER]: newRequestId(),
          ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
        cache: 'no-store',
        // the device cookie: sent by itself to our own origin, and to a gateway elsewhere only so
        credentials: transport.baseUrl ? 'include' : 'same-origin',
        signal: controller.signal,
      });
      text = await response.text();
    } catch (cause) {
      if (timedOut) throw new PmsTimeoutError(call, transport.timeoutMs);
      throw new PmsNetworkError(call, `Could not reach the PMS: ${describeCause(cause)}`, cause);
    }
    return interpret(call, response, text, spec.response, transport.now());
  } finally {
    clearTimeout(timer);
  }
}

function interpret<S extends EnvelopeSchema>(
  call: PmsCall,
  response: Response,
  text: string,
  schema: S,
  nowMs: number,
): v.InferOutput<S>['data'] {
  const { status } = response;
  const refusedDevice = deviceRefusal(response, text);
  if (refusedDevice) throw new PmsUnpairedError(call, refusedDevice);
  if (status >= 400) {
    const details: PmsErrorDetails = {
      status,
      ...errorBodyOf(text),
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), nowMs),
    };
    if (status < 500) throw new PmsRejectedError(call, details);
    const pmsUnreachable = (status === 502 || status === 504) && response.headers.get(GATEWAY_HEADER) === '1';
    throw new PmsServerError(call, { ...details, pmsUnreachable });
  }
  if (status < 200 || status > 299) {
    throw new PmsInvalidResponseError(call, status, `unexpected status ${status}`);
  }
  const json = parseJson(text);
  if (json === NOT_JSON) {
    throw new PmsInvalidResponseError(call, status, `not JSON: ${snippet(text)}`);
  }
  // Our choice: a 2xx saying success: false is a refusal like a 4xx (the PMS says it did nothing).
  // (Only a body saying so can be one: the schema is not run on every answer.)
  const refusal = saysFailure(json) ? v.safeParse(ErrorBody, json) : undefined;
  if (refusal?.success) {
    throw new PmsRejectedError(call, {
      status,
      pmsMessage: refusal.output.message,
      field: refusal.output.field,
    });
  }
  const parsed = v.safeParse(schema, json);
  if (!parsed.success) {
    throw new PmsInvalidResponseError(call, status, describeIssues(parsed.issues).message);
  }
  return parsed.output.data;
}

/**
 * The device code of our gateway's refusal of an unpaired or revoked tablet (401 with
 * `x-till-gateway: 1` and `{code: 'device_not_paired' | 'device_revoked'}`), else undefined. Such
 * a refusal comes before forwarding: nothing reached the PMS.
 * @example deviceRefusal(response, await response.text()) === 'device_revoked'
 */
export function deviceRefusal(
  response: Pick<Response, 'status' | 'headers'>,
  text: string,
): DeviceRefusalCode | undefined {
  if (response.status !== 401 || response.headers.get(GATEWAY_HEADER) !== '1') return undefined;
  const body = parseJson(text);
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return DEVICE_REFUSAL_CODES.find((known) => known === code);
}

const NOT_JSON = Symbol('not JSON');

/** Whether a parsed body says `success: false` (or "false"), as ErrorBody requires. */
function saysFailure(json: unknown): boolean {
  if (typeof json !== 'object' || json === null) return false;
  const { success } = json as { success?: unknown };
  return success === false || success === 'false';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

function errorBodyOf(text: string): { pmsMessage: string; field?: string } {
  const parsed = v.safeParse(ErrorBody, parseJson(text));
  if (!parsed.success) return { pmsMessage: '' };
  const { message, field } = parsed.output;
  return field === undefined ? { pmsMessage: message } : { pmsMessage: message, field };
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return '(empty body)';
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause;
  const code = inner && typeof inner === 'object' && 'code' in inner ? ` (${String(inner.code)})` : '';
  return `${cause.message}${code}`;
}

/**
 * A random UUID; `crypto.randomUUID` needs a secure context, so it is built by hand where missing.
 * @example headers[REQUEST_ID_HEADER] = newRequestId();
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0'));
  return hex.join('');
}
