// The catalogue's first page, kept in localStorage (storage/local.ts) beside the whole catalogue in
// IndexedDB: its first products in display order, every group, the tax classes and payment options.
// Owns that value's shape and its check on reading. Read synchronously at start, the grid shows it
// in the first frame; the whole catalogue is read after that frame (catalogue.ts; docs/ui-speed.md).
import type { PaymentOptions, Product, TaxClass } from '../../pms/wire';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';

/** Products the first page holds: a portrait tablet's grid full (8 rows of 6). */
export const FIRST_PAGE_PRODUCTS = 48;

export interface FirstPage {
  /** The refresh the whole catalogue came from. */
  refreshedAt: number;
  products: Product[];
  groups: { id: number; name: string; productCount: number }[];
  taxClasses: TaxClass[];
  paymentOptions: PaymentOptions;
}

/** Keeps the first page of a catalogue just cached (`products` in display order). */
export function keepFirstPage(page: Omit<FirstPage, 'products'> & { products: readonly Product[] }): void {
  writeLocal(LOCAL_KEYS.firstScreen, { ...page, products: page.products.slice(0, FIRST_PAGE_PRODUCTS) });
}

/** Forgets the first page: the cached catalogue changed without a refresh (a product added here). */
export function forgetFirstPage(): void {
  writeLocal(LOCAL_KEYS.firstScreen, undefined);
}

/** The kept first page, or undefined when there is none or it is not one. */
export function readFirstPage(): FirstPage | undefined {
  const saved = readLocal(LOCAL_KEYS.firstScreen) as Partial<FirstPage> | undefined;
  if (
    typeof saved !== 'object' ||
    saved === null ||
    typeof saved.refreshedAt !== 'number' ||
    !Array.isArray(saved.products) ||
    !Array.isArray(saved.groups) ||
    !Array.isArray(saved.taxClasses) ||
    !Array.isArray(saved.paymentOptions?.payment_methods) ||
    !Array.isArray(saved.paymentOptions?.invoice_templates)
  )
    return undefined;
  return saved as FirstPage;
}
