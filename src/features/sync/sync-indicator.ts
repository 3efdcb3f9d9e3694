// The header's sync state. Owns what the header says (offline, till server unreachable, PMS unreachable
// or online, by the newest evidence) and how many sales wait for the PMS; the outbox is read only once
// the first screen is up (first-screen.ts). Starting the replayer is app/replayer.ts.
// Details: docs/till-app.md, "The header's sync state".
import { type Accessor, createMemo, createSignal, getOwner, onCleanup, runWithOwner } from 'solid-js';
import type { OutboxSummary } from '../../outbox/status';
import { afterFirstScreen } from '../catalogue';
import { type DownServer, type Evidence, lastRead } from '../device';

export type SyncState = 'online' | 'till-unreachable' | 'pms-unreachable' | 'offline';

export interface SyncIndicator {
  state: SyncState;
  /** Sales waiting for the PMS, including those that need staff. */
  pending: number;
  needsAttention: number;
  /** Whole minutes since sending stopped while sales wait (see `stalledMinutes`); null when it has not. */
  stalledMinutes: number | null;
}

/** Nothing reached the till server or the PMS for this long while sales wait: the header says so. */
export const STALL_MS = 3 * 60_000;
/** How often the header looks at the clock for a stall. */
const STALL_TICK_MS = 30_000;

/**
 * Whole minutes since sending stopped, or null: nothing reached the till server or the PMS (no
 * answer to any step) for STALL_MS while sales wait. Counted from the last answer, or from the
 * oldest waiting sale when that came later (nothing waited before it).
 * @example stalledMinutes({ pending: 738, lastProgressAt: now - 12 * 60_000, oldestPendingAt: 0 }, now) === 12
 */
export function stalledMinutes(
  summary: Pick<OutboxSummary, 'pending' | 'lastProgressAt' | 'oldestPendingAt'> | undefined,
  now: number,
): number | null {
  if (!summary || summary.pending === 0 || summary.oldestPendingAt === null) return null;
  const since = Math.max(summary.lastProgressAt ?? 0, summary.oldestPendingAt);
  return now - since >= STALL_MS ? Math.floor((now - since) / 60_000) : null;
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
    .then(() => import('../../outbox/reactive'))
    .then(({ createOutboxStatus }) => {
      if (!disposed) runWithOwner(owner, () => setStatus(() => createOutboxStatus()));
    })
    .catch((error: unknown) => console.error('[sync] could not read the outbox', error));
  return () => status()?.();
}

/**
 * Which server cannot be reached, judged by the newest evidence: the outbox's last run or the last
 * read; undefined when the newest evidence reached the PMS (or there is none).
 * @example unreachableServer(summary, { at: 5, reached: false, down: 'pms' }) === 'pms'
 */
export function unreachableServer(
  summary: OutboxSummary | undefined,
  read: Evidence | null,
): DownServer | undefined {
  const evidence: Evidence[] = [];
  if (summary?.lastError)
    evidence.push({ at: summary.lastError.at, reached: false, down: summary.lastError.unreachable ?? 'pms' });
  if (summary?.lastSyncAt) evidence.push({ at: summary.lastSyncAt, reached: true });
  if (read) evidence.push(read);
  const newest = evidence.sort((a, b) => b.at - a.at)[0];
  return newest && !newest.reached ? (newest.down ?? 'till-server') : undefined;
}

/**
 * The header's sync state (reactive); call inside a component.
 * @example const sync = createSyncIndicator(); <span>{sync().state}</span>
 */
export function createSyncIndicator(): Accessor<SyncIndicator> {
  const outbox = createSyncSummary();
  const [online, setOnline] = createSignal(navigator.onLine);
  const [now, setNow] = createSignal(Date.now());
  const update = () => setOnline(navigator.onLine);
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  const clock = setInterval(() => setNow(Date.now()), STALL_TICK_MS);
  onCleanup(() => {
    clearInterval(clock);
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  });
  return createMemo(() => {
    const summary = outbox();
    const down = unreachableServer(summary, lastRead());
    const state: SyncState = !online()
      ? 'offline'
      : down === 'till-server'
        ? 'till-unreachable'
        : down === 'pms'
          ? 'pms-unreachable'
          : 'online';
    const needsAttention = summary?.needsAttention ?? 0;
    // a new summary (a change) is news of the time too
    const stalled = stalledMinutes(summary, Math.max(now(), summary ? Date.now() : 0));
    return {
      state,
      pending: (summary?.pending ?? 0) + needsAttention,
      needsAttention,
      stalledMinutes: stalled,
    };
  });
}
