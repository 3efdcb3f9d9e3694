// Paces the gateway's requests to the PMS: one pacer shared by all tablets. Owns a token bucket and a
// log of the last minute's starts (never more than requestsPerMinute in any 60 s), the pause an upstream
// 429 imposes, and a bounded FIFO queue per owner (device), served in turn so that one flooding device
// delays nobody else by more than one turn. How: docs/pms-api.md, "The gateway".

const WINDOW_MS = 60_000;

export interface PacerOptions {
  requestsPerMinute: number;
  /** Most starts at once after a quiet spell (the bucket's size). */
  burst: number;
  /** Most callers waiting, all owners together; one more is refused with QueueFullError. */
  maxQueued: number;
  /** Most callers one owner may have waiting. Default maxQueued. */
  maxQueuedPerOwner?: number;
  /** Most body bytes waiting, all owners together. Default unbounded. */
  maxQueuedBytes?: number;
  /** Most body bytes one owner may have waiting. Default maxQueuedBytes. */
  maxQueuedBytesPerOwner?: number;
}

/** Who is waiting and how much they hold: the device, and its request body's size. */
export interface TakeOptions {
  owner?: string;
  bytes?: number;
}

export interface Pacer {
  /**
   * Resolves when the caller may start one request. Rejects with QueueFullError when the queue is
   * full, or with the signal's reason when the signal aborts while the caller waits.
   */
  take(signal?: AbortSignal, who?: TakeOptions): Promise<void>;
  /** Nothing starts for `ms` (an upstream Retry-After); then the bucket restarts with one token. */
  pause(ms: number): void;
  /** Callers waiting now. */
  readonly queued: number;
  /** Body bytes waiting now. */
  readonly queuedBytes: number;
}

/** The queue is full; `retryAfterSeconds` estimates when there will be room. */
export class QueueFullError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    reason = 'too many requests are waiting for the PMS',
  ) {
    super(reason);
    this.name = 'QueueFullError';
  }
}

interface Waiter {
  owner: string;
  bytes: number;
  start(): void;
}

/** A pacer that never holds anyone back: for the embedded test hotel, which has no rate limit. */
export const UNPACED: Pacer = {
  take: (signal) => (signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve()),
  pause() {},
  queued: 0,
  queuedBytes: 0,
};

/** `requestsPerMinute` Infinity gives the UNPACED pacer. */
export function createPacer(options: PacerOptions): Pacer {
  const { requestsPerMinute, burst, maxQueued } = options;
  const maxPerOwner = options.maxQueuedPerOwner ?? maxQueued;
  const maxBytes = options.maxQueuedBytes ?? Number.POSITIVE_INFINITY;
  const maxBytesPerOwner = options.maxQueuedBytesPerOwner ?? maxBytes;
  if (requestsPerMinute === Number.POSITIVE_INFINITY) return UNPACED;
  if (!(requestsPerMinute > 0) || !(burst >= 1) || !(maxQueued >= 0)) {
    throw new RangeError('the pacer needs requestsPerMinute > 0, burst >= 1 and maxQueued >= 0');
  }
  const intervalMs = WINDOW_MS / requestsPerMinute;
  let tokens = burst;
  let refilledAt = performance.now(); // in the future while paused: no refill before then
  let pausedUntil = 0;
  const recentStarts: number[] = []; // oldest first, at most requestsPerMinute entries
  /** Each owner's waiting callers, in arrival order; owners in turn order (Map order). */
  const queues = new Map<string, Waiter[]>();
  const held = new Map<string, { count: number; bytes: number }>();
  let waitingCount = 0;
  let waitingBytes = 0;
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

  /** The next caller in turn: the first of the owner whose turn it is; that owner goes last. */
  function nextWaiter(): Waiter | undefined {
    for (const [owner, queue] of queues) {
      const waiter = queue.shift()!;
      queues.delete(owner);
      if (queue.length > 0) queues.set(owner, queue);
      return waiter;
    }
    return undefined;
  }

  function release(waiter: Waiter): void {
    waitingCount -= 1;
    waitingBytes -= waiter.bytes;
    const mine = held.get(waiter.owner)!;
    mine.count -= 1;
    mine.bytes -= waiter.bytes;
    if (mine.count === 0) held.delete(waiter.owner);
  }

  function startWaiters(): void {
    timer = undefined;
    while (waitingCount > 0) {
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
      const waiter = nextWaiter()!;
      release(waiter);
      waiter.start();
    }
  }

  return {
    take(signal, who = {}) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const owner = who.owner ?? '';
      const bytes = who.bytes ?? 0;
      const now = performance.now();
      const mustWait = waitingCount > 0 || earliestStart(now) > now;
      if (mustWait) {
        const mine = held.get(owner) ?? { count: 0, bytes: 0 };
        const full =
          waitingCount >= maxQueued || waitingBytes + bytes > maxBytes
            ? 'too many requests are waiting for the PMS'
            : mine.count >= maxPerOwner || mine.bytes + bytes > maxBytesPerOwner
              ? 'this device has too many requests waiting for the PMS'
              : undefined;
        if (full) {
          const waitMs = earliestStart(now) - now + (waitingCount + 1) * intervalMs;
          return Promise.reject(new QueueFullError(Math.max(1, Math.ceil(waitMs / 1000)), full));
        }
      }
      return new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const queue = queues.get(owner);
          const index = queue ? queue.indexOf(waiter) : -1;
          if (index >= 0) {
            queue!.splice(index, 1);
            if (queue!.length === 0) queues.delete(owner);
            release(waiter);
          }
          reject(signal?.reason);
        };
        const waiter: Waiter = {
          owner,
          bytes,
          start() {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const queue = queues.get(owner);
        if (queue) queue.push(waiter);
        else queues.set(owner, [waiter]);
        const mine = held.get(owner) ?? { count: 0, bytes: 0 };
        mine.count += 1;
        mine.bytes += bytes;
        held.set(owner, mine);
        waitingCount += 1;
        waitingBytes += bytes;
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
      return waitingCount;
    },
    get queuedBytes() {
      return waitingBytes;
    },
  };
}
