// One exchange with the PMS on a tablet's behalf. Owns: the credentials (the key headers go to the
// configured PMS origin only, never across a redirect to another origin), one cookie jar per
// upstream origin (Set-Cookie of every response, redirects included, sent back later), following
// redirects by hand as browsers do (303, and 301/302 after POST, become a GET without body; 307
// and 308 keep method and body; at most MAX_REDIRECTS), pacing every hop through the shared pacer,
// and pausing the pacer for as long as a 429's Retry-After asks. It never retries: gateway.ts decides.
import { knownBody, withKnownBody } from '../../node-http/known-bodies.ts';
import { CookieJar } from './cookie-jar.ts';
import type { Pacer } from './pacer.ts';

export const MAX_REDIRECTS = 5;
/** Body bytes (a Uint8Array over a plain ArrayBuffer, as Request and Response take them). */
export type Bytes = Uint8Array<ArrayBuffer>;
/** Pause after a 429 that names no Retry-After (our choice). */
const DEFAULT_RETRY_AFTER_MS = 2_000;
/** A Retry-After beyond this is treated as this: a broken header must not stop the till for a day. */
const MAX_RETRY_AFTER_MS = 5 * 60_000;

export interface UpstreamRequest {
  method: string;
  url: URL;
  /** Client headers safe to forward (content negotiation only); credentials are added here. */
  headers: Headers;
  body: Bytes | undefined;
  /** The paired device it is sent for: the pacer gives each device its own bounded queue. */
  owner?: string;
  /** Ends the sending instead of the upstream's timeout (the readiness probe's short deadline). */
  deadline?: AbortSignal;
}

export interface UpstreamOptions {
  /** The PMS origin: the only one that receives the key headers. */
  pmsOrigin: string;
  credentials: Record<string, string>;
  pacer: Pacer;
  fetch: (request: Request) => Response | Promise<Response>;
  timeoutMs: number;
  /**
   * The upstream is an app in this process (the embedded test hotel): no timeout (nothing could
   * cancel its handler, and each request would pay for a timer), and the body's length travels as
   * Content-Length so the app checks its body limit without streaming.
   */
  inProcess?: boolean;
}

/** The PMS sent redirects in a loop, or to something that is not http(s). */
export class RedirectError extends Error {
  override name = 'RedirectError';
}

export interface Upstream {
  /**
   * Sends the request, follows redirects, and resolves with the final response, body read in
   * full. `waitSignal` (the tablet going away) cancels only while waiting in the pacer's queue:
   * once sent, a request is seen through. The timeout covers the sending, not the queue.
   */
  exchange(request: UpstreamRequest, waitSignal?: AbortSignal): Promise<UpstreamResponse>;
}

export interface UpstreamResponse {
  status: number;
  headers: Headers;
  body: Bytes;
}

export function createUpstream(options: UpstreamOptions): Upstream {
  const jars = new Map<string, CookieJar>();
  const jarFor = (url: URL) => {
    const jar = jars.get(url.origin) ?? new CookieJar();
    jars.set(url.origin, jar);
    return jar;
  };

  return {
    async exchange(request, waitSignal) {
      let hop = request;
      let timeout: AbortSignal | undefined;
      for (let redirects = 0; ; redirects++) {
        await options.pacer.take(waitSignal, {
          owner: request.owner ?? '',
          bytes: hop.body?.byteLength ?? 0,
        });
        if (!options.inProcess) timeout ??= request.deadline ?? AbortSignal.timeout(options.timeoutMs);
        const jar = jarFor(hop.url);
        const response = await options.fetch(toFetchRequest(hop, jar, options, timeout));
        jar.store(response.headers.getSetCookie(), hop.url);
        if (response.status === 429) options.pacer.pause(retryAfterMs(response.headers.get('retry-after')));

        const next = redirectTarget(hop, response);
        if (!next) {
          const body: Bytes = knownBody(response) ?? new Uint8Array(await response.arrayBuffer());
          return { status: response.status, headers: response.headers, body };
        }
        await response.body?.cancel();
        if (redirects === MAX_REDIRECTS) throw new RedirectError(`more than ${MAX_REDIRECTS} redirects`);
        hop = next;
      }
    },
  };
}

function toFetchRequest(
  hop: UpstreamRequest,
  jar: CookieJar,
  options: UpstreamOptions,
  signal: AbortSignal | undefined,
) {
  const headers = new Headers(hop.headers);
  if (options.inProcess && hop.body) headers.set('content-length', String(hop.body.byteLength));
  if (hop.url.origin === options.pmsOrigin) {
    for (const [name, value] of Object.entries(options.credentials)) headers.set(name, value);
  }
  const cookie = jar.header(hop.url);
  if (cookie) headers.set('cookie', cookie);
  // In process, the body travels as known bytes (known-bodies.ts) that the hotel reads through
  // http/body.ts; the Request carries none, as building its body stream was a tenth of the hop.
  const inProcessBody = options.inProcess ? hop.body : undefined;
  const request = new Request(hop.url, {
    method: hop.method,
    headers,
    body: inProcessBody ? null : (hop.body ?? null),
    redirect: 'manual',
    ...(signal ? { signal } : {}),
  });
  return inProcessBody ? withKnownBody(request, inProcessBody) : request;
}

/** The next hop of a redirect, or undefined when the response is final. */
function redirectTarget(hop: UpstreamRequest, response: Response): UpstreamRequest | undefined {
  const location = response.headers.get('location');
  if (![301, 302, 303, 307, 308].includes(response.status) || location === null) return undefined;
  const url = new URL(location, hop.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RedirectError(`redirect to an unsupported URL scheme ${url.protocol}`);
  }
  const becomesGet =
    (response.status === 303 && hop.method !== 'HEAD') ||
    ((response.status === 301 || response.status === 302) && hop.method === 'POST');
  if (!becomesGet) return { ...hop, url };
  const headers = new Headers(hop.headers);
  headers.delete('content-type');
  return { method: 'GET', url, headers, body: undefined };
}

/** Retry-After as seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  let ms = DEFAULT_RETRY_AFTER_MS;
  if (header !== null && /^\s*\d+\s*$/.test(header)) {
    ms = Number(header) * 1000;
  } else if (header !== null && !Number.isNaN(Date.parse(header))) {
    ms = Math.max(0, Date.parse(header) - now);
  }
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}
