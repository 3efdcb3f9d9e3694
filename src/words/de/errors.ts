// German texts of the till's shared state (English and the keys: the same file in words/en/). Part of
// src/words/messages-de.ts; the type makes it have exactly the English keys.
import type { en } from '../en/errors';

export const de: Record<keyof typeof en, string> = {
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
};
