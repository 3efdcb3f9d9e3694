// What the views may know about the outbox, and when it changes. Owns: the summary (pending,
// sending, needs attention, oldest open sale, next try, last sync, last error, persistence), the
// change announcements on the BroadcastChannel 'hotel-till-outbox' (between tabs and the service
// worker; a replay's per-step announcements coalesced) plus in-process listeners, and asking the
// browser to keep our storage.
import type { DeviceRefusalCode } from '../pms/errors.ts';
import { getMeta, setMeta } from '../storage/db.ts';
import { readOutboxCounts } from '../storage/journal-queries.ts';

export const OUTBOX_CHANNEL = 'hotel-till-outbox';

/** What changed: a sale recorded (replay wanted), replayed, or changed by staff. */
export interface OutboxEvent {
  type: 'recorded' | 'replayed' | 'changed';
  saleId?: string;
  /**
   * A step of an older sale that changed nothing staff see (no status, attention or notes):
   * heard in this context only. The run's end tells the others.
   */
  quiet?: true;
}

/** A sale made this recently may be on a receipt on screen: its steps are never quiet. */
export const RECENT_SALE_MS = 60_000;

export interface OutboxSummary {
  /** Sales not yet (fully) in the PMS and not blocked on staff. */
  pending: number;
  /** Steps being sent right now. */
  sending: number;
  /** Sales the PMS refused or whose outcome could not be verified. */
  needsAttention: number;
  /** When the oldest sale not yet fully in the PMS was made (pending or needing attention). */
  oldestPendingAt: number | null;
  /** When the next retry is due. */
  nextAttemptAt: number | null;
  /** When a replay run last finished without a transient failure. */
  lastSyncAt: number | null;
  /** The last transient failure (e.g. PMS unreachable), cleared by a clean run; `unreachable`: which server did not answer. */
  lastError: { at: number; message: string; unreachable?: 'till-server' | 'pms' } | null;
  /** Sending waits for this tablet to be paired: the gateway's reason, or null when it does not. */
  waitingForPairing: DeviceRefusalCode | null;
  /** Whether the browser granted persistent storage; null when it was not asked or cannot be. */
  storagePersisted: boolean | null;
  /** When a step last got an answer from the till server or the PMS (null: never). */
  lastProgressAt: number | null;
}

/**
 * Reads the summary: counts from the indexes and what the last replay run wrote, never every
 * pending sale (a tab reads it on every change, whatever the backlog).
 * @example const { pending, needsAttention } = await getOutboxSummary();
 */
export async function getOutboxSummary(_now?: number): Promise<OutboxSummary> {
  const [counts, nextAttemptAt, lastSyncAt, lastError, storagePersisted, pairingHold, lastProgressAt] =
    await Promise.all([
      readOutboxCounts(),
      getMeta('next-attempt-at'),
      getMeta('last-sync-at'),
      getMeta('last-error'),
      getMeta('storage-persisted'),
      getMeta('pairing-hold'),
      getMeta('last-progress-at'),
    ]);
  return {
    pending: counts.pending,
    sending: counts.sending,
    needsAttention: counts.needsAttention,
    oldestPendingAt: counts.oldestOpenAt,
    nextAttemptAt: nextAttemptAt ?? null,
    lastSyncAt: lastSyncAt ?? null,
    lastError: lastError ?? null,
    waitingForPairing: pairingHold?.code ?? null,
    storagePersisted: storagePersisted ?? null,
    lastProgressAt: lastProgressAt ?? null,
  };
}

/**
 * Why sending waits for this tablet to be paired (the last replay, here or in the service worker,
 * found the gateway refusing it), or null when it does not.
 * @example if (await readPairingWait()) showPairingScreen();
 */
export async function readPairingWait(): Promise<DeviceRefusalCode | null> {
  return (await getMeta('pairing-hold'))?.code ?? null;
}

type Listener = (event: OutboxEvent) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | undefined;

function openChannel(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.onmessage = (message: MessageEvent<OutboxEvent>) => deliver(message.data);
  // Node keeps a process alive while a channel is open; browsers have no unref.
  (channel as { unref?: () => void }).unref?.();
  return channel;
}

