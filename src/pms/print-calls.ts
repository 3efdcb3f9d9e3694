// The till server's printing endpoints for paired tablets (not the PMS's): the outlet's printer status,
// a recorded sale's receipt or copy, a refund's slip, an X or Z slip, a ticket's order lines, and giving
// up a held job, all under `/till/print`. Owns their wire shapes (valibot, checked on both sides).
// Endpoints: docs/printing.md, "From the ledger" and "Who may do what".
import * as v from 'valibot';
import { callTillServer, type DeviceFetch } from './device-calls.ts';
import { APPROVAL_HEADER, newRequestId, REQUEST_ID_HEADER } from './till-headers.ts';

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const Cents = v.pipe(v.number(), v.integer(), v.minValue(-100_000_000), v.maxValue(100_000_000));
const Count = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999));
const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_.:-]+$/));

/** Net, VAT and gross per rate, as a receipt or slip prints them. */
const Taxes = v.pipe(
  v.array(
    v.object({
      name: Text(40),
      ratePercent: v.nullable(v.number()),
      grossCents: Cents,
      taxCents: Cents,
      netCents: Cents,
    }),
  ),
  v.maxLength(20),
);

/** A receipt as the printer prints it: what the tablet showed the guest (features/payment/receipt.ts). */
export const PrintableReceiptSchema = v.object({
  saleId: Id,
  reference: Text(40),
  createdAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  tillName: Text(60),
  outletName: Text(60),
  staffName: Text(60),
  header: v.optional(
    v.object({
      hotelName: Text(120),
      hotelAddress: Text(200),
      vatId: Text(20),
      taxNumber: v.optional(Text(40)),
    }),
  ),
  lines: v.pipe(
    v.array(
      v.object({
        name: Text(120),
        quantity: Count,
        unitPriceCents: Cents,
        totalCents: Cents,
        /** The unit price before the line's own discount. */
        listPriceCents: v.optional(Cents),
      }),
    ),
    v.minLength(1),
    v.maxLength(200),
  ),
  note: Text(500),
  /** A ticket discount: the total before it and what was taken off. */
  discount: v.optional(v.object({ beforeCents: Cents, cents: Cents })),
  grossCents: Cents,
  taxes: Taxes,
  paymentMethodName: Text(60),
  isCash: v.boolean(),
  tenderedCents: v.nullable(Cents),
  changeCents: v.nullable(Cents),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  /** A card payment: what the terminal charged (the tip included), the tip, and the terminal's data
   * the guest's copy carries (issue 33; never more of the card number than the terminal masked). */
  card: v.optional(
    v.object({
      chargedCents: Cents,
      tipCents: Cents,
      brand: v.optional(Text(40)),
      maskedPan: v.optional(Text(40)),
      terminalId: v.optional(Text(40)),
      traceNumber: v.optional(Text(40)),
      receiptNumber: v.optional(Text(40)),
      /** Taken on a stand-alone terminal the till could not drive (receiptNumber: as staff typed it). */
      standalone: v.optional(v.literal(true)),
      /** The terminal was to send its cardholder slip to the till and none came: the till prints one. */
      cardholderCopy: v.optional(v.literal(true)),
    }),
  ),
  /** The PMS invoice number, once known. */
  invoiceNumber: v.optional(Text(40)),
  /** What fiscal signing adds (once it exists): its lines and the QR code's text. */
  fiscal: v.optional(
    v.object({ lines: v.pipe(v.array(Text(120)), v.maxLength(20)), qrCode: v.optional(Text(1000)) }),
  ),
});
export type PrintableReceipt = v.InferOutput<typeof PrintableReceiptSchema>;

export const PRINT_LANGUAGES = ['de', 'en'] as const;
export type PrintLanguage = (typeof PRINT_LANGUAGES)[number];

const Header = v.object({ hotelName: Text(120), hotelAddress: Text(200), vatId: Text(20) });

/**
 * `POST /till/print/receipt`: the receipt of a sale this tablet recorded in the ledger, or a copy of
 * it (`copyId`: one per tap on "Print copy"). The server prints it from the ledger's record; the
 * tablet names only the sale, the slip's language and the hotel's letterhead.
 */
export const ReceiptPrintRequestSchema = v.object({
  saleId: Id,
  language: v.optional(v.picklist(PRINT_LANGUAGES), 'de'),
  copyId: v.optional(Id),
  header: v.optional(Header),
});
export type ReceiptPrintRequest = v.InferInput<typeof ReceiptPrintRequestSchema>;

