// Paces the gateway's requests to the PMS: one pacer shared by all tablets. Owns a token bucket
// (bursts of at most `burst` starts, refilled at requestsPerMinute per 60 s), a log of the last
// minute's start times (so no 60 s window ever holds more than requestsPerMinute starts, bursts
// included), the pause an upstream 429 imposes, and the bounded FIFO queue of callers waiting for
// their turn. Callers start strictly in arrival order; a caller that gives up while waiting (its
// signal aborts) leaves the queue and never starts.

const WINDOW_MS = 60_000;

export interface PacerOptions {
  requestsPerMinute: number;
  /** Most starts at once after a quiet spell (the bucket's size). */
  burst: number;
  /** Most callers waiting; one more is refused with QueueFullError. */
  maxQueued: number;
}

export interface Pacer {
  /**
   * Resolves when the caller may start one request. Rejects with QueueFullError when the queue is
   * full, or with the signal's reason when the signal aborts while the caller waits.
   */
  take(signal?: AbortSignal): Promise<void>;
  /** Nothing starts for `ms` (an upstream Retry-After); then the bucket restarts with one token. */
  pause(ms: number): void;
  /** Callers waiting now. */
  readonly queued: number;
}

/** The queue is full; `retryAfterSeconds` estimates when there will be room. */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('too many requests are waiting for the PMS');
    this.name = 'QueueFullError';
  }
}

interface Waiter {
  start(): void;
}

/** A pacer that never holds anyone back: for the embedded test hotel, which has no rate limit. */
export const UNPACED: Pacer = {
  take: (signal) => (signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve()),
  pause() {},
  queued: 0,
};

/** `requestsPerMinute` Infinity gives the UNPACED pacer. */
export function createPacer({ requestsPerMinute, burst, maxQueued }: PacerOptions): Pacer {
  if (requestsPerMinute === Number.POSITIVE_INFINITY) return UNPACED;
  if (!(requestsPerMinute > 0) || !(burst >= 1) || !(maxQueued >= 0)) {
    throw new RangeError('the pacer needs requestsPerMinute > 0, burst >= 1 and maxQueued >= 0');
  }
  const intervalMs = WINDOW_MS / requestsPerMinute;
  let tokens = burst;
  let refilledAt = performance.now(); // in the future while paused: no refill before then
  let pausedUntil = 0;
  const recentStarts: number[] = []; // oldest first, at most requestsPerMinute entries
  const waiting: Waiter[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function earliestStart(now: number): number {
    if (now > refilledAt) {
      tokens = Math.min(burst, tokens + (now - refilledAt) / intervalMs);
      refilledAt = now;
    }
    let at = Math.max(now, pausedUntil);
    if (tokens < 1) at = Math.max(at, refilledAt + (1 - tokens) * intervalMs);
    if (recentStarts.length >= requestsPerMinute) at = Math.max(at, recentStarts[0]! + WINDOW_MS);
    return at;
  }

  function startWaiters(): void {
    timer = undefined;
    while (waiting.length > 0) {
      const now = performance.now();
      const at = earliestStart(now);
      if (at > now) {
        timer = setTimeout(startWaiters, Math.ceil(at - now));
        timer.unref?.(); // the waiting requests' own connections keep the process alive
        return;
      }
      tokens -= 1;
      recentStarts.push(now);
      if (recentStarts.length > requestsPerMinute) recentStarts.shift();
      waiting.shift()!.start();
    }
  }

  return {
    take(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const now = performance.now();
      const mustWait = waiting.length > 0 || earliestStart(now) > now;
      if (mustWait && waiting.length >= maxQueued) {
        const waitMs = earliestStart(now) - now + waiting.length * intervalMs;
        return Promise.reject(new QueueFullError(Math.max(1, Math.ceil(waitMs / 1000))));
      }
      return new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal?.reason);
        };
        const waiter: Waiter = {
          start() {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(waiter);
        if (timer === undefined) startWaiters();
      });
    },
    pause(ms) {
      const now = performance.now();
      pausedUntil = Math.max(pausedUntil, now + Math.max(0, ms));
      tokens = 1;
      refilledAt = pausedUntil;
    },
    get queued() {
      return waiting.length;
    },
  };
}
