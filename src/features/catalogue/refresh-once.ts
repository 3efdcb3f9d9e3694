// One catalogue refresh per device, however many tabs hear `online` or their timer: under the Web
// Lock `hotel-till-catalogue`, the first tab fetches from the PMS, and a tab that finds the cache
// refreshed within FRESH_MS (by another tab) reads the cache instead of asking the PMS again.
// Without Web Locks (old Safari) each tab still skips a refresh another one made just now.
import { getCatalogueMeta } from '../../storage/caches';

const LOCK = 'hotel-till-catalogue';
/** A refresh this recent (by any tab) is the one this reconnect needed. */
export const FRESH_MS = 60_000;

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/**
 * Refreshes the catalogue unless another tab did within FRESH_MS; then `reload(refreshedAt)`
 * brings this tab's copy up to date from the cache.
 * @example await refreshOncePerDevice(refreshCatalogue, reloadFromCache);
 */
export async function refreshOncePerDevice(
  refresh: () => Promise<void>,
  reload: (refreshedAt: number) => Promise<void>,
  now: () => number = Date.now,
): Promise<void> {
  const once = async () => {
    const refreshedAt = await getCatalogueMeta('last-refreshed-at').catch(() => undefined);
    if (typeof refreshedAt === 'number' && now() - refreshedAt < FRESH_MS) await reload(refreshedAt);
    else await refresh();
  };
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  try {
    await (locks ? locks.request(LOCK, once) : once());
  } catch (error) {
    console.error('[catalogue] could not refresh', error);
  }
}
