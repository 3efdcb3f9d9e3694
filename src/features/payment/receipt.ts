// The receipt of a completed cash sale. Owns: what a receipt shows (built once, when the sale is
// recorded, so it never changes under the guest's eyes; the outlet's header of that moment), keeping
// the last one in localStorage and the recent ones (for copies) in IndexedDB beside the journal
// (localStorage too, as before; a killed browser may lose localStorage's last writes), and the sale's
// live status towards the PMS with its invoice number once confirmed, read from the journal and
// again whenever the outbox changes.
import { type Accessor, createSignal, onCleanup } from 'solid-js';
import { pmsInvoiceOf } from '../../outbox/invoice-of';
import { subscribeOutbox } from '../../outbox/status';
import type { FiscalReceipt } from '../../pms/fiscal-wire';
import type { Cents } from '../../pms/money';
import type { LineDiscount } from '../../rules/ticket-lines';
import type { Totals } from '../../rules/totals';
import { dropKeptReceipts, readKeptReceipts, setMeta } from '../../storage/db';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';
import { readSale } from '../../storage/outbox-store';
import type { CardPaymentRecord, SaleStatus, StandaloneCardRecord } from '../../storage/records';
import { receiptHeader } from '../device';
import { type LedgerFiscal, ledgerFiscalOf } from './fiscal-receipt';

/** The hotel as the receipt's header names it (settings at the time of the sale). */
export interface ReceiptHeader {
  hotelName: string;
  hotelAddress: string;
  vatId: string;
}

/** The sale as the PMS has it: its journal status, and the PMS invoice once created. */
export interface SaleProgress {
  status: SaleStatus;
  invoiceId?: number;
  /** What the till server's ledger answered: recorded yet, and its fiscal block. */
  ledger: LedgerFiscal;
}

/** How many receipts the till keeps for copies (a busy bar's shift, with room to spare). */
const KEPT_RECEIPTS = 300;

export interface ReceiptLine {
  name: string;
  quantity: number;
  unitPriceCents: Cents;
  totalCents: Cents;
  /** The line's own discount (issue 14): the price before it and what was given. */
  discount?: LineDiscount;
}

/** A discount on the sale as the receipt shows it: the total before and what was taken off. */
export interface ReceiptDiscount {
  beforeCents: Cents;
  cents: Cents;
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
  /** A ticket discount (issue 14); the lines carry the discounted prices sent to the PMS. */
  discount?: ReceiptDiscount;
  /** Stamped by `setLastReceipt` when the receipt is kept; absent on receipts of older versions. */
  header?: ReceiptHeader;
  /** The fiscal block, fixed once decided (`stampFiscal`): the TSE's data or the outage mark. */
  fiscal?: FiscalReceipt;
  /** Paid by card through the terminal: brand, masked PAN, terminal data and the tip (issue 25). */
  card?: CardPaymentRecord;
  /** Paid by card on a stand-alone terminal: the terminal's receipt number staff typed (issue 30). */
  standaloneCard?: StandaloneCardRecord;
}

const [lastReceipt, setLastReceiptSignal] = createSignal<ReceiptData | null>(loadReceipt());

/** The last completed sale's receipt on this till (reactive), or null. */
export { lastReceipt };

/**
 * Shows (and keeps) `receipt` as the last receipt, with this outlet's receipt header now, and
 * keeps it among the receipts copies can be printed of.
 */
export function setLastReceipt(receipt: ReceiptData): void {
  const kept: ReceiptData = { ...receipt, header: receipt.header ?? receiptHeader() };
  setLastReceiptSignal(kept);
  writeLocal(LOCAL_KEYS.lastReceipt, kept);
  keep([...keptReceipts().filter((r) => r.saleId !== kept.saleId), kept].slice(-KEPT_RECEIPTS), kept);
}

/** Keeps `all` as the receipts copies are printed of, `changed` among them, in both stores. */
function keep(all: ReceiptData[], changed: ReceiptData): void {
  setKept(all);
  writeLocal(LOCAL_KEYS.receipts, all);
  setMeta(`receipt:${changed.saleId}`, changed).catch((error: unknown) =>
    console.error('[receipt] could not keep the receipt in IndexedDB', error),
  );
}

