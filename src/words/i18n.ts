// UI language and texts. Owns: the current language signal and its persistence, the one lookup
// `t()` (keys typed from the features' English files), and a feature's texts
// (src/features/<feature>/texts.<lang>.ts): the first screen's in the app's first chunk, the others
// loaded in the current language when the feature opens (`loadTexts`) and in any language switched
// to later. Invariant: the language signal only changes once every feature asked for so far has its
// texts loaded in that language. docs/texts.md.
import { createSignal } from 'solid-js';
import { texts as catalogueDe } from '../features/catalogue/texts.de';
import type { texts as catalogue } from '../features/catalogue/texts.en';
import { texts as catalogueEn } from '../features/catalogue/texts.en';
import { texts as commonDe } from '../features/common/texts.de';
import type { texts as common } from '../features/common/texts.en';
import { texts as commonEn } from '../features/common/texts.en';
import type { texts as device } from '../features/device/texts.en';
import type { texts as kitchen } from '../features/kitchen/texts.en';
import type { texts as payment } from '../features/payment/texts.en';
import type { texts as report } from '../features/report/texts.en';
import type { texts as roomCharge } from '../features/room-charge/texts.en';
import { texts as staffDe } from '../features/staff/texts.de';
import type { texts as staff } from '../features/staff/texts.en';
import { texts as staffEn } from '../features/staff/texts.en';
import type { texts as sync } from '../features/sync/texts.en';
import type { texts as tables } from '../features/tables/texts.en';
import { texts as ticketDe } from '../features/ticket/texts.de';
import type { texts as ticket } from '../features/ticket/texts.en';
import { texts as ticketEn } from '../features/ticket/texts.en';

/** Every text key of the till: the keys of the features' English files. */
export type MessageKey =
  | keyof typeof common
  | keyof typeof staff
  | keyof typeof ticket
  | keyof typeof payment
  | keyof typeof roomCharge
  | keyof typeof catalogue
  | keyof typeof sync
  | keyof typeof report
  | keyof typeof device
  | keyof typeof tables
  | keyof typeof kitchen;
export type Language = 'en' | 'de';
type Texts = Readonly<Partial<Record<MessageKey, string>>>;
type TextsModule = Promise<{ texts: Texts }>;

/** Texts that come with the app's first chunk: no second request before the first render. */
const inFirstChunk = (texts: Texts) => () => Promise.resolve({ texts });

/**
 * Each feature's texts by language. The first screen's features (common, staff, ticket, catalogue)
 * come in the app's first chunk in both languages (a few kB: a separate fetch cost a round trip
 * before the first render, docs/ui-speed.md); every other feature's texts are a chunk of their own
 * per language, loaded when the feature opens, so a German till never loads their English.
 */
const FEATURE_TEXTS = {
  common: { en: inFirstChunk(commonEn), de: inFirstChunk(commonDe) },
  staff: { en: inFirstChunk(staffEn), de: inFirstChunk(staffDe) },
  ticket: { en: inFirstChunk(ticketEn), de: inFirstChunk(ticketDe) },
  payment: {
    en: () => import('../features/payment/texts.en'),
    de: () => import('../features/payment/texts.de'),
  },
  'room-charge': {
    en: () => import('../features/room-charge/texts.en'),
    de: () => import('../features/room-charge/texts.de'),
  },
  catalogue: { en: inFirstChunk(catalogueEn), de: inFirstChunk(catalogueDe) },
  sync: { en: () => import('../features/sync/texts.en'), de: () => import('../features/sync/texts.de') },
  tables: {
    en: () => import('../features/tables/texts.en'),
    de: () => import('../features/tables/texts.de'),
  },
  kitchen: {
    en: () => import('../features/kitchen/texts.en'),
    de: () => import('../features/kitchen/texts.de'),
  },
  report: {
    en: () => import('../features/report/texts.en'),
    de: () => import('../features/report/texts.de'),
  },
  device: {
    en: () => import('../features/device/texts.en'),
    de: () => import('../features/device/texts.de'),
  },
} satisfies Record<string, Record<Language, () => TextsModule>>;

/** A feature with texts of its own. */
export type Feature = keyof typeof FEATURE_TEXTS;
/** Every feature, e.g. for a test that loads all texts. */
export const FEATURES = Object.keys(FEATURE_TEXTS) as Feature[];
/** The features the first screen (shell, lock screen, register, catalogue) shows before anything else. */
export const FIRST_SCREEN_FEATURES: readonly Feature[] = ['common', 'staff', 'ticket', 'catalogue'];

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

