// What a kitchen screen shows (issue 31, item 6): its outlet's cards, followed live (server-sent
// events of the whole view; a poll each second while they do not come), kept on the device so an
// outage or a reload still shows them, with the cook's bumps not yet sent already taken off; whether
// the server is there; and the clock the cards' ages are reckoned on (the server's).
import { createSignal } from 'solid-js';
import { isKitchenView, type KitchenView, type KitchenViewCard, readKitchen } from '../../pms/kitchen-calls';
import { keepKitchenView, keptKitchenView, queuedBumps } from '../../storage/kitchen-store';
import { noteDeviceRefused } from '../device';
import { recordBump, sendBumps } from './kitchen-outbox';

/** How often the screen asks while the live channel is down (and how often ages move). */
export const KITCHEN_POLL_MS = 1000;

const kitchenFetch = (url: string, init: RequestInit) => fetch(url, init);

export type KitchenConnection = 'live' | 'offline';

/** The cards to cook (not bumped here or on the server) and those done, the latest first. */
export function shownCards(view: KitchenView | null, bumps: { roundId: string; course: number }[]) {
  const bumped = new Set(bumps.map((bump) => `${bump.roundId}:${bump.course}`));
  const open = view?.open ?? [];
  return {
    open: open.filter((card) => !bumped.has(card.cardId)),
    waiting: open.filter((card) => bumped.has(card.cardId)),
    done: view?.done ?? [],
  };
}

/** The cards of `open` by course, in course order, each course's oldest first. */
export function byCourse(cards: readonly KitchenViewCard[]) {
  const courses = new Map<number, { course: number; name: string; cards: KitchenViewCard[] }>();
  for (const card of cards) {
    const group = courses.get(card.course) ?? { course: card.course, name: card.courseName, cards: [] };
    group.cards.push(card);
    courses.set(card.course, group);
  }
  return [...courses.values()].sort((a, b) => a.course - b.course);
}

/**
 * The kitchen of this device's outlet, followed live; `stop` ends it.
 * @example const kitchen = createKitchenState(device.id); onCleanup(kitchen.stop);
 */
export function createKitchenState(deviceId: string) {
  const kept = keptKitchenView(deviceId);
  const [view, setView] = createSignal<KitchenView | null>(isKitchenView(kept) ? kept : null);
  const [connection, setConnection] = createSignal<KitchenConnection>('offline');
  const [bumps, setBumps] = createSignal(queuedBumps());
  const [offset, setOffset] = createSignal(0);
  const [now, setNow] = createSignal(Date.now());
  let live = false;
  let stopped = false;
  let source: EventSource | null = null;

  const take = (next: KitchenView) => {
    setConnection('live');
    if (next.revision < (view()?.revision ?? 0)) return; // an answer overtaken by a newer view
    setOffset(next.serverNow - Date.now());
    setView(next);
    keepKitchenView(deviceId, next);
  };
  const flush = async () => {
    const { sent, waiting } = await sendBumps(kitchenFetch, '');
    // The cards read before these bumps were stored still show them open: read them again first.
    if (sent > 0) await readKitchen(kitchenFetch, '').then(take, () => undefined);
    setBumps(queuedBumps());
    return waiting;
  };
  const refused = (error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'device_not_paired' || code === 'device_revoked') noteDeviceRefused(code);
  };
  const poll = async () => {
    try {
      take(await readKitchen(kitchenFetch, ''));
      if ((await flush()) > 0) setConnection('offline');
    } catch (error) {
      refused(error);
      setConnection('offline');
    }
  };
  const open = () => {
    if (stopped || typeof EventSource === 'undefined') return;
    source = new EventSource('/till/kitchen/live', { withCredentials: true });
    source.addEventListener('cards', (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as unknown;
      if (!isKitchenView(next)) return;
      live = true;
      take(next);
      void flush();
    });
    source.onerror = () => {
      live = false;
      setConnection('offline');
      // A closed source (the server answered an error while starting) does not try again by itself.
      if (source?.readyState === EventSource.CLOSED) {
        source = null;
        setTimeout(open, KITCHEN_POLL_MS);
      }
    };
  };
  const tick = setInterval(() => {
    setNow(Date.now());
    if (!live) void poll();
  }, KITCHEN_POLL_MS);
  open();
  void poll();

  return {
    connection,
    /** The server's clock now, as best known (ms): ages are reckoned on it. */
    serverNow: () => now() + offset(),
    cards: () =>
      shownCards(
        view(),
        bumps().filter((bump) => !bump.refused),
      ),
    /** Bumps recorded here the server has not stored yet, and those it refused. */
    waiting: () => bumps().filter((bump) => !bump.refused).length,
    refused: () => bumps().filter((bump) => bump.refused),
    /** A cook's "Done": recorded here at once (the card goes), sent when the server is there. */
    bump(card: KitchenViewCard): boolean {
      const kept = recordBump(card);
      setBumps(queuedBumps());
      void flush().then((waiting) => {
        if (waiting > 0) setConnection('offline');
      });
      return kept;
    },
    stop() {
      stopped = true;
      source?.close();
      clearInterval(tick);
    },
  };
}

export type KitchenState = ReturnType<typeof createKitchenState>;
