// The service worker. Owns: the app-shell precache (so the till starts with no network), the
// offline navigation fallback, the update handshake with the page, and the Background Sync hook for
// the outbox. It never caches /api: PMS traffic always goes to the network (or into the outbox).
import { clientsClaim } from 'workbox-core';
import { registerAppShell } from './worker/app-shell';
import { listenForSkipWaiting } from './worker/update-handshake';

declare const self: ServiceWorkerGlobalScope;

registerAppShell(self.__WB_MANIFEST);

// A new version waits (registerType 'prompt') until the cashier taps "Update" in the page, which
// posts {type: 'SKIP_WAITING'}. The first install activates at once and takes over open pages.
listenForSkipWaiting();
clientsClaim();

// ─── OUTBOX REPLAY (Background Sync) ─────────────────────────────────────────────────────────────
// Not wired yet. When src/outbox exports its replay, handle the 'outbox-replay' sync tag here:
//
//   self.addEventListener('sync', (event) => {
//     if (event.tag === 'outbox-replay') event.waitUntil(replayOutbox());
//   });
//
// `replayOutbox()` must reject while entries remain so the browser retries the sync later; never
// register a handler that resolves without replaying. SyncEvent types: src/worker/sync-types.d.ts.
// ─────────────────────────────────────────────────────────────────────────────────────────────────
