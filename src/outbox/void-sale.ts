// Voiding a sale with a reason. Owns what each kind allows: unsent steps are voided and never sent, an
// applied room charge queues a reversal, a cash sale already on a PMS invoice is refused, and a step
// whose outcome is being checked blocks the void. The journal keeps the sale and the reason.
// Each case: docs/outbox.md, "Voiding".

import { changeSales, readSale, type SaleEntry, type SaleWrite } from '../storage/outbox-store.ts';
import type { IntentRecord, SaleRecord } from '../storage/records.ts';
import {
  ADD_CASH_INVOICE_PRODUCTS,
  ADD_ROOM_PRODUCTS,
  CREATE_CASH_INVOICE,
  type CreatedCashInvoice,
} from './intents/index.ts';
import { RECORD_IN_LEDGER } from './intents/ledger-record.ts';
import { RECORD_VOID_IN_LEDGER } from './intents/ledger-void.ts';
import { isRefusal, OutboxActionRefused, type OutboxRefusal } from './refusal.ts';
import { queueReversal } from './reversal.ts';
import type { SaleOrigin } from './sale-draft.ts';
import { currentSteps, resettle } from './sale-state.ts';
import { announceOutboxChange } from './status.ts';
import { voided } from './transitions.ts';
import { voidOnLedger } from './void-unsent.ts';

/**
 * Voids a sale with a reason; see the header for what each kind allows. Answers the reversal sale
 * when voiding queued one.
 */
export async function voidSale(
  saleId: string,
  reason: string,
  origin: SaleOrigin,
): Promise<SaleRecord | undefined> {
  if (!reason.trim()) throw new OutboxActionRefused({ code: 'void-needs-reason' });
  const now = origin.at ?? Date.now();
  const first = await readSale(saleId);
  const ids = first?.sale.reversedBy ? [saleId, first.sale.reversedBy] : [saleId];
  let queuedEntry = false;
  const outcome = await changeSales(
    ids,
    ([entry, reversal]): SaleWrite<OutboxRefusal | (() => SaleRecord | undefined)> => {
      if (!entry || entry.sale.reversedBy !== first?.sale.reversedBy)
        return { value: { code: 'sale-changed' } };
      const refusal = voidRefusal(entry);
      if (refusal) return { value: refusal };
      const applied = (name: string) =>
        currentSteps(entry.intents).some((i) => i.name === name && i.state === 'done');
      const voidedSale: SaleRecord = { ...entry.sale, voided: { reason, at: now, staff: origin.staff } };
      const stepsVoided = voidOpenSteps(entry, now);
      const note = `Voided by ${origin.staff}: ${reason}${leftInPms(entry)}`;
      const voidedEntry = { ...resettle(voidedSale, [...entry.intents, ...stepsVoided], now, note) };
      if (entry.sale.kind === 'room-charge' && applied(ADD_ROOM_PRODUCTS) && !entry.sale.reversedBy) {
        const queued = queueReversal(entry, origin, now, reason, voidedEntry);
        queuedEntry = true;
        return { ...queued, intents: stepsVoided };
      }
      const also =
        reversal && !applied(ADD_ROOM_PRODUCTS) ? voidReversal(reversal, now) : { sales: [], intents: [] };
      // The ledger gets the void, and the sale first when it did not hold it yet (void-unsent.ts).
      const onLedger = voidOnLedger(entry, origin, now, reason);
      queuedEntry = onLedger !== undefined;
      return {
        sales: [voidedEntry, ...also.sales],
        intents: [...stepsVoided, ...also.intents],
        ...(onLedger ? { newSale: onLedger } : {}),
        value: () => undefined,
      };
    },
  );
  if (isRefusal(outcome)) throw new OutboxActionRefused(outcome);
  // A void that queued an entry (a reversal, or the void's ledger record) is news the replayer
  // acts on, as a recorded sale is: without it that entry waits for some later run.
  announceOutboxChange({ type: queuedEntry ? 'recorded' : 'changed', saleId });
  return outcome();
}

/**
 * Throws the refusal `voidSale` would give the sale as it stands now, so staff are not asked for a
 * manager's PIN for a void that cannot go ahead.
 * @example await checkVoid(id); const approval = await askManager(); await voidSale(id, reason, origin);
 */
export async function checkVoid(saleId: string): Promise<void> {
  const entry = await readSale(saleId);
  const refusal = entry ? voidRefusal(entry) : { code: 'sale-changed' as const };
  if (refusal) throw new OutboxActionRefused(refusal);
}

function voidRefusal(entry: SaleEntry): OutboxRefusal | undefined {
  const { sale } = entry;
  const steps = currentSteps(entry.intents);
  if (sale.status === 'voided') return { code: 'already-voided', reference: sale.reference };
  // A whole reversal would take back units a take-back by line already took: the rest goes by line.
  if (sale.takeBacks?.length) return { code: 'partly-taken-back', reference: sale.reference };
  if (sale.kind === 'cash-cancellation') return { code: 'is-cancellation', reference: sale.reference };
  // The record of a void itself (void-unsent.ts): voiding it would lose both records again.
  if (steps.some((i) => i.name === RECORD_VOID_IN_LEDGER))
    return { code: 'is-cancellation', reference: sale.reference };
  const checking = steps.find((i) => i.state === 'in-flight' || i.state === 'unsure');
  if (checking?.name === RECORD_IN_LEDGER) return { code: 'still-recording', reference: sale.reference };
  if (checking) return { code: 'still-checking', step: checking.step };
  if (
    sale.kind === 'cash-sale' &&
    steps.some((i) => i.name === ADD_CASH_INVOICE_PRODUCTS && i.state === 'done')
  ) {
    return { code: 'items-on-pms-invoice', reference: sale.reference };
  }
  if (sale.kind === 'product-creation' && sale.status === 'synced')
    return { code: 'product-exists', reference: sale.reference };
  if (sale.kind === 'charge-reversal' && sale.status === 'synced')
    return { code: 'items-already-off-room', reference: sale.reference };
  return undefined;
}

function voidOpenSteps(entry: SaleEntry, now: number): IntentRecord[] {
  return currentSteps(entry.intents)
    .filter((i) => voided.from.includes(i.state))
    .map((i) => voided(i, now));
}

/** The pending reversal of a charge that never reached the room: nothing to take back. */
function voidReversal(reversal: SaleEntry, now: number): { sales: SaleRecord[]; intents: IntentRecord[] } {
  if (voidRefusal(reversal)) return { sales: [], intents: [] };
  const intents = voidOpenSteps(reversal, now);
  const sale = { ...reversal.sale, voided: { reason: 'the charge it takes back was voided', at: now } };
  return {
    sales: [resettle(sale, [...reversal.intents, ...intents], now, 'Voided: nothing to take back.')],
    intents,
  };
}

/** What a void leaves in the PMS, for the note: the empty invoice a voided cash sale opened. */
function leftInPms(entry: SaleEntry): string {
  const created = currentSteps(entry.intents).find(
    (i) => i.name === CREATE_CASH_INVOICE && i.state === 'done',
  );
  const invoiceId = (created?.result as CreatedCashInvoice | undefined)?.invoiceId;
  return invoiceId ? ` (cash invoice ${invoiceId} stays open and empty in the PMS)` : '';
}
