// Asking the service worker to replay, so a long drain runs off the page's main thread (a page
// replays only where no worker controls it, or when the worker does not answer). Owns the message
// (`{type: 'outbox-replay'}`): posting it from the page and recognising it in the worker
// (src/worker/replay-requests.ts answers it). Compiled for page and worker.
export const REPLAY_MESSAGE = 'outbox-replay';

/**
 * Posts the request to the worker controlling this page; false when none does.
 * @example if (!askWorkerToReplay()) await replayOutbox(...);
 */
export function askWorkerToReplay(): boolean {
  const controller = (
    globalThis as {
      navigator?: { serviceWorker?: { controller?: { postMessage(message: unknown): void } | null } };
    }
  ).navigator?.serviceWorker?.controller;
  if (!controller) return false;
  controller.postMessage({ type: REPLAY_MESSAGE });
  return true;
}

/** Whether a message event's data asks for a replay. */
export function isReplayRequest(data: unknown): boolean {
  return (data as { type?: unknown } | null)?.type === REPLAY_MESSAGE;
}
