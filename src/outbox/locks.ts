// The lock that lets exactly one replayer run at a time across tabs and the service worker. Owns:
// the lock name and the choice between Web Locks (pages and workers of one origin share them) and an
// in-memory fallback for runtimes without `navigator.locks` (Node tests; it only excludes callers
// within one JavaScript realm, which is all such a runtime has).
export const OUTBOX_LOCK = 'hotel-till-outbox';
/** The lock of the retry pass after news (back online): one per device at a time (triggers.ts). */
export const RETRY_LOCK = 'hotel-till-outbox-retry';

export type LockOutcome<T> = { acquired: true; value: T } | { acquired: false };

export interface OutboxLock {
  /**
   * Runs `task` while holding the lock `name`. With `wait: false` it answers `{acquired: false}` at
   * once when someone else holds it; with `wait: true` it queues behind them.
   */
  run<T>(name: string, options: { wait: boolean }, task: () => Promise<T>): Promise<LockOutcome<T>>;
}

interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

/**
 * Web Locks: shared by every page and worker of the origin.
 * @example const lock = webLocks(navigator.locks);
 */
export function webLocks(locks: LockManagerLike): OutboxLock {
  return {
    async run(name, options, task) {
      return locks.request(name, options.wait ? {} : { ifAvailable: true }, async (granted) => {
        if (granted === null) return { acquired: false } as const;
        return { acquired: true, value: await task() } as const;
      });
    },
  };
}

/**
 * A lock that excludes callers of this realm only.
 * @example const lock = inMemoryLocks(); await lock.run('x', { wait: false }, async () => 1);
 */
export function inMemoryLocks(): OutboxLock {
  const tails = new Map<string, Promise<void>>();
  return {
    async run(name, options, task) {
      const previous = tails.get(name);
      if (previous && !options.wait) return { acquired: false };
      let release!: () => void;
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = (previous ?? Promise.resolve()).then(() => mine);
      tails.set(name, tail);
      await previous;
      try {
        return { acquired: true, value: await task() };
      } finally {
        release();
        if (tails.get(name) === tail) tails.delete(name);
      }
    },
  };
}

let fallback: OutboxLock | undefined;

/** Web Locks where the runtime has them, else one in-memory lock shared by this realm. */
export function defaultOutboxLock(): OutboxLock {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (locks) return webLocks(locks);
  fallback ??= inMemoryLocks();
  return fallback;
}
