// German words of the settings view (English and the keys: the same file in words/en/). Part of
// src/words/messages-de.ts; the type makes it have exactly the English keys.
import type { en } from '../en/settings';

export const de: Record<keyof typeof en, string> = {
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
};
