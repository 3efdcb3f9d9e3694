// A completed sale's receipt on its way to the till server's print queue: kept in localStorage
// until the server took it (or said the outlet has no receipt printer), sent oldest first and
// again after a failure, so it reaches the queue exactly once (the server keys it by the sale id)
// across reloads. The tablet names only the sale: the server prints it from its ledger record
// (and mostly has already, when the ledger step recorded it); before that record arrives the
// server answers 409 `sale_not_recorded`, and the receipt waits like after a failure.
import { TillServerError } from '../../pms/device-calls';
import { type PrintLanguage, sendReceiptToPrinter } from '../../pms/print-calls';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';
import { settings } from '../device';
import { printLanguage, printStatus } from './print-status';
import type { ReceiptData } from './receipt';

/** A receipt not taken by the queue within a day is dropped (it would print long after the guest left). */
const PENDING_FOR_MS = 24 * 3_600_000;

interface PendingReceipt {
  saleId: string;
  language: PrintLanguage;
  since: number;
}

/** The receipts waiting to reach the server's queue, oldest first. */
export const pending = (): PendingReceipt[] => {
  const saved = readLocal(LOCAL_KEYS.printPending);
  return Array.isArray(saved)
    ? saved.filter((entry: Partial<PendingReceipt>) => typeof entry?.saleId === 'string')
    : [];
};
const keepPending = (entries: PendingReceipt[]) => writeLocal(LOCAL_KEYS.printPending, entries);

/** The hotel's letterhead as the tablet's settings have it (the server prints it on the slips). */
export function letterhead(): { hotelName: string; hotelAddress: string; vatId: string } {
  const { hotelName, hotelAddress, vatId } = settings();
  return {
    hotelName: hotelName.slice(0, 120),
    hotelAddress: hotelAddress.slice(0, 200),
    vatId: vatId.slice(0, 20),
  };
}

/** Whether the error means "try again later" (no answer, or the server failing). */
const isTransient = (error: unknown) =>
  !(error instanceof TillServerError) ||
  error.status === null ||
  error.status >= 500 ||
  error.code === 'sale_not_recorded';

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
              saleId: entry.saleId,
              language: entry.language,
              header: letterhead(),
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
        language: printLanguage(),
        since: Date.now(),
      },
    ]);
  }
  return sendPending();
}
