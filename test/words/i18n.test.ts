// The UI texts: each feature has one English and one German file, loaded on demand in the current
// language; German has exactly the English keys, none of them empty, placeholders kept; no key is
// in two features; switching the language switches every text once loaded.
import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  language,
  loadLanguage,
  loadTexts,
  pickLanguage,
  setLanguage,
  t,
} from '../../src/words/i18n.ts';
import { german as de, english as en, featureTexts } from './all-texts.ts';

describe("the features' texts", () => {
  it('are one English and one German file in every feature folder, each loadable by t()', () => {
    expect(Object.keys(featureTexts).sort()).toEqual([...FEATURES].sort());
    for (const [feature, texts] of Object.entries(featureTexts)) {
      expect(texts.en, `${feature}/texts.en.ts`).toBeDefined();
      expect(texts.de, `${feature}/texts.de.ts`).toBeDefined();
    }
  });

  it.each(Object.keys(featureTexts))(
    '%s has a German text for every English key, and no other keys',
    (feature) => {
      const { en: english = {}, de: german = {} } = featureTexts[feature] ?? {};
      expect(
        Object.keys(english).filter((key) => !(key in german)),
        'missing in German',
      ).toEqual([]);
      expect(
        Object.keys(german).filter((key) => !(key in english)),
        'not in English',
      ).toEqual([]);
    },
  );

  it('has each key in one feature only', () => {
    const owners = new Map<string, string[]>();
    for (const [feature, texts] of Object.entries(featureTexts))
      for (const key of Object.keys(texts.en ?? {})) owners.set(key, [...(owners.get(key) ?? []), feature]);
    expect([...owners].filter(([, features]) => features.length > 1)).toEqual([]);
  });

  it('says counts only through plural forms: every {count} text is a .one/.other pair', () => {
    for (const [key, text] of Object.entries(en)) {
      // Texts whose count has no noun to agree with ("3 pending", "Needs attention: 3", "(3)") read
      // right in both numbers; a split has two parts or more; numberPad.decimals belongs to the pay
      // screen's pad (only ever 2 decimals): left to its owner.
      const nounless = [
        'connection.pending',
        'sync.count',
        'report.historyOpen',
        'numberPad.decimals',
        'followUp.attentionCount',
        'card.report.ledgerTotal',
        'card.report.tillTotal',
        'split.parts',
        'split.partOf',
        'split.lastPart',
        'split.wholeRest',
      ];
      if (!/\{count\}/.test(text) || nounless.includes(key)) continue;
      const base = key.replace(/\.(one|other)$/, '');
      expect(Object.hasOwn(en, `${base}.one`) && Object.hasOwn(en, `${base}.other`), key).toBe(true);
    }
  });

  it('has no empty texts, and keeps every placeholder in German', () => {
    for (const [key, english] of Object.entries(en)) {
      const german = de[key] ?? '';
      expect(german.trim(), key).not.toBe('');
      expect(german.match(/\{\w+\}/g)?.sort() ?? [], key).toEqual(english.match(/\{\w+\}/g)?.sort() ?? []);
    }
  });
});

describe('the UI language', () => {
  it('picks the first supported language the browser prefers, else English', () => {
    expect(pickLanguage(['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(pickLanguage(['fr'])).toBe('en');
  });

  it('shows the texts of the language once they are loaded, and switches to German', async () => {
    await loadLanguage('en');
    await setLanguage('en');
    expect(t('register.title')).toBe('Register');

    await setLanguage('de');

    expect(language()).toBe('de');
    expect(t('register.title')).toBe('Kasse');
    await setLanguage('en');
    expect(t('register.title')).toBe('Register');
  });

  it("shows a feature's texts once they are loaded, in the language switched to as well", async () => {
    await setLanguage('en');
    expect(t('sync.now')).toBe('sync.now'); // the sync feature was not opened yet
    await loadTexts('sync');
    expect(t('sync.now')).toBe(en['sync.now']);
    await setLanguage('de');
    expect(t('sync.now')).toBe(de['sync.now']);
    await setLanguage('en');
  });

  it('chooses singular and plural by Intl.PluralRules, in English and German', async () => {
    await setLanguage('en');
    await loadTexts('ticket', 'report');
    expect([0, 1, 2, 1000].map((n) => t('ticket.items', { count: n }))).toEqual([
      '0 items',
      '1 item',
      '2 items',
      '1,000 items',
    ]);
    expect(t('report.salesCount', { count: 1 })).toBe('1 sale');
    await setLanguage('de');
    expect([1, 2].map((n) => t('report.salesCount', { count: n }))).toEqual(['1 Verkauf', '2 Verkäufe']);
    expect(t('ticket.items', { count: 1000 })).toBe('1.000 Artikel');
    await setLanguage('en');
  });
});
