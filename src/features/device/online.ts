// Browser connectivity as a signal. Owns: listening to the window's online/offline events.
// For now this is navigator.onLine only; reachability of the PMS comes later from the sync state.
import { type Accessor, createSignal, onCleanup } from 'solid-js';

/**
 * Whether the browser believes it is online; stops listening when the owning scope is disposed.
 * @example const isOnline = createOnlineStatus(); isOnline(); // true
 */
export function createOnlineStatus(): Accessor<boolean> {
  const [isOnline, setIsOnline] = createSignal(navigator.onLine);
  const goOnline = () => setIsOnline(true);
  const goOffline = () => setIsOnline(false);
  window.addEventListener('online', goOnline);
  window.addEventListener('offline', goOffline);
  onCleanup(() => {
    window.removeEventListener('online', goOnline);
    window.removeEventListener('offline', goOffline);
  });
  return isOnline;
}
