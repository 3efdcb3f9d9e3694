// The receipt of a completed cash sale. Owns: what a receipt shows (built once, when the sale is
// recorded, so it never changes under the guest's eyes), keeping the last one in localStorage so a
// reload does not lose it, and the sale's live status towards the PMS (pending until confirmed),
// read from the journal and again whenever the outbox changes.
import { type Accessor, createSignal, onCleanup } from 'solid-js';
import { subscribeOutbox } from '../outbox/status';
import type { Cents } from '../pms/money';
import type { Totals } from '../rules/totals';
import { LOCAL_KEYS, readLocal, writeLocal } from '../storage/local';
import { readSale } from '../storage/outbox-store';
import type { SaleStatus } from '../storage/records';

export interface ReceiptLine {
  name: string;
  quantity: number;
  unitPriceCents: Cents;
  totalCents: Cents;
}

export interface ReceiptData {
  saleId: string;
  /** The sale reference, also in the PMS line names. */
  reference: string;
  createdAt: number;
  tillName: string;
  outletName: string;
  staffName: string;
  lines: ReceiptLine[];
  note: string;
  totals: Totals;
  paymentMethodName: string;
  isCash: boolean;
  tenderedCents: Cents | null;
  changeCents: Cents | null;
  currency: string;
}

const [lastReceipt, setLastReceiptSignal] = createSignal<ReceiptData | null>(loadReceipt());

/** The last completed sale's receipt on this till (reactive), or null. */
export { lastReceipt };

/** Shows (and keeps) `receipt` as the last receipt. */
export function setLastReceipt(receipt: ReceiptData): void {
  setLastReceiptSignal(receipt);
  writeLocal(LOCAL_KEYS.lastReceipt, receipt);
}

/**
 * The journal status of a sale, updated as the outbox replays; undefined until first read.
 * Call inside a component.
 * @example const status = createSaleStatus(() => receipt.saleId); status() === 'synced'
 */
export function createSaleStatus(saleId: Accessor<string>): Accessor<SaleStatus | undefined> {
  const [status, setStatus] = createSignal<SaleStatus>();
  let disposed = false;
  const read = () => {
    const id = saleId();
    readSale(id).then(
      (entry) => {
        if (!disposed && id === saleId()) setStatus(entry?.sale.status);
      },
      (error: unknown) => console.error('[receipt] could not read the sale', error),
    );
  };
  read();
  const unsubscribe = subscribeOutbox((event) => {
    if (!event.saleId || event.saleId === saleId()) read();
  });
  onCleanup(() => {
    disposed = true;
    unsubscribe();
  });
  return status;
}

function loadReceipt(): ReceiptData | null {
  const saved = readLocal(LOCAL_KEYS.lastReceipt) as Partial<ReceiptData> | undefined;
  const valid =
    typeof saved?.saleId === 'string' &&
    Array.isArray(saved.lines) &&
    typeof saved.totals?.grossCents === 'number';
  return valid ? (saved as ReceiptData) : null;
}
