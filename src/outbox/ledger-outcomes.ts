// Where each PMS step of a sale ended, for the till server's sales ledger (`POST
// /till/sales/:saleId/outcomes`, docs/ledger.md). Owns which step changes are reported (done with
// the invoice or charges, refused, needs attention, voided), queuing them on the journal entry in the
// same transaction that settles the step (sale-state.ts `resettle`), and delivering them in batches,
// during a replay run and after it. Exactly once in effect: a report stays queued until the server took it, its key is
// kept so it is never queued twice, and the server stores a repeat once.

import { PmsRejectedError } from '../pms/errors.ts';
import type { LedgerOutcome, PmsOutcome } from '../pms/ledger-wire.ts';
import { changeSales, readLedgerUnreported } from '../storage/outbox-store.ts';
import type { IntentRecord, IntentState, SaleRecord } from '../storage/records.ts';
import type { OutboxPms } from './intents/definition.ts';
import {
  ADD_ROOM_PRODUCTS,
  type AddedRoomItems,
  CREATE_CASH_INVOICE,
  type CreatedCashInvoice,
  RECORD_IN_LEDGER,
} from './intents/index.ts';

const REPORTED: Partial<Record<IntentState, PmsOutcome>> = {
  done: 'done',
  failed: 'refused',
  unverifiable: 'needs-attention',
  voided: 'voided',
};

/**
 * `sale` with the outcomes of its settled PMS steps queued that were not queued before. Only a
 * sale that starts with the ledger's step reports (one recorded before the ledger does not).
 */
export function queueLedgerOutcomes(sale: SaleRecord, intents: readonly IntentRecord[]): SaleRecord {
  if (!intents.some((intent) => intent.name === RECORD_IN_LEDGER)) return sale;
  const known = new Set(sale.ledgerKeys ?? []);
  const invoiceId = (
    intents.find((i) => i.name === CREATE_CASH_INVOICE && i.state === 'done')?.result as
      | CreatedCashInvoice
      | undefined
  )?.invoiceId;
  const fresh: { key: string; outcome: LedgerOutcome }[] = [];
  for (const intent of intents) {
    const outcome = REPORTED[intent.state];
    if (intent.step < 1 || !outcome) continue;
    const key = `${intent.step}.${intent.revision}.${intent.state}.${intent.settledAt ?? 0}`;
    if (known.has(key)) continue;
    fresh.push({ key, outcome: outcomeOf(intent, outcome, invoiceId) });
  }
  if (fresh.length === 0) return sale;
  return {
    ...sale,
    ledgerKeys: [...known, ...fresh.map((f) => f.key)],
    ledgerOutcomes: [...(sale.ledgerOutcomes ?? []), ...fresh.map((f) => f.outcome)],
    ledgerUnreported: sale.createdAt,
  };
}

function outcomeOf(intent: IntentRecord, outcome: PmsOutcome, invoiceId: number | undefined): LedgerOutcome {
  const charged =
    intent.name === ADD_ROOM_PRODUCTS && outcome === 'done'
      ? (intent.result as AddedRoomItems | undefined)?.items.map((item) => item.invoiceItemId)
      : undefined;
  const message = intent.lastError?.message;
  return {
    step: intent.step,
    intent: intent.name,
    outcome,
    ...(invoiceId !== undefined ? { invoiceId } : {}),
    ...(charged?.length ? { chargeIds: charged.slice(0, 500) } : {}),
    ...(outcome !== 'done' && message ? { message: message.slice(0, 500) } : {}),
    at: new Date(intent.settledAt ?? Date.now()).toISOString(),
  };
}

/** What one delivery did. */
export interface OutcomeDelivery {
  reported: number;
  /** Sales whose reports wait: their ledger step is not done yet, or the server could not be reached. */
  waiting: number;
}

/** Sales read per page of the unreported index. */
const PAGE = 200;
/** Most pages one delivery goes through (a backlog's reports go over several runs beyond that). */
const MAX_PAGES = 25;
/** Sales whose reports go at once where the server has no batch (the browser's connections to one host). */
const AT_ONCE = 6;
/** Reports per `POST /till/sales/outcomes` (the server takes up to 200). */
export const OUTCOME_BATCH_SIZE = 100;

/** A sale whose queued reports can go: its ledger step is done. */
interface ReadySale {
  saleId: string;
  outcomes: LedgerOutcome[];
}

/**
 * Sends the queued outcome reports of sales the ledger holds, and clears each report the server
 * took (or refused: a report it will never take is not kept forever). Goes through every page of
 * them (up to MAX_PAGES), up to OUTCOME_BATCH_SIZE reports a request (one sale at a time, several
 * at once, where the server has no batch); stops at the first failure to reach the server, and what
 * is left goes with the next delivery (in a run, every few seconds; after it, the page replayer
 * wakes for it, triggers.ts).
 * @example await deliverLedgerOutcomes(pms);
 */
