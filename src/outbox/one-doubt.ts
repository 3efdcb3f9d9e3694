// One write in doubt per place: writes whose read-back compares the PMS before and after (a room's
// items) name that place (`IntentDefinition.place`); the till never has two of them with an unknown
// outcome at once, so a read-back's "new since before" is only its own write's and other tills'.
// Owns: which places are in doubt (steps being sent, unsure or unverifiable) and the run's queue per
// place, so two steps for one place never go out side by side. Why: docs/outbox.md, "One write in
// doubt per place".
import { readIntentsInStates } from '../storage/outbox-store.ts';
import type { IntentRecord, IntentState } from '../storage/records.ts';
import { definitionOf } from './intents/index.ts';

/** A step in these states may have reached the PMS, and nobody knows yet. */
const IN_DOUBT: readonly IntentState[] = ['in-flight', 'unsure', 'unverifiable'];

/** The place a step writes to, when its read-back needs it to itself; undefined otherwise. */
export function placeOf(intent: Pick<IntentRecord, 'name' | 'payload'>): string | undefined {
  return definitionOf(intent.name)?.place?.(intent.payload as never);
}

/**
 * The places with a step in doubt, each with the sales that hold one there.
 * @example (await placesInDoubt()).get('room-reservation 7') // Set { 'c0ffee…' }
 */
export async function placesInDoubt(): Promise<Map<string, Set<string>>> {
  const places = new Map<string, Set<string>>();
  for (const intent of await readIntentsInStates(IN_DOUBT)) {
    const place = placeOf(intent);
    if (place === undefined) continue;
    const holders = places.get(place) ?? new Set<string>();
    places.set(place, holders.add(intent.saleId));
  }
  return places;
}

/**
 * Whether `intent` must wait before it is sent: another sale's step to the same place is in doubt.
 * @example if (waitsForAnother(intent, await placesInDoubt())) skip();
 */
export function waitsForAnother(
  intent: IntentRecord,
  doubts: ReadonlyMap<string, ReadonlySet<string>>,
): boolean {
  const place = placeOf(intent);
  const holders = place === undefined ? undefined : doubts.get(place);
  return holders !== undefined && [...holders].some((saleId) => saleId !== intent.saleId);
}

/** One queue per place for a replay run: `run(place, work)` starts `work` when the place's last one ended. */
export class PlaceQueues {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(place: string | undefined, work: () => Promise<T>): Promise<T> {
    if (place === undefined) return work();
    const previous = this.tails.get(place) ?? Promise.resolve();
    const done = previous.then(work, work);
    const tail = done.catch(() => undefined);
    this.tails.set(place, tail);
    void tail.then(() => {
      if (this.tails.get(place) === tail) this.tails.delete(place);
    });
    return done;
  }
}