/** A refund's cancellation slip (the till records a refund of a cash sale as a cancellation). */
export const PrintableCancellationSchema = v.object({
  /** The cancellation's own sale id: one slip per cancellation. */
  cancellationId: Id,
  /** The receipt it cancels. */
  reference: Text(40),
  saleAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  createdAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  staffName: Text(60),
  reason: Text(500),
  lines: v.pipe(
    v.array(v.object({ name: Text(120), quantity: Count, totalCents: Cents })),
    v.minLength(1),
    v.maxLength(200),
  ),
  /** What goes back to the guest, positive. */
  totalCents: v.pipe(Cents, v.minValue(0)),
  paymentMethodName: Text(60),
  /** Cash goes back out of the drawer: it opens. */
  isCash: v.boolean(),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  /** Net, VAT and gross per rate taken back (negative), as the books count it. */
  taxes: v.optional(Taxes),
  header: v.optional(
    v.object({
      hotelName: Text(120),
      hotelAddress: Text(200),
      vatId: Text(20),
      taxNumber: v.optional(Text(40)),
    }),
  ),
});
export type PrintableCancellation = v.InferOutput<typeof PrintableCancellationSchema>;

/** `POST /till/print/cancellation`: the slip of a refund or void this tablet recorded, once per record. */
export const CancellationPrintRequestSchema = v.object({
  saleId: Id,
  language: v.optional(v.picklist(PRINT_LANGUAGES), 'de'),
  header: v.optional(Header),
});
export type CancellationPrintRequest = v.InferInput<typeof CancellationPrintRequestSchema>;

/** `POST /till/print/order`: the ticket's lines now; the server prints what it has not printed yet. */
export const OrderSendSchema = v.object({
  ticketId: Id,
  /** Table or room, as staff named the ticket. */
  place: Text(60),
  staffName: Text(60),
  note: Text(500),
  language: v.optional(v.picklist(PRINT_LANGUAGES), 'de'),
  lines: v.pipe(
    v.array(
      v.object({
        key: Id,
        name: Text(120),
        quantity: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999)),
        commodityGroupId: v.nullable(v.pipe(v.number(), v.integer())),
        note: v.optional(Text(200)),
      }),
    ),
    v.maxLength(200),
  ),
});
export type OrderSend = v.InferInput<typeof OrderSendSchema>;

/**
 * `POST /till/print/report`: the X report now, or the Z `zId`, as a slip at this tablet's outlet's
 * receipt printer (its outlet's part of the ledger's report). A manager's `close_day` approval
 * rides in x-till-approval, as for `/till/closing`.
 */
export const ReportPrintRequestSchema = v.object({
  zId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  language: v.optional(v.picklist(PRINT_LANGUAGES), 'de'),
});
export type ReportPrintRequest = v.InferInput<typeof ReportPrintRequestSchema>;

export const PRINTER_PROBLEMS = ['unreachable', 'offline', 'cover_open', 'paper_out', 'unsure'] as const;
export type PrinterProblem = (typeof PRINTER_PROBLEMS)[number];

/** A printer that needs a person, as the tablet's header and the admin page say it. */
export const PrinterAttentionSchema = v.object({
  printerId: v.string(),
  printerName: v.string(),
  problem: v.picklist(PRINTER_PROBLEMS),
  /** Jobs waiting for it. */
  waiting: v.number(),
  /** The jobs waiting ('queued') or held for a person ('unsure': sent, not confirmed), oldest
   * first (at most 20), with their ids for "give up". */
  jobs: v.array(v.object({ id: v.number(), title: v.string(), state: v.picklist(['queued', 'unsure']) })),
});
export type PrinterAttention = v.InferOutput<typeof PrinterAttentionSchema>;

export const PrintStatusSchema = v.object({
  receiptPrinter: v.boolean(),
  orderPrinters: v.number(),
  attention: v.array(PrinterAttentionSchema),
});
export type PrintStatus = v.InferOutput<typeof PrintStatusSchema>;

/** A queued job as the server answers it. */
export const PrintJobAnswerSchema = v.object({
  id: v.number(),
  state: v.picklist(['queued', 'printing', 'printed', 'unsure', 'given_up']),
  printerName: v.string(),
});

