// The newest evidence, outside the outbox, of whether the PMS can be reached: reads such as the
// guest list and the till server's readiness check record it here; the header (sync-indicator.ts)
// weighs it against the outbox's last run. It imports only Solid and the PMS errors, so any state
// module may record here without an import cycle.
import { createSignal } from 'solid-js';
import { isPmsError } from '../../pms/errors';

/** Which server did not answer: the till server (or the network to it), or the PMS behind it. */
export type DownServer = 'till-server' | 'pms';

export interface Evidence {
  at: number;
  reached: boolean;
  down?: DownServer;
}

/** The newest read from the PMS outside the outbox: when, and whether the PMS answered. */
const [lastRead, setLastRead] = createSignal<Evidence | null>(null);

export { lastRead };

/**
 * Records that a read from the PMS reached it (any answer, even a refusal) or not (`down`: which
 * server did not answer; the till server when not said). Views' state modules call this after each read.
 */
export function notePmsRead(reached: boolean, at = Date.now(), down: DownServer = 'till-server'): void {
  const wasDown = lastRead()?.reached === false;
  setLastRead(reached ? { at, reached } : { at, reached, down });
  if (reached && wasDown) for (const listener of [...reachedAgain]) listener();
}

const reachedAgain = new Set<() => void>();

/**
 * Calls `listener` each time a read reaches the PMS after the last one did not (an outage is over:
 * lists that failed can be fetched again). Answers the unsubscribe function.
 * @example onCleanup(whenReachedAgain(() => void refreshGuests()));
 */
export function whenReachedAgain(listener: () => void): () => void {
  reachedAgain.add(listener);
  return () => reachedAgain.delete(listener);
}

/**
 * Records a failed PMS read: unreachable (network, timeout: the till server; the gateway's 502/504:
 * the PMS) or answered with a refusal.
 */
export function notePmsFailure(error: unknown): void {
  const till = isPmsError(error) && (error.kind === 'network' || error.kind === 'timeout');
  const pms = isPmsError(error) && error.kind === 'server' && error.pmsUnreachable;
  notePmsRead(!till && !pms, Date.now(), pms ? 'pms' : 'till-server');
}
