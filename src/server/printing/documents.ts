// What is printed, as ESC/POS bytes made with @point-of-sale/receipt-printer-encoder (never by
// hand): receipts and their copies (the drawer kick only with a cash original), order tickets in
// large type, cancellation and refund slips, X/Z report slips and the test print. Pure: a
// document and the printer's paper width and code page in, bytes out. docs/printing.md.
import type { PrintableReceipt, PrintLanguage } from '../../pms/print-calls.ts';
import type {
  CancellationSlip,
  OrderTicket,
  PaperSettings,
  PrintDocument,
  ReportSlip,
} from './document-types.ts';
import { COLUMNS } from './document-types.ts';
import { ReceiptPrinterEncoder } from './encoder.ts';
import { CODEPAGE_NUMBERS } from './escpos-decoder.ts';
import { withPrintableText } from './printable-text.ts';
import { printedMoney, printedTime, slipWords } from './slip-words.ts';

/**
 * The bytes of `document` for a printer with `paper`.
 * @example const bytes = renderDocument({ kind: 'test', printerName: 'Bar', language: 'de' }, { widthMm: 80, codepage: 'cp858' });
 */
export function renderDocument(document: PrintDocument, paper: PaperSettings): Uint8Array {
  const columns = COLUMNS[paper.widthMm];
  // Every text is made printable on the printer's code page first (printable-text.ts).
  const encoder = withPrintableText(
    new ReceiptPrinterEncoder({
      language: 'esc-pos',
      columns,
      codepageMapping: { [paper.codepage]: CODEPAGE_NUMBERS[paper.codepage] },
      feedBeforeCut: 4,
    }),
    paper.codepage,
  );
  encoder.initialize().codepage(paper.codepage as never);
  const slip = new Slip(encoder, columns, document.language);
  switch (document.kind) {
    case 'receipt':
      slip.receipt(document.receipt, document.copy, document.printedLater);
      break;
    case 'order':
      slip.order(document.ticket);
      break;
    case 'cancellation':
      slip.cancellation(document.slip, document.printedLater);
      break;
    case 'report':
      slip.report(document.report);
      break;
    case 'test':
      slip.test(document.printerName);
      break;
  }
  return encoder.encode();
}

/** Whether `document` opens the cash drawer: a cash receipt's original, or a cash refund, printed in time. */
export function opensDrawer(document: PrintDocument): boolean {
  if (document.kind === 'receipt')
    return document.receipt.isCash && document.copy === 0 && document.printedLater === undefined;
  if (document.kind === 'cancellation') return document.slip.isCash && document.printedLater === undefined;
  return false;
}

class Slip {
  private readonly w: ReturnType<typeof slipWords>;
  constructor(
    private readonly e: ReceiptPrinterEncoder,
    private readonly columns: number,
    private readonly language: PrintLanguage,
  ) {
    this.w = slipWords(language);
  }

  private money(cents: number, currency: string) {
    return printedMoney(cents, currency, this.language);
  }

  /** Text left, amount right, on one line (the text shortened to fit). */
  private pair(left: string, right: string, bold = false) {
    const room = Math.max(1, this.columns - right.length - 1);
    const text = left.length > room ? left.slice(0, room) : left;
    this.e
      .bold(bold)
      .line(`${text}${' '.repeat(this.columns - text.length - right.length)}${right}`)
      .bold(false);
  }

  private centred(text: string, options: { bold?: boolean; big?: boolean } = {}) {
    this.e.align('center');
    if (options.big) this.e.size(2, 2);
    this.e
      .bold(options.bold ?? false)
      .line(text)
      .bold(false);
    if (options.big) this.e.size(1, 1);
    this.e.align('left');
  }

  private rule() {
    this.e.rule({ style: 'single' });
  }

  private header(header: PrintableReceipt['header']) {
    if (!header) return;
    if (header.hotelName) this.centred(header.hotelName, { bold: true });
    if (header.hotelAddress) this.centred(header.hotelAddress);
    if (header.vatId) this.centred(header.vatId);
    if (header.taxNumber) this.centred(`${this.w('taxNumber')} ${header.taxNumber}`);
    this.e.newline();
  }

  /** The TSE's lines and QR code of a signed receipt or slip. */
  private fiscal(fiscal: PrintableReceipt['fiscal']) {
    if (!fiscal) return;
    this.rule();
    this.e.line(this.w('fiscal'));
    for (const line of fiscal.lines) this.e.line(line);
    if (fiscal.qrCode) this.e.align('center').qrcode(fiscal.qrCode, { model: 2, size: 4 }).align('left');
  }

  /** A slip printed more than a minute after its sale says so, first (and opens no drawer). */
  private printedLater(at: number | undefined) {
    if (at !== undefined)
      this.centred(this.w('printedLater', { time: printedTime(at, this.language) }), { bold: true });
  }

