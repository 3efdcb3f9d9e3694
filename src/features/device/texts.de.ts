// The German texts of this tablet: pairing, settings, and printing at the server's printers: exactly the keys of texts.en.ts
// (its type says so), read through `t()` (src/words/i18n.ts).
import type { texts as english } from './texts.en';

export const texts: Record<keyof typeof english, string> = {
  'settings.device': 'Diese Kasse',
  'settings.gateway': 'Gateway-Adresse',
  'settings.gatewayHint': 'Leer lassen, um die Adresse dieser App zu verwenden ({origin}).',
  'settings.gatewayChecking': 'Gateway wird geprüft …',
  'settings.gatewayFound': 'Das Gateway antwortet. Es sendet die Verkäufe an: {upstream}.',
  'settings.gatewayNotGateway':
    'Unter {address} antwortet etwas, aber kein Hotel-Till-Gateway. Bitte die Adresse prüfen.',
  'settings.gatewayUnreachable':
    'Unter {address} antwortet kein Gateway. Bitte die Adresse prüfen und ob das Gateway läuft; ein Gateway unter einer anderen Adresse muss diese App ({origin}) in TILL_ORIGINS zulassen. Die Verkäufe bleiben auf diesem Tablet, bis es antwortet.',
  'settings.gatewayNotPaired':
    'Unter {address} antwortet ein Hotel-Till-Gateway, aber dieses Tablet ist nicht mit ihm gekoppelt. Erstellen Sie auf der Verwaltungsseite dieses Servers einen Kopplungscode und koppeln Sie das Tablet auch dort. Bis dahin bleiben die Verkäufe auf diesem Tablet.',
  'settings.gatewayOffline': 'Dieses Tablet ist offline: Das Gateway kann jetzt nicht geprüft werden.',
  'settings.gatewayCheckAgain': 'Erneut prüfen',
  'settings.till': 'Name der Kasse',
  'settings.outlet': 'Verkaufsstelle',
  'settings.namedByServer':
    'Dieses Tablet ist {till} in der Verkaufsstelle {outlet}, wie beim Koppeln auf der Admin-Seite benannt.',
  'settings.outletHint': 'z. B. Bar, Restaurant, Terrasse',
  'settings.staff': 'Name der Bedienung',
  'settings.staffHint': 'Wird bei jedem Verkauf gespeichert.',
  'settings.currency': 'Hauswährung',
  'settings.currencyHint': 'ISO-Code, z. B. EUR oder CHF.',
  'settings.cashMethod': 'Zahlungsart für Bargeld',
  'settings.cashMethodAuto': 'Am Namen erkennen',
  'settings.looks': 'Sprache und Darstellung',
  'settings.theme': 'Farbschema',
  'settings.theme.system': 'Wie das Gerät',
  'settings.theme.light': 'Hell',
  'settings.theme.dark': 'Dunkel',
  'settings.saved': 'Gespeichert.',
  'settings.error.gatewayUrl': 'Die Gateway-Adresse muss mit http:// oder https:// beginnen.',
  'settings.error.currency': 'Bitte einen Währungscode wie EUR oder CHF eingeben.',
  'settings.error.other': 'Dieser Wert kann nicht verwendet werden.',
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
  'printer.attention': '{printer}: {problem}',
  'printer.problem.unreachable': 'nicht erreichbar',
  'printer.problem.offline': 'offline',
  'printer.problem.cover_open': 'Deckel offen',
  'printer.problem.paper_out': 'Papier leer',
  'printer.problem.unsure': 'Bon gedruckt?',
  'printer.jobsTitle': 'Wartet bei {printer}',
  'printer.jobWaiting': 'wartet',
  'printer.jobHeld': 'gesendet, nicht bestätigt: bitte am Drucker prüfen',
  'printer.giveUp': 'Aufgeben',
  'printer.close': 'Schließen',
  'printer.givenUp': 'Aufgegeben: wird nicht gedruckt.',
  'print.copy': 'Kopie drucken',
  'print.copyQueued': 'Kopie an {printer} gesendet.',
  'print.slipQueued': 'Beleg an {printer} gesendet.',
  'print.receiptQueued': 'Beleg an {printer} gesendet.',
  'print.receiptWaiting': 'Der Beleg wird gedruckt, sobald der Kassenserver erreichbar ist.',
  'print.sendOrder': 'Bestellung senden',
  'print.orderSent': 'Bestellung an {printers} gesendet.',
  'print.orderNothingNew': 'Nichts Neues zu senden.',
  'print.orderUnrouted': 'Kein Drucker für: {lines}',
  'print.orderFailed': 'Die Bestellung konnte nicht gesendet werden: Kassenserver nicht erreichbar.',
  'pairing.title': 'Tablet koppeln',
  'pairing.lead':
    'Dieses Tablet ist noch nicht mit dem Kassenserver gekoppelt. Bitte die Leitung um einen Kopplungscode: Die Admin-Seite des Servers zeigt ihn, auch als QR-Code zum Scannen mit der Kamera dieses Tablets.',
  'pairing.revokedTitle': 'Dieses Tablet wurde entkoppelt',
  'pairing.revokedLead':
    'Die Leitung hat dieses Tablet entkoppelt, daher kann es nichts an das PMS senden. Seine Verkäufe bleiben auf dem Tablet erhalten. Mit einem neuen Code wieder koppeln, um sie zu senden.',
  'pairing.pairedLead':
    'Dieses Tablet ist als „{name}“ gekoppelt. Mit einem neuen Code der Leitung wird es neu gekoppelt (etwa für eine andere Verkaufsstelle); seine Verkäufe bleiben erhalten.',
  'pairing.code': 'Kopplungscode',
  'pairing.codeHint': '8 Buchstaben und Ziffern, z. B. ABCD-2345',
  'pairing.pair': 'Koppeln',
  'pairing.pairing': 'Wird gekoppelt …',
  'pairing.error.code_format':
    'Ein Kopplungscode hat 8 Zeichen: Buchstaben und Ziffern ohne I, L, O, U, 0 und 1. Bitte die Eingabe prüfen.',
  'pairing.error.pairing_code_invalid':
    'Dieser Code ist ungültig. Bitte mit der Anzeige bei der Leitung vergleichen und erneut versuchen.',
  'pairing.error.pairing_code_expired': 'Dieser Code ist abgelaufen. Bitte die Leitung um einen neuen.',
  'pairing.error.pairing_code_used':
    'Dieser Code wurde schon verwendet. Jeder Code koppelt ein Tablet: Bitte die Leitung um einen neuen.',
  'pairing.error.too_many_attempts':
    'Zu viele falsche Codes. Bitte {minutes} Min. warten und dann erneut versuchen.',
  'pairing.error.unreachable':
    'Der Kassenserver ist nicht erreichbar. Bitte das WLAN des Tablets prüfen und erneut versuchen.',
  'pairing.error.unexpected':
    'Der Kassenserver hat unerwartet geantwortet ({status}). Bitte erneut versuchen oder die Leitung informieren.',
  'pairing.unsent.none': 'Auf diesem Tablet warten keine Verkäufe.',
  'pairing.unsent.waiting.one': '{count} Verkauf wartet auf diesem Tablet.',
  'pairing.unsent.waiting.other': '{count} Verkäufe warten auf diesem Tablet.',
  'pairing.unsent.kept':
    'Es geht nichts verloren: Sie werden an das PMS gesendet, sobald das Tablet gekoppelt ist. Für eine Kopie als Datei exportieren.',
  'pairing.unsent.export': 'Wartende Verkäufe exportieren',
  'pairing.unsent.exporting': 'Wird exportiert …',
  'pairing.unsent.exported': 'Gespeichert als {file}.',
  'pairing.unsent.failed':
    'Die wartenden Verkäufe konnten gerade nicht vom Tablet gelesen werden. Bitte erneut versuchen: Sie bleiben erhalten.',
};
