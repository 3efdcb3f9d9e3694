// The service worker. Owns: the app-shell precache (so the till starts with no network), the
// offline navigation fallback, the update handshake with the page, and the Background Sync and
// replay-request hooks of the outbox. It never caches /api: PMS traffic always goes to the network (or into the outbox).
import { clientsClaim } from 'workbox-core';
import { replayFromWorker, SYNC_TAG } from './outbox/triggers';
import { isReplayRequest, replayDone } from './outbox/worker-replay';
import { registerAppShell } from './worker/app-shell';
import { replayOnRequest } from './worker/replay-requests';
import { listenForSkipWaiting } from './worker/update-handshake';

declare const self: ServiceWorkerGlobalScope;

registerAppShell(self.__WB_MANIFEST);

// A new version waits (registerType 'prompt') until the cashier taps "Update" in the page, which
// posts {type: 'SKIP_WAITING'}. The first install activates at once and takes over open pages.
listenForSkipWaiting();
clientsClaim();

// ─── OUTBOX REPLAY (Background Sync) ─────────────────────────────────────────────────────────────
// The page registers the 'outbox-replay' tag after recording a sale; the browser fires it when the
// network is there (also after the page was closed). `replayFromWorker` rejects while sales still
// wait for the PMS, so the browser retries the sync later. SyncEvent types: src/worker/sync-types.d.ts.
self.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(replayFromWorker());
});
// A page asks the worker to replay (after a reconnect, on its retry timer), so a long drain runs
// here, not on the page's main thread (src/outbox/worker-replay.ts).
// The page that asked hears the run's end directly (a run that changed nothing tells no other tab).
self.addEventListener('message', (event) => {
  if (!isReplayRequest(event.data)) return;
  event.waitUntil(replayOnRequest().then((report) => event.source?.postMessage(replayDone(report))));
});
// ─────────────────────────────────────────────────────────────────────────────────────────────────
