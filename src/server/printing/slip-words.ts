// The words printed on slips, in German and English (the tablet says which, per job), and money
// and times as printed. The admin page's words are in printer-admin-words.ts.
import type { PrintLanguage } from '../../pms/print-calls.ts';
import { hotelDateTime } from '../clock/hotel-clock.ts';

export const SLIP_WORDS = {
  en: {
    receipt: 'Receipt',
    copy: 'COPY',
    printedLater: 'PRINTED LATER: {time}',
    copyNumber: 'Copy {n}',
    reference: 'Receipt no.',
    invoice: 'Invoice no.',
    staff: 'Served by',
    taxNumber: 'Tax no.',
    till: 'Till',
    subtotal: 'Subtotal',
    discount: 'Discount',
    total: 'Total',
    vat: 'VAT',
    /** A part of an equal split's lines: "Pils · share 1/3" (docs/ledger.md, "Equal splits"). */
    share: 'share',
    net: 'Net',
    gross: 'Gross',
    paid: 'Paid with',
    tendered: 'Given',
    change: 'Change',
    tip: 'Tip',
    cardCharged: 'Card charged',
    cardholderCopy: 'CARDHOLDER COPY',
    cardPayment: 'Card payment',
    cardApproved: 'Payment approved',
    terminalId: 'Terminal ID',
    trace: 'Trace no.',
    cardReceipt: 'Card receipt no.',
    cardStandalone: 'Card (stand-alone terminal)',
    note: 'Note',
    thanks: 'Thank you!',
    fiscal: 'Fiscal signature',
    listPrice: 'instead of',
    order: 'ORDER',
    orderRound: 'Round {n}',
    orderAdded: 'added',
    cancellation: 'CANCELLATION',
    refund: 'REFUND',
    takeBack: 'TAKE-BACK',
    cancels: 'Cancels receipt {reference} of {time}',
    reason: 'Reason',
    refunded: 'Refunded',
    xReport: 'X REPORT (interim)',
    zReport: 'Z REPORT',
    reportNumber: 'No.',
    opened: 'From',
    closed: 'To',
    printed: 'Printed',
    sales: 'Sales',
    cancellations: 'Cancellations',
    refunds: 'Refunds',
    approvedTitle: 'Approved (manager)',
    approvedKind_void: 'Void',
    'approvedKind_take-back': 'Take-back',
    approvedKind_refund: 'Refund',
    approvedKind_discount: 'Discount',
    'approvedKind_open-price': 'Open price',
    noTaxClass: 'no tax class',
    byPayment: 'By payment',
    byStaff: 'By staff',
    cashInDrawer: 'Cash expected in drawer',
    testTitle: 'TEST PRINT',
    testBody: 'Printer "{name}" prints. Umlauts: ÄÖÜ äöü ß, euro: €',
  },
  de: {
    receipt: 'Beleg',
    copy: 'KOPIE',
    printedLater: 'NACHTRÄGLICH GEDRUCKT: {time}',
    copyNumber: 'Kopie {n}',
    reference: 'Beleg-Nr.',
    invoice: 'Rechnungs-Nr.',
    staff: 'Es bediente Sie',
    taxNumber: 'St.-Nr.',
    till: 'Kasse',
    subtotal: 'Zwischensumme',
    discount: 'Rabatt',
    total: 'Summe',
    vat: 'MwSt.',
    share: 'Anteil',
    net: 'Netto',
    gross: 'Brutto',
    paid: 'Bezahlt mit',
    tendered: 'Gegeben',
    tip: 'Trinkgeld',
    cardCharged: 'Karte belastet',
    cardholderCopy: 'KUNDENBELEG',
    cardPayment: 'Kartenzahlung',
    cardApproved: 'Zahlung erfolgt',
    terminalId: 'Terminal-ID',
    trace: 'Trace-Nr.',
    cardReceipt: 'Kartenbeleg-Nr.',
    cardStandalone: 'Karte (Stand-alone-Terminal)',
    change: 'Rückgeld',
    note: 'Notiz',
    thanks: 'Vielen Dank!',
    fiscal: 'TSE-Signatur',
    listPrice: 'statt',
    order: 'BESTELLUNG',
    orderRound: 'Runde {n}',
    orderAdded: 'nachbestellt',
    cancellation: 'STORNO',
    refund: 'ERSTATTUNG',
    takeBack: 'RÜCKNAHME',
    cancels: 'Storniert Beleg {reference} vom {time}',
    reason: 'Grund',
    refunded: 'Erstattet',
    xReport: 'X-BERICHT (Zwischenstand)',
    zReport: 'Z-BERICHT',
    reportNumber: 'Nr.',
    opened: 'Von',
    closed: 'Bis',
    printed: 'Gedruckt',
    sales: 'Umsätze',
    cancellations: 'Stornos',
    refunds: 'Erstattungen',
    approvedTitle: 'Genehmigt (Manager)',
    approvedKind_void: 'Storno',
    'approvedKind_take-back': 'Rücknahme',
    approvedKind_refund: 'Erstattung',
    approvedKind_discount: 'Rabatt',
    'approvedKind_open-price': 'Offener Preis',
    noTaxClass: 'ohne Steuerklasse',
    byPayment: 'Nach Zahlungsart',
    byStaff: 'Nach Personal',
    cashInDrawer: 'Bargeld in der Kasse (Soll)',
    testTitle: 'TESTDRUCK',
    testBody: 'Drucker »{name}« druckt. Umlaute: ÄÖÜ äöü ß, Euro: €',
  },
} as const satisfies Record<PrintLanguage, Record<string, string>>;

export type SlipWord = keyof (typeof SLIP_WORDS)['en'];

/** The slip words of `language`, `{placeholders}` filled in. */
export function slipWords(language: PrintLanguage) {
  const words = SLIP_WORDS[language];
  return (key: SlipWord, values: Record<string, string | number> = {}) =>
    words[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/**
 * Cents as printed: `12,50 €` (de) or `€12.50` (en), with plain spaces (the code pages' NBSP varies).
 * @example printedMoney(1250, 'EUR', 'de') === '12,50 €'
 */
export function printedMoney(cents: number, currency: string, language: PrintLanguage): string {
  const format = new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency,
  });
  return format.format(cents / 100).replace(/[\u00a0\u202f]/g, ' ');
}

/** A time as printed, on the hotel's clock (clock/hotel-clock.ts). */
export function printedTime(at: number | Date, language: PrintLanguage): string {
  return hotelDateTime(at, language);
}
