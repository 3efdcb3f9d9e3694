// Quick keys: the products sold most at this till, counted locally from the journal (the last
// sales recorded on this device) and bumped on every sale made here, so they adapt during a shift.
// Owns the counting and the choice; the counts never leave the device.
import { createSignal } from 'solid-js';
import type { Product } from '../../pms/wire';
import { listSales } from '../../storage/journal-queries';

/** How many recent journal entries are counted at start. */
const SALES_COUNTED = 500;
/** How many quick keys are shown. */
export const QUICK_KEY_COUNT = 8;

const [counts, setCounts] = createSignal<ReadonlyMap<number, number>>(new Map());
let loading: Promise<void> | undefined;

/** Counts the products of the recent journal (once). */
export function loadSalesCounts(): Promise<void> {
  loading ??= listSales({ limit: SALES_COUNTED })
    .then((sales) => {
      const next = new Map(counts());
      for (const sale of sales) {
        if (sale.status === 'voided' || (sale.kind !== 'cash-sale' && sale.kind !== 'room-charge')) continue;
        for (const line of sale.lines)
          next.set(line.productId, (next.get(line.productId) ?? 0) + line.quantity);
      }
      setCounts(next);
    })
    .catch((error: unknown) => console.error('[quick keys] could not read the journal', error));
  return loading;
}

/** Counts the lines of a sale just made. */
export function noteSold(lines: readonly { productId: number; quantity: number }[]): void {
  const next = new Map(counts());
  for (const line of lines) next.set(line.productId, (next.get(line.productId) ?? 0) + line.quantity);
  setCounts(next);
}

/**
 * The most sold products that are in the catalogue, most sold first (reactive).
 * @example <For each={quickKeys(catalogue().index.products)}>{(p) => <button>{p.name}</button>}</For>
 */
export function quickKeys(products: readonly Product[], count = QUICK_KEY_COUNT): Product[] {
  return topSellers(counts(), products, count);
}

/** Pure: the `count` products with the highest counts (ties: catalogue order). */
export function topSellers(
  sold: ReadonlyMap<number, number>,
  products: readonly Product[],
  count: number,
): Product[] {
  if (sold.size === 0) return [];
  return products
    .filter((p) => (sold.get(p.id) ?? 0) > 0)
    .sort((a, b) => (sold.get(b.id) ?? 0) - (sold.get(a.id) ?? 0))
    .slice(0, count);
}
