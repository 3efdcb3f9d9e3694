// Words of the lock screen and the manager-approval dialog, in German (English and the keys: en.ts).
import type { LockWord } from './en';

export const de: Record<LockWord, string> = {
  title: 'Wer arbeitet?',
  lead: 'Tippen Sie auf Ihren Namen und geben Sie Ihre PIN ein.',
  pinFor: 'PIN für {name}',
  manager: 'Manager',
  waiter: 'Service',
  back: 'Zurück',
  delete: 'Löschen',
  wrong: 'Falsche PIN. Bitte noch einmal.',
  wait: 'Zu viele falsche PINs. Bitte {time} warten und dann erneut versuchen.',
  checking: 'Wird geprüft…',
  offline: 'Offline: Ihre PIN wird auf diesem Tablet geprüft.',
  'approval.title': 'Genehmigung durch Manager',
  'approval.lead': 'Ein Manager genehmigt dies mit seiner PIN.',
  'approval.void_sale': 'Verkauf {subject} stornieren ({amount})',
  'approval.take_back': '{amount} vom Zimmer zurücknehmen',
  'approval.open_price': 'Freier Preis {amount}, über dem Limit der Verkaufsstelle',
  'approval.discount': 'Rabatt {amount}, über dem Limit der Verkaufsstelle',
  'approval.close_shift': 'Schicht abschließen, obwohl Verkäufe noch nicht im PMS sind',
  'approval.close_day': 'Tagesabschluss: X-Bericht lesen, Kassen zählen, Tag abschließen (Z)',
  'approval.catalogue_change.product': 'Neuer Artikel „{name}“ zu {amount}',
  'approval.catalogue_change.group': 'Neue Warengruppe „{name}“',
  'approval.cancel': 'Abbrechen',
  'approval.noManager':
    'Für diese Kasse ist kein Manager eingerichtet. Bitte die Hotel-IT, auf der Verwaltungsseite einen anzulegen.',
};
