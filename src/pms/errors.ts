// The PMS client's errors: one hierarchy under `PmsError`, told apart by `kind` (network, timeout,
// rejected, server, invalid-response, unpaired), which the outbox and the views branch on; messages are
// plain English for logs, views translate by kind. `PmsRequestError` (a request that fails the wire
// schema, found before sending) is a bug, not a `PmsError`.
// Which kinds leave a write's outcome unknown, and why: docs/pms-api.md, "The client's errors".
import type { OutboxOperation } from './operations.ts';
import type { DeviceRefusalCode } from './till-headers.ts';

export { DEVICE_REFUSAL_CODES, type DeviceRefusalCode } from './till-headers.ts';

export type PmsErrorKind = 'network' | 'timeout' | 'rejected' | 'server' | 'invalid-response' | 'unpaired';

/** Which call failed. */
export interface PmsCall {
  operation: OutboxOperation;
  method: 'GET' | 'POST';
  /** The URL requested, for logs (it never contains credentials: the gateway adds the key). */
  url: string;
}

/**
 * Base of all PMS call failures; narrow with `isPmsError` and switch on `kind`.
 * @example
 * if (isPmsError(e)) switch (e.kind) {
 *   case 'rejected': return showRefusal(e.status, e.field);
 *   case 'server': return e.pmsUnreachable ? showPmsDown() : showRetryLater();
 *   default: return showOffline();
 * }
 */
export abstract class PmsError extends Error {
  abstract readonly kind: PmsErrorKind;
  readonly operation: OutboxOperation;
  readonly method: 'GET' | 'POST';
  readonly url: string;

  constructor(call: PmsCall, message: string, cause?: unknown) {
    super(`${message} (${call.operation}: ${call.method} ${call.url})`, cause === undefined ? {} : { cause });
    this.operation = call.operation;
    this.method = call.method;
    this.url = call.url;
  }
}

/** The request did not get an HTTP answer: offline, name lookup failed, connection refused or reset. */
export class PmsNetworkError extends PmsError {
  readonly kind = 'network';
  override readonly name = 'PmsNetworkError';
}

/** No complete answer arrived within the client's timeout; the request was aborted. */
export class PmsTimeoutError extends PmsError {
  readonly kind = 'timeout';
  override readonly name = 'PmsTimeoutError';
  constructor(
    call: PmsCall,
    readonly timeoutMs: number,
  ) {
    super(call, `The PMS did not answer within ${timeoutMs} ms`);
  }
}

/** Details of a refusal or failure as the PMS (or gateway) described it. */
export interface PmsErrorDetails {
  status: number;
  /** The `message` of the JSON error body, or '' when there was none. */
  pmsMessage: string;
  /** The `field` of the JSON error body: dot path of the offending request field. */
  field?: string | undefined;
  /** From Retry-After (seconds or HTTP date), when the answer carried one. */
  retryAfterMs?: number | undefined;
  /** The till server's stable `code` of a refusal (e.g. `sale_conflict`), where it gave one. */
  code?: string | undefined;
}

/** The PMS refused the request (4xx, or success: false); nothing was applied. */
export class PmsRejectedError extends PmsError {
  readonly kind = 'rejected';
  override readonly name = 'PmsRejectedError';
  readonly status: number;
  readonly pmsMessage: string;
  readonly field: string | undefined;
  /** Set for 429 (too many requests) when Retry-After was given. */
  readonly retryAfterMs: number | undefined;
  /** The till server's code of the refusal (its own endpoints, e.g. the ledger's `sale_conflict`). */
  readonly code: string | undefined;

  constructor(call: PmsCall, details: PmsErrorDetails) {
    super(call, `The PMS refused the request with ${details.status}: ${details.pmsMessage || 'no message'}`);
    this.status = details.status;
    this.pmsMessage = details.pmsMessage;
    this.field = details.field;
    this.retryAfterMs = details.retryAfterMs;
    this.code = details.code;
  }
}

/** The PMS or the gateway failed (5xx). */
export class PmsServerError extends PmsError {
  readonly kind = 'server';
  override readonly name = 'PmsServerError';
  readonly status: number;
  readonly pmsMessage: string;
  /** True when our gateway answered 502/504 because the PMS itself could not be reached. */
  readonly pmsUnreachable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(call: PmsCall, details: PmsErrorDetails & { pmsUnreachable: boolean }) {
    const what = details.pmsUnreachable ? 'The gateway could not reach the PMS' : 'The PMS failed';
    super(call, `${what} (${details.status}): ${details.pmsMessage || 'no message'}`);
    this.status = details.status;
    this.pmsMessage = details.pmsMessage;
    this.pmsUnreachable = details.pmsUnreachable;
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** A 2xx answer whose body is not JSON or does not match the wire schema. */
export class PmsInvalidResponseError extends PmsError {
  readonly kind = 'invalid-response';
  override readonly name = 'PmsInvalidResponseError';
  constructor(
    call: PmsCall,
    readonly status: number,
    /** What was wrong, e.g. `data.0.price: must be an amount` or `not JSON: <!doctype html>...`. */
    readonly description: string,
  ) {
    super(call, `The PMS answered ${status} with an unexpected body: ${description}`);
  }
}

/**
 * Our gateway refused the call before forwarding it (401, `x-till-gateway: 1`): this tablet is not
 * paired with the till server, or a manager unpaired it. This copy did not reach the PMS; once the
 * tablet is paired a read can be made again, and a write after reading back (the refused request may
 * have been the browser's silent resend of one that got through: outbox/step-outcomes.ts).
 */
export class PmsUnpairedError extends PmsError {
  readonly kind = 'unpaired';
  override readonly name = 'PmsUnpairedError';
  constructor(
    call: PmsCall,
    readonly code: DeviceRefusalCode,
  ) {
    super(call, `The till server refused this tablet (${code}); nothing was sent to the PMS`);
  }
}

/** Any PMS call failure, narrowable by `kind`. */
export type AnyPmsError =
  | PmsNetworkError
  | PmsTimeoutError
  | PmsRejectedError
  | PmsServerError
  | PmsInvalidResponseError
  | PmsUnpairedError;

/**
 * Narrows an unknown thrown value to a PMS call failure.
 * @example if (isPmsError(e) && e.kind === 'rejected') show(e.pmsMessage);
 */
export function isPmsError(error: unknown): error is AnyPmsError {
  return error instanceof PmsError;
}

/**
 * A request that does not match the wire schema, refused before sending: a bug, never retried.
 * @example await pms.getInvoice(0) // rejects: PmsRequestError 'Invalid getInvoice request: ...'
 */
export class PmsRequestError extends Error {
  override readonly name = 'PmsRequestError';
  constructor(
    readonly operation: OutboxOperation,
    message: string,
    /** Dot path of the first offending field, e.g. `products.0.quantity`. */
    readonly field?: string,
  ) {
    super(`Invalid ${operation} request: ${message}`);
  }
}

/**
 * Parses a Retry-After header (delay in seconds, or an HTTP date) into milliseconds from `nowMs`.
 * @example parseRetryAfter('120', Date.now()) === 120_000; parseRetryAfter('soon', 0) === undefined
 */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** The till has no network: a change that needs the PMS online (creating a product) was not sent. */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  constructor() {
    super('offline');
  }
}
