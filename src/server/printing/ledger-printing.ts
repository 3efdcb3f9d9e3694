// Printing from the sales ledger: a sale's receipt, its copies and a refund's or void's slip, made by
// the server from the ledger's record, never from a document a tablet sends; the receipt prints on the
// ledger's hook (onRecorded) or when asked, once per sale id, after fiscal signing settled. X and Z
// slips from the ledger's day report. Rules: docs/printing.md, "From the ledger".

import { serverLog } from '../../node-http/log.ts';
import type { DayReport, DayTotals } from '../../pms/closing-wire.ts';
import type { Device } from '../../pms/device-calls.ts';
import type { FiscalReceipt } from '../../pms/fiscal-wire.ts';
import type { LedgerRecord } from '../../pms/ledger-wire.ts';
import type { PrintableReceipt, PrintLanguage } from '../../pms/print-calls.ts';
import { lineGross, vatByRate } from '../../shared/vat.ts';
import { hotelDate } from '../clock/hotel-clock.ts';
import type { Hub } from '../hub/hub.ts';
import { createLetterhead, type Letterhead } from '../hub/letterhead.ts';
import type { StoredSale } from '../ledger/record-sale.ts';
import { cardBlock, slipMissingIn } from './card-receipt.ts';
import type { ReportSlip } from './document-types.ts';
import { printedLines } from './printed-lines.ts';
import { NoPrinterError, type Printing } from './printing.ts';
import { SLIP_WORDS } from './slip-words.ts';

