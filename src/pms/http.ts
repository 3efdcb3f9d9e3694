// One HTTP call to the PMS through the gateway: sends it with a timeout, turns every way it can fail
// into a `PmsError` of the right kind (errors.ts explains the kinds), and parses a 2xx body with the
// endpoint's envelope schema, handing back its `data` with money in cents. Nothing here retries:
// whether a failed write may be sent again is the outbox's decision (see `isOutcomeUnknown`).
// Only fetch, AbortController and timers are used, so this runs in pages, workers and Node.
import * as v from 'valibot';
import {
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
import { methodOf, type OutboxOperation } from './operations.ts';
import {
  deviceRefusal,
  type FetchLike,
  GATEWAY_HEADER,
  newRequestId,
  noteCatalogueVersion,
  REQUEST_ID_HEADER,
} from './till-headers.ts';
import { describeIssues, type EnvelopeSchema, ErrorBody } from './wire.ts';

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
  operation: OutboxOperation;
  /** Path from `apiPath`, starting with /api, query included (a ledger call's: /till/...). */
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
  const { call, response, text } = await send(transport, spec);
  return interpret(call, response, text, spec.response, transport.now());
}

/** What a conditional read answers: unchanged since the ETag named (304, nothing parsed), or the new data and its ETag. */
export type IfChanged<T> = { changed: false } | { changed: true; data: T; etag: string | undefined };

/**
 * A GET with If-None-Match `etag` (none: a plain read): 304 answers `{changed: false}` without a
 * body to parse; anything else is `callPms`'s answer, with the response's ETag.
 * @example const products = await callPmsIfChanged(transport, spec, cachedEtag);
 */
export async function callPmsIfChanged<S extends EnvelopeSchema>(
  transport: Transport,
  spec: CallSpec<S>,
  etag: string | undefined,
): Promise<IfChanged<v.InferOutput<S>['data']>> {
  const { call, response, text } = await send(transport, spec, etag ? { 'if-none-match': etag } : {});
  if (response.status === 304 && etag) return { changed: false };
  const data = interpret(call, response, text, spec.response, transport.now());
  return { changed: true, data, etag: response.headers.get('etag') ?? undefined };
}

/** Sends one call and reads its whole answer, or throws the network or timeout error. */
async function send<S extends EnvelopeSchema>(
  transport: Transport,
  spec: CallSpec<S>,
  extraHeaders: Record<string, string> = {},
): Promise<{ call: PmsCall; response: Response; text: string }> {
  const method = methodOf(spec.operation);
  const call: PmsCall = { operation: spec.operation, method, url: `${transport.baseUrl}${spec.path}` };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, transport.timeoutMs);
  try {
    const response = await transport.fetch(call.url, {
      method,
      headers: {
        ...transport.headers,
        ...extraHeaders,
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
    const text = await response.text();
    // a 304 names the version of the list the tablet holds
    if (spec.operation === 'getAvailableProducts' && (response.ok || response.status === 304))
      noteCatalogueVersion(response.headers);
    return { call, response, text };
  } catch (cause) {
    if (timedOut) throw new PmsTimeoutError(call, transport.timeoutMs);
    throw new PmsNetworkError(call, `Could not reach the PMS: ${describeCause(cause)}`, cause);
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
  // The till server's own endpoints (/till/...) refuse an unpaired tablet without the gateway's mark.
  const refusedDevice = deviceRefusal(response, text, { marked: !call.url.includes('/till/') });
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

function errorBodyOf(text: string): { pmsMessage: string; field?: string; code?: string } {
  const parsed = v.safeParse(ErrorBody, parseJson(text));
  if (!parsed.success) return { pmsMessage: '' };
  const { message, field, code } = parsed.output as ErrorBody & { code?: unknown };
  return {
    pmsMessage: message,
    ...(field === undefined ? {} : { field }),
    ...(typeof code === 'string' && code ? { code } : {}),
  };
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

export {
  APPROVAL_HEADER,
  DEVICE_REFUSAL_CODES,
  type DeviceRefusalCode,
  deviceRefusal,
  type FetchLike,
  GATEWAY_HEADER,
  newRequestId,
  REQUEST_ID_HEADER,
  REQUEST_ID_PATTERN,
  SALE_HEADER,
  SPLIT_HEADER,
} from './till-headers.ts';
