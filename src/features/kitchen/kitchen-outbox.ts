// The kitchen screen's outbox of bumps (issue 31, item 6): a cook's "Done" is recorded on the device
// first (storage/kitchen-store.ts), then sent oldest first. The server stores each bump once by its
// id, so one whose answer was lost is simply sent again. No answer, a 5xx, 401 or 429 leave it
// queued; any other refusal (the round is gone) keeps it with the server's code, not sent again.
import { type DeviceFetch, TillServerError } from '../../pms/device-calls';
import { postBump } from '../../pms/kitchen-calls';
import { dropBump, type QueuedBump, queueBump, queuedBumps, refuseBump } from '../../storage/kitchen-store';

export type { QueuedBump };

/** Records a cook's "Done" of a card; false when the device would not keep it. */
export function recordBump(card: { roundId: string; course: number }, now = Date.now()): boolean {
  return queueBump({ bumpId: crypto.randomUUID(), roundId: card.roundId, course: card.course, at: now });
}

let sending: Promise<{ sent: number; waiting: number }> | null = null;

/**
 * Sends every queued bump (one run at a time); answers how many went and how many still wait.
 * @example const { waiting } = await sendBumps(fetch, '');
 */
export function sendBumps(fetcher: DeviceFetch, baseUrl: string): Promise<{ sent: number; waiting: number }> {
  sending ??= run(fetcher, baseUrl).finally(() => {
    sending = null;
  });
  return sending;
}

async function run(fetcher: DeviceFetch, baseUrl: string): Promise<{ sent: number; waiting: number }> {
  const queued = queuedBumps().filter((bump) => !bump.refused);
  let sent = 0;
  for (const [index, bump] of queued.entries()) {
    try {
      await postBump(fetcher, baseUrl, {
        bumpId: bump.bumpId,
        roundId: bump.roundId,
        course: bump.course,
        at: bump.at,
      });
      dropBump(bump.bumpId);
      sent += 1;
    } catch (error) {
      const status = error instanceof TillServerError ? error.status : null;
      if (status === null || status >= 500 || status === 401 || status === 429)
        return { sent, waiting: queued.length - index };
      refuseBump(bump.bumpId, error instanceof TillServerError ? error.code : 'unexpected');
    }
  }
  return { sent, waiting: 0 };
}