const loaded: Record<Language, Texts> = { en: {}, de: {} };
const loading: Record<Language, Partial<Record<Feature, Promise<void>>>> = { en: {}, de: {} };
/** The features whose texts were asked for: a language switched to needs them too. */
const wanted = new Set<Feature>();
/** Bumped when a feature's texts are loaded, so `t()` shows them. */
const [textsAdded, setTextsAdded] = createSignal(0);
const [language, setLanguageSignal] = createSignal<Language>(initialLanguage());
/** The language asked for last: a slower load of an earlier choice must not win over it. */
let wantedLanguage = language();

/** The current UI language (reactive). */
export { language };

function loadFeature(feature: Feature, lang: Language): Promise<void> {
  loading[lang][feature] ??= FEATURE_TEXTS[feature][lang]().then(
    (module) => {
      loaded[lang] = { ...loaded[lang], ...module.texts };
      setTextsAdded((count) => count + 1);
    },
    (error: unknown) => {
      delete loading[lang][feature]; // asked again, it tries again
      throw error;
    },
  );
  return loading[lang][feature];
}

/**
 * Loads the texts of `features` in the current language (and in any language switched to from now
 * on); a view awaits its features' texts before it shows.
 * @example const SyncView = lazy(() => withTexts(['sync'], () => import('./SyncView')));
 */
export async function loadTexts(...features: Feature[]): Promise<void> {
  for (const feature of features) wanted.add(feature);
  const languages = new Set([language(), wantedLanguage]); // a switch under way needs them too
  await Promise.all([...languages].flatMap((lang) => features.map((feature) => loadFeature(feature, lang))));
}

/**
 * Loads `code` (a dynamic import) and the texts of `features` side by side: what a lazy route or
 * dialog passes to `lazy()`.
 * @example lazy(() => withTexts(['report', 'payment'], () => import('../views/ReportView')))
 */
export async function withTexts<Module>(features: Feature[], code: () => Promise<Module>): Promise<Module> {
  const [module] = await Promise.all([code(), loadTexts(...features)]);
  return module;
}

/**
 * Loads the texts of the features asked for so far (the first screen's at least) in `lang`
 * (default: the current language); `t()` needs them loaded.
 * @example await loadLanguage(); render(() => <App />, root);
 */
export async function loadLanguage(lang: Language = language()): Promise<void> {
  for (const feature of FIRST_SCREEN_FEATURES) wanted.add(feature);
  await Promise.all([...wanted].map((feature) => loadFeature(feature, lang)));
}

// The first screen's texts are fetched as soon as this module runs, while the rest of the app's
// code is still being evaluated; main.tsx waits for them (`loadLanguage`) before rendering.
loadLanguage().catch(() => undefined);

/**
 * Switches the UI language once the texts asked for so far are loaded in it, and remembers the
 * choice on this device.
 * @example await setLanguage('de');
 */
export async function setLanguage(next: Language): Promise<void> {
  wantedLanguage = next;
  globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, next);
  await loadLanguage(next);
  if (wantedLanguage === next) setLanguageSignal(next);
}

/**
 * Fills `{name}` placeholders in `text`; the one placeholder convention of the till's texts.
 * @example fillIn('Room {room}', { room: '104' }) === 'Room 104'
 */
export function fillIn(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The text for `key` in the current language, its `{placeholders}` filled from `values`; reactive
 * when read inside JSX or an effect. For a count key (its texts are `<key>.one` and `<key>.other`),
 * `values.count` chooses between them by the language's plural rules and fills `{count}` as the
 * language writes numbers. The key itself while its feature's texts are not loaded (never in the
 * app: a view awaits its features' texts).
 * @example t('products.added', { detail: 'Pils' }); t('ticket.items', { count: 30 }) === '30 items'
 */
export function t(key: MessageKey, values?: Record<string, string | number>): string;
export function t(key: CountKey, values: { count: number } & Record<string, string | number>): string;
export function t(key: MessageKey | CountKey, values?: Record<string, string | number>): string {
  textsAdded(); // a text added after the first render shows once it is there
  const texts = loaded[language()];
  const count = values?.count;
  if (typeof count === 'number' && !(key in texts)) {
    const number = new Intl.NumberFormat(language()).format(count);
    const counted = texts[`${key}.${pluralCategory(count)}` as MessageKey] ?? key;
    return fillIn(counted, { ...values, count: number });
  }
  const text = texts[key as MessageKey] ?? key;
  return values ? fillIn(text, values) : text;
}

/** Keys whose text depends on a count: the texts have `<key>.one` and `<key>.other`. */
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
