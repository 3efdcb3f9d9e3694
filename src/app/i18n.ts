// UI language and translations. Owns: every user-visible string (English and German), the current
// language signal and its persistence. Invariant: the German dictionary has exactly the English keys.
import { createSignal } from 'solid-js';
import { stateStrings } from '../state/strings';
import { catalogueStrings } from '../views/catalogue/strings';
import { registerStrings } from '../views/register/strings';
import { reportStrings } from '../views/report/strings';
import { roomChargeStrings } from '../views/room-charge/strings';
import { settingsStrings } from '../views/settings/strings';
import { syncStrings } from '../views/sync/strings';

const en = {
  'app.name': 'Hotel Till',
  'nav.label': 'Sections',
  'catalogue.title': 'Catalogue',
  'register.title': 'Register',
  'roomCharge.title': 'Room charge',
  'sync.title': 'Sync',
  'settings.title': 'Settings',
  'report.title': 'Report',
  'notFound.title': 'Page not found',
  'notFound.back': 'Back to the catalogue',
  'view.comingSoon': 'This screen is coming soon.',
  'connection.online': 'Online',
  'connection.offline': 'Offline',
  'update.available': 'New version available',
  'update.apply': 'Update',
  'update.later': 'Later',
  'settings.language': 'Language',
  ...stateStrings.en,
  ...catalogueStrings.en,
  ...registerStrings.en,
  ...roomChargeStrings.en,
  ...syncStrings.en,
  ...reportStrings.en,
  ...settingsStrings.en,
} as const;

export type MessageKey = keyof typeof en;
export type Language = 'en' | 'de';

const de: Record<MessageKey, string> = {
  'app.name': 'Hotel Till',
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
  ...stateStrings.de,
  ...catalogueStrings.de,
  ...registerStrings.de,
  ...roomChargeStrings.de,
  ...syncStrings.de,
  ...reportStrings.de,
  ...settingsStrings.de,
};

const dictionaries: Record<Language, Record<MessageKey, string>> = { en, de };

/** Languages offered in settings, each named in itself. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

const LANGUAGE_STORAGE_KEY = 'hotel-till.language';

/** The first supported language in the browser's preference list; English otherwise. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'de' || base === 'en') return base;
  }
  return 'en';
}

function initialLanguage(): Language {
  const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
  if (saved === 'de' || saved === 'en') return saved;
  return pickLanguage(globalThis.navigator?.languages ?? []);
}

const [language, setLanguageSignal] = createSignal<Language>(initialLanguage());

/** The current UI language (reactive). */
export { language };

/** Switches the UI language and remembers the choice on this device. */
export function setLanguage(next: Language): void {
  globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, next);
  setLanguageSignal(next);
}

/**
 * The text for `key` in the current language; reactive when read inside JSX or an effect.
 * @example <h1>{t('register.title')}</h1>
 */
export function t(key: MessageKey): string {
  return dictionaries[language()][key];
}
