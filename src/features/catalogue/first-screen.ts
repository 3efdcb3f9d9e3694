// When the first screen of the till is up: once the catalogue has been shown (from the cache, or
// after its first refresh settled) on an unlocked till, a view without the catalogue (the lock
// screen too) has mounted (`noteFirstScreen`), or FIRST_SCREEN_WAIT_MS after start, whichever comes
// first, and after that screen was painted. Work that must not delay the first screen
// (app/startup.ts, lazy dialogs, the sync indicator) waits for it.
import { createEffect, createRoot, createSignal } from 'solid-js';
import { isLocked } from '../staff';
import { catalogueShown } from './catalogue';

/** The latest the background work waits for the first screen. */
export const FIRST_SCREEN_WAIT_MS = 2000;

const [viewShown, setViewShown] = createSignal(false);
let firstScreen: Promise<void> | undefined;

/**
 * Says that the first screen is up: for views that show no catalogue (the catalogue says so itself).
 * @example onMount(noteFirstScreen);
 */
export function noteFirstScreen(): void {
  setViewShown(true);
}

/** After the next frame, and one task more: what that frame's own callbacks queued (a tap's
 * handler too) goes before the work waiting for the first screen (docs/ui-speed.md). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const later = () => setTimeout(() => setTimeout(resolve));
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(later);
    else later();
  });
}

/**
 * Resolves once the first screen is up and painted (or after FIRST_SCREEN_WAIT_MS at the latest).
 * @example await afterFirstScreen(); const { createOutboxStatus } = await import('../../outbox/reactive');
 */
export function afterFirstScreen(): Promise<void> {
  firstScreen ??= new Promise<void>((resolve) => {
    const timer = setTimeout(done, FIRST_SCREEN_WAIT_MS);
    const dispose = createRoot((dispose) => {
      createEffect(() => {
        // Behind the lock screen the catalogue is not what staff see: the lock screen says when it is up.
        if ((catalogueShown() && !isLocked()) || viewShown()) done();
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
