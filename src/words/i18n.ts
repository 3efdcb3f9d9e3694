// UI language and translations. Owns: the current language signal and its persistence, and the
// dictionaries: the first screen's (messages-<lang>.ts, both languages) come with the app's first
// chunk, ready before the first render (docs/ui-speed.md); the other sections'
// (messages-<lang>-later.ts) load in the current language only, after it, and before any of their
// views shows (app/routes.ts waits for `loadLaterWords()`). Invariants: the German dictionaries have exactly the English keys
// (their types, and test/words/i18n.test.ts); the language signal only changes once that
// language's dictionaries (the later ones too, once asked for) are loaded, so `t()` has its texts.
import { createSignal } from 'solid-js';
import { messages as germanFirstScreen } from './messages-de';
import { messages as englishFirstScreen, type MessageKey } from './messages-en';

export type { MessageKey };
export type Language = 'en' | 'de';
type Dictionary = Readonly<Partial<Record<MessageKey, string>>>;

const DICTIONARIES: Record<Language, () => Promise<Dictionary>> = {
  en: () => Promise.resolve(englishFirstScreen),
  de: () => Promise.resolve(germanFirstScreen),
};
const LATER_DICTIONARIES: Record<Language, () => Promise<Dictionary>> = {
  en: () => import('./messages-en-later').then((module) => module.laterMessages),
  de: () => import('./messages-de-later').then((module) => module.laterMessages),
};

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

const loaded: Partial<Record<Language, Dictionary>> = {};
const loading: Partial<Record<Language, Promise<Dictionary>>> = {};
const loadingLater: Partial<Record<Language, Promise<void>>> = {};
/** Whether the later sections' texts were asked for: a language switched to then needs them too. */
let laterWanted = false;
/** Bumped when texts are added to the current language's dictionary, so `t()` shows them. */
const [wordsAdded, setWordsAdded] = createSignal(0);
const [language, setLanguageSignal] = createSignal<Language>(initialLanguage());
/** The language asked for last: a slower load of an earlier choice must not win over it. */
let wanted = language();

/** The current UI language (reactive). */
export { language };

function loadDictionary(lang: Language): Promise<Dictionary> {
  loading[lang] ??= DICTIONARIES[lang]().then(
    (messages) => {
      loaded[lang] = { ...loaded[lang], ...messages };
      return messages;
    },
    (error: unknown) => {
      delete loading[lang]; // asked again, it tries again
      throw error;
    },
  );
  return loading[lang];
}

// The texts of the start language are fetched as soon as this module runs, while the rest of the
// app's code is still being evaluated; main.tsx waits for them (`loadLanguage`) before rendering.
loadDictionary(language()).catch(() => undefined);

function loadLaterDictionary(lang: Language): Promise<void> {
  loadingLater[lang] ??= Promise.all([loadDictionary(lang), LATER_DICTIONARIES[lang]()]).then(
    ([, later]) => {
      loaded[lang] = { ...loaded[lang], ...later };
      setWordsAdded((count) => count + 1);
    },
    (error: unknown) => {
      delete loadingLater[lang];
      throw error;
    },
  );
  return loadingLater[lang];
}

/**
 * Loads the texts of the sections after the first screen (room charge, sync, report, settings) in
 * the current language, and in any language switched to from now on.
 * @example const SyncView = lazy(() => Promise.all([import('./SyncView'), loadLaterWords()]).then(([view]) => view));
 */
export function loadLaterWords(): Promise<void> {
  laterWanted = true;
  return loadLaterDictionary(language());
}

/**
 * Loads the dictionary of `lang` (default: the current language); `t()` needs it loaded.
 * @example await loadLanguage(); render(() => <App />, root);
 */
export async function loadLanguage(lang: Language = language()): Promise<void> {
  await loadDictionary(lang);
}

/**
 * Switches the UI language once its dictionary is loaded, and remembers the choice on this device.
 * @example await setLanguage('de');
 */
export async function setLanguage(next: Language): Promise<void> {
  wanted = next;
  globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, next);
  await (laterWanted ? loadLaterDictionary(next) : loadDictionary(next));
  if (wanted === next) setLanguageSignal(next);
}

/**
 * Fills `{name}` placeholders in `text`; the one placeholder convention of the till's words.
 * @example fillIn('Room {room}', { room: '104' }) === 'Room 104'
 */
export function fillIn(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The text for `key` in the current language, its `{placeholders}` filled from `values`; reactive
 * when read inside JSX or an effect. The key itself while no dictionary is loaded (never in the app:
 * it loads one before rendering).
 * @example <h1>{t('register.title')}</h1>; t('products.added', { detail: 'Pils' })
 */
export function t(key: MessageKey, values?: Record<string, string | number>): string {
  wordsAdded(); // a text added after the first render shows once it is there
  const text = loaded[language()]?.[key] ?? key;
  return values ? fillIn(text, values) : text;
}

/** Keys whose text depends on a count: the dictionary has `<key>.one` and `<key>.other`. */
export type CountKey = MessageKey extends infer K ? (K extends `${infer Base}.other` ? Base : never) : never;

const pluralRules: Partial<Record<Language, Intl.PluralRules>> = {};

/**
 * The plural category of `count` in the UI language ('one' or 'other' in German and English), by
 * `Intl.PluralRules`; the one way the till chooses between singular and plural.
 * @example pluralCategory(1) === 'one'; pluralCategory(0) === 'other'
 */
export function pluralCategory(count: number): 'one' | 'other' {
  const lang = language();
  pluralRules[lang] ??= new Intl.PluralRules(lang);
  return pluralRules[lang].select(count) === 'one' ? 'one' : 'other';
}

/**
 * The text for `count` of something: `<key>.one` or `<key>.other` as the language's plural rules
 * choose, `{count}` filled with the number as the language writes it (other placeholders from
 * `values`); reactive like `t()`.
 * @example tCount('ticket.items', 1) === '1 item'; tCount('ticket.items', 30) === '30 items'
 */
export function tCount(key: CountKey, count: number, values: Record<string, string | number> = {}): string {
  const number = new Intl.NumberFormat(language()).format(count);
  return t(`${key}.${pluralCategory(count)}` as MessageKey, { ...values, count: number });
}