/** Why a tablet's print request of a sale is refused: HTTP status, code, message. */
export class LedgerPrintError extends Error {
  override readonly name = 'LedgerPrintError';
  constructor(
    readonly status: 403 | 409 | 422,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Kinds whose record prints a receipt (the tablet's copies too); a room charge prints only on asking. */
const RECEIPT_KINDS = new Set(['sale', 'late-charge', 'room-charge']);
/** Kinds printed on their own as soon as they are recorded. */
const AUTO_RECEIPT_KINDS = new Set(['sale']);
const SLIP_KINDS = new Set(['refund', 'void', 'take-back']);

/** What a tablet said about how its slips look: the language (the letterhead is the server's). */
export interface SlipPreferences {
  language: PrintLanguage;
}

/**
 * A record's fiscal block as the fiscal module gives it (src/server/fiscal/ledger-fiscal.ts):
 * `settled` once its signing settled (never rejects), `listed` for a copy (a sale signed later says so).
 */
export interface ReceiptFiscal {
  settled(record: { saleId: string; recordedAt: string }): Promise<FiscalReceipt | undefined>;
  listed(saleId: string): { fiscal?: FiscalReceipt };
}

export type LedgerPrinting = ReturnType<typeof connectLedgerPrinting>;

/** Prints recorded sales' receipts and refund slips as the ledger stores them; answers the tablets' asks. */
export function connectLedgerPrinting(
  hub: Hub,
  printing: Printing,
  options: {
    fiscal?: ReceiptFiscal | undefined;
    currency?: string;
    /** The letterhead of an outlet (hub/letterhead.ts); default the receipt header alone. */
    letterhead?: (outlet: string) => Letterhead;
  } = {},
) {
  const letterhead = options.letterhead ?? createLetterhead(hub.receiptHeaders);
  const currency = options.currency ?? 'EUR';
  const fiscal = options.fiscal;
  // By device: the last language the tablet named. It is kept in the hub's settings too, so a restart
  // does not print an English tablet's receipts in German until its next poll (issue 33); a tablet
  // never heard from prints German. The letterhead is the server's (hub/letterhead.ts).
  const preferences = new Map<string, SlipPreferences>();
  const keptLanguage = hub.db.prepare('SELECT value FROM hub_settings WHERE key = ?');
  const keepLanguage = hub.db.prepare(
    'INSERT INTO hub_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const languageKey = (deviceId: string) => `slip_language:${deviceId}`;
  const prefsOf = (deviceId: string): SlipPreferences => {
    const known = preferences.get(deviceId);
    if (known) return known;
    const kept = (keptLanguage.get(languageKey(deviceId)) as { value: string } | undefined)?.value;
    return { language: kept === 'en' ? 'en' : 'de' };
  };
  const invoiceOf = hub.db.prepare(
    `SELECT COALESCE(invoice_number, CAST(invoice_id AS TEXT)) AS invoice FROM ledger_outcomes
      WHERE sale_id = ? AND (invoice_number IS NOT NULL OR invoice_id IS NOT NULL) ORDER BY step DESC LIMIT 1`,
  );

  const receiptOf = (
    sale: StoredSale,
    withInvoice: boolean,
    signed: FiscalReceipt | undefined,
  ): PrintableReceipt => {
    const record = JSON.parse(sale.body) as LedgerRecord;
    const header = letterhead(sale.outlet);
    const words = SLIP_WORDS[prefsOf(sale.deviceId).language];
    const cash = record.payments.find((payment) => payment.method === 'cash');
    const method = record.payments[0]?.method;
    const invoice = withInvoice
      ? (invoiceOf.get(sale.saleId) as { invoice: string } | undefined)?.invoice
      : undefined;
    return {
      saleId: sale.saleId,
      reference: record.reference,
      createdAt: Date.parse(record.createdAt),
      tillName: deviceName(sale),
      outletName: hub.outlets.get(sale.outlet)?.name ?? sale.outlet,
      staffName: staffName(sale),
      header,
      ...printedLines(withShareNames(record, words.share)),
      note: '',
      grossCents: record.totalCents,
      taxes: taxesOf(record, words.vat),
      paymentMethodName: method ? paymentName(method, prefsOf(sale.deviceId).language) : '',
      isCash: record.payments.some((payment) => payment.method === 'cash' && payment.amountCents > 0),
      tenderedCents: cash?.tenderedCents ?? null,
      changeCents: cash?.changeCents ?? null,
      ...cardBlock(record, slipMissingIn(hub.db)),
      currency,
      ...(invoice ? { invoiceNumber: invoice } : {}),
      ...(signed
        ? { fiscal: { lines: signed.lines, ...(signed.qrCode ? { qrCode: signed.qrCode } : {}) } }
        : {}),
    };
  };
  /** The fiscal block of `sale` once its signing settled; a copy's as listed (signed later, if so). */
  const fiscalOf = async (sale: StoredSale, copy: boolean): Promise<FiscalReceipt | undefined> => {
    if (!fiscal) return undefined;
    // A copy of a sale whose signing settled takes the block as listed (no second try at the TSE);
    // before that, it waits for the signing like the receipt.
    const listed = copy ? fiscal.listed(sale.saleId).fiscal : undefined;
    return listed ?? (await fiscal.settled(sale));
  };
  /** A sale's receipt (or a copy), queued once its signing settled. */
  const printReceipt = async (sale: StoredSale, language: PrintLanguage, copyId: string | undefined) => {
    const signed = await fiscalOf(sale, !!copyId);
    return printing.printReceipt(sale.outlet, {
      receipt: receiptOf(sale, !!copyId, signed),
      language,
      ...(copyId ? { copyId } : {}),
    });
  };
  const deviceNameOf = hub.db.prepare(
    'SELECT device_name AS name, staff_name AS staff FROM ledger_sales WHERE seq = ?',
  );
  const deviceName = (sale: StoredSale) =>
    (deviceNameOf.get(sale.seq) as { name: string } | undefined)?.name ?? '';
  const staffName = (sale: StoredSale) =>
    (deviceNameOf.get(sale.seq) as { staff: string | null } | undefined)?.staff ?? '';

  /** A refund's, void's or take-back's slip, queued once its signing settled: it is signed, so it shows its TSE data. */
  const printSlip = async (sale: StoredSale, language: PrintLanguage) => {
    const signed = await fiscalOf(sale, false);
    const record = JSON.parse(sale.body) as LedgerRecord;
    const original = record.refersTo ? hub.ledger.sale(record.refersTo) : undefined;
    const paid = original ? (JSON.parse(original.body) as LedgerRecord) : record;
    const method = paid.payments[0]?.method;
    const header = letterhead(sale.outlet);
    return printing.printCancellation(sale.outlet, {
      language,
      ...(record.kind === 'take-back' ? { kind: 'take-back' as const } : {}),
      slip: {
        cancellationId: sale.saleId,
        reference: paid.reference,
        saleAt: Date.parse(paid.createdAt),
        createdAt: Date.parse(record.createdAt),
        staffName: staffName(sale),
        reason: record.reason ?? '',
        lines: record.lines.map((line) => ({
          name: line.name,
          quantity: Math.abs(line.quantity),
          totalCents: Math.abs(lineGross(line)),
        })),
        totalCents: Math.abs(record.totalCents),
        taxes: taxesOf(record, SLIP_WORDS[language].vat),
        paymentMethodName: method ? paymentName(method, language) : '',
        isCash: record.kind === 'refund' ? true : paid.payments.some((payment) => payment.method === 'cash'),
        currency,
        header,
        ...(signed
          ? { fiscal: { lines: signed.lines, ...(signed.qrCode ? { qrCode: signed.qrCode } : {}) } }
          : {}),
      },
    });
  };

  hub.ledger.onRecorded((sale) => {
    if (!printing.printers.receiptPrinter(sale.outlet)) return;
    const { language } = prefsOf(sale.deviceId);
    if (AUTO_RECEIPT_KINDS.has(sale.kind))
      printReceipt(sale, language, undefined).catch((error: unknown) =>
        serverLog().error(
          { component: 'printing', saleId: sale.saleId, err: error },
          'the receipt of a recorded sale could not be queued',
        ),
      );
    else if (sale.kind === 'refund')
      printSlip(sale, language).catch((error: unknown) =>
        serverLog().error(
          { component: 'printing', saleId: sale.saleId, err: error },
          'the slip of a recorded refund could not be queued',
        ),
      );
  });

  /** The recorded sale `saleId` of `device`'s outlet, recorded by `device`; LedgerPrintError otherwise. */
  const ownSale = (device: Device, saleId: string, kinds: Set<string>): StoredSale => {
    const sale = hub.ledger.sale(saleId);
    if (!sale)
      throw new LedgerPrintError(
        409,
        'sale_not_recorded',
        `sale ${saleId} is not recorded (yet): record it first`,
      );
    if (sale.deviceId !== device.id)
      throw new LedgerPrintError(403, 'not_your_sale', `sale ${saleId} was recorded by another till`);
    if (!kinds.has(sale.kind))
      throw new LedgerPrintError(422, 'sale_kind', `a ${sale.kind} record prints no such slip`);
    return sale;
  };

  /** A receipt or slip whose record is on its way: nothing queued now, the hook prints it. */
  const awaitingRecord = (device: Device) => {
    const printer = printing.printers.receiptPrinter(device.outlet);
    if (!printer) throw new NoPrinterError('this outlet has no receipt printer');
    return { awaitingRecord: true as const, printerName: printer.name };
  };

  return {
    /** Remembers the language of `deviceId`'s slips. */
    remember(deviceId: string, seen: Partial<SlipPreferences>): void {
      const now = prefsOf(deviceId);
      if (seen.language && seen.language !== now.language)
        keepLanguage.run(languageKey(deviceId), seen.language);
      preferences.set(deviceId, { language: seen.language ?? now.language });
    },

    /**
     * The receipt (once per sale) or a copy (once per copyId) of a sale `device` recorded, queued
     * once its signing settled; for the receipt of a sale not recorded yet, `awaitingRecord` (the
     * ledger's hook prints it once it is).
     * @throws LedgerPrintError, NoPrinterError (printing.ts)
     */
    async receipt(device: Device, saleId: string, request: { language: PrintLanguage; copyId?: string }) {
      // The receipt of a sale whose record is still on its way prints when the ledger stores it (the
      // hook): nothing to queue now. A copy is of a recorded sale only.
      if (!request.copyId && !hub.ledger.sale(saleId)) return awaitingRecord(device);
      const sale = ownSale(device, saleId, RECEIPT_KINDS);
      if (!printing.printers.receiptPrinter(sale.outlet))
        throw new NoPrinterError('this outlet has no receipt printer');
      return printReceipt(sale, request.language, request.copyId);
    },

    /**
     * The slip of a refund, void or take-back `device` recorded (once per record; a cash refund opens the
     * drawer); `awaitingRecord` before the record arrives (the hook prints a refund's slip).
     * @throws LedgerPrintError, NoPrinterError (printing.ts)
     */
    async cancellation(device: Device, saleId: string, language: PrintLanguage) {
      if (!hub.ledger.sale(saleId)) return awaitingRecord(device);
      return printSlip(ownSale(device, saleId, SLIP_KINDS), language);
    },

    /**
     * The X report now, or the Z report `zId`, as a slip for `outlet` at its receipt printer; once
     * per Z and outlet (an X each time it is asked for).
     * @throws NoPrinterError (printing.ts), LedgerPrintError 409 no such Z
     */
    report(outlet: string, staffName: string, language: PrintLanguage, zId?: number) {
      const closed = zId === undefined ? undefined : hub.closing.closed(zId);
      if (zId !== undefined && !closed) throw new LedgerPrintError(409, 'z_unknown', `no Z ${zId}`);
      const report = closed ? closed.report : hub.closing.xReport();
      const slip = reportSlip(report, outlet, hub.outlets.get(outlet)?.name ?? outlet, staffName, language);
      // The day began where the Z before closed (the one before this Z, or the last one for an X).
      const before = closed
        ? hub.closing.closings().find((z) => z.upToSeq === closed.closing.afterSeq)
        : hub.closing.lastZ();
      if (before) slip.openedAt = Date.parse(before.closedAt);
      const key = closed ? `z:${zId}:${outlet}` : `x:${outlet}:${Date.now()}`;
      return printing.printReport(outlet, key, { ...slip, currency }, language);
    },
  };
}

/** A payment method as the slip names it. */
function paymentName(method: string, language: PrintLanguage): string {
  const names: Record<string, [string, string]> = {
    cash: ['Bar', 'Cash'],
    card: ['Karte', 'Card'],
    room: ['Zimmer', 'Room charge'],
    invoice: ['Rechnung', 'Invoice'],
  };
  const pair = names[method];
  return pair ? pair[language === 'de' ? 0 : 1] : method;
}

/** The outlet's card payments on a stand-alone terminal, as their own line under the card's (in it),
 * and what was given back there (refunds, voids) as another. */
function standaloneLine(report: DayReport, outlet: string, language: PrintLanguage) {
  const all = (report.standaloneCards ?? []).filter((payment) => payment.outlet === outlet);
  const de = language === 'de';
  return [
    {
      name: de ? '  davon Karte (Stand-alone-Terminal)' : '  of it card (stand-alone terminal)',
      rows: all.filter((p) => p.kind === 'sale'),
    },
    {
      name: de
        ? '  davon Karte zurück (Stand-alone-Terminal)'
        : '  of it card given back (stand-alone terminal)',
      rows: all.filter((p) => p.kind !== 'sale'),
    },
  ]
    .filter(({ rows }) => rows.length > 0)
    .map(({ name, rows }) => ({
      name,
      count: rows.length,
      cents: rows.reduce((sum, p) => sum + p.amountCents, 0),
    }));
}

/** The part of `report` of `outlet` as an X or Z slip (figures as the ledger made them, in cents). */
export function reportSlip(
  report: DayReport,
  outlet: string,
  outletName: string,
  staffName: string,
  language: PrintLanguage,
): Omit<ReportSlip, 'currency'> {
  const day: DayTotals | undefined = report.outlets.find((part) => part.outlet === outlet);
  const zNumber = report.outlets.find((part) => part.outlet === outlet)?.zNumber ?? report.zNumber;
  const words = SLIP_WORDS[language];
  const of = (kind: string) => (day?.corrections ?? []).filter((record) => record.kind === kind);
  const sum = (records: { amountCents: number }[]) =>
    records.reduce((total, record) => total + Math.abs(record.amountCents), 0);
  const drawers = report.drawers.filter((drawer) => drawer.outlet === outlet);
  const generatedAt = Date.parse(report.generatedAt);
  // Without a Z before: since the first record the report holds (its hours), else its own time.
  const firstHour = day?.byHour[0]?.hour;
  const openedAt =
    firstHour === undefined ? generatedAt : new Date(report.generatedAt).setHours(firstHour, 0, 0, 0);
  return {
    kind: report.kind,
    ...(report.kind === 'Z' && zNumber !== undefined ? { number: zNumber } : {}),
    outletName,
    // The business day a Z closed, or the day of an X.
    tillName: report.businessDay ?? hotelDate(report.generatedAt),
    openedAt: Math.min(openedAt, generatedAt),
    closedAt: report.kind === 'Z' ? generatedAt : null,
    printedAt: Date.now(),
    staffName: report.closedBy ?? staffName,
    sales: { count: day?.records ?? 0, grossCents: day?.grossCents ?? 0 },
    taxes: (day?.byVat ?? []).map((share) => ({
      name: share.vatRateBp === null ? '' : `${words.vat} ${share.vatRateBp / 100} %`,
      ratePercent: share.vatRateBp === null ? null : share.vatRateBp / 100,
      netCents: share.netCents,
      taxCents: share.vatCents,
      grossCents: share.grossCents,
    })),
    payments: [
      ...(day?.byPayment ?? []).map((payment) => ({
        name: paymentName(payment.method, language),
        count: payment.records,
        cents: payment.amountCents,
      })),
      ...standaloneLine(report, outlet, language),
    ],
    cancellations: { count: of('void').length, cents: sum(of('void')) },
    refunds: { count: of('refund').length, cents: sum(of('refund')) },
    byStaff: (day?.byStaff ?? []).map((member) => ({
      name: member.staffName ?? '—',
      count: member.records,
      cents: member.grossCents,
    })),
    approved: [
      ...(day?.corrections ?? []),
      ...(day?.discounts ?? []).map((d) => ({ ...d, kind: 'discount' })),
      // An open price: the open lines' gross, approved above the outlet's limit (else "-").
      ...(day?.openPrices ?? []).map((o) => ({ ...o, kind: 'open-price' })),
    ]
      .filter((r) => ['void', 'take-back', 'refund', 'discount', 'open-price'].includes(r.kind))
      .map((r) => ({
        kind: r.kind as 'void' | 'take-back' | 'refund' | 'discount' | 'open-price',
        reference: r.reference,
        // A discount is money off (negative); a refund of a discounted sale gives its discount back.
        cents: r.kind === 'discount' ? -r.amountCents : r.amountCents,
        approvedBy: r.approvedBy,
      })),
    cashExpectedCents:
      drawers.length === 0 ? null : drawers.reduce((total, drawer) => total + drawer.expectedCents, 0),
  };
}

/** A record's VAT lines as its receipt or slip prints them: `vatByRate` of its lines (docs/ledger.md, "VAT"). */
function taxesOf(record: LedgerRecord, vatWord: string): PrintableReceipt['taxes'] {
  const lines = record.lines.map((line) => ({ grossCents: lineGross(line), vatRateBp: line.vatRateBp }));
  return vatByRate(lines).map((share) => ({
    name: share.vatRateBp === null ? '' : `${vatWord} ${share.vatRateBp / 100} %`,
    ratePercent: share.vatRateBp === null ? null : share.vatRateBp / 100,
    grossCents: share.grossCents,
    taxCents: share.vatCents,
    netCents: share.netCents,
  }));
}

/** A part of an equal split's lines named with their share, as the tablet's receipt and the PMS show them. */
function withShareNames(record: LedgerRecord, word: string): LedgerRecord {
  const share = record.share;
  if (!share) return record;
  const suffix = ` · ${word} ${share.part}/${share.parts}`;
  return { ...record, lines: record.lines.map((line) => ({ ...line, name: `${line.name}${suffix}` })) };
}
