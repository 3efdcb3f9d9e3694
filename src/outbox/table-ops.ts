// The outbox's table intent, `table.ops@1` (issue 31): sends this tablet's recorded table operations
// to the till server, oldest first, in batches. The server stores each once by its id, so a batch
// whose answer was lost is simply sent again. A 4xx refuses the batch's first operation it names (or
// the batch) for good, kept for staff to see; no answer, a 5xx or an unpaired tablet leave them
// queued. A settle waits (its `dependsOn`) until its sale's ledger step is done, so the server sees the
// sale first. Its own store (storage/table-ops-store.ts), not the sales' intents.
import type { DeviceFetch } from '../pms/device-calls.ts';
import { TillServerError } from '../pms/device-calls.ts';
import { postTableOps } from '../pms/table-calls.ts';
import type { TableOp } from '../shared/table-ops.ts';
import { readSale } from '../storage/outbox-store.ts';
import { readPendingTableOps, settlePendingTableOps } from '../storage/table-ops-store.ts';
import { RECORD_IN_LEDGER } from './intents/ledger-record.ts';
import { currentSteps } from './sale-state.ts';

export const TABLE_OPS_INTENT = 'table.ops@1';
/** Operations per request (the server takes up to 500). */
export const TABLE_OPS_BATCH = 200;

/**
 * Whether an operation may go: a settle depends on its sale, which must reach the ledger first (the
 * server refuses a settle whose sale it cannot see, and holds one whose sale is still on its way).
 * A sale not in this tablet's journal (or with no ledger step) holds nothing back.
 */
export async function dependenciesSent(op: Pick<TableOp, 'body'>): Promise<boolean> {
  if (op.body.kind !== 'settle') return true;
  const entry = await readSale(op.body.saleId);
  const step = entry && currentSteps(entry.intents).find((intent) => intent.name === RECORD_IN_LEDGER);
  return !step || step.state === 'done';
}

export interface TableOpsSendResult {
  stored: number;
  refused: number;
  /** Still queued: the server was not reached or not ready. */
  waiting: number;
  /** Settles still queued for their sale: not sent yet (its ledger step), or held by the server. */
  holding: number;
}

/**
 * Sends every queued table operation. `approvals`: managers' approvals of voids, by line id.
 * @example await sendTableOps({ fetcher: fetch, baseUrl: '' });
 */
export async function sendTableOps(options: {
  fetcher: DeviceFetch;
  baseUrl: string;
  dbName?: string;
  approvals?: (lineId: string) => string | undefined;
}): Promise<TableOpsSendResult> {
  const result: TableOpsSendResult = { stored: 0, refused: 0, waiting: 0, holding: 0 };
  const all = (await readPendingTableOps(options.dbName)).filter((pending) => pending.state === 'queued');
  const ready = await Promise.all(all.map((pending) => dependenciesSent(pending.op)));
  const queued = all.filter((_, index) => ready[index]);
  result.holding = all.length - queued.length;
  for (let start = 0; start < queued.length; ) {
    const batch = queued.slice(start, start + TABLE_OPS_BATCH).map((pending) => pending.op);
    const approvals = batch.flatMap((op) =>
      op.body.kind === 'void'
        ? [options.approvals?.(op.body.lineId)].filter((token): token is string => !!token)
        : [],
    );
    try {
      const answer = await postTableOps(options.fetcher, options.baseUrl, batch, approvals);
      // A settle the server holds for its sale stays queued: sent again, it is answered once decided.
      const held = answer.stored.filter((stored) => stored.held);
      await settlePendingTableOps(
        answer.stored.filter((stored) => !stored.held).map((stored) => stored.opId),
        'stored',
        undefined,
        options.dbName,
      );
      result.stored += batch.length - held.length;
      result.holding += held.length;
      start += batch.length;
    } catch (error) {
      const status = error instanceof TillServerError ? error.status : null;
      if (status === null || status >= 500 || status === 401 || status === 429) {
        result.waiting += queued.length - start;
        return result;
      }
      // Refused: the operation the field names (ops.N...) for good, the rest sent again.
      const index = Number(/^ops\.(\d+)/.exec((error as TillServerError).field ?? '')?.[1] ?? 0);
      const refusedOp = batch[Math.min(index, batch.length - 1)]!;
      await settlePendingTableOps(
        [refusedOp.opId],
        'refused',
        (error as TillServerError).code,
        options.dbName,
      );
      result.refused += 1;
      queued.splice(start + batch.indexOf(refusedOp), 1);
    }
  }
  return result;
}
