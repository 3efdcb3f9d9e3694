// Fault injection for tests and benchmarks on the outer `/api/*` (what a tablet sees): delay,
// error5xx, reset and drop-after-commit, matched by path prefix and method, limited by `times`,
// rolled by a seeded `probability`, every one counted. In-process, a cut connection answers 599
// and dropAwareFetch() turns it into a fetch's TypeError. Each kind: docs/test-hotel.md.
import type { HttpBindings } from '@hono/node-server';
import type { Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';

export const FaultKind = v.picklist(['delay', 'error5xx', 'reset', 'drop-after-commit']);
export type FaultKind = v.InferOutput<typeof FaultKind>;

const Whole = (min: number, max: number) =>
  v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(min), v.maxValue(max));

export const FaultRule = v.object({
  path: v.pipe(v.string('must be a path'), v.startsWith('/', "must start with '/'"), v.maxLength(300)),
  method: v.optional(
    v.pipe(v.string(), v.toUpperCase(), v.picklist(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])),
  ),
  kind: FaultKind,
  ms: v.optional(Whole(0, 120_000)),
  status: v.optional(Whole(500, 599)),
  times: v.optional(Whole(1, 1_000_000)),
  probability: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
});
/** A rule as given (method in any case). */
export type FaultRule = v.InferInput<typeof FaultRule>;

/** A rule as reported back: what it is (method upper-cased) and how often it has struck. */
export type ActiveRule = FaultRule & { applied: number };

export type FaultCounts = Record<FaultKind, number> & { total: number };

/** mulberry32: a small seeded PRNG, so a probability rule strikes the same requests every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function zeroCounts(): FaultCounts {
  return { delay: 0, error5xx: 0, reset: 0, 'drop-after-commit': 0, total: 0 };
}

export class FaultInjector {
  #rules: ActiveRule[] = [];
  #counts = zeroCounts();
  #random: () => number;

  constructor(seed = 1) {
    this.#random = prng(seed);
  }

  add(...rules: FaultRule[]): void {
    for (const rule of rules) {
      const { method, ...rest } = rule;
      this.#rules.push({ ...rest, ...(method ? { method: method.toUpperCase() } : {}), applied: 0 });
    }
  }

  /** Removes every rule and restarts the PRNG; counts are kept unless `resetCounts`. */
  clear(options: { seed?: number; resetCounts?: boolean } = {}): void {
    this.#rules = [];
    this.#random = prng(options.seed ?? 1);
    if (options.resetCounts) this.#counts = zeroCounts();
  }

  reseed(seed: number): void {
    this.#random = prng(seed);
  }

  rules(): ActiveRule[] {
    return this.#rules.map((rule) => ({ ...rule }));
  }

  counts(): FaultCounts {
    return { ...this.#counts };
  }

  /**
   * The faults that strike this request, in rule order: any delays, then at most one terminal
   * fault (error5xx, reset, drop-after-commit). Striking consumes a rule's `times` and is counted.
   */
  strike(method: string, path: string): ActiveRule[] {
    const struck: ActiveRule[] = [];
    for (const rule of this.#rules) {
      if (rule.method && rule.method !== method.toUpperCase()) continue;
      if (!path.startsWith(rule.path)) continue;
      if (rule.times !== undefined && rule.applied >= rule.times) continue;
      if (rule.probability !== undefined && this.#random() >= rule.probability) continue;
      rule.applied++;
      this.#counts[rule.kind]++;
      this.#counts.total++;
      struck.push(rule);
      if (rule.kind !== 'delay') break;
    }
    return struck;
  }
}

export const DROPPED_HEADER = 'x-test-dropped';
export const DROPPED_STATUS = 599;

function droppedResponse(): Response {
  return new Response(JSON.stringify({ success: false, message: 'connection dropped by fault injection' }), {
    status: DROPPED_STATUS,
    headers: { 'content-type': 'application/json', [DROPPED_HEADER]: '1' },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Applies the injector's rules to every request it sees (mountTestHotel: on the server's outer `/api/*`). */
export function faultMiddleware(faults: FaultInjector): MiddlewareHandler {
  return async (c, next) => {
    const struck = faults.strike(c.req.method, c.req.path);
    if (struck.length === 0) return next();
    const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket;
    for (const rule of struck) {
      switch (rule.kind) {
        case 'delay':
          await sleep(rule.ms ?? 0);
          break;
        case 'error5xx':
          return c.json(
            { success: false, message: 'service unavailable (injected fault)' },
            (rule.status ?? 503) as 503,
          );
        case 'reset':
          if (!socket) return droppedResponse();
          socket.destroy();
          return new Response(null, { status: 204 });
        case 'drop-after-commit':
          await next();
          if (!socket) {
            c.res = droppedResponse();
            return;
          }
          socket.destroy();
          return;
      }
    }
    return next();
  };
}

/**
 * A fetch for in-process tests: calls `app.request()` and rejects with
 * TypeError('network connection lost') where a real connection would have been cut.
 */
export function dropAwareFetch(
  app: Hono,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const response = await app.request(input, init);
    if (response.status === DROPPED_STATUS && response.headers.get(DROPPED_HEADER) === '1') {
      throw new TypeError('network connection lost');
    }
    return response;
  };
}