const [kept, setKept] = createSignal<ReceiptData[]>(localReceipts());

function localReceipts(): ReceiptData[] {
  const saved = readLocal(LOCAL_KEYS.receipts);
  return Array.isArray(saved) ? saved.filter(isReceipt) : [];
}

/**
 * Fixes the fiscal block of a kept receipt (and of the last one), once: a receipt that has one
 * keeps it (a printed receipt never changes). Answers the block the receipt has now.
 */
export function stampFiscal(saleId: string, fiscal: FiscalReceipt): FiscalReceipt {
  const kept = keptReceipts();
  const found = kept.find((r) => r.saleId === saleId);
  if (found?.fiscal) return found.fiscal;
  if (found) {
    const stamped = { ...found, fiscal };
    keep(
      kept.map((r) => (r.saleId === saleId ? stamped : r)),
      stamped,
    );
  }
  const last = lastReceipt();
  if (last?.saleId === saleId && !last.fiscal) {
    const stamped = { ...last, fiscal };
    setLastReceiptSignal(stamped);
    writeLocal(LOCAL_KEYS.lastReceipt, stamped);
  }
  return fiscal;
}

/**
 * The receipts kept on this till, oldest first (the last few hundred), for printing copies
 * (reactive; `loadKeptReceipts` adds those only IndexedDB still has).
 * @example const receipt = keptReceipts().find((r) => r.saleId === sale.id);
 */
export function keptReceipts(): ReceiptData[] {
  return kept();
}

/**
 * Reads the receipts kept in IndexedDB and joins them with localStorage's; drops the oldest beyond
 * the few hundred the till keeps.
 * @example onMount(() => void loadKeptReceipts());
 */
export async function loadKeptReceipts(): Promise<void> {
  const stored = await readKeptReceipts();
  const bySale = new Map(kept().map((receipt) => [receipt.saleId, receipt]));
  for (const { value } of stored) if (isReceipt(value)) bySale.set(value.saleId, value);
  const all = [...bySale.values()].sort((a, b) => a.createdAt - b.createdAt);
  const keep = all.slice(-KEPT_RECEIPTS);
  const keptIds = new Set(keep.map((receipt) => receipt.saleId));
  await dropKeptReceipts(
    stored.map(({ key }) => key).filter((key) => !keptIds.has(key.slice('receipt:'.length))),
  );
  setKept(keep);
}

/**
 * The journal status of a sale, updated as the outbox replays; undefined until first read.
 * Call inside a component.
 * @example const status = createSaleStatus(() => receipt.saleId); status() === 'synced'
 */
export function createSaleStatus(saleId: Accessor<string>): Accessor<SaleStatus | undefined> {
  const progress = createSaleProgress(saleId);
  return () => progress()?.status;
}

/**
 * The sale's status and PMS invoice, updated as the outbox replays; undefined until first read.
 * Call inside a component.
 * @example const progress = createSaleProgress(() => receipt.saleId); progress()?.invoiceId
 */
export function createSaleProgress(saleId: Accessor<string>): Accessor<SaleProgress | undefined> {
  const [status, setStatus] = createSignal<SaleProgress>();
  let disposed = false;
  const read = () => {
    const id = saleId();
    readSale(id).then(
      (entry) => {
        if (disposed || id !== saleId()) return;
        const invoiceId = entry ? pmsInvoiceOf(entry.intents) : undefined;
        setStatus(
          entry
            ? {
                status: entry.sale.status,
                ...(invoiceId ? { invoiceId } : {}),
                ledger: ledgerFiscalOf(entry.intents),
              }
            : undefined,
        );
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
  const saved = readLocal(LOCAL_KEYS.lastReceipt);
  return isReceipt(saved) ? saved : null;
}

function isReceipt(value: unknown): value is ReceiptData {
  const saved = value as Partial<ReceiptData> | undefined;
  return (
    typeof saved?.saleId === 'string' &&
    Array.isArray(saved.lines) &&
    typeof saved.totals?.grossCents === 'number'
  );
}
