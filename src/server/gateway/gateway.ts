// The gateway, mounted at `/api`: the only way tablets reach the PMS. Forwards the listed endpoints
// (endpoints.ts) with the hotel's key, paced for all tablets (pacer.ts), passing only content-negotiation
// headers up and status, body and a few headers back; retries a 429 once for reads only; answers a silent
// resend from memory (resend-guard.ts). Also `status()` for the admin page, `probe()` for `/readyz` and
// `read()` for the server's own paced reads. Rules: docs/pms-api.md, "The gateway".
import type { ServerResponse } from 'node:http';
import { type Context, Hono } from 'hono';
import { bodyBytes } from '../../node-http/body.ts';
import { ApiError, renderError } from '../../node-http/errors.ts';
import { requestHeader, setResponseHeaders } from '../../node-http/headers.ts';
import { withKnownBody } from '../../node-http/known-bodies.ts';
import { serverLog } from '../../node-http/log.ts';
import { GATEWAY_HEADER, REQUEST_ID_HEADER } from '../../pms/http.ts';
import { deviceOf } from '../hub/device-routes.ts';
import { type Endpoint, findEndpoint } from './endpoints.ts';
import { checkGuestSpan, narrowGuestAnswer } from './guest-fields.ts';
import { createPacer, QueueFullError } from './pacer.ts';
import { checkRequestTarget } from './path-params.ts';
import { BODYLESS_STATUSES, createResendGuard, TABLET_GONE_STATUS } from './resend-guard.ts';
import {
  type Bytes,
  createUpstream,
  RedirectError,
  type UpstreamRequest,
  type UpstreamResponse,
} from './upstream.ts';

export interface GatewayConfig {
  /** PMS base URL; the request path `/api/...` is appended. */
  url: string;
  apiKey: string;
  systemKey?: string;
  requestsPerMinute: number;
  /** Most requests starting at once after a quiet spell. Default requestsPerMinute / 6. */
  burst?: number;
  /** Most requests waiting for their turn; beyond that 503 with Retry-After. Default 2000. */
  maxQueued?: number;
  /** Most requests one device may have waiting. Default 100. */
  maxQueuedPerDevice?: number;
  /** Most request-body bytes waiting, all devices together. Default 64 MiB. */
  maxQueuedBytes?: number;
  /** Most request-body bytes one device may have waiting. Default 8 MiB. */
  maxQueuedBytesPerDevice?: number;
  /** Most answer bytes the resend guard keeps for one device. Default 4 MiB (32 MiB in all). */
  resendBytesPerDevice?: number;
  /** Default globalThis.fetch; app.ts passes the embedded test hotel's in-process fetch. */
  fetch?: (request: Request) => Response | Promise<Response>;
  /** Which endpoints are forwarded and which of them write. Default the closed list (endpoints.ts). */
  endpoints?: (method: string, path: string) => Endpoint | undefined;
  /** Upstream timeout in milliseconds, queueing not counted. Default 20000. */
  timeoutMs?: number;
  /** The hotel's clock, for the span of guest lists a tablet may read (guest-fields.ts). */
  now?: () => Date;
}

const MARK = { [GATEWAY_HEADER]: '1' };
/** Client headers forwarded to the PMS; everything else stays behind. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'content-type'];
/** Upstream headers passed back to the tablet. */
const RETURNED_RESPONSE_HEADERS = ['content-type', 'content-disposition', 'retry-after'];
/** `.invalid` can never resolve (RFC 2606): such a URL names an in-process upstream. */
const EMBEDDED_HOST_SUFFIX = '.invalid';
/** The readiness probe's read: the payment methods, a short list every till reads anyway. */
const PROBE_PATH = '/api/get/hotel/payment';
/** The probe's deadline, its wait for a turn included (under the till's own 4 s for /readyz). */
const PROBE_TIMEOUT_MS = 3000;
/** The probe's queue in the pacer, apart from every device's. */
const PROBE_OWNER = 'readiness probe';
/** The server's own reads (write-approvals.ts), in a queue of their own. */
const READ_OWNER = 'gateway checks';
/** The deadline of one of the server's own reads, its wait for a turn included. */
const READ_TIMEOUT_MS = 5000;

/** The PMS's answer to one of the server's own reads: its status and body, parsed where JSON. */
export interface GatewayRead {
  status: number;
  /** The parsed JSON body; undefined where the body is not JSON. */
  json: unknown;
}

export interface GatewayStatus {
  upstream: string;
  queued: number;
  queuedBytes: number;
  requestsPerMinute: number;
  resendsAnswered: number;
  resendAnswersKept: number;
  resendBytesKept: number;
  /** Since the start: tablets' requests the PMS could not be reached for, answered 5xx, or 429 (too many). */
  pmsUnreachable: number;
  pmsServerErrors: number;
  pmsTooMany: number;
  /** Since the start: tablets' requests refused because the queue to the PMS was full. */
  busyRefused: number;
}

