// The German texts of the shell's (name, sections, connection, update), the shared error and money texts and the number pad: exactly the keys of texts.en.ts
// (its type says so), read through `t()` (src/words/i18n.ts).
import type { texts as english } from './texts.en';

export const texts: Record<keyof typeof english, string> = {
  'app.name': 'Hotel Till',
  'nav.label': 'Bereiche',
  'catalogue.title': 'Artikel',
  'register.title': 'Kasse',
  'roomCharge.title': 'Zimmerbelastung',
  'sync.title': 'Abgleich',
  'settings.title': 'Einstellungen',
  'tables.title': 'Tische',
  'report.title': 'Bericht',
  'notFound.title': 'Seite nicht gefunden',
  'notFound.back': 'Zurück zu den Artikeln',
  'view.comingSoon': 'Diese Ansicht folgt in Kürze.',
  'connection.online': 'Online',
  'connection.offline': 'Offline',
  'connection.tillUnreachable': 'Kassenserver offline', // short: the header keeps one row at 768 px
  'connection.pmsUnreachable': 'PMS nicht erreichbar',
  'connection.pending': '{count} ausstehend',
  'connection.stalled.one': 'Senden seit {minutes} Min. gestoppt: {count} wartet',
  'connection.stalled.other': 'Senden seit {minutes} Min. gestoppt: {count} warten',
  'connection.open': 'Abgleich öffnen',
  'update.available': 'Neue Version verfügbar',
  'update.apply': 'Aktualisieren',
  'update.later': 'Später',
  'settings.language': 'Sprache',
  'error.offline':
    'Die Kasse ist offline. Dafür braucht es eine Verbindung zum PMS – bitte erneut versuchen, sobald die Kasse online ist.',
  'error.network': 'Das PMS ist nicht erreichbar. Bitte Netzwerk prüfen und erneut versuchen.',
  'error.timeout': 'Das PMS hat nicht rechtzeitig geantwortet. Bitte erneut versuchen.',
  'error.rejected': 'Das PMS hat abgelehnt: {detail}',
  'error.pmsDown': 'Das PMS ist gerade nicht erreichbar. Bitte in ein paar Minuten erneut versuchen.',
  'error.server': 'Im PMS ist ein Fehler aufgetreten. Bitte in ein paar Minuten erneut versuchen.',
  'error.invalidResponse':
    'Das PMS hat unverständlich geantwortet. Wenn das öfter passiert, bitte die Leitung informieren.',
  'error.invalidInput': 'Bitte Eingabe prüfen: {detail}',
  'error.deviceNotPaired':
    'Wartet auf Kopplung: Dieses Tablet ist nicht mit dem Kassenserver gekoppelt, daher erreicht nichts das PMS. Seine Verkäufe bleiben erhalten.',
  'error.deviceRevoked':
    'Wartet auf Kopplung: Die Leitung hat dieses Tablet entkoppelt, daher erreicht nichts das PMS. Seine Verkäufe bleiben erhalten.',
  'error.storage':
    'Auf dem Tablet konnte nichts gespeichert werden. Es ist nichts verloren – bitte erneut versuchen.',
  'error.unknown': 'Etwas ist schiefgelaufen ({detail}). Es ist nichts verloren – bitte erneut versuchen.',
  'common.cancel': 'Abbrechen',
  'common.close': 'Schließen',
  'money.error.not-an-amount': 'Bitte einen Betrag eingeben, z. B. 12,50.',
  'money.error.too-many-decimals': 'Ein Betrag hat höchstens zwei Nachkommastellen, z. B. 12,50.',
  'money.error.not-above': 'Der Betrag muss größer als {limit} sein.',
  'money.error.below': 'Der Betrag muss mindestens {limit} sein.',
  'money.error.above': 'Der Betrag darf höchstens {limit} sein.',
  'numberPad.ok': 'OK',
  'numberPad.delete': 'Löschen',
  'numberPad.separator': 'Komma',
  'numberPad.max': 'Höchstens {max}.',
  'numberPad.decimals': 'Höchstens {count} Nachkommastellen.',
  'numberPad.noMoreDecimals': 'Nur ein Komma, und nur bei Beträgen.',
};
