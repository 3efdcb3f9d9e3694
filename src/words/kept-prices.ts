// The first screen's prices as text, kept in localStorage from the last run with the locale and
// currency they were formatted in, so the first frame's tiles need no Intl.NumberFormat (a page's
// first one costs ~80 ms at 4x: docs/ui-speed.md). Owns that value. Invariant: a kept text is only
// used while no formatter was made in this page, and only for the same locale and currency.
import { createEffect, createRoot } from 'solid-js';
import { catalogue, FIRST_PAGE_PRODUCTS } from '../features/catalogue';
import { settings } from '../features/device';
import { type Cents, formatMoney } from '../pms/money';
import { LOCAL_KEYS, readLocal, writeLocal } from '../storage/local';
import { language } from './i18n';
import { LOCALES } from './locales';

interface Kept {
  locale: string;
  currency: string;
  texts: Record<string, string>;
}

let kept: Kept | undefined = readKept();
let formatterMade = false;

function readKept(): Kept | undefined {
  const saved = readLocal(LOCAL_KEYS.firstScreenPrices) as Partial<Kept> | undefined;
  return saved &&
    typeof saved.locale === 'string' &&
    typeof saved.currency === 'string' &&
    typeof saved.texts === 'object' &&
    saved.texts !== null
    ? (saved as Kept)
    : undefined;
}

/**
 * `cents` as formatMoney formats them, from the kept texts while this page has made no formatter.
 * @example keptOrFormatted(1250, 'de-DE', 'EUR') === '12,50 €'
 */
export function keptOrFormatted(cents: Cents, locale: string, currency: string): string {
  if (!formatterMade) {
    const text = kept?.locale === locale && kept.currency === currency ? kept.texts[cents] : undefined;
    if (typeof text === 'string') return text;
    formatterMade = true;
    kept = undefined;
  }
  return formatMoney(cents, locale, currency);
}

let keeping = false;

/**
 * From now on keeps the texts of the first page's prices (features/catalogue/catalogue-first-page.ts), again as
 * they, the language or the currency change. Once per page.
 * @example void afterFirstScreen().then(keepFirstScreenPrices);
 */
export function keepFirstScreenPrices(): void {
  if (keeping) return;
  keeping = true;
  formatterMade = true; // formatted below: from here on formatMoney answers
  kept = undefined;
  createRoot(() => {
    createEffect(() => {
      const [locale, currency] = [LOCALES[language()], settings().currency];
      const texts: Record<string, string> = {};
      for (const product of catalogue().index.products.slice(0, FIRST_PAGE_PRODUCTS))
        texts[product.price] = formatMoney(product.price, locale, currency);
      writeLocal(LOCAL_KEYS.firstScreenPrices, { locale, currency, texts } satisfies Kept);
    });
  });
}
