// Letting the tablet keep what it needs, not everything (issue 19): a sale goes once the till
// server's ledger holds it and the PMS confirmed it (or it was voided), its outcome reports were
// taken, it is older than the outlet's retention (default 30 days), and no open sale refers to it.
// A pending or needs-attention sale is never let go. Run after a replay run that got through.
// Until the server's Z closing is readable here, the retention alone decides (docs/outbox.md).
import { pruneSales } from '../storage/outbox-store.ts';
import type { IntentRecord } from '../storage/records.ts';
import { RECORD_IN_LEDGER } from './intents/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The retention when the outlet sets none. */
export const DEFAULT_RETENTION_DAYS = 30;

/** Whether the ledger holds the sale: its step 0 is done (a sale from before the ledger never is). */
export function heldByLedger(intents: readonly IntentRecord[]): boolean {
  return intents.some((intent) => intent.name === RECORD_IN_LEDGER && intent.state === 'done');
}

/**
 * Lets go of the sales the tablet no longer needs; answers how many went.
 * @example await pruneKeptSales(Date.now()); // keeps the last 30 days
 */
export function pruneKeptSales(
  now: number,
  retentionDays = DEFAULT_RETENTION_DAYS,
  limit = 500,
): Promise<number> {
  return pruneSales(now - retentionDays * DAY_MS, heldByLedger, limit);
}
