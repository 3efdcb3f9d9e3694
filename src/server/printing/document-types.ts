// What can be printed, as plain data: the documents (receipt, order ticket, cancellation or refund
// slip, X/Z report, test print) and the paper they print on. The ledger fills ReportSlip; the
// tablet's requests (pms/print-calls.ts) fill the others. documents.ts turns them into bytes.
import type { PrintableReceipt, PrintLanguage } from '../../pms/print-calls.ts';
import type { PrintCodepage } from './escpos-decoder.ts';

/** A receipt or slip printed more than this after its sale says "printed later" and opens no drawer. */
export const LATE_PRINT_MS = 60_000;

export type PaperWidth = 58 | 80;
export const PAPER_WIDTHS: readonly PaperWidth[] = [58, 80];

export interface PaperSettings {
  widthMm: PaperWidth;
  codepage: PrintCodepage;
}

/** Characters per line in the normal font (font A, 12 dots wide). */
export const COLUMNS: Record<PaperWidth, number> = { 58: 32, 80: 48 };

/** One line of an order ticket. */
export interface OrderLine {
  name: string;
  quantity: number;
  note?: string;
}

/** An order ticket for one order printer: the lines of one send routed to it. */
export interface OrderTicket {
  printerName: string;
  place: string;
  staffName: string;
  note: string;
  /** Which send of this ticket it is (1: the first). */
  round: number;
  sentAt: number;
  lines: OrderLine[];
}

/** A cancellation (a void before payment was settled), a refund or a take-back slip. */
export interface CancellationSlip {
  kind: 'cancellation' | 'refund' | 'take-back';
  /** The receipt it cancels. */
  reference: string;
  saleAt: number;
  createdAt: number;
  staffName: string;
  reason: string;
  lines: { name: string; quantity: number; totalCents: number }[];
  /** What goes back to the guest, positive. */
  totalCents: number;
  paymentMethodName: string;
  /** Cash goes back out of the drawer: it opens. */
  isCash: boolean;
  currency: string;
  header?: PrintableReceipt['header'];
  /** The TSE's data of the refund (it is signed: AVBelegstorno), as on a receipt. */
  fiscal?: PrintableReceipt['fiscal'];
  /** Net, VAT and gross per rate taken back (negative), as the books count it (docs/ledger.md, "VAT"). */
  taxes?: PrintableReceipt['taxes'];
}

/**
 * The input of an X (interim) or Z (closing) report slip: a plain structure the ledger fills
 * (issue 19) and the printer prints as it is; all money in cents.
 */
export interface ReportSlip {
  kind: 'X' | 'Z';
  /** The Z report's running number; none for an X report. */
  number?: number;
  outletName: string;
  tillName: string;
  openedAt: number;
  closedAt: number | null;
  printedAt: number;
  staffName: string;
  currency: string;
  sales: { count: number; grossCents: number };
  taxes: {
    name: string;
    ratePercent: number | null;
    netCents: number;
    taxCents: number;
    grossCents: number;
  }[];
  payments: { name: string; count: number; cents: number }[];
  cancellations: { count: number; cents: number };
  refunds: { count: number; cents: number };
  byStaff: { name: string; count: number; cents: number }[];
  /** Voids, take-backs, refunds, discounts and open prices one by one, with who approved each (issue 30). */
  approved?: {
    kind: 'void' | 'take-back' | 'refund' | 'discount' | 'open-price';
    reference: string;
    cents: number;
    approvedBy: string | null;
  }[];
  /** Cash the drawer should hold; null where the till does not count a float. */
  cashExpectedCents: number | null;
}

export type PrintDocument =
  | {
      kind: 'receipt';
      receipt: PrintableReceipt;
      copy: number;
      language: PrintLanguage;
      /** When an original is printed more than LATE_PRINT_MS after its sale: says so, never opens the drawer. */
      printedLater?: number;
    }
  | { kind: 'order'; ticket: OrderTicket; language: PrintLanguage }
  | { kind: 'cancellation'; slip: CancellationSlip; language: PrintLanguage; printedLater?: number }
  | { kind: 'report'; report: ReportSlip; language: PrintLanguage }
  | { kind: 'test'; printerName: string; language: PrintLanguage };
