// A kitchen screen's own data (issue 31, item 6), in localStorage: the cards as last read, with the
// device they were read for (shown through an outage and after a reload), and its outbox of bumps:
// each recorded before it is sent, dropped only once the server stored it (or had it already),
// kept with the server's code when refused. Only features/kitchen/ uses it.
import { LOCAL_KEYS, readLocal, writeLocal } from './local';

/** A cook's "Done" as the kitchen's outbox keeps it. */
export interface QueuedBump {
  bumpId: string;
  roundId: string;
  course: number;
  at: number;
  /** Set when the server refused it for good (its code): kept for staff to see, not sent again. */
  refused?: string;
}

export function keepKitchenView(deviceId: string, view: unknown): void {
  writeLocal(LOCAL_KEYS.kitchenView, { deviceId, view });
}

/** The cards kept for `deviceId` (unchecked: the caller validates the shape), or undefined. */
export function keptKitchenView(deviceId: string): unknown {
  const kept = readLocal(LOCAL_KEYS.kitchenView) as { deviceId?: unknown; view?: unknown } | undefined;
  return kept?.deviceId === deviceId ? kept.view : undefined;
}

const isBump = (value: unknown): value is QueuedBump => {
  const bump = value as Partial<QueuedBump> | null;
  return (
    typeof bump?.bumpId === 'string' &&
    typeof bump.roundId === 'string' &&
    typeof bump.course === 'number' &&
    typeof bump.at === 'number'
  );
};

/** The outbox's bumps, oldest first. */
export function queuedBumps(): QueuedBump[] {
  const kept = readLocal(LOCAL_KEYS.kitchenBumps);
  return Array.isArray(kept) ? kept.filter(isBump) : [];
}

/** Records a bump before anything is sent; false when the browser would not keep it. */
export function queueBump(bump: QueuedBump): boolean {
  return writeLocal(LOCAL_KEYS.kitchenBumps, [...queuedBumps(), bump]);
}

/** The server stored it (or had it): out of the outbox. */
export function dropBump(bumpId: string): void {
  writeLocal(
    LOCAL_KEYS.kitchenBumps,
    queuedBumps().filter((bump) => bump.bumpId !== bumpId),
  );
}

/** The server refused it for good: kept with its code, not sent again. */
export function refuseBump(bumpId: string, code: string): void {
  writeLocal(
    LOCAL_KEYS.kitchenBumps,
    queuedBumps().map((bump) => (bump.bumpId === bumpId ? { ...bump, refused: code } : bump)),
  );
}
