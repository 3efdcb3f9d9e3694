// Which PMS invoice a cash sale was made on: the result of its create step, once the PMS answered.
// Kept apart from the intents' registry so the receipt can read it without the replay code.
import type { IntentRecord } from '../storage/records.ts';
import { CREATE_CASH_INVOICE, type CreatedCashInvoice } from './intents/cash-invoice.ts';
import { currentSteps } from './sale-state.ts';

/**
 * The PMS invoice of a cash sale, once the PMS created it; undefined before (and for other kinds).
 * @example pmsInvoiceOf(entry.intents) === 39
 */
export function pmsInvoiceOf(intents: readonly IntentRecord[]): number | undefined {
  const created = currentSteps(intents).find((i) => i.name === CREATE_CASH_INVOICE && i.state === 'done');
  return (created?.result as CreatedCashInvoice | undefined)?.invoiceId;
}
