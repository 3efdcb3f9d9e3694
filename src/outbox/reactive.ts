// The outbox status as a Solid signal, for the views. Owns: refreshing the summary when the outbox
// changes (here, in another tab or in the service worker), coalescing bursts of changes (a replay
// run announces every step) into one read, and stopping when the owning scope is disposed.
import { type Accessor, createSignal, onCleanup } from 'solid-js';
import { getOutboxSummary, type OutboxSummary, subscribeOutbox } from './status.ts';

/** Changes within this window are read once. */
const COALESCE_MS = 100;

/**
 * The outbox summary, undefined until first read; updates on every outbox change.
 * @example
 * const outbox = createOutboxStatus();
 * <Show when={outbox()}>{(s) => <span>{s().pending} pending, {s().needsAttention} need attention</span>}</Show>
 */
export function createOutboxStatus(): Accessor<OutboxSummary | undefined> {
  const [summary, setSummary] = createSignal<OutboxSummary>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const read = () => {
    timer = undefined;
    getOutboxSummary().then(
      (next) => {
        if (!disposed) setSummary(next);
      },
      (error: unknown) => console.error('[outbox] could not read the status', error),
    );
  };
  const refresh = () => {
    timer ??= setTimeout(read, COALESCE_MS);
  };

  read();
  const unsubscribe = subscribeOutbox(refresh);
  onCleanup(() => {
    disposed = true;
    clearTimeout(timer);
    unsubscribe();
  });
  return summary;
}
