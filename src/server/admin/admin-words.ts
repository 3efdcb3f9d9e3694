// The admin page's words, in English and German, chosen by the browser's Accept-Language.
export const ADMIN_WORDS = {
  en: {
    title: 'Hotel Till – administration',
    signInTitle: 'Sign in',
    signInHint:
      'Open this page on the till server itself, or sign in with the admin key (printed at the first start, kept in the data folder as admin-key.txt).',
    adminKey: 'Admin key',
    signIn: 'Sign in',
    wrongKey: 'That is not the admin key.',
    signOut: 'Sign out',
    pairTitle: 'Pair a tablet',
    outlet: 'Outlet',
    bar: 'Bar',
    restaurant: 'Restaurant',
    minibar: 'Minibar',
    deviceName: 'Tablet name',
    createCode: 'Create pairing code',
    codeFor: 'Pairing code for',
    codeHint:
      'On the tablet, open the till and type this code, or scan the QR code with the tablet camera. The code works once and expires at',
    devicesTitle: 'Paired tablets',
    noDevices: 'No tablet is paired yet.',
    name: 'Name',
    paired: 'Paired',
    lastSeen: 'Last seen',
    status: 'Status',
    active: 'Active',
    revoked: 'Revoked',
    revoke: 'Revoke',
    gatewayTitle: 'PMS gateway',
    upstream: 'Forwards to',
    queued: 'Requests waiting',
    resends: 'Browser resends answered',
    back: 'Back',
  },
  de: {
    title: 'Hotel Till – Verwaltung',
    signInTitle: 'Anmelden',
    signInHint:
      'Öffnen Sie diese Seite am Kassenserver selbst oder melden Sie sich mit dem Admin-Schlüssel an (beim ersten Start ausgegeben, im Datenordner als admin-key.txt).',
    adminKey: 'Admin-Schlüssel',
    signIn: 'Anmelden',
    wrongKey: 'Das ist nicht der Admin-Schlüssel.',
    signOut: 'Abmelden',
    pairTitle: 'Tablet koppeln',
    outlet: 'Verkaufsstelle',
    bar: 'Bar',
    restaurant: 'Restaurant',
    minibar: 'Minibar',
    deviceName: 'Name des Tablets',
    createCode: 'Kopplungscode erstellen',
    codeFor: 'Kopplungscode für',
    codeHint:
      'Öffnen Sie auf dem Tablet die Kasse und geben Sie diesen Code ein, oder scannen Sie den QR-Code mit der Kamera. Der Code gilt einmal und verfällt um',
    devicesTitle: 'Gekoppelte Tablets',
    noDevices: 'Noch kein Tablet gekoppelt.',
    name: 'Name',
    paired: 'Gekoppelt',
    lastSeen: 'Zuletzt gesehen',
    status: 'Status',
    active: 'Aktiv',
    revoked: 'Entzogen',
    revoke: 'Entziehen',
    gatewayTitle: 'PMS-Gateway',
    upstream: 'Leitet weiter an',
    queued: 'Wartende Anfragen',
    resends: 'Beantwortete Browser-Wiederholungen',
    back: 'Zurück',
  },
} as const satisfies Record<'en' | 'de', Record<string, string>>;

export type AdminWords = Record<keyof (typeof ADMIN_WORDS)['en'], string>;

export function adminWords(acceptLanguage: string | undefined): { lang: 'en' | 'de'; words: AdminWords } {
  const lang = /^\s*de\b/i.test(acceptLanguage ?? '') ? 'de' : 'en';
  return { lang, words: ADMIN_WORDS[lang] };
}
