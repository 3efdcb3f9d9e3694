// Printing at the till server's printers. Owns: asking for the outlet's printer state (every few
// seconds where it has printers: print-status.ts keeps it), and sending copies, refund slips, a
// ticket's order, and giving up a job; completed sales' receipts go through receipt-printing.ts.
// With no printer set up or the server out of reach, the callers fall back to the browser's print
// dialog.
import {
  fetchPrintStatus,
  giveUpPrintJob,
  sendCancellationToPrinter,
  sendOrder,
  sendReceiptToPrinter,
} from '../../pms/print-calls';
import type { SaleRecord } from '../../storage/records';
import { deviceState, settings, whenPaired } from '../device';
import { actingStaff } from '../staff';
import { currentTicket } from '../ticket';
import { onPrintLanguage, printLanguage, printStatus, setPrintStatus } from './print-status';
import type { ReceiptData } from './receipt';
import { letterhead, pending, sendPending } from './receipt-printing';

export { printStatus, setPrintLanguage } from './print-status';
export { queueReceiptPrint } from './receipt-printing';

/** How often the printer state is asked for where the outlet has printers: "paper out" shows on
 * the tablet within this and a bit. */
export const PRINT_STATUS_EVERY_MS = 3000;
/** ... and where it has none (a printer may be set up meanwhile). */
const NO_PRINTERS_EVERY_MS = 60_000;

/**
 * Prints a copy at the outlet's receipt printer (the server makes it from the sale's ledger record,
 * with the PMS invoice number once reported); answers the printer's name, or null when the
 * browser's dialog must do (no printer, the sale not recorded yet, or the server out of reach).
 */
export async function printCopy(receipt: ReceiptData): Promise<string | null> {
  try {
    const answer = await sendReceiptToPrinter(settings().gatewayUrl, {
      saleId: receipt.saleId,
      language: printLanguage(),
      copyId: crypto.randomUUID(),
      header: letterhead(),
    });
    return answer.job ? answer.job.printerName : null;
  } catch {
    return null;
  }
}

/**
 * Prints a refund's cancellation slip at the outlet's receipt printer, made by the server from the
 * refund's ledger record (once per record; a cash refund opens the drawer); answers the printer's
 * name, or null when the dialog must do.
 */
export async function printCancellationSlip(cancellation: SaleRecord): Promise<string | null> {
  try {
    const answer = await sendCancellationToPrinter(settings().gatewayUrl, {
      saleId: cancellation.id,
      language: printLanguage(),
      header: letterhead(),
    });
    // Its record still on its way: the server prints the slip as it arrives.
    return answer.job ? answer.job.printerName : answer.printerName;
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
    setPrintStatus(await fetchPrintStatus(settings().gatewayUrl, undefined, printLanguage(), letterhead()));
    if (pending().length > 0) void sendPending();
  } catch {
    setPrintStatus(null);
  }
}

/** Whether the server last said this tablet is paired (before that, the printers are not asked). */
const paired = () => deviceState().kind === 'paired';

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
    const asking = document.visibilityState === 'visible' && navigator.onLine && paired();
    if (asking) await refreshPrintStatus();
    if (!stopped) next();
  };
  // The server prints receipts as the ledger records them, in the language it was last told.
  onPrintLanguage(() => {
    if (paired()) void refreshPrintStatus();
  });
  // An unpaired tablet asks nothing of the server but whether it is paired (device.ts).
  void whenPaired().then(() => {
    if (!stopped) void tick();
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
