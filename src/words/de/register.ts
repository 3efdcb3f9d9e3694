// German texts of the register's first screen (English and the keys: the same file in words/en/). Part of src/words/messages-de.ts;
// the type makes it have exactly the English keys.
import type { en } from '../en/register';

export const de: Record<keyof typeof en, string> = {
  'ticket.title': 'Bon',
  'ticket.items.one': '{count} Artikel',
  'ticket.items.other': '{count} Artikel',
  'ticket.error.too-many-items': 'Eine Zeile nimmt höchstens 999 Stück (die Grenze des PMS).',
  'ticket.ended.paid': 'Dieser Bon wurde bereits um {time} bezahlt.',
  'ticket.ended.parked': 'Dieser Bon wurde auf einem anderen Bildschirm geparkt.',
  'ticket.ended.changed':
    'Dieser Bon wurde auf einem anderen Bildschirm geändert. Bitte prüfen und erneut bezahlen.',
  'ticket.ended.taken': 'Dieser Bon ist bereits auf einem anderen Bildschirm geöffnet.',
  'ticket.show': 'Bon',
  'ticket.error.too-many-lines': 'Ein Bon hat höchstens 200 Zeilen. Bitte erst diesen bezahlen oder parken.',
  'ticket.error.open-price-needs-amount': 'Dieser Artikel hat einen freien Preis: bitte Betrag eingeben.',
  'ticket.error.bad-name': 'Die Bezeichnung ist zu lang (höchstens 200 Zeichen).',
  'ticket.error.quantity-not-approved':
    'Menge nicht geändert: ein freier Preis über {limit} braucht die Genehmigung einer Führungskraft.',
  'park.error.empty-ticket': 'Auf dem Bon ist nichts zum Parken.',
  'park.error.missing-name': 'Bitte dem Bon einen Namen geben, z. B. Tisch oder Gast.',
  'park.error.not-found': 'Dieser Bon ist nicht mehr da (an einer anderen Kasse aufgerufen?).',
  'pay.error.empty-ticket': 'Der Bon ist leer.',
  'pay.error.no-method': 'Bitte eine Zahlungsart wählen.',
  'pay.error.no-template': 'Bitte eine Rechnungsvorlage wählen.',
  'pay.error.tendered-too-little': 'Der gegebene Betrag reicht nicht für die Summe.',
  'pay.error.not-saved':
    'Der Verkauf wurde auf diesem Tablet NICHT gespeichert: Er ist nicht erfasst. Der Bon ist noch da – bitte erneut „Verkauf abschließen“ tippen. Klappt es wieder nicht, den Verkauf notieren und die Leitung informieren.',
  'pay.error.storage-full':
    'Der Verkauf wurde NICHT gespeichert: Der Speicher dieses Tablets ist voll. Der Bon ist noch da. Bitte den Verkauf notieren und die Leitung informieren.',
};
