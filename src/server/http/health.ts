// `GET /healthz` (the process is up) and `GET /readyz` (it can take sales: its own database takes a
// write and the PMS, or the embedded hotel, answers). Both answer JSON, need no pairing and say
// nothing about the hotel: 200 `{status: 'ok' | 'ready'}`, or 503 `{status: 'not ready', reason}`
// with a reason that starts with `database:` or `pms:`. The verdict is kept for `cacheMs` (5 s), and
// callers asking meanwhile share one check: tablets probing every few seconds send the PMS one
// cheap read per 5 s at most. A check that throws or rejects is a reason, never a crash.
import { Hono } from 'hono';

export interface ReadinessChecks {
  /** Throws when the server's own database cannot take a write. */
  database(): void;
  /** Rejects when the PMS does not answer, with the reason as message. */
  pms(): Promise<void>;
}

export type Readiness = { ready: true } | { ready: false; reason: string };

export interface ReadinessOptions {
  /** How long a verdict is kept. Default 5000 ms. */
  cacheMs?: number;
  now?: () => number;
}

/**
 * The readiness verdict, checked at most once per `cacheMs`.
 * @example const readiness = createReadiness(checks); (await readiness()).ready
 */
export function createReadiness(
  checks: ReadinessChecks,
  options: ReadinessOptions = {},
): () => Promise<Readiness> {
  const cacheMs = options.cacheMs ?? 5000;
  const now = options.now ?? (() => performance.now());
  let kept: { at: number; verdict: Promise<Readiness> } | undefined;

  async function check(): Promise<Readiness> {
    try {
      checks.database();
    } catch (error) {
      return { ready: false, reason: `database: ${describe(error)}` };
    }
    try {
      await checks.pms();
    } catch (error) {
      return { ready: false, reason: `pms: ${describe(error)}` };
    }
    return { ready: true };
  }

  return () => {
    const at = now();
    if (!kept || at - kept.at >= cacheMs) {
      const verdict = check();
      kept = { at, verdict };
      // the clock of a check starts when it is answered, so a slow PMS is not asked back to back
      void verdict.then(() => {
        if (kept?.verdict === verdict) kept.at = now();
      });
    }
    return kept.verdict;
  };
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === 'string' && !message.includes(code) ? `${code} ${message}` : message).slice(0, 200);
}

/**
 * The routes `/healthz` and `/readyz`.
 * @example app.route('/', createHealthRoutes(createReadiness(checks)));
 */
export function createHealthRoutes(readiness: () => Promise<Readiness>): Hono {
  const routes = new Hono();
  const noStore = { 'cache-control': 'no-store' };
  routes.get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore));
  routes.get('/readyz', async (c) => {
    const verdict = await readiness();
    if (verdict.ready) return c.json({ status: 'ready' }, 200, noStore);
    return c.json({ status: 'not ready', reason: verdict.reason }, 503, noStore);
  });
  return routes;
}
