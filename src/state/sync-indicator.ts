// The header's sync state. Owns: deciding what the header says: offline (the browser has no
// network), PMS unreachable (the newest evidence — a replay run or a read such as the guest list —
// says the PMS could not be reached), or online; plus how many sales wait for the PMS. The outbox
// is read once the first screen is up (first-screen.ts): until then the header says online or offline
// and no count, so the till's first screen never waits for the outbox code or its IndexedDB reads.
// Starting the replayer is app/replayer.ts.
import { type Accessor, createMemo, createSignal, getOwner, onCleanup, runWithOwner } from 'solid-js';
import type { OutboxSummary } from '../outbox/status';
import { isPmsError } from '../pms/errors';
import { afterFirstScreen } from './first-screen';

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

/**
 * The outbox summary (reactive; last sync, next try, last problem, storage persistence), undefined
 * until read; call inside a component. The outbox code loads after the first screen.
 * @example const summary = createSyncSummary(); summary()?.lastSyncAt
 */
export function createSyncSummary(): Accessor<OutboxSummary | undefined> {
  const owner = getOwner();
  let disposed = false;
  onCleanup(() => {
    disposed = true;
  });
  const [status, setStatus] = createSignal<Accessor<OutboxSummary | undefined>>();
  afterFirstScreen()
    .then(() => import('../outbox/reactive'))
    .then(({ createOutboxStatus }) => {
      if (!disposed) runWithOwner(owner, () => setStatus(() => createOutboxStatus()));
    })
    .catch((error: unknown) => console.error('[sync] could not read the outbox', error));
  return () => status()?.();
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
  const outbox = createSyncSummary();
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
