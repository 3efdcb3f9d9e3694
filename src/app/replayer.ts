// Sync at app start. Owns: starting the outbox's page replayer (through features/device/pms.ts's `startSync`, the
// one replayer) and asking the browser to keep our storage. Started with the rest of the background
// work once the first screen is up (app/startup.ts). What the header says is features/sync/sync-indicator.ts.

import { startSync } from '../features/device';
import { requestPersistentStorage } from '../outbox/status';

let started = false;

/**
 * Starts syncing for this page: the page replayer (Background Sync does the rest) and the request
 * for persistent storage. Safe to call more than once.
 * @example startReplayer();
 */
export function startReplayer(): void {
  if (started) return;
  started = true;
  startSync();
  requestPersistentStorage().catch((error: unknown) => console.warn('[sync] persistent storage', error));
}
