// What the till does in the background from start (app/background.ts: the page replayer, the guest
// list refresh, the gateway address for the service worker, the pairing check). Owns: WHEN that
// begins, after the first screen (features/catalogue/first-screen.ts), so neither its code nor its work delays
// the product grid. A sale recorded earlier is still sent at once: features/device/pms.ts loads the replayer
// on demand.
import { afterFirstScreen } from '../features/catalogue';

let background: Promise<() => void> | undefined;

/**
 * Starts the background work (once; later calls answer the same). Its code is loaded here, on demand.
 * @example await startBackgroundWork();
 */
export function startBackgroundWork(): Promise<() => void> {
  background ??= import('../app/background').then(({ startBackground }) => startBackground());
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
