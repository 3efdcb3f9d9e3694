// Faults the test TSE can play, in test mode only: a timeout (the answer comes after delayMs), 429
// with Retry-After, a 5xx, a locked TSS (E_TSS_LOCKED 503 with Retry-After) and a defective TSS
// (E_TSS_DEFECTIVE 423). Each fault applies to the next `count` requests (default: until cleared).

export type FaultKind = 'timeout' | 'rate-limit' | 'server-error' | 'locked' | 'defective';

export interface FaultRequest {
  kind: FaultKind;
  /** How many requests it hits; default every request until cleared. */
  count?: number;
  /** For timeout: how long the answer waits (default 10 s), then comes as a 504. */
  delayMs?: number;
  retryAfterSeconds?: number;
}

export interface FaultAnswer {
  status: 423 | 429 | 500 | 503 | 504;
  code: string;
  message: string;
  retryAfterSeconds?: number;
}

export interface TseFaults {
  inject(fault: FaultRequest): void;
  clear(): void;
  /** The fault for this request, after its delay; null: answer normally. */
  take(): Promise<FaultAnswer | null>;
  /** How many requests a fault has hit since the last clear. */
  readonly hits: number;
}

const KINDS: readonly FaultKind[] = ['timeout', 'rate-limit', 'server-error', 'locked', 'defective'];

export function createFaults(enabled: boolean): TseFaults {
  let current: (FaultRequest & { left: number }) | null = null;
  let hits = 0;
  /** Waiting timeouts: a clear lets them answer at once. */
  const waiting = new Map<NodeJS.Timeout, () => void>();
  return {
    get hits() {
      return hits;
    },
    inject(fault) {
      if (!enabled) throw new Error('faults need test mode');
      if (!KINDS.includes(fault.kind)) throw new Error(`unknown fault ${String(fault.kind)}`);
      current = { ...fault, left: fault.count ?? Number.POSITIVE_INFINITY };
      hits = 0;
    },
    clear() {
      current = null;
      hits = 0;
      for (const [timer, resolve] of waiting) {
        clearTimeout(timer);
        resolve();
      }
      waiting.clear();
    },
    async take() {
      if (!current || current.left <= 0) return null;
      current.left -= 1;
      hits += 1;
      const fault = current;
      switch (fault.kind) {
        case 'timeout':
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              waiting.delete(timer);
              resolve();
            }, fault.delayMs ?? 10_000);
            timer.unref();
            waiting.set(timer, resolve);
          });
          return { status: 504, code: 'E_TIMEOUT', message: 'test TSE: timeout (injected)' };
        case 'rate-limit':
          return {
            status: 429,
            code: 'E_RATE_LIMIT',
            message: 'test TSE: too many requests (injected)',
            retryAfterSeconds: fault.retryAfterSeconds ?? 1,
          };
        case 'server-error':
          return { status: 500, code: 'E_INTERNAL', message: 'test TSE: server error (injected)' };
        case 'locked':
          return {
            status: 503,
            code: 'E_TSS_LOCKED',
            message: 'test TSE: TSS locked for maintenance (injected)',
            retryAfterSeconds: fault.retryAfterSeconds ?? 1,
          };
        case 'defective':
          return { status: 423, code: 'E_TSS_DEFECTIVE', message: 'test TSE: TSS defective (injected)' };
      }
    },
  };
}
