// Printing at the till server's printers. Owns: asking for the outlet's printer state (every few
// seconds where it has printers: print-status.ts keeps it), and sending copies, refund slips, a
// ticket's order, and giving up a job; completed sales' receipts go through receipt-printing.ts.
// With no printer set up or the server out of reach, the callers fall back to the browser's print
// dialog.
import { pmsInvoiceOf } from '../outbox/invoice-of';
import {
  fetchPrintStatus,
  giveUpPrintJob,
  sendCancellationToPrinter,
  sendOrder,
  sendReceiptToPrinter,
} from '../pms/print-calls';
import { readSale } from '../storage/outbox-store';
import type { SaleRecord } from '../storage/records';
import { printLanguage, printStatus, setPrintStatus } from './print-status';
import type { ReceiptData } from './receipt';
import { pending, printableReceipt, sendPending } from './receipt-printing';
import { settings } from './settings';
import { actingStaff } from './staff-session';
import { currentTicket } from './ticket';

export { printStatus, setPrintLanguage } from './print-status';
export { queueReceiptPrint } from './receipt-printing';

/** How often the printer state is asked for where the outlet has printers: "paper out" shows on
 * the tablet within this and a bit. */
export const PRINT_STATUS_EVERY_MS = 3000;
/** ... and where it has none (a printer may be set up meanwhile). */
const NO_PRINTERS_EVERY_MS = 60_000;

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
      language: printLanguage(),
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
      language: printLanguage(),
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
    language: printLanguage(),
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
