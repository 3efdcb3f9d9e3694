// Letting the tablet keep what it needs, not everything (issue 19): a sale goes once the till
// server's ledger holds it and the PMS confirmed it (or it was voided), its outcome reports were
// taken, the hotel's Z closed its day (its ledger number is at most the last Z's), it is older
// than the retention (default 30 days), and no open sale refers to it. A pending or
// needs-attention sale is never let go. Run after a replay run (docs/outbox.md "Pruning").
import { PmsRejectedError } from '../pms/errors.ts';
import { hasSalesBefore, pruneSales } from '../storage/outbox-store.ts';
import type { IntentRecord } from '../storage/records.ts';
import type { OutboxPms } from './intents/definition.ts';
import { RECORD_IN_LEDGER, type RecordedInLedger } from './intents/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The retention when the outlet sets none. */
export const DEFAULT_RETENTION_DAYS = 30;

/**
 * Whether the ledger holds the sale (its step 0 is done; a sale from before the ledger never is)
 * and a Z closed it (its ledger number at most `closedUpTo`).
 */
export function heldByLedger(
  intents: readonly IntentRecord[],
  closedUpTo = Number.POSITIVE_INFINITY,
): boolean {
  const step = intents.find((intent) => intent.name === RECORD_IN_LEDGER && intent.state === 'done');
  const seq = (step?.result as RecordedInLedger | undefined)?.seq;
  return (
    step !== undefined &&
    (closedUpTo === Number.POSITIVE_INFINITY || (seq !== undefined && seq <= closedUpTo))
  );
}

/** Sales let go in one transaction, and at most in one run (so a run after an update that finds a
 * year of sales holds the outbox's lock for seconds, not minutes; the next runs go on). */
const BATCH = 500;
const PER_RUN = 20_000;

/**
 * Lets go of the sales the tablet no longer needs, a batch per transaction; answers how many went.
 * The hotel's last Z is asked for only when a sale is past the retention. A server without
 * closings (404: before the day closing existed) leaves the retention alone to decide; one that
 * cannot be reached, nothing is let go.
 * @example await pruneKeptSales(pms, Date.now()); // keeps the last 30 days, and all not closed by a Z
 */
export async function pruneKeptSales(
  pms: Pick<OutboxPms, 'readLastClosing'>,
  now: number,
  retentionDays = DEFAULT_RETENTION_DAYS,
): Promise<number> {
  const before = now - retentionDays * DAY_MS;
  if (!(await hasSalesBefore(before))) return 0;
  let closedUpTo: number;
  try {
    closedUpTo = (await pms.readLastClosing())?.upToSeq ?? 0;
  } catch (error) {
    if (!(error instanceof PmsRejectedError) || error.status !== 404) return 0;
    closedUpTo = Number.POSITIVE_INFINITY;
  }
  if (closedUpTo <= 0) return 0;
  let pruned = 0;
  while (pruned < PER_RUN) {
    const batch = await pruneSales(before, (intents) => heldByLedger(intents, closedUpTo), BATCH);
    pruned += batch;
    if (batch < BATCH) break;
  }
  return pruned;
}
