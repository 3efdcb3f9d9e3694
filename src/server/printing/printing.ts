// Printing on the server, put together: the printers (printers.ts), the queue (print-queue.ts)
// and what is printed: a recorded sale's receipt or a copy (made from the ledger: ledger-printing.ts) at the outlet's receipt printer, a ticket's
// new order lines at the order printers by routing, and the outlet's printer state. Job keys make
// every request idempotent: `<sale>:receipt:0` for the receipt, `<sale>:copy:<copyId>` per copy,
// `<ticket>:order:<round>:<printer>` per order ticket.
import type { Outlet } from '../../pms/device-calls.ts';
import type {
  OrderSend,
  PrintableCancellation,
  PrintableReceipt,
  PrintLanguage,
  PrintStatus,
} from '../../pms/print-calls.ts';
import type { HubDb } from '../hub/hub-db.ts';
import { LATE_PRINT_MS, type PrintDocument, type ReportSlip } from './document-types.ts';
import { takeNewLines } from './order-tickets.ts';
import { migratePrintTables } from './print-db.ts';
import { createPrintQueue, type PrintJob } from './print-queue.ts';
import { createPrinters, type Printer, routeLines } from './printers.ts';

export interface PrintingOptions {
  db: HubDb;
  /** The outlets' ids a printer may belong to (the hub's outlets); the three fixed ones without. */
  outlets?: () => readonly string[];
  retryMs?: number;
  timeoutMs?: number;
  now?: () => Date;
}

/** Why a print request cannot be queued (the outlet has no such printer). */
export class NoPrinterError extends Error {
  override readonly name = 'NoPrinterError';
}

/** A copy refused (issue 30): MAX_COPIES_WAITING of the sale's wait already, or it had MAX_COPIES. */
export class CopyLimitError extends Error {
  override readonly name = 'CopyLimitError';
}

/** Copies of one sale's receipt at most (ours), and how many may wait at once: so another sale's
 * receipt never queues behind more than a few copies. */
export const MAX_COPIES = 10;
export const MAX_COPIES_WAITING = 3;

export type Printing = ReturnType<typeof createPrinting>;

