// Sending a replay run's due ledger steps in batches (`POST /till/sales/batch`, up to 100 records a
// request): each step still calls `recordLedgerSale` and is settled from its own record's result
// exactly as the single call settles it; an unknown outcome of the request is each step's unknown
// outcome (resent and read back by the usual rules). Calls that arrive close together are sent
// together. A server without the batch endpoint (404/405) gets the records one by one.
import { PmsRejectedError } from '../pms/errors.ts';
import type { LedgerRecord, LedgerRecordAnswer } from '../pms/ledger-wire.ts';
import type { OutboxPms } from './intents/index.ts';

/** Records per batch request (the server's limit). */
export const LEDGER_BATCH_SIZE = 100;
/** A batch goes once no new record came for this long... */
const QUIET_MS = 100;
/** ...or this long after its first record, whichever comes first. */
const MAX_WAIT_MS = 1000;

interface Waiting {
  record: LedgerRecord;
  resolve: (answer: LedgerRecordAnswer) => void;
  reject: (error: unknown) => void;
}

export type RecordLedgerSale = (record: LedgerRecord) => Promise<LedgerRecordAnswer>;

/**
 * A `recordLedgerSale` that batches, for a round of `expected` due steps (a batch goes as soon as it
 * is full or holds all that are left, or after a short wait); undefined when `pms` has no batch call.
 */
export function ledgerBatcher(pms: OutboxPms, expected: number): RecordLedgerSale | undefined {
  const recordLedgerSales = pms.recordLedgerSales?.bind(pms);
  if (!recordLedgerSales) return undefined;
  let waiting: Waiting[] = [];
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let longest: ReturnType<typeof setTimeout> | undefined;
  let batchUnsupported = false;
  let left = expected;

  function flush(): void {
    clearTimeout(quiet);
    clearTimeout(longest);
    quiet = longest = undefined;
    const batch = waiting;
    waiting = [];
    left -= batch.length;
    if (batch.length > 0) void send(batch);
  }

  async function send(batch: Waiting[]): Promise<void> {
    if (batchUnsupported || batch.length === 1) return sendAlone(batch);
    let results: (LedgerRecordAnswer | Error)[];
    try {
      results = await recordLedgerSales!(batch.map((entry) => entry.record));
    } catch (error) {
      if (error instanceof PmsRejectedError && (error.status === 404 || error.status === 405)) {
        batchUnsupported = true; // an older till server: nothing was recorded by this request
        return sendAlone(batch);
      }
      for (const entry of batch) entry.reject(error);
      return;
    }
    batch.forEach((entry, index) => {
      const result = results[index]!;
      if (result instanceof Error) entry.reject(result);
      else entry.resolve(result);
    });
  }

  function sendAlone(batch: Waiting[]): void {
    for (const entry of batch) pms.recordLedgerSale(entry.record).then(entry.resolve, entry.reject);
  }

  return (record) =>
    new Promise<LedgerRecordAnswer>((resolve, reject) => {
      waiting.push({ record, resolve, reject });
      if (waiting.length >= Math.min(LEDGER_BATCH_SIZE, left)) return flush();
      clearTimeout(quiet);
      quiet = setTimeout(flush, QUIET_MS);
      longest ??= setTimeout(flush, MAX_WAIT_MS);
    });
}

/** `pms` whose `recordLedgerSale` goes through `batched` (the rest untouched); `pms` when there is none. */
export function withBatchedLedger(pms: OutboxPms, batched: RecordLedgerSale | undefined): OutboxPms {
  if (!batched) return pms;
  return Object.assign(Object.create(pms) as OutboxPms, { recordLedgerSale: batched });
}
