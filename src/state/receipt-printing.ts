// A completed sale's receipt on its way to the till server's print queue: kept in localStorage
// until the server took it (or said the outlet has no receipt printer), sent oldest first and
// again after a failure, so it reaches the queue exactly once (the server keys it by the sale id)
// across reloads. Also what the printer prints of a receipt the tablet showed.
import { TillServerError } from '../pms/device-calls';
import { type PrintableReceipt, type PrintLanguage, sendReceiptToPrinter } from '../pms/print-calls';
import { LOCAL_KEYS, readLocal, writeLocal } from '../storage/local';
import { printLanguage, printStatus } from './print-status';
import type { ReceiptData } from './receipt';
import { settings } from './settings';

/** A receipt not taken by the queue within a day is dropped (it would print long after the guest left). */
const PENDING_FOR_MS = 24 * 3_600_000;

interface PendingReceipt {
  saleId: string;
  receipt: PrintableReceipt;
  language: PrintLanguage;
  since: number;
}

/** The receipts waiting to reach the server's queue, oldest first. */
export const pending = (): PendingReceipt[] => {
  const saved = readLocal(LOCAL_KEYS.printPending);
  return Array.isArray(saved)
    ? saved.filter((entry: Partial<PendingReceipt>) => typeof entry?.saleId === 'string' && entry.receipt)
    : [];
};
const keepPending = (entries: PendingReceipt[]) => writeLocal(LOCAL_KEYS.printPending, entries);

/** What the printer prints of a receipt the tablet showed. */
export function printableReceipt(receipt: ReceiptData): PrintableReceipt {
  return {
    saleId: receipt.saleId,
    reference: receipt.reference,
    createdAt: receipt.createdAt,
    tillName: receipt.tillName,
    outletName: receipt.outletName,
    staffName: receipt.staffName,
    ...(receipt.header ? { header: receipt.header } : {}),
    lines: receipt.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
      ...(line.discount ? { listPriceCents: line.discount.listPriceCents } : {}),
    })),
    note: receipt.note,
    ...(receipt.discount ? { discount: receipt.discount } : {}),
    grossCents: receipt.totals.grossCents,
    taxes: receipt.totals.taxes.map(({ name, ratePercent, grossCents, taxCents, netCents }) => ({
      name,
      ratePercent,
      grossCents,
      taxCents,
      netCents,
    })),
    paymentMethodName: receipt.paymentMethodName,
    isCash: receipt.isCash,
    tenderedCents: receipt.tenderedCents,
    changeCents: receipt.changeCents,
    currency: receipt.currency,
  };
}

/** Whether the error means "try again later" (no answer, or the server failing). */
const isTransient = (error: unknown) =>
  !(error instanceof TillServerError) || error.status === null || error.status >= 500;

let sending: Promise<void> | null = null;

/** Sends every pending receipt, oldest first, once the server said the outlet has a receipt
 * printer (none: they are dropped, the browser's dialog prints); keeps those not answered. */
export function sendPending(): Promise<void> {
  const status = printStatus();
  if (!status) return Promise.resolve();
  if (!status.receiptPrinter) {
    keepPending([]);
    return Promise.resolve();
  }
  sending ??= (async () => {
    try {
      for (const entry of pending()) {
        let done = Date.now() - entry.since > PENDING_FOR_MS;
        if (!done) {
          try {
            await sendReceiptToPrinter(settings().gatewayUrl, {
              receipt: entry.receipt,
              language: entry.language,
            });
            done = true;
          } catch (error) {
            if (isTransient(error)) break; // in order: the rest waits too
            done = true; // no printer (409), or refused: the browser's dialog is the way
          }
        }
        if (done) keepPending(pending().filter((other) => other.saleId !== entry.saleId));
      }
    } finally {
      sending = null;
    }
  })();
  return sending;
}

/**
 * Hands a completed sale's receipt to the server's print queue (no dialog); kept and sent again
 * until the server answers. A receipt already handed over is not sent again.
 * @example queueReceiptPrint(receipt);
 */
export function queueReceiptPrint(receipt: ReceiptData): Promise<void> {
  const entries = pending();
  if (!entries.some((entry) => entry.saleId === receipt.saleId)) {
    keepPending([
      ...entries,
      {
        saleId: receipt.saleId,
        receipt: printableReceipt(receipt),
        language: printLanguage(),
        since: Date.now(),
      },
    ]);
  }
  return sendPending();
}
