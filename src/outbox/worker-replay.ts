// Asking the service worker to replay, so a long drain runs off the page's main thread (a page
// replays only where no worker controls it, or when the worker does not answer). Owns the two
// messages: the page's request (`{type: 'outbox-replay'}`), and the worker's answer to the page
// that asked once the run it asked for has ended (`{type: 'outbox-replay-done', announced}`:
// whether the run told every tab through the outbox's broadcast, which a run that changed nothing
// does not). Compiled for page and worker; src/worker/replay-requests.ts answers the request.
export const REPLAY_MESSAGE = 'outbox-replay';
export const REPLAY_DONE_MESSAGE = 'outbox-replay-done';

/** The worker's answer: the run asked for has ended. */
export interface ReplayDone {
  type: typeof REPLAY_DONE_MESSAGE;
  /** The run told every tab it ended (the outbox broadcast `replayed`); false when it changed nothing. */
  announced: boolean;
}

interface ServiceWorkerContainerLike {
  controller?: { postMessage(message: unknown): void } | null;
  addEventListener?(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener?(type: 'message', listener: (event: { data: unknown }) => void): void;
}

function serviceWorkerContainer(): ServiceWorkerContainerLike | undefined {
  return (globalThis as { navigator?: { serviceWorker?: ServiceWorkerContainerLike } }).navigator
    ?.serviceWorker;
}

/**
 * Posts the request to the worker controlling this page; false when none does.
 * @example if (!askWorkerToReplay()) await replayOutbox(...);
 */
export function askWorkerToReplay(): boolean {
  const controller = serviceWorkerContainer()?.controller;
  if (!controller) return false;
  controller.postMessage({ type: REPLAY_MESSAGE });
  return true;
}

/** Whether a message event's data asks for a replay. */
export function isReplayRequest(data: unknown): boolean {
  return (data as { type?: unknown } | null)?.type === REPLAY_MESSAGE;
}

/** The worker's answer to a request, from a run's report (none: the run failed, and told no one). */
export function replayDone(report: { announced?: boolean } | undefined): ReplayDone {
  return { type: REPLAY_DONE_MESSAGE, announced: report?.announced ?? false };
}

/**
 * Calls `listener` with each answer the worker sends this page; answers how to stop listening.
 * @example const stop = onWorkerReplayDone((done) => { if (!done.announced) reschedule(); });
 */
export function onWorkerReplayDone(listener: (done: ReplayDone) => void): () => void {
  const container = serviceWorkerContainer();
  const onMessage = (event: { data: unknown }) => {
    const data = event.data as Partial<ReplayDone> | null;
    if (data?.type === REPLAY_DONE_MESSAGE)
      listener({ type: REPLAY_DONE_MESSAGE, announced: data.announced === true });
  };
  container?.addEventListener?.('message', onMessage);
  return () => container?.removeEventListener?.('message', onMessage);
}