function deliver(event: OutboxEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error('[outbox] a listener failed', error);
    }
  }
}

/**
 * A replay announces every step of every sale. Step events are coalesced: this context's listeners
 * hear at most one per LOCAL_STEP_WINDOW_MS, other contexts at most one message per
 * REMOTE_STEP_WINDOW_MS (the one sale's, or one without a sale: "re-read"), the first of a burst at
 * once. Each message is a hop through the browser and a wake-up of every tab; a drain of a thousand
 * sales is then a handful of messages, not a thousand. Any other event goes out at once.
 */
const LOCAL_STEP_WINDOW_MS = 250;
const REMOTE_STEP_WINDOW_MS = 1000;

/** Holds step events within a window and lets one through per window. */
class StepCoalescer {
  private window: ReturnType<typeof setTimeout> | undefined;
  private held: OutboxEvent | undefined;

  constructor(
    private readonly windowMs: number,
    private readonly send: (event: OutboxEvent) => void,
  ) {}

  add(event: OutboxEvent): void {
    if (this.window === undefined) {
      this.send(event);
      this.open();
      return;
    }
    this.held = this.held === undefined || this.held.saleId === event.saleId ? event : { type: 'replayed' };
  }

  /**
   * Sends what is held now (before another event, so the order stays) and closes the window; with
   * `dropHeld`, drops it instead (the event that follows says all it would).
   */
  flush(dropHeld = false): void {
    const held = this.held;
    this.held = undefined;
    clearTimeout(this.window);
    this.window = undefined;
    if (held && !dropHeld) this.send(held);
  }

  private open(): void {
    this.window = setTimeout(() => {
      this.window = undefined;
      const held = this.held;
      this.held = undefined;
      if (!held) return;
      this.send(held);
      this.open();
    }, this.windowMs);
    // Node keeps a process alive while a timer runs; a held announcement is not worth that.
    (this.window as { unref?: () => void }).unref?.();
  }
}

const localSteps = new StepCoalescer(LOCAL_STEP_WINDOW_MS, deliver);
const remoteSteps = new StepCoalescer(REMOTE_STEP_WINDOW_MS, post);

/**
 * Tells this context's listeners and every other tab and worker that the outbox changed. A replayed
 * step (`type: 'replayed'` with a `saleId`) is coalesced (see above); any other event goes out at
 * once, after the step events held (a run's end, `replayed` without a sale, in their place).
 * @example announceOutboxChange({ type: 'recorded', saleId });
 */
export function announceOutboxChange(event: OutboxEvent): void {
  if (event.type === 'replayed' && event.saleId !== undefined) {
    const { quiet, ...step } = event;
    localSteps.add(step);
    if (!quiet) remoteSteps.add(step);
    return;
  }
  // a run's end ('replayed' without a sale) is news of every sale: the steps held add nothing to it
  const runEnd = event.type === 'replayed';
  localSteps.flush(runEnd);
  remoteSteps.flush(runEnd);
  deliver(event);
  post(event);
}

function post(event: OutboxEvent): void {
  openChannel()?.postMessage(event);
}

/**
 * Calls `listener` on every outbox change, here or in another tab or the worker.
 * @example const stop = subscribeOutbox(() => void refresh()); stop();
 */
export function subscribeOutbox(listener: Listener): () => void {
  openChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Asks the browser to keep the till's storage under storage pressure; stores and answers the result
 * (null where the browser has no such API, e.g. in a worker).
 * @example const persisted = await requestPersistentStorage(); // show "storage: kept" or a warning
 */
export async function requestPersistentStorage(): Promise<boolean | null> {
  const storage = (
    globalThis as {
      navigator?: { storage?: { persist?: () => Promise<boolean>; persisted?: () => Promise<boolean> } };
    }
  ).navigator?.storage;
  let persisted: boolean | null = null;
  if (storage?.persist) {
    persisted = (await storage.persisted?.()) === true || (await storage.persist());
  }
  await setMeta('storage-persisted', persisted);
  announceOutboxChange({ type: 'changed' });
  return persisted;
}