export function createGatewayApi(config: GatewayConfig): Hono & {
  status(): GatewayStatus;
  probe(): Promise<void>;
  read(path: string): Promise<GatewayRead>;
  answersResend(c: Context): boolean;
} {
  const base = new URL(config.url);
  const embedded = base.hostname.endsWith(EMBEDDED_HOST_SUFFIX);
  const pacer = createPacer({
    requestsPerMinute: config.requestsPerMinute,
    burst: config.burst ?? Math.max(1, Math.floor(config.requestsPerMinute / 6)),
    maxQueued: config.maxQueued ?? 2000,
    maxQueuedPerOwner: config.maxQueuedPerDevice ?? 100,
    maxQueuedBytes: config.maxQueuedBytes ?? 64 * 1024 * 1024,
    maxQueuedBytesPerOwner: config.maxQueuedBytesPerDevice ?? 8 * 1024 * 1024,
  });
  /** What went wrong with tablets' requests since the start (status(): the admin page, /metrics). */
  const counts = { pmsUnreachable: 0, pmsServerErrors: 0, pmsTooMany: 0, busyRefused: 0 };
  const upstream = createUpstream({
    pmsOrigin: base.origin,
    credentials: {
      'x-ibelsa-key': config.apiKey,
      ...(config.systemKey ? { 'x-ibelsa-system-key': config.systemKey } : {}),
    },
    pacer,
    fetch: config.fetch ?? ((request) => globalThis.fetch(request)),
    timeoutMs: config.timeoutMs ?? 20_000,
    inProcess: embedded && config.fetch !== undefined && config.timeoutMs === undefined,
  });
  const secrets = [config.apiKey, config.systemKey].filter((secret): secret is string => !!secret);
  const secretBytes = secrets.map((secret) => Buffer.from(secret));
  const upstreamName = embedded ? 'embedded test hotel' : base.origin;
  const basePath = base.pathname.replace(/\/+$/, '');
  const resends = createResendGuard(
    config.resendBytesPerDevice === undefined ? {} : { maxBytesPerOwner: config.resendBytesPerDevice },
  );

  const api = new Hono();
  api.onError(renderError);
  api.use('*', async (c, next) => {
    await next();
    setResponseHeaders(c, MARK);
  });

  api.all('/*', async (c) => {
    const incoming = new URL(c.req.url);
    const endpoint = (config.endpoints ?? findEndpoint)(c.req.method, incoming.pathname);
    if (!endpoint)
      throw new ApiError(404, 'the gateway does not forward this endpoint', undefined, 'no_such_endpoint');
    // Strict placeholders and queries, and today's guests only (issue 20: path-params.ts,
    // guest-fields.ts), for the closed list (tests may pass a list of their own).
    if (!config.endpoints)
      checkGuestSpan(endpoint.operation, checkRequestTarget(endpoint, incoming), config.now?.());
    const owner = deviceOf(c)?.id ?? '';
    const url = new URL(base);
    url.pathname = `${basePath}${incoming.pathname}`;
    url.search = incoming.search;
    const request: UpstreamRequest = {
      method: c.req.method,
      url,
      headers: forwardedHeaders(c.req.raw.headers),
      body: undefined,
      owner,
    };
    // Reads (a search sent as POST among them) are safe to send twice and never kept; several
    // writes are GETs (closing an invoice): the list says which.
    const isRead = !endpoint.changesState;
    const waitSignal = tabletGoneSignal(c);
    if (isRead) return forward();
    return resends.answer(requestHeader(c, REQUEST_ID_HEADER) ?? null, forward, owner);

    async function forward(): Promise<Response> {
      try {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          const body = await bodyBytes(c);
          if (body.byteLength > 0) request.body = body;
        }
        if (!request.body) request.headers.delete('content-type');
        let response = await upstream.exchange(request, waitSignal);
        if (response.status === 429 && isRead && request.method === 'GET')
          response = await upstream.exchange(request, waitSignal);
        if (response.status === 429) counts.pmsTooMany += 1;
        else if (response.status >= 500) counts.pmsServerErrors += 1;
        return toTabletResponse(narrowGuestAnswer(endpoint!.operation, response), secrets, secretBytes);
      } catch (error) {
        // The tablet has gone while the request waited for its turn: nothing was sent, nobody to answer.
        if (waitSignal.aborted) return new Response(null, { status: TABLET_GONE_STATUS });
        if (error instanceof QueueFullError) {
          counts.busyRefused += 1;
          c.header('retry-after', String(error.retryAfterSeconds));
          return c.json({ success: false, message: `gateway busy: ${error.message}` }, 503);
        }
        const { status, reason } = describeFailure(error);
        counts.pmsUnreachable += 1;
        serverLog().warn(
          { component: 'gateway', method: request.method, path: request.url.pathname, reason },
          'PMS unreachable',
        );
        return c.json({ success: false, message: `PMS unreachable: ${reason}` }, status);
      }
    }
  });
  /** The server's own GET of `path` from the PMS (the probe, the catalogue prices), paced as `owner`. */
  const ownGet = async (path: string, owner: string, timeoutMs: number): Promise<UpstreamResponse> => {
    const url = new URL(base);
    url.pathname = `${basePath}${path}`;
    const deadline = AbortSignal.timeout(timeoutMs);
    const headers = new Headers({ accept: 'application/json' });
    try {
      return await upstream.exchange(
        { method: 'GET', url, headers, body: undefined, owner, deadline },
        deadline,
      );
    } catch (error) {
      throw new Error(error instanceof QueueFullError ? 'gateway busy' : describeFailure(error).reason);
    }
  };
  return Object.assign(api, {
    /** Whether the write `c` is a resend this gateway answers from memory (resend-guard.ts). */
    answersResend(c: Context): boolean {
      return resends.hasAnswered(requestHeader(c, REQUEST_ID_HEADER) ?? null, deviceOf(c)?.id ?? '');
    },
    /** Resolves when the PMS answers the probe's read with a 2xx; else rejects with the reason. */
    async probe(): Promise<void> {
      const response = await ownGet(PROBE_PATH, PROBE_OWNER, PROBE_TIMEOUT_MS);
      if (response.status < 200 || response.status > 299)
        throw new Error(`answered ${response.status} to GET ${PROBE_PATH}`);
    },
    /**
     * GET `path` (`/api/get/...`) from the PMS with the hotel's key, for the server itself (never
     * for a tablet: nothing of it is answered to one). Rejects when the PMS cannot be reached.
     * @example const { status, json } = await gateway.read('/api/get/products/available');
     */
    async read(path: string): Promise<GatewayRead> {
      const response = await ownGet(path, READ_OWNER, READ_TIMEOUT_MS);
      let json: unknown;
      try {
        json = JSON.parse(new TextDecoder().decode(response.body));
      } catch {
        json = undefined;
      }
      return { status: response.status, json };
    },
    status: (): GatewayStatus => ({
      upstream: upstreamName,
      queued: pacer.queued,
      queuedBytes: pacer.queuedBytes,
      requestsPerMinute: config.requestsPerMinute,
      resendsAnswered: resends.resendsAnswered,
      resendAnswersKept: resends.remembered,
      resendBytesKept: resends.rememberedBytes,
      ...counts,
    }),
  });
}

