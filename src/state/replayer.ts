// Sync at app start and the header's sync state. Owns: starting the outbox's page replayer (through
// pms.ts's `startSync`, the one replayer), asking the browser to keep our storage, and deciding
// what the header says: offline (the browser has no network), PMS unreachable (the newest evidence
// — a replay run or a read such as the guest list — says the PMS could not be reached), or online;
// plus how many sales wait for the PMS.
import { type Accessor, createMemo, createSignal, onCleanup } from 'solid-js';
import { createOutboxStatus } from '../outbox/reactive';
import type { OutboxSummary } from '../outbox/status';
import { requestPersistentStorage } from '../outbox/status';
import { isPmsError } from '../pms/errors';
import { startSync, syncNow } from './pms';

export type SyncState = 'online' | 'pms-unreachable' | 'offline';

export interface SyncIndicator {
  state: SyncState;
  /** Sales waiting for the PMS, including those that need staff. */
  pending: number;
  needsAttention: number;
}

/** The newest read from the PMS outside the outbox: when, and whether the PMS answered. */
const [lastRead, setLastRead] = createSignal<{ at: number; reached: boolean } | null>(null);

/**
 * Records that a read from the PMS reached it (any answer, even a refusal) or not (network,
 * timeout, gateway says unreachable). Views' state modules call this after each read.
 */
export function notePmsRead(reached: boolean, at = Date.now()): void {
  setLastRead({ at, reached });
}

/** Records a failed PMS read: unreachable (network, timeout, gateway) or answered with a refusal. */
export function notePmsFailure(error: unknown): void {
  const unreachable =
    isPmsError(error) &&
    (error.kind === 'network' ||
      error.kind === 'timeout' ||
      (error.kind === 'server' && error.pmsUnreachable));
  notePmsRead(!unreachable);
}

let started = false;

/**
 * Starts syncing for this page: the page replayer (Background Sync does the rest) and the request
 * for persistent storage. Safe to call more than once.
 * @example onMount(startReplayer);
 */
export function startReplayer(): void {
  if (started) return;
  started = true;
  startSync();
  requestPersistentStorage().catch((error: unknown) => console.warn('[sync] persistent storage', error));
}

/** "Sync now": retries everything waiting and replays at once. */
export { syncNow };

/**
 * The outbox summary (reactive; last sync, next try, last problem, storage persistence) for the
 * sync view; call inside a component.
 * @example const summary = createSyncSummary(); summary()?.lastSyncAt
 */
export function createSyncSummary(): Accessor<OutboxSummary | undefined> {
  return createOutboxStatus();
}

/**
 * Whether the PMS is reachable, judged by the newest evidence: the outbox's last run or the last read.
 * @example pmsReachable(summary, { at: 5, reached: false }) === false
 */
export function pmsReachable(
  summary: OutboxSummary | undefined,
  read: { at: number; reached: boolean } | null,
) {
  const evidence: { at: number; reached: boolean }[] = [];
  if (summary?.lastError) evidence.push({ at: summary.lastError.at, reached: false });
  if (summary?.lastSyncAt) evidence.push({ at: summary.lastSyncAt, reached: true });
  if (read) evidence.push(read);
  const newest = evidence.sort((a, b) => b.at - a.at)[0];
  return newest?.reached ?? true;
}

/**
 * The header's sync state (reactive); call inside a component.
 * @example const sync = createSyncIndicator(); <span>{sync().state}</span>
 */
export function createSyncIndicator(): Accessor<SyncIndicator> {
  const outbox = createOutboxStatus();
  const [online, setOnline] = createSignal(navigator.onLine);
  const update = () => setOnline(navigator.onLine);
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  onCleanup(() => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  });
  return createMemo(() => {
    const summary = outbox();
    const state: SyncState = !online()
      ? 'offline'
      : pmsReachable(summary, lastRead())
        ? 'online'
        : 'pms-unreachable';
    const needsAttention = summary?.needsAttention ?? 0;
    return { state, pending: (summary?.pending ?? 0) + needsAttention, needsAttention };
  });
}
