// The service worker's answer to a page asking it to replay the outbox (outbox/worker-replay.ts):
// at most one run queued behind the one running, however many tabs ask meanwhile.
import type { ReplayReport } from '../outbox/replay-run';
import { replayInWorker } from '../outbox/triggers';

let queued: Promise<ReplayReport | undefined> | undefined;
let running: Promise<ReplayReport | undefined> = Promise.resolve(undefined);

/**
 * A replay on request: queued behind a run of its own that is under way, one queued run serving
 * every request made meanwhile. Resolves with the run's report (undefined when the run failed:
 * storage refused); never rejects (sales still waiting are the next run's).
 * @example self.addEventListener('message', (e) => { if (isReplayRequest(e.data)) e.waitUntil(replayOnRequest()); });
 */
export function replayOnRequest(): Promise<ReplayReport | undefined> {
  queued ??= running.then(() => {
    queued = undefined;
    running = replayInWorker().catch((error: unknown) => {
      console.error('[outbox] the replay a page asked for failed', error);
      return undefined;
    });
    return running;
  });
  return queued;
}