/**
 * Aborts when the tablet goes away before its answer was sent. Under @hono/node-server it listens
 * on the Node response: asking the request for its signal would build the full Web Request with
 * its body stream, which the gateway never needs. In-process requests (tests) have their own.
 */
function tabletGoneSignal(c: Context): AbortSignal {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || typeof outgoing.once !== 'function') return c.req.raw.signal;
  const controller = new AbortController();
  outgoing.once('close', () => {
    if (!outgoing.writableFinished) controller.abort(new Error('the tablet closed the connection'));
  });
  return controller.signal;
}

function forwardedHeaders(clientHeaders: Headers): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = clientHeaders.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

function describeFailure(error: unknown): { status: 502 | 504; reason: string } {
  if ((error as { name?: unknown } | undefined)?.name === 'TimeoutError') {
    return { status: 504, reason: 'no answer in time' };
  }
  if (error instanceof RedirectError) return { status: 502, reason: error.message };
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code; // e.g. ECONNREFUSED
  if (typeof code === 'string') return { status: 502, reason: code };
  if (error instanceof Error) return { status: 502, reason: error.message };
  return { status: 502, reason: 'unknown error' };
}

function toTabletResponse(
  response: UpstreamResponse,
  secrets: readonly string[],
  secretBytes: readonly Buffer[],
): Response {
  const headers = new Headers();
  for (const name of RETURNED_RESPONSE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, redact(value, secrets));
  }
  if (BODYLESS_STATUSES.has(response.status)) return new Response(null, { status: response.status, headers });
  const body = redactBody(response.body, headers.get('content-type'), secrets, secretBytes);
  const tabletResponse = new Response(body, { status: response.status, headers });
  // the resend guard records the body it answered; handing it the bytes spares reading them back
  return typeof body === 'string' ? tabletResponse : withKnownBody(tabletResponse, body);
}

/**
 * Text bodies that echo a key (an upstream error message, say) have it blanked out. The bytes are
 * searched first; only a body that holds a key is decoded and rewritten.
 */
function redactBody(
  body: Bytes,
  contentType: string | null,
  secrets: readonly string[],
  secretBytes: readonly Buffer[],
): Bytes | string {
  if (!/json|text|xml|html/i.test(contentType ?? '')) return body;
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (!secretBytes.some((secret) => bytes.includes(secret))) return body;
  return redact(bytes.toString('utf8'), secrets);
}

function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => result.split(secret).join('[redacted]'), text);
}
