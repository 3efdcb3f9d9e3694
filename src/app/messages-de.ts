// The German dictionary: the shell's own texts and every view's (strings-de.ts next to each view).
// Loaded by i18n.ts only when German is the UI language. Its type makes it have exactly the English
// keys; test/app/i18n.test.ts checks the loaded dictionaries too.
import { de as state } from '../state/strings-de';
import { de as catalogue } from '../views/catalogue/strings-de';
import { de as register } from '../views/register/strings-de';
import { de as report } from '../views/report/strings-de';
import { de as roomCharge } from '../views/room-charge/strings-de';
import { de as settings } from '../views/settings/strings-de';
import { de as sync } from '../views/sync/strings-de';
import type { MessageKey } from './messages-en';

export const messages: Record<MessageKey, string> = {
  'app.name': 'Hotel Till',
  'staff.lock': 'Sperren',
  'staff.signedIn': 'Angemeldet: {name}. Tippen sperrt die Kasse.',
  'nav.label': 'Bereiche',
  'catalogue.title': 'Artikel',
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
  'update.available': 'Neue Version verfügbar',
  'update.apply': 'Aktualisieren',
  'update.later': 'Später',
  'settings.language': 'Sprache',
  ...state,
  ...catalogue,
  ...register,
  ...roomCharge,
  ...sync,
  ...report,
  ...settings,
};