/**
 * The answer to asking for a sale's receipt, copy or slip: the job, or (202) none yet because the
 * sale's record has not arrived; the ledger's hook prints it then, at `printerName`.
 */
export const PrintAskAnswerSchema = v.union([
  v.object({ job: PrintJobAnswerSchema }),
  v.object({ job: v.null(), printerName: v.string() }),
]);
export type PrintAskAnswer = v.InferOutput<typeof PrintAskAnswerSchema>;

export const OrderSendAnswerSchema = v.object({
  jobs: v.array(PrintJobAnswerSchema),
  /** Lines sent no printer takes (no order printer routes their group). */
  unrouted: v.array(v.string()),
});

/**
 * This outlet's printers and what needs attention; tells the server the slips' language and the
 * hotel's letterhead (the receipts it prints from the ledger carry them).
 * @example const status = await fetchPrintStatus(''); status.receiptPrinter
 */
export async function fetchPrintStatus(
  baseUrl: string,
  fetcher?: DeviceFetch,
  language?: PrintLanguage,
  header?: { hotelName: string; hotelAddress: string; vatId: string },
): Promise<PrintStatus> {
  const params = new URLSearchParams({ ...(language ? { language } : {}), ...(header ?? {}) });
  const query = params.toString() ? `?${params.toString()}` : '';
  const body = await call(fetcher, `${baseUrl}/till/print/status${query}`, { method: 'GET' });
  return v.parse(PrintStatusSchema, body);
}

/**
 * Queues a recorded sale's receipt (or, with `copyId`, a copy); resending the same request prints
 * nothing more. `job: null`: the sale's record has not arrived yet, its receipt prints when it does.
 * @example await sendReceiptToPrinter('', { receipt, language: 'de' });
 */
export async function sendReceiptToPrinter(
  baseUrl: string,
  request: ReceiptPrintRequest,
  fetcher?: DeviceFetch,
): Promise<PrintAskAnswer> {
  const body = await call(fetcher, `${baseUrl}/till/print/receipt`, post(request));
  return v.parse(PrintAskAnswerSchema, body);
}

/**
 * Queues a refund's cancellation slip; resending it prints nothing more.
 * @example await sendCancellationToPrinter('', { slip, language: 'de' });
 */
export async function sendCancellationToPrinter(
  baseUrl: string,
  request: CancellationPrintRequest,
  fetcher?: DeviceFetch,
): Promise<PrintAskAnswer> {
  const body = await call(fetcher, `${baseUrl}/till/print/cancellation`, post(request));
  return v.parse(PrintAskAnswerSchema, body);
}

/**
 * Sends a ticket's order: the server prints the lines added since its last send, by routing.
 * @example const { jobs } = await sendOrder('', { ticketId, place: 'Table 4', ... });
 */
export async function sendOrder(
  baseUrl: string,
  order: OrderSend,
  fetcher?: DeviceFetch,
): Promise<v.InferOutput<typeof OrderSendAnswerSchema>> {
  const body = await call(fetcher, `${baseUrl}/till/print/order`, post(order));
  return v.parse(OrderSendAnswerSchema, body);
}

/**
 * Prints the X report (or the Z `zId`) at the outlet's receipt printer, with a manager's approval.
 * @example await printDayReport('', { zId: 3, language: 'de' }, approvalToken);
 */
export async function printDayReport(
  baseUrl: string,
  request: ReportPrintRequest,
  approval: string,
  fetcher?: DeviceFetch,
): Promise<v.InferOutput<typeof PrintJobAnswerSchema>> {
  const init = post(request);
  init.headers = { ...(init.headers as Record<string, string>), [APPROVAL_HEADER]: approval };
  const body = await call(fetcher, `${baseUrl}/till/print/report`, init);
  return v.parse(v.object({ job: PrintJobAnswerSchema }), body).job;
}

/** Gives up a job held for a person; it will not print. */
export async function giveUpPrintJob(baseUrl: string, id: number, fetcher?: DeviceFetch): Promise<void> {
  await call(fetcher, `${baseUrl}/till/print/jobs/${id}/give-up`, post({}));
}

function post(body: unknown): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: newRequestId() },
    body: JSON.stringify(body),
  };
}

function call(fetcher: DeviceFetch | undefined, url: string, init: RequestInit): Promise<object> {
  return callTillServer(fetcher ?? ((u, i) => fetch(u, i)), url, init);
}
