// The German texts of signing in (the lock screen) and a manager's approval: exactly the keys of texts.en.ts
// (its type says so), read through `t()` (src/words/i18n.ts).
import type { texts as english } from './texts.en';

export const texts: Record<keyof typeof english, string> = {
  'staff.lock': 'Sperren',
  'staff.signedIn': 'Angemeldet: {name}. Tippen sperrt die Kasse.',
  'lock.title': 'Wer arbeitet?',
  'lock.lead': 'Tippen Sie auf Ihren Namen und geben Sie Ihre PIN ein.',
  'lock.pinFor': 'PIN für {name}',
  'lock.manager': 'Manager',
  'lock.waiter': 'Service',
  'lock.back': 'Zurück',
  'lock.delete': 'Löschen',
  'lock.wrong': 'Falsche PIN. Bitte noch einmal.',
  'lock.wait': 'Zu viele falsche PINs. Bitte {time} warten und dann erneut versuchen.',
  'lock.checking': 'Wird geprüft…',
  'lock.offline': 'Offline: Ihre PIN wird auf diesem Tablet geprüft.',
  'lock.approval.title': 'Genehmigung durch Manager',
  'lock.approval.lead': 'Ein Manager genehmigt dies mit seiner PIN.',
  'lock.approval.void_sale': 'Verkauf {subject} stornieren ({amount})',
  'lock.approval.take_back': '{amount} vom Zimmer zurücknehmen',
  'lock.approval.open_price': 'Freier Preis {amount}, über dem Limit der Verkaufsstelle',
  'lock.approval.discount': 'Rabatt {amount}, über dem Limit der Verkaufsstelle',
  'lock.approval.close_shift': 'Schicht abschließen, obwohl Verkäufe noch nicht im PMS sind',
  'lock.approval.close_day': 'Tagesabschluss: X-Bericht lesen, Kassen zählen, Tag abschließen (Z)',
  'lock.approval.catalogue_change.product': 'Neuer Artikel „{name}“ zu {amount}',
  'lock.approval.catalogue_change.group': 'Neue Warengruppe „{name}“',
  'lock.approval.cancel': 'Abbrechen',
  'lock.approval.noManager':
    'Für diese Kasse ist kein Manager eingerichtet. Bitte die Hotel-IT, auf der Verwaltungsseite einen anzulegen.',
};
