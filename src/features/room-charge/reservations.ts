// The in-house guest list for room charges. Owns: the cached copy of today's room reservations
// (the PMS's time-span listing for today, kept in IndexedDB so charges work offline), refreshing it
// at start, every few minutes while online and on demand, how old it is, and the online look-ups
// (search by reservation number with first and last name; re-reading one stay before charging).
// The rule of who may be charged is guest-rules.ts. Invariant: the list is replaced wholesale, so a
// stay cancelled or moved in the PMS never lingers past the next refresh.
import { createSignal } from 'solid-js';
import { isPmsError } from '../../pms/errors';
import type { RoomReservation } from '../../pms/wire';
import { localDate } from '../../rules/guest-rules';
import { readReservations, replaceReservations } from '../../storage/caches';
import { readGuestsRefreshedAt, writeGuestsRefreshedAt } from '../../storage/local-records';
import type { CachedReservation } from '../../storage/records';
import { notePmsFailure, notePmsRead, pms, whenReachedAgain } from '../device';

/** How often the list is fetched again while the till is online. */
export const REFRESH_EVERY_MS = 5 * 60_000;
/** Far enough back that every stay of today counts as "changed since". */
const ANY_CHANGE_SINCE = '2000-01-01';

export type RefreshState = 'idle' | 'loading' | 'failed';

const [guests, setGuests] = createSignal<readonly CachedReservation[]>([]);
const [refreshedAt, setRefreshedAt] = createSignal<number | null>(readGuestsRefreshedAt());
const [refreshState, setRefreshState] = createSignal<RefreshState>('idle');

/** The cached stays of today (reactive): in house, arriving and departing. */
export { guests, refreshedAt, refreshState };

let loading: Promise<boolean> | undefined;

/**
 * Reads the cached list from this device (works offline).
 * @example await loadCachedGuests(); guests().length
 */
export async function loadCachedGuests(): Promise<void> {
  setGuests(await readReservations());
}

/**
 * Fetches today's stays from the PMS and replaces the cache; false when the PMS could not be asked
 * (the cached list stays as it was).
 * @example if (!(await refreshGuests())) showOldListWarning();
 */
export function refreshGuests(now: () => number = Date.now): Promise<boolean> {
  loading ??= fetchGuests(now).finally(() => {
    loading = undefined;
  });
  return loading;
}

async function fetchGuests(now: () => number): Promise<boolean> {
  setRefreshState('loading');
  const today = localDate(new Date(now()));
  try {
    const stays = await (await pms()).getReservationsInTimespan({
      start: today,
      end: today,
      lastModified: ANY_CHANGE_SINCE,
    });
    const at = now();
    const cached = stays.map((stay) => ({ ...stay, cachedAt: at }));
    await replaceReservations(cached);
    writeGuestsRefreshedAt(at);
    setGuests(cached);
    setRefreshedAt(at);
    setRefreshState('idle');
    notePmsRead(true);
    return true;
  } catch (error) {
    setRefreshState('failed');
    notePmsFailure(error);
    console.warn('[reservations] could not refresh the guest list', error);
    return false;
  }
}

/**
 * Loads the cache, refreshes it now and every REFRESH_EVERY_MS while online, when the browser comes
 * back online, and after a failed refresh when the PMS is reached again. Answers a stop function.
 * @example onMount(() => onCleanup(startGuestRefresh()));
 */
export function startGuestRefresh(): () => void {
  void loadCachedGuests().then(() => (navigator.onLine ? refreshGuests() : false));
  const timer = setInterval(() => {
    if (navigator.onLine) void refreshGuests();
  }, REFRESH_EVERY_MS);
  const onOnline = () => void refreshGuests();
  window.addEventListener('online', onOnline);
  // a till server or PMS outage fires no `online` event: the readiness check says when it is over
  const stopWatching = whenReachedAgain(() => {
    if (refreshState() === 'failed') void refreshGuests();
  });
  return () => {
    stopWatching();
    clearInterval(timer);
    window.removeEventListener('online', onOnline);
  };
}

/** What staff give to find a stay online: the reservation number and the guest's names. */
export interface ReservationSearch {
  reservationNumber: string;
  firstname: string;
  lastname: string;
}

/**
 * Finds stays online by reservation number with first and last name (PMS searchpattern). None found
 * answers []; other failures throw the PmsError.
 * @example const stays = await searchReservation({ reservationNumber: '24101', firstname: 'Antje', lastname: 'Bauer' });
 */
export async function searchReservation(search: ReservationSearch): Promise<RoomReservation[]> {
  try {
    const found = await (await pms()).searchReservation({
      reservation_number: search.reservationNumber.trim(),
      firstname: search.firstname.trim(),
      lastname: search.lastname.trim(),
    });
    notePmsRead(true);
    return found;
  } catch (error) {
    if (isPmsError(error) && error.kind === 'rejected' && error.status === 404) return [];
    notePmsFailure(error);
    throw error;
  }
}

/**
 * The stay as the PMS holds it now, or undefined when the PMS cannot be asked (offline: the cached
 * copy has to do). Updates the cached list with what it read.
 */
export async function rereadStay(id: number): Promise<RoomReservation | undefined> {
  if (globalThis.navigator?.onLine === false) return undefined;
  try {
    const fresh = await (await pms()).getRoomReservation(id);
    notePmsRead(true);
    setGuests((list) => list.map((stay) => (stay.id === id ? { ...fresh, cachedAt: stay.cachedAt } : stay)));
    return fresh;
  } catch (error) {
    notePmsFailure(error);
    return undefined;
  }
}
