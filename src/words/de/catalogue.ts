// German texts of the product grid (English and the keys: the same file in words/en/). Part of
// src/words/messages-de.ts; the type makes it have exactly the English keys.
import type { en } from '../en/catalogue';

export const de: Record<keyof typeof en, string> = {
  'products.search': 'Suche nach Name, Nummer oder Barcode',
  'products.searchPlaceholder': 'Name, Nummer oder scannen',
  'products.clearSearch': 'Suche leeren',
  'products.groups': 'Warengruppen',
  'products.all': 'Alle',
  'products.list': 'Artikel',
  'products.quickKeys': 'Meistverkauft',
  'products.more': 'Mehr anzeigen ({detail} weitere)',
  'products.none': 'Kein Artikel passt.',
  'products.emptyCatalogue':
    'Noch keine Artikel. Sie werden aus dem PMS geladen, sobald die Kasse online ist.',
  'products.loading': 'Artikel werden geladen …',
  'products.notFound': 'Kein Artikel mit dem Code {detail}.',
  'products.added': 'Hinzugefügt: {detail}',
  'products.openPrice': 'Freier Preis',
  'products.count.one': '{count} Artikel',
  'products.count.other': '{count} Artikel',
  'catalogue.lastRefresh': 'Artikelstand {detail}',
  'catalogue.neverRefreshed': 'Artikel noch nicht aus dem PMS geladen',
  'catalogue.refresh': 'Jetzt aktualisieren',
  'catalogue.refreshing': 'Wird aktualisiert …',
  'catalogue.refreshFailed': 'Aktualisierung fehlgeschlagen, der gespeicherte Stand wird gezeigt. {detail}',
  'common.cancel': 'Abbrechen',
  'common.close': 'Schließen',
};
