// The German dictionary of the first screen (words/de/; the other sections': messages-de-later.ts).
// Loaded by i18n.ts only when German is the UI language. Its type makes it have exactly the English
// keys; test/words/i18n.test.ts checks the loaded dictionaries too.

import { de as catalogue } from './de/catalogue';
import { de as state } from './de/errors';
import { de as money } from './de/money';
import { de as numberPad } from './de/number-pad';
import { de as register } from './de/register';
import type { FirstScreenKey } from './messages-en';

export const messages: Record<FirstScreenKey, string> = {
  'app.name': 'Hotel Till',
  'staff.lock': 'Sperren',
  'staff.signedIn': 'Angemeldet: {name}. Tippen sperrt die Kasse.',
  'nav.label': 'Bereiche',
  'catalogue.title': 'Artikel',
  'register.skipToTicket': 'Zum Bon springen',
  'register.title': 'Kasse',
  'roomCharge.title': 'Zimmerbelastung',
  'sync.title': 'Abgleich',
  'settings.title': 'Einstellungen',
  'report.title': 'Bericht',
  'notFound.title': 'Seite nicht gefunden',
  'notFound.back': 'Zurück zu den Artikeln',
  'view.comingSoon': 'Diese Ansicht folgt in Kürze.',
  'connection.online': 'Online',
  'connection.offline': 'Offline',
  'connection.tillUnreachable': 'Kassenserver offline', // short: the header keeps one row at 768 px
  'connection.pmsUnreachable': 'PMS nicht erreichbar',
  'connection.pending': '{count} ausstehend',
  'connection.open': 'Abgleich öffnen',
  'update.available': 'Neue Version verfügbar',
  'update.apply': 'Aktualisieren',
  'update.later': 'Später',
  'settings.language': 'Sprache',
  ...state,
  ...catalogue,
  ...register,
  ...money,
  ...numberPad,
};
