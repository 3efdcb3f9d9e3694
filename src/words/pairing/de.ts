// German words of the pairing screen (English and the keys: en.ts); the type makes it have
// exactly the English keys.
import type { en } from './en';

export const de: Record<keyof typeof en, string> = {
  title: 'Tablet koppeln',
  lead: 'Dieses Tablet ist noch nicht mit dem Kassenserver gekoppelt. Bitte die Leitung um einen Kopplungscode: Die Admin-Seite des Servers zeigt ihn, auch als QR-Code zum Scannen mit der Kamera dieses Tablets.',
  revokedTitle: 'Dieses Tablet wurde entkoppelt',
  revokedLead:
    'Die Leitung hat dieses Tablet entkoppelt, daher kann es nichts an das PMS senden. Seine Verkäufe bleiben auf dem Tablet erhalten. Mit einem neuen Code wieder koppeln, um sie zu senden.',
  pairedLead:
    'Dieses Tablet ist als „{name}“ gekoppelt. Mit einem neuen Code der Leitung wird es neu gekoppelt (etwa für eine andere Verkaufsstelle); seine Verkäufe bleiben erhalten.',
  code: 'Kopplungscode',
  codeHint: '8 Buchstaben und Ziffern, z. B. ABCD-2345',
  name: 'Name dieses Tablets (optional)',
  namePlaceholder: 'z. B. Bar-Tablet 2',
  pair: 'Koppeln',
  pairing: 'Wird gekoppelt …',
  'error.code_format':
    'Ein Kopplungscode hat 8 Zeichen: Buchstaben und Ziffern ohne I, L, O, U, 0 und 1. Bitte die Eingabe prüfen.',
  'error.pairing_code_invalid':
    'Dieser Code ist ungültig. Bitte mit der Anzeige bei der Leitung vergleichen und erneut versuchen.',
  'error.pairing_code_expired': 'Dieser Code ist abgelaufen. Bitte die Leitung um einen neuen.',
  'error.pairing_code_used':
    'Dieser Code wurde schon verwendet. Jeder Code koppelt ein Tablet: Bitte die Leitung um einen neuen.',
  'error.too_many_attempts': 'Zu viele falsche Codes. Bitte {minutes} Min. warten und dann erneut versuchen.',
  'error.unreachable':
    'Der Kassenserver ist nicht erreichbar. Bitte das WLAN des Tablets prüfen und erneut versuchen.',
  'error.unexpected':
    'Der Kassenserver hat unerwartet geantwortet ({status}). Bitte erneut versuchen oder die Leitung informieren.',
  'unsent.none': 'Auf diesem Tablet warten keine Verkäufe.',
  'unsent.waiting.one': '{count} Verkauf wartet auf diesem Tablet.',
  'unsent.waiting.other': '{count} Verkäufe warten auf diesem Tablet.',
  'unsent.kept':
    'Es geht nichts verloren: Sie werden an das PMS gesendet, sobald das Tablet gekoppelt ist. Für eine Kopie als Datei exportieren.',
  'unsent.export': 'Wartende Verkäufe exportieren',
  'unsent.exporting': 'Wird exportiert …',
  'unsent.exported': 'Gespeichert als {file}.',
  'unsent.failed':
    'Die wartenden Verkäufe konnten gerade nicht vom Tablet gelesen werden. Bitte erneut versuchen: Sie bleiben erhalten.',
};
