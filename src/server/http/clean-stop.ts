// Stopping the server cleanly: once begun, new requests are refused (503, Connection: close),
// requests already running finish, idle keep-alive connections are closed as they fall idle, and
// whatever still runs after the grace time is cut. Used by listen.ts's `close()`.
import type { ServerResponse } from 'node:http';
import type { serve } from '@hono/node-server';

/** Default time requests in flight get to finish when the server stops. */
export const GRACE_MS = 25_000;
/** How often idle keep-alive connections are closed while stopping. */
const IDLE_SWEEP_MS = 100;

type NodeServer = ReturnType<typeof serve>;
type NodeFetch = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * Once begun, requests are refused with 503 and Connection: close; requests already running
 * finish, and their connections are not kept alive for another.
 */
export function createStopGate() {
  let stopping = false;
  const running = new Set<ServerResponse>();
  return {
    guard(fetch: NodeFetch): NodeFetch {
      return async (request, env) => {
        const outgoing = (env as { outgoing?: ServerResponse } | undefined)?.outgoing;
        if (stopping) {
          return Response.json(
            { success: false, message: 'the till server is stopping; try again in a moment' },
            { status: 503, headers: { connection: 'close', 'retry-after': '5' } },
          );
        }
        if (!outgoing || running.has(outgoing)) return fetch(request, env);
        running.add(outgoing);
        try {
          return await fetch(request, env);
        } finally {
          running.delete(outgoing);
        }
      };
    },
    begin(): void {
      stopping = true;
      for (const outgoing of running) if (!outgoing.headersSent) outgoing.shouldKeepAlive = false;
    },
  };
}

/**
 * Stops listening, closes idle connections (again every IDLE_SWEEP_MS, as answers finish), and
 * waits for the rest until `graceMs`, then cuts them. Resolves with how many were cut.
 */
export async function closeServers(servers: NodeServer[], graceMs: number): Promise<number> {
  const closed = servers.map(
    (server) => new Promise<void>((resolveClosed) => server.close(() => resolveClosed())),
  );
  const sweep = () => {
    for (const server of servers) if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  sweep();
  const sweeper = setInterval(sweep, IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'over'>((resolveOver) => {
    timer = setTimeout(() => resolveOver('over'), graceMs);
  });
  try {
    if ((await Promise.race([Promise.all(closed), graceOver])) !== 'over') return 0;
    let cut = 0;
    for (const server of servers) {
      cut += await new Promise<number>((count) => server.getConnections((_, n) => count(n)));
      if ('closeAllConnections' in server) server.closeAllConnections();
    }
    await Promise.all(closed);
    return cut;
  } finally {
    clearInterval(sweeper);
    clearTimeout(timer);
  }
}