export function createPrinting(options: PrintingOptions) {
  const { db } = options;
  migratePrintTables(db);
  const now = options.now ?? (() => new Date());
  const printers = createPrinters(db, now, options.outlets);
  /** Now, when a sale made at `madeAt` is printed more than LATE_PRINT_MS later (no drawer, "printed later"). */
  const lateAt = (madeAt: number): number | undefined => {
    const at = now().getTime();
    return at - madeAt > LATE_PRINT_MS ? at : undefined;
  };
  const queue = createPrintQueue({ ...options, printers });
  const answer = (job: PrintJob, printer: Printer) => ({
    id: job.id,
    state: job.state,
    printerName: printer.name,
  });

  return {
    printers,
    queue,

    status(outlet: Outlet): PrintStatus {
      const own = printers.list(outlet);
      return {
        receiptPrinter: own.some((printer) => printer.role === 'receipt'),
        orderPrinters: own.filter((printer) => printer.role === 'order').length,
        attention: queue.attention(outlet),
      };
    },

    /**
     * Queues the receipt (once per sale) or a copy (once per copyId) at the outlet's receipt printer.
     * @throws NoPrinterError when the outlet has none.
     */
    printReceipt(
      outlet: Outlet,
      request: { receipt: PrintableReceipt; language: PrintLanguage; copyId?: string },
    ) {
      const printer = printers.receiptPrinter(outlet);
      if (!printer) throw new NoPrinterError('this outlet has no receipt printer');
      const { receipt, copyId } = request;
      const language = request.language === 'en' ? 'en' : 'de';
      const key = copyId ? `${receipt.saleId}:copy:${copyId}` : `${receipt.saleId}:receipt:0`;
      const known = queue.byKey(key);
      if (known) return answer(known, printer);
      const { copies, waiting } = copyId
        ? (db
            .prepare(
              `SELECT count(*) AS copies, COALESCE(SUM(state IN ('queued', 'printing', 'unsure')), 0) AS waiting
                 FROM print_jobs WHERE job_key LIKE ? AND kind = 'receipt'`,
            )
            .get(`${receipt.saleId}:copy:%`) as { copies: number; waiting: number })
        : { copies: 0, waiting: 0 };
      if (waiting >= MAX_COPIES_WAITING)
        throw new CopyLimitError('copies of this sale are still waiting to print');
      if (copies >= MAX_COPIES) throw new CopyLimitError(`this sale had ${MAX_COPIES} copies already`);
      const late = lateAt(receipt.createdAt);
      const document: PrintDocument = {
        kind: 'receipt',
        receipt,
        copy: copyId ? copies + 1 : 0,
        language,
        ...(late !== undefined && !copyId ? { printedLater: late } : {}),
      };
      const title = `${copyId ? 'Copy' : 'Receipt'} ${receipt.reference}`;
      return answer(queue.enqueue({ key, printer, document, title }), printer);
    },

    /**
     * Queues a refund's cancellation slip (once per cancellation) at the outlet's receipt printer.
     * @throws NoPrinterError when the outlet has none.
     */
    printCancellation(
      outlet: Outlet,
      request: { slip: PrintableCancellation; language: PrintLanguage; kind?: 'refund' | 'take-back' },
    ) {
      const printer = printers.receiptPrinter(outlet);
      if (!printer) throw new NoPrinterError('this outlet has no receipt printer');
      const { slip } = request;
      const { cancellationId, ...rest } = slip;
      const late = lateAt(slip.createdAt);
      const document: PrintDocument = {
        kind: 'cancellation',
        ...(late !== undefined ? { printedLater: late } : {}),
        language: request.language === 'en' ? 'en' : 'de',
        slip: { kind: request.kind ?? 'refund', ...rest, ...(slip.header ? { header: slip.header } : {}) },
      };
      const key = `${cancellationId}:cancellation:0`;
      return answer(queue.enqueue({ key, printer, document, title: `Refund ${slip.reference}` }), printer);
    },

    /**
     * Prints the lines of `order` not sent before, each at the order printers its group routes to.
     * @throws NoPrinterError when the outlet has no order printer.
     */
    sendOrder(outlet: Outlet, order: Required<OrderSend>, options: { sharedSuffix?: string } = {}) {
      const own = printers.list(outlet).filter((printer) => printer.role === 'order');
      if (own.length === 0) throw new NoPrinterError('this outlet has no order printer');
      const sent = db.transaction(() => {
        const { round, added } = takeNewLines(db, order.ticketId, order.lines, options.sharedSuffix);
        const { routed, unrouted } = routeLines(added, own);
        const jobs = [...routed].map(([printerId, lines]) => {
          const printer = own.find((candidate) => candidate.id === printerId)!;
          const document: PrintDocument = {
            kind: 'order',
            language: order.language === 'en' ? 'en' : 'de',
            ticket: {
              printerName: printer.name,
              place: order.place,
              staffName: order.staffName,
              note: order.note,
              round,
              sentAt: now().getTime(),
              lines: lines.map((line) => ({
                name: line.name,
                quantity: line.quantity,
                ...(line.note ? { note: line.note } : {}),
              })),
            },
          };
          const key = `${order.ticketId}:order:${round}:${printer.id}`;
          const title = `Order ${order.place} (${round})`;
          return answer(queue.enqueue({ key, printer, document, title }, { defer: true }), printer);
        });
        return { jobs, unrouted: unrouted.map((line) => line.name) };
      })();
      for (const printer of own) queue.retryNow(printer.id);
      return sent;
    },

    /**
     * Queues an X or Z report slip at the outlet's receipt printer (the ledger calls this once it
     * makes the report; `key` names the report, e.g. `z:<number>`).
     */
    printReport(outlet: Outlet, key: string, report: ReportSlip, language: 'de' | 'en' = 'de') {
      const printer = printers.receiptPrinter(outlet);
      if (!printer) throw new NoPrinterError('this outlet has no receipt printer');
      const title = `${report.kind} report${report.number === undefined ? '' : ` ${report.number}`}`;
      return answer(
        queue.enqueue({
          key: `report:${key}`,
          printer,
          document: { kind: 'report', report, language },
          title,
        }),
        printer,
      );
    },

    stop: () => queue.stop(),
  };
}
