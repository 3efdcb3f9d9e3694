// Service-worker registration and the update handshake, seen from the page. Owns: registering the
// worker, knowing when a new version is waiting, and switching to it only when asked.
// Invariant: the page never reloads by itself; it reloads once, after applyUpdate(), when the new
// worker has taken control. (vite-plugin-pwa's own reload only fires when a worker already
// controlled the page at registration, so a till opened fresh and left running would never switch.)
import { useRegisterSW } from 'virtual:pwa-register/solid';
import { type Accessor, onCleanup } from 'solid-js';

/** A till stays open all day without navigating, so look for a new version now and then. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface ServiceWorkerUpdates {
  /** True while a new version is installed and waiting for the cashier. */
  updateWaiting: Accessor<boolean>;
  /** Activates the waiting version; the page reloads into it once it has taken control. */
  applyUpdate(): Promise<void>;
  /** Hides the offer until the next page load (the new version keeps waiting). */
  dismissUpdate(): void;
}

/**
 * Registers the service worker and tracks waiting updates; call once, inside a component.
 * @example const { updateWaiting, applyUpdate } = createServiceWorkerUpdates();
 */
export function createServiceWorkerUpdates(): ServiceWorkerUpdates {
  let registration: ServiceWorkerRegistration | undefined;
  let updateRequested = false;
  const {
    needRefresh: [updateWaiting, setUpdateWaiting],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registered) => {
      registration = registered;
    },
    onRegisterError: (error) => console.error('Service worker registration failed', error),
    onNeedReload: () => {}, // we reload on controllerchange below, for every page
  });

  const reloadIntoRequestedUpdate = () => {
    if (updateRequested) window.location.reload();
  };
  navigator.serviceWorker?.addEventListener('controllerchange', reloadIntoRequestedUpdate);
  const timer = setInterval(() => {
    if (navigator.onLine) registration?.update().catch(() => {});
  }, UPDATE_CHECK_INTERVAL_MS);
  onCleanup(() => {
    navigator.serviceWorker?.removeEventListener('controllerchange', reloadIntoRequestedUpdate);
    clearInterval(timer);
  });

  return {
    updateWaiting,
    applyUpdate: () => {
      updateRequested = true;
      return updateServiceWorker();
    },
    dismissUpdate: () => setUpdateWaiting(false),
  };
}
