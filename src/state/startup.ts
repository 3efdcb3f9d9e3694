// What the till does in the background from start: the outbox's page replayer, the guest list
// refresh, handing the gateway address to the service worker's outbox (background.ts), the sync
// state in the header and the service-worker registration. Owns: WHEN that begins — once the first
// screen is up, so that neither its code nor its work (network, IndexedDB, parsing) delays the
// product grid. The first screen is up when the catalogue has been shown (from the cache, or after
// the first refresh settled), when a view without the catalogue has mounted (`noteFirstScreen`),
// or FIRST_SCREEN_WAIT_MS after start, whichever comes first; the work then starts after the next
// frame, i.e. after that screen was painted. A sale recorded earlier is still sent at once: pms.ts
// loads the replayer on demand. Checking the tablet's pairing (pairing.ts) is background work too: an
// unpaired tablet learns it sooner anyway, from the gateway refusing the catalogue's refresh.
import { createEffect, createRoot, createSignal } from 'solid-js';
import { catalogueShown } from './catalogue';

/** The latest the background work waits for the first screen. */
export const FIRST_SCREEN_WAIT_MS = 2000;

const [viewShown, setViewShown] = createSignal(false);
let firstScreen: Promise<void> | undefined;
let background: Promise<() => void> | undefined;

/**
 * Says that the first screen is up: for views that show no catalogue (the catalogue says so itself).
 * @example onMount(noteFirstScreen);
 */
export function noteFirstScreen(): void {
  setViewShown(true);
}

function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve));
    else setTimeout(resolve);
  });
}

/**
 * Resolves once the first screen is up and painted (or after FIRST_SCREEN_WAIT_MS at the latest).
 * @example await afterFirstScreen(); const { createOutboxStatus } = await import('../outbox/reactive');
 */
export function afterFirstScreen(): Promise<void> {
  firstScreen ??= new Promise<void>((resolve) => {
    const timer = setTimeout(done, FIRST_SCREEN_WAIT_MS);
    const dispose = createRoot((dispose) => {
      createEffect(() => {
        if (catalogueShown() || viewShown()) done();
      });
      return dispose;
    });
    function done() {
      clearTimeout(timer);
      queueMicrotask(() => dispose?.());
      resolve();
    }
  }).then(afterNextPaint);
  return firstScreen;
}

/**
 * Starts the background work (once; later calls answer the same). Its code is loaded here, on demand.
 * @example await startBackgroundWork();
 */
export function startBackgroundWork(): Promise<() => void> {
  background ??= import('./background').then(({ startBackground }) => startBackground());
  return background;
}

/**
 * Starts the background work after the first screen; answers a stop function.
 * @example onMount(() => onCleanup(startAfterFirstScreen()));
 */
export function startAfterFirstScreen(): () => void {
  let stopped = false;
  let stop: (() => void) | undefined;
  afterFirstScreen()
    .then(startBackgroundWork)
    .then((stopWork) => {
      if (stopped) stopWork();
      else stop = stopWork;
    })
    .catch((error: unknown) => console.error('[startup] could not start the background work', error));
  return () => {
    stopped = true;
    stop?.();
  };
}
