// Printing at the till server's printers. Owns: the outlet's printer state as the server last said
// it (polled every few seconds while the till is open: `printStatus`), the receipts the server's
// queue has not taken yet (kept in localStorage and sent again until it answers, so a completed
// sale's receipt reaches the queue exactly once, keyed there by the sale id, across reloads), and
// sending copies, refund slips, a ticket's order, and giving up a job. With no printer set up or the server out
// of reach, the callers fall back to the browser's print dialog.
import { createSignal } from 'solid-js';
import { pmsInvoiceOf } from '../outbox/invoice-of';
import { TillServerError } from '../pms/device-calls';
import {
  fetchPrintStatus,
  giveUpPrintJob,
  type PrintableReceipt,
  type PrintLanguage,
  type PrintStatus,
  sendCancellationToPrinter,
  sendOrder,
  sendReceiptToPrinter,
} from '../pms/print-calls';
import { LOCAL_KEYS, readLocal, writeLocal } from '../storage/local';
import { readSale } from '../storage/outbox-store';
import type { SaleRecord } from '../storage/records';
import type { ReceiptData } from './receipt';
import { settings } from './settings';
import { actingStaff } from './staff-session';
import { currentTicket } from './ticket';

/** How often the printer state is asked for where the outlet has printers: "paper out" shows on
 * the tablet within this and a bit. */
export const PRINT_STATUS_EVERY_MS = 3000;
/** ... and where it has none (a printer may be set up meanwhile). */
const NO_PRINTERS_EVERY_MS = 60_000;
/** A receipt not taken by the queue within a day is dropped (it would print long after the guest left). */
const PENDING_FOR_MS = 24 * 3_600_000;

const [printStatus, setPrintStatus] = createSignal<PrintStatus | null>(null);

/** The outlet's printers and what needs attention; null until the server answered (reactive). */
export { printStatus };

let language: PrintLanguage = 'de';
/** The language slips print in: the UI's (set by the app as it changes). */
export function setPrintLanguage(next: PrintLanguage): void {
  language = next;
}

interface PendingReceipt {
  saleId: string;
  receipt: PrintableReceipt;
  language: PrintLanguage;
  since: number;
}

const pending = (): PendingReceipt[] => {
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
function sendPending(): Promise<void> {
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
      { saleId: receipt.saleId, receipt: printableReceipt(receipt), language, since: Date.now() },
    ]);
  }
  return sendPending();
}

/** Whether the receipt of `saleId` is still waiting to reach the server's queue. */
export function isReceiptPending(saleId: string): boolean {
  return pending().some((entry) => entry.saleId === saleId);
}

/**
 * Prints a copy at the outlet's receipt printer; answers the printer's name, or null when the
 * browser's dialog must do (no printer, or the server is out of reach).
 */
export async function printCopy(receipt: ReceiptData): Promise<string | null> {
  try {
    // A copy is printed later: by then the PMS invoice is often known, and printed on it.
    const entry = await readSale(receipt.saleId).catch(() => undefined);
    const invoiceId = entry ? pmsInvoiceOf(entry.intents) : undefined;
    const job = await sendReceiptToPrinter(settings().gatewayUrl, {
      receipt: { ...printableReceipt(receipt), ...(invoiceId ? { invoiceNumber: String(invoiceId) } : {}) },
      language,
      copyId: crypto.randomUUID(),
    });
    return job.printerName;
  } catch {
    return null;
  }
}

/**
 * Prints a refund's cancellation slip at the outlet's receipt printer (once per cancellation; a
 * cash refund opens the drawer); answers the printer's name, or null when the dialog must do.
 */
export async function printCancellationSlip(
  cancellation: SaleRecord,
  original: SaleRecord,
  paid: { methodName: string; isCash: boolean },
): Promise<string | null> {
  const { hotelName, hotelAddress, vatId, currency } = settings();
  try {
    const job = await sendCancellationToPrinter(settings().gatewayUrl, {
      language,
      slip: {
        cancellationId: cancellation.id,
        reference: original.reference,
        saleAt: original.createdAt,
        createdAt: cancellation.createdAt,
        staffName: cancellation.staff,
        reason: cancellation.reason ?? '',
        lines: cancellation.lines.map((line) => ({
          name: line.name,
          quantity: line.quantity,
          totalCents: Math.abs(line.quantity * line.unitPriceCents),
        })),
        totalCents: Math.abs(cancellation.totalCents),
        paymentMethodName: paid.methodName,
        isCash: paid.isCash,
        currency,
        header: { hotelName, hotelAddress, vatId },
      },
    });
    return job.printerName;
  } catch {
    return null;
  }
}

/**
 * Sends the current ticket's order: the server prints the lines added since its last send.
 * @throws TillServerError (`unreachable`, `no_printer`, ...)
 */
export async function sendTicketOrder(): Promise<{ printers: string[]; unrouted: string[] }> {
  const ticket = currentTicket();
  const answer = await sendOrder(settings().gatewayUrl, {
    ticketId: ticket.id,
    // The tab's name (table, room, guest); an unnamed ticket is the till's.
    place: ticket.label || settings().tillName,
    staffName: actingStaff().staff,
    note: ticket.note,
    language,
    lines: ticket.lines.map((line) => ({
      key: line.key,
      name: line.name,
      quantity: line.quantity,
      commodityGroupId: line.commodityGroupId,
    })),
  });
  return { printers: [...new Set(answer.jobs.map((job) => job.printerName))], unrouted: answer.unrouted };
}

/** Gives up a waiting or held job (a person decided it will not print). */
export async function giveUpJob(id: number): Promise<void> {
  await giveUpPrintJob(settings().gatewayUrl, id);
  await refreshPrintStatus();
}

/** Asks the server for the printer state now; unknown (null) when it does not answer. */
export async function refreshPrintStatus(): Promise<void> {
  try {
    setPrintStatus(await fetchPrintStatus(settings().gatewayUrl));
    if (pending().length > 0) void sendPending();
  } catch {
    setPrintStatus(null);
  }
}

/**
 * Asks for the printer state while the page is visible and online (every few seconds where the
 * outlet has printers, else every minute), and sends waiting receipts whenever the server answers;
 * answers a stop function.
 * @example onCleanup(watchPrinters());
 */
export function watchPrinters(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const next = () => {
    const status = printStatus();
    const hasPrinters = !!status && (status.receiptPrinter || status.orderPrinters > 0);
    timer = setTimeout(
      tick,
      hasPrinters || pending().length > 0 ? PRINT_STATUS_EVERY_MS : NO_PRINTERS_EVERY_MS,
    );
  };
  const tick = async () => {
    if (document.visibilityState === 'visible' && navigator.onLine) await refreshPrintStatus();
    if (!stopped) next();
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
