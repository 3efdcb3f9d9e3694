// What the staff views read about individual sales: the journal, newest first, and one sale with its
// steps in staff words. Owns nothing but the translation; the rows come from the storage layer, so
// views (through the state layer) never touch IndexedDB themselves.
import { listSales } from '../storage/journal-queries.ts';
import { readSale } from '../storage/outbox-store.ts';
import type { IntentError, IntentState, SaleRecord, SaleStatus } from '../storage/records.ts';
import { ADD_ROOM_PRODUCTS, type AddedRoomItems, definitionOf, stepMarker } from './intents/index.ts';
import { currentSteps } from './sale-state.ts';

export interface SaleStep {
  step: number;
  /** e.g. 'Close the invoice with the payment' */
  title: string;
  state: IntentState;
  /** The step's name in notes, e.g. 'K7QM-1F/2' (no longer in the PMS line names). */
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

/**
 * The PMS item ids a confirmed room charge made, one per line in line order; [] until confirmed.
 * Line names carry no sale marker: these ids are how the till knows its items on a room.
 * @example const [firstLineItem] = await chargedItemIds(sale.id);
 */
export async function chargedItemIds(saleId: string): Promise<number[]> {
  const entry = await readSale(saleId);
  const step = entry?.intents.find((intent) => intent.name === ADD_ROOM_PRODUCTS && intent.state === 'done');
  return ((step?.result as AddedRoomItems | undefined)?.items ?? []).map((item) => item.invoiceItemId);
}