export async function deliverLedgerOutcomes(pms: OutboxPms, atOnce = AT_ONCE): Promise<OutcomeDelivery> {
  const delivery: OutcomeDelivery = { reported: 0, waiting: 0 };
  let after: number | undefined;
  let unreachable = false;
  let batchUnsupported = !pms.reportLedgerOutcomes;
  for (let page = 0; page < MAX_PAGES && !unreachable; page++) {
    const entries = await readLedgerUnreported(PAGE, after);
    if (entries.length === 0) break;
    after = entries.at(-1)!.sale.createdAt;
    const ready: ReadySale[] = [];
    const nothingToReport: ReadySale[] = [];
    for (const { sale, intents } of entries) {
      const ledgerStep = intents.find((intent) => intent.name === RECORD_IN_LEDGER);
      const outcomes = sale.ledgerOutcomes ?? [];
      // the ledger never held it: nothing to report
      if (!ledgerStep || ledgerStep.state === 'voided') nothingToReport.push({ saleId: sale.id, outcomes });
      else if (ledgerStep.state !== 'done') delivery.waiting += 1;
      else if (outcomes.length > 0) ready.push({ saleId: sale.id, outcomes });
    }
    if (nothingToReport.length > 0)
      await clearReported(nothingToReport.map((r) => [r.saleId, r.outcomes.length]));
    for (let start = 0; start < ready.length && !unreachable && !batchUnsupported; ) {
      const batch = takeBatch(ready, start);
      start += batch.length;
      const sent = await sendBatch(pms, batch);
      if (sent === 'unsupported') {
        batchUnsupported = true;
        ready.splice(0, start - batch.length); // the rest go one sale at a time
        break;
      }
      delivery.reported += sent.reported;
      delivery.waiting += sent.waiting;
      unreachable = sent.unreachable;
    }
    if (batchUnsupported && !unreachable) {
      let next = 0;
      const worker = async () => {
        while (next < ready.length && !unreachable) {
          const outcome = await deliverSale(pms, ready[next++]!);
          delivery.reported += outcome.reported;
          if (outcome.waiting) delivery.waiting += 1;
          if (outcome.unreachable) unreachable = true;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, atOnce) }, worker));
    }
    if (entries.length < PAGE) break;
  }
  if (unreachable) delivery.waiting = Math.max(delivery.waiting, 1);
  return delivery;
}

/** Whole sales from `ready[start]` on, up to OUTCOME_BATCH_SIZE reports (at least one sale, cut to the size). */
function takeBatch(ready: readonly ReadySale[], start: number): ReadySale[] {
  const batch: ReadySale[] = [];
  let reports = 0;
  for (let index = start; index < ready.length; index++) {
    const sale = ready[index]!;
    if (batch.length > 0 && reports + sale.outcomes.length > OUTCOME_BATCH_SIZE) break;
    batch.push({ saleId: sale.saleId, outcomes: sale.outcomes.slice(0, OUTCOME_BATCH_SIZE) });
    reports += Math.min(sale.outcomes.length, OUTCOME_BATCH_SIZE);
  }
  return batch;
}

/**
 * One batch request; each sale's reports are cleared up to its first one the server could not take
 * for now (a fault of its own, or 429). 'unsupported': an older server without the batch endpoint.
 */
async function sendBatch(
  pms: OutboxPms,
  batch: readonly ReadySale[],
): Promise<{ reported: number; waiting: number; unreachable: boolean } | 'unsupported'> {
  const reports = batch.flatMap((sale) => sale.outcomes.map((outcome) => ({ saleId: sale.saleId, outcome })));
  let results: (Error | undefined)[];
  try {
    results = await pms.reportLedgerOutcomes!(reports);
  } catch (error) {
    if (error instanceof PmsRejectedError && (error.status === 404 || error.status === 405))
      return 'unsupported';
    return { reported: 0, waiting: batch.length, unreachable: true };
  }
  let index = 0;
  let reported = 0;
  let waiting = 0;
  let unreachable = false;
  const cleared: [string, number][] = [];
  for (const sale of batch) {
    let taken = 0;
    let held = false;
    for (const _ of sale.outcomes) {
      const result = results[index++];
      if (held) continue;
      if (result === undefined || (result instanceof PmsRejectedError && result.status !== 429)) taken += 1;
      else held = true; // this one and the sale's later ones wait, in order
    }
    reported += taken;
    if (held) {
      waiting += 1;
      unreachable = true;
    }
    if (taken > 0) cleared.push([sale.saleId, taken]);
  }
  if (cleared.length > 0) await clearReported(cleared);
  return { reported, waiting, unreachable };
}

/** One sale's queued reports, in order, one request each (a server without the batch endpoint). */
async function deliverSale(
  pms: OutboxPms,
  { saleId, outcomes }: ReadySale,
): Promise<{ reported: number; waiting: boolean; unreachable?: true }> {
  let sent = 0;
  try {
    for (const outcome of outcomes) {
      await pms.reportLedgerOutcome(saleId, outcome);
      sent += 1;
    }
  } catch (error) {
    if (error instanceof PmsRejectedError && error.status !== 429)
      sent += 1; // refused for good
    else {
      if (sent > 0) await clearReported([[saleId, sent]]);
      return { reported: sent, waiting: true, unreachable: true };
    }
  }
  await clearReported([[saleId, sent]]);
  return { reported: sent, waiting: false };
}

/**
 * Drops the first `count` queued reports of each sale (others may have been queued meanwhile), in
 * one transaction.
 */
async function clearReported(counts: readonly (readonly [saleId: string, count: number])[]): Promise<void> {
  await changeSales(
    counts.map(([saleId]) => saleId),
    (entries) => {
      const sales: SaleRecord[] = [];
      entries.forEach((entry, index) => {
        if (!entry) return;
        const { ledgerOutcomes = [], ledgerUnreported: _waiting, ...rest } = entry.sale;
        const left = ledgerOutcomes.slice(counts[index]![1]);
        sales.push({
          ...rest,
          ...(left.length > 0 ? { ledgerOutcomes: left, ledgerUnreported: entry.sale.createdAt } : {}),
        });
      });
      return { sales, value: undefined };
    },
  );
}
