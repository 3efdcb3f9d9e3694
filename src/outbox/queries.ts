// What the staff views read about individual sales: the journal, newest first, and one sale with its
// steps in staff words. Owns nothing but the translation; the rows come from the storage layer, so
// views (through the state layer) never touch IndexedDB themselves.
import { listSales } from '../storage/journal-queries.ts';
import { readSale } from '../storage/outbox-store.ts';
import type { IntentError, IntentState, SaleRecord, SaleStatus } from '../storage/records.ts';
import { definitionOf, stepMarker } from './intents/index.ts';
import { currentSteps } from './sale-state.ts';

export interface SaleStep {
  step: number;
  /** e.g. 'Close the invoice with the payment' */
  title: string;
  state: IntentState;
  /** What to search for in the PMS line names, e.g. 'K7QM-1F/2'. */
  marker: string;
  attempts: number;
  lastError?: IntentError;
}

export interface SaleDetail {
  sale: SaleRecord;
  /** The current revision of each step, in order. */
  steps: SaleStep[];
}

/**
 * The newest sales first, all or of one status (e.g. the "needs attention" list).
 * @example const stuck = await listJournal({ status: 'needs-attention' });
 */
export function listJournal(options: { status?: SaleStatus; limit?: number } = {}): Promise<SaleRecord[]> {
  return listSales(options);
}

/**
 * One sale with its steps, or undefined.
 * @example const detail = await readSaleDetail(id); detail?.steps.map((s) => `${s.title}: ${s.state}`);
 */
export async function readSaleDetail(saleId: string): Promise<SaleDetail | undefined> {
  const entry = await readSale(saleId);
  if (!entry) return undefined;
  const steps = currentSteps(entry.intents).map((intent) => ({
    step: intent.step,
    title: definitionOf(intent.name)?.title ?? intent.name,
    state: intent.state,
    marker: stepMarker(entry.sale.reference, intent.step, intent.revision),
    attempts: intent.attempts,
    ...(intent.lastError ? { lastError: intent.lastError } : {}),
  }));
  return { sale: entry.sale, steps };
}
