// German words of receipts, copies, refunds, cancellation slips and the receipt header's settings
// (English and the keys: en.ts); the type makes it have exactly the English keys.
import type { en } from './en';

export const de: Record<keyof typeof en, string> = {
  'receipt.copy': 'COPY / KOPIE',
  'receipt.invoice': 'PMS-Rechnung {invoice}',
  'receipt.vatId': 'USt-IdNr. {vatId}',
  'slip.title': 'CANCELLATION / STORNO',
  'slip.cancels': 'Storniert Verkauf {reference} vom {time}',
  'slip.reason': 'Grund',
  'slip.refund': 'Erstattet',
  'slip.inPms':
    'Noch im PMS zu tun: Rechnung {invoice} dort stornieren (Gutschrift). Die Kasse kann das nicht.',
  'report.cancellations': 'Erstattete Barverkäufe',
  'report.receipts': 'Belege dieser Schicht',
  'report.printCopy': 'Kopie drucken',
  'report.refund': 'Erstatten …',
  'report.refundReason': 'Warum wird der Verkauf erstattet?',
  'report.refundConfirm': '{amount} erstatten und Beleg drucken',
  'report.refundWhat': 'Verkauf {reference} erstatten ({amount})',
  'report.refunded': 'Erstattet',
  'report.refundBack': 'Zurück',
  'sync.allInPmsButVoided': 'Alle nicht stornierten Verkäufe sind im PMS; stornierte wurden nie gesendet.',
  'sync.section.cancellations': 'Erstattet: im PMS zu erledigen',
  'sync.sale.cancelInPms':
    'Rechnung {invoice} (Verkauf {reference}) im PMS stornieren: die Kasse kann das nicht.',
  'sync.sale.cancelled': 'Erstattet von {staff}: {reason}',
  'settings.receipt': 'Belegkopf',
  'settings.headerFromServer':
    'Für diese Verkaufsstelle auf der Admin-Seite (Kassenserver) festgelegt; eine Änderung dort erreicht dieses Tablet binnen Minuten.',
  'settings.hotelName': 'Name des Hotels',
  'settings.hotelAddress': 'Anschrift des Hotels',
  'settings.hotelAddressHint': 'Eine Zeile, z. B. Maria-Theresien-Straße 1, 6020 Innsbruck',
  'settings.vatId': 'UID-Nummer (USt-IdNr.)',
  'settings.vatIdHint': 'Ländercode und Nummer, z. B. ATU12345678.',
  'settings.error.hotelName': 'Der Name des Hotels darf höchstens {max} Zeichen haben.',
  'settings.error.hotelAddress': 'Die Anschrift darf höchstens {max} Zeichen haben.',
  'settings.error.vatId':
    'Eine UID-Nummer besteht aus Ländercode und 2 bis 13 Buchstaben oder Ziffern, z. B. ATU12345678.',
};