  receipt(r: PrintableReceipt, copy: number, printedLater?: number) {
    const w = this.w;
    this.printedLater(printedLater);
    if (copy > 0) {
      this.centred(w('copy'), { bold: true, big: true });
      this.centred(w('copyNumber', { n: copy }));
    }
    this.header(r.header);
    this.centred(r.outletName || r.tillName, { bold: true });
    this.pair(w('reference'), r.reference);
    if (r.invoiceNumber) this.pair(w('invoice'), r.invoiceNumber);
    this.pair(printedTime(r.createdAt, this.language), `${w('till')} ${r.tillName}`);
    this.rule();
    for (const line of r.lines) {
      this.pair(`${line.quantity} x ${line.name}`, this.money(line.totalCents, r.currency));
      if (line.quantity > 1 || line.listPriceCents !== undefined) {
        const each = this.money(line.unitPriceCents, r.currency);
        const list =
          line.listPriceCents === undefined
            ? ''
            : ` (${w('listPrice')} ${this.money(line.listPriceCents, r.currency)})`;
        this.e.line(`   ${line.quantity} x ${each}${list}`);
      }
    }
    this.rule();
    if (r.discount) {
      this.pair(w('subtotal'), this.money(r.discount.beforeCents, r.currency));
      this.pair(w('discount'), this.money(-r.discount.cents, r.currency));
    }
    this.e.size(1, 2);
    this.pair(w('total'), this.money(r.grossCents, r.currency), true);
    this.e.size(1, 1);
    this.e.newline();
    this.vatTable(r.taxes, r.currency);
    this.pair(`${w('paid')} ${r.paymentMethodName}`, this.money(r.tenderedCents ?? r.grossCents, r.currency));
    if (r.changeCents !== null && r.changeCents > 0)
      this.pair(w('change'), this.money(r.changeCents, r.currency));
    if (r.card) this.cardLines(r.card, r.currency);
    if (r.note) this.e.line(`${w('note')}: ${r.note}`);
    this.e.newline();
    if (r.staffName) this.e.line(`${w('staff')}: ${r.staffName}`);
    this.fiscal(r.fiscal);
    this.e.newline();
    this.centred(w('thanks'));
    if (copy === 0 && r.isCash && printedLater === undefined) this.e.pulse();
    this.e.cut('partial');
    if (copy === 0 && r.card?.cardholderCopy) this.cardholderCopy(r, r.card);
  }

  /** The guest's card slip the terminal never sent (card-receipt.ts): made from the payment's data. */
  private cardholderCopy(r: PrintableReceipt, card: NonNullable<PrintableReceipt['card']>): void {
    const w = this.w;
    this.centred(w('cardholderCopy'), { bold: true });
    this.centred(r.outletName || r.tillName, { bold: true });
    this.pair(w('reference'), r.reference);
    this.pair(printedTime(r.createdAt, this.language), `${w('till')} ${r.tillName}`);
    this.rule();
    this.pair(w('cardPayment'), this.money(card.chargedCents, r.currency), true);
    this.cardLines({ ...card, tipCents: 0 }, r.currency);
    if (card.tipCents !== 0) this.pair(w('tip'), this.money(card.tipCents, r.currency));
    this.e.newline();
    this.centred(w('cardApproved'));
    this.e.cut('partial');
  }

  /** A card payment: the tip and what the terminal charged, then the terminal's data (card-receipt.ts). */
  private cardLines(card: NonNullable<PrintableReceipt['card']>, currency: string): void {
    const w = this.w;
    if (card.tipCents !== 0) {
      this.pair(w('tip'), this.money(card.tipCents, currency));
      this.pair(w('cardCharged'), this.money(card.chargedCents, currency));
    }
    if (card.standalone) this.e.line(w('cardStandalone'));
    const cardName = [card.brand, card.maskedPan].filter(Boolean).join(' ');
    if (cardName) this.e.line(cardName);
    if (card.terminalId) this.pair(w('terminalId'), card.terminalId);
    if (card.traceNumber) this.pair(w('trace'), card.traceNumber);
    if (card.receiptNumber) this.pair(w('cardReceipt'), card.receiptNumber);
  }

  order(ticket: OrderTicket) {
    const w = this.w;
    this.centred(`${w('order')} ${ticket.printerName}`, { bold: true });
    this.e.size(2, 2).bold(true).line(ticket.place).bold(false).size(1, 1);
    this.pair(printedTime(ticket.sentAt, this.language), ticket.staffName);
    if (ticket.round > 1)
      this.e
        .bold(true)
        .line(`${w('orderRound', { n: ticket.round })} (${w('orderAdded')})`)
        .bold(false);
    this.rule();
    for (const line of ticket.lines) {
      this.e.size(2, 2).line(`${line.quantity} x ${line.name}`).size(1, 1);
      if (line.note) this.e.line(`   ${line.note}`);
    }
    this.rule();
    if (ticket.note) this.e.size(1, 2).bold(true).line(ticket.note).bold(false).size(1, 1);
    this.e.cut('partial');
  }

