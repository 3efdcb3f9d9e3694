// Sync at app start. Owns: starting the outbox's page replayer (through state/pms.ts's `startSync`, the
// one replayer) and asking the browser to keep our storage. Started with the rest of the background
// work once the first screen is up (app/startup.ts). What the header says is state/sync-indicator.ts.
import { requestPersistentStorage } from '../outbox/status';
import { startSync } from '../state/pms';

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
