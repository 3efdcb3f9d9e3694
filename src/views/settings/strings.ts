// Words of the settings view, English and German. Merged into src/app/i18n.ts; the German
// dictionary must have exactly the English keys. ('settings.title' and 'settings.language' are the
// shell's own keys.)

const en = {
  'settings.device': 'This till',
  'settings.gateway': 'Gateway address',
  'settings.gatewayHint': 'Leave empty to use this app’s own address ({origin}).',
  'settings.till': 'Till name',
  'settings.outlet': 'Outlet',
  'settings.outletHint': 'e.g. Bar, Restaurant, Terrace',
  'settings.staff': 'Staff name',
  'settings.staffHint': 'Recorded on each sale.',
  'settings.currency': 'Hotel currency',
  'settings.currencyHint': 'ISO code, e.g. EUR or CHF.',
  'settings.cashMethod': 'Payment method for cash',
  'settings.cashMethodAuto': 'Recognise by its name',
  'settings.looks': 'Language and display',
  'settings.theme': 'Theme',
  'settings.theme.system': 'Like the device',
  'settings.theme.light': 'Light',
  'settings.theme.dark': 'Dark',
  'settings.saved': 'Saved.',
  'settings.error.gatewayUrl': 'The gateway address must start with http:// or https://.',
  'settings.error.currency': 'Enter a currency code such as EUR or CHF.',
  'settings.error.other': 'This value cannot be used.',
} as const;

const de: Record<keyof typeof en, string> = {
  'settings.device': 'Diese Kasse',
  'settings.gateway': 'Gateway-Adresse',
  'settings.gatewayHint': 'Leer lassen, um die Adresse dieser App zu verwenden ({origin}).',
  'settings.till': 'Name der Kasse',
  'settings.outlet': 'Verkaufsstelle',
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

export const settingsStrings = { en, de };
