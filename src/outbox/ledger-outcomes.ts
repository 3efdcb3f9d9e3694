// Where each PMS step of a sale ended, for the till server's sales ledger (`POST
// /till/sales/:saleId/outcomes`, docs/ledger.md). Owns which step changes are reported (done with
// the invoice or charges, refused, needs attention, voided), queuing them on the journal entry in the
// same transaction that settles the step (sale-state.ts `resettle`), and delivering them after a
// replay run. Exactly once in effect: a report stays queued until the server took it, its key is
// kept so it is never queued twice, and the server stores a repeat once.

import { PmsRejectedError } from '../pms/errors.ts';
import type { LedgerOutcome, PmsOutcome } from '../pms/ledger-wire.ts';
import { changeSale, readLedgerUnreported } from '../storage/outbox-store.ts';
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
/** Sales whose reports go at once by default (the browser's connections to one host). */
const AT_ONCE = 6;

/**
 * Sends the queued outcome reports of sales the ledger holds, and clears each report the server
 * took (or refused: a report it will never take is not kept forever). Goes through every page of
 * them (up to MAX_PAGES), several sales at once; stops at the first failure to reach the server,
 * and what is left goes with the next run (the page replayer wakes for it, triggers.ts).
 * @example await deliverLedgerOutcomes(pms);
 */
export async function deliverLedgerOutcomes(pms: OutboxPms, atOnce = AT_ONCE): Promise<OutcomeDelivery> {
  const delivery: OutcomeDelivery = { reported: 0, waiting: 0 };
  let after: number | undefined;
  let unreachable = false;
  for (let page = 0; page < MAX_PAGES && !unreachable; page++) {
    const entries = await readLedgerUnreported(PAGE, after);
    if (entries.length === 0) break;
    after = entries.at(-1)!.sale.createdAt;
    let next = 0;
    const worker = async () => {
      while (next < entries.length && !unreachable) {
        const outcome = await deliverSale(pms, entries[next++]!);
        delivery.reported += outcome.reported;
        if (outcome.waiting) delivery.waiting += 1;
        if (outcome.unreachable) unreachable = true;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, atOnce) }, worker));
    if (entries.length < PAGE) break;
  }
  if (unreachable) delivery.waiting = Math.max(delivery.waiting, 1);
  return delivery;
}

/** One sale's queued reports, in order. */
async function deliverSale(
  pms: OutboxPms,
  { sale, intents }: { sale: SaleRecord; intents: IntentRecord[] },
): Promise<{ reported: number; waiting: boolean; unreachable?: true }> {
  const ledgerStep = intents.find((intent) => intent.name === RECORD_IN_LEDGER);
  const queued = sale.ledgerOutcomes ?? [];
  if (ledgerStep?.state === 'voided' || !ledgerStep) {
    await clearReported(sale.id, queued.length); // the ledger never held it: nothing to report
    return { reported: 0, waiting: false };
  }
  if (ledgerStep.state !== 'done') return { reported: 0, waiting: true };
  let sent = 0;
  try {
    for (const outcome of queued) {
      await pms.reportLedgerOutcome(sale.id, outcome);
      sent += 1;
    }
  } catch (error) {
    if (error instanceof PmsRejectedError && error.status !== 429)
      sent += 1; // refused for good
    else {
      if (sent > 0) await clearReported(sale.id, sent);
      return { reported: sent, waiting: true, unreachable: true };
    }
  }
  await clearReported(sale.id, sent);
  return { reported: sent, waiting: false };
}

/** Drops the first `count` queued reports of the sale (others may have been queued meanwhile). */
async function clearReported(saleId: string, count: number): Promise<void> {
  await changeSale(saleId, (entry) => {
    if (!entry) return { value: undefined };
    const { ledgerOutcomes = [], ledgerUnreported: _waiting, ...rest } = entry.sale;
    const left = ledgerOutcomes.slice(count);
    const sale: SaleRecord = {
      ...rest,
      ...(left.length > 0 ? { ledgerOutcomes: left, ledgerUnreported: entry.sale.createdAt } : {}),
    };
    return { sales: [sale], value: undefined };
  });
}
