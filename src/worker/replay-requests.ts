// The service worker's answer to a page asking it to replay the outbox (outbox/worker-replay.ts):
// at most one run queued behind the one running, however many tabs ask meanwhile.
import { replayFromWorker } from '../outbox/triggers';

let queued: Promise<void> | undefined;
let running: Promise<void> = Promise.resolve();

/**
 * A replay on request: queued behind a run of its own that is under way, one queued run serving
 * every request made meanwhile. Never rejects (sales still waiting are the next run's).
 * @example self.addEventListener('message', (e) => { if (isReplayRequest(e.data)) e.waitUntil(replayOnRequest()); });
 */
export function replayOnRequest(): Promise<void> {
  queued ??= running.then(() => {
    queued = undefined;
    running = replayFromWorker().catch(() => undefined);
    return running;
  });
  return queued;
}