  /** Net, VAT and gross per rate, as the record's VAT lines (nothing when there are none). */
  private vatTable(taxes: PrintableReceipt['taxes'], currency: string): void {
    if (taxes.length === 0) return;
    const w = this.w;
    this.e.table(
      [
        { width: this.columns - 30, align: 'left' },
        { width: 10, align: 'right' },
        { width: 10, align: 'right' },
        { width: 10, align: 'right' },
      ],
      [
        [w('vat'), w('net'), w('vat'), w('gross')],
        ...taxes.map((tax) => [
          tax.ratePercent === null ? tax.name : `${tax.ratePercent} %`,
          this.money(tax.netCents, currency),
          this.money(tax.taxCents, currency),
          this.money(tax.grossCents, currency),
        ]),
      ],
    );
    this.e.newline();
  }

  cancellation(slip: CancellationSlip, printedLater?: number) {
    const w = this.w;
    this.printedLater(printedLater);
    const title = { refund: w('refund'), 'take-back': w('takeBack'), cancellation: w('cancellation') };
    this.centred(title[slip.kind], { bold: true, big: true });
    this.header(slip.header);
    this.e.line(w('cancels', { reference: slip.reference, time: printedTime(slip.saleAt, this.language) }));
    this.e.line(printedTime(slip.createdAt, this.language));
    this.rule();
    for (const line of slip.lines)
      this.pair(`${line.quantity} x ${line.name}`, this.money(-line.totalCents, slip.currency));
    this.rule();
    this.pair(
      `${w('refunded')} (${slip.paymentMethodName})`,
      this.money(-slip.totalCents, slip.currency),
      true,
    );
    this.e.newline();
    this.vatTable(slip.taxes ?? [], slip.currency);
    this.e.line(`${w('reason')}: ${slip.reason}`);
    this.e.line(`${w('staff')}: ${slip.staffName}`);
    this.fiscal(slip.fiscal);
    if (slip.isCash && printedLater === undefined) this.e.pulse();
    this.e.cut('partial');
  }

  report(report: ReportSlip) {
    const w = this.w;
    const money = (cents: number) => this.money(cents, report.currency);
    const title = report.kind === 'Z' ? w('zReport') : w('xReport');
    this.centred(title, { bold: true, big: true });
    if (report.number !== undefined) this.centred(`${w('reportNumber')} ${report.number}`);
    this.centred(`${report.outletName} · ${report.tillName}`);
    this.pair(w('opened'), printedTime(report.openedAt, this.language));
    if (report.closedAt !== null) this.pair(w('closed'), printedTime(report.closedAt, this.language));
    this.pair(w('printed'), printedTime(report.printedAt, this.language));
    this.rule();
    this.pair(`${w('sales')} (${report.sales.count})`, money(report.sales.grossCents), true);
    for (const tax of report.taxes) {
      const rate = tax.ratePercent === null ? tax.name || w('noTaxClass') : `${tax.ratePercent} %`;
      this.pair(`  ${w('vat')} ${rate}`, `${money(tax.netCents)} + ${money(tax.taxCents)}`);
    }
    this.rule();
    this.e.bold(true).line(w('byPayment')).bold(false);
    for (const payment of report.payments)
      this.pair(`${payment.name} (${payment.count})`, money(payment.cents));
    this.pair(`${w('cancellations')} (${report.cancellations.count})`, money(-report.cancellations.cents));
    this.pair(`${w('refunds')} (${report.refunds.count})`, money(-report.refunds.cents));
    if (report.approved && report.approved.length > 0) {
      this.rule();
      this.e.bold(true).line(w('approvedTitle')).bold(false);
      for (const item of report.approved)
        this.pair(
          `${w(`approvedKind_${item.kind}`)} ${item.reference} (${item.approvedBy ?? '-'})`,
          money(item.cents),
        );
    }
    if (report.byStaff.length > 0) {
      this.rule();
      this.e.bold(true).line(w('byStaff')).bold(false);
      for (const member of report.byStaff) this.pair(`${member.name} (${member.count})`, money(member.cents));
    }
    if (report.cashExpectedCents !== null) {
      this.rule();
      this.pair(w('cashInDrawer'), money(report.cashExpectedCents), true);
    }
    this.e.newline();
    this.e.line(`${w('staff')}: ${report.staffName}`);
    this.e.cut('partial');
  }

  test(printerName: string) {
    this.centred(this.w('testTitle'), { bold: true, big: true });
    this.e.line(this.w('testBody', { name: printerName }));
    this.e.line(printedTime(Date.now(), this.language));
    this.e.cut('partial');
  }
}
