// The UI texts: each language is its own dictionary, loaded on demand; the German one has exactly
// the English keys, none of them empty; switching the language switches every text once loaded.
import { describe, expect, it } from 'vitest';
import {
  language,
  loadLanguage,
  loadLaterWords,
  pickLanguage,
  setLanguage,
  t,
  tCount,
} from '../../src/words/i18n.ts';
import { messages as deFirst } from '../../src/words/messages-de.ts';
import { laterMessages as deLater } from '../../src/words/messages-de-later.ts';
import { messages as enFirst } from '../../src/words/messages-en.ts';
import { laterMessages as enLater } from '../../src/words/messages-en-later.ts';

const en = { ...enFirst, ...enLater };
const de = { ...deFirst, ...deLater };

describe('the dictionaries', () => {
  it('has a German text for every English key, and no other keys, first screen and later alike', () => {
    expect(Object.keys(deFirst).sort()).toEqual(Object.keys(enFirst).sort());
    expect(Object.keys(deLater).sort()).toEqual(Object.keys(enLater).sort());
    expect(Object.keys(enFirst).filter((key) => key in enLater)).toEqual([]);
  });

  it('says counts only through plural forms: every {count} text is a .one/.other pair', () => {
    for (const [key, text] of Object.entries(en)) {
      // Texts whose count has no noun to agree with ("3 pending", "3") read right in both numbers.
      // numberPad.decimals belongs to the pay screen's pad (only ever 2 decimals): left to its owner.
      const nounless = ['connection.pending', 'sync.count', 'report.historyOpen', 'numberPad.decimals'];
      if (!/\{count\}/.test(text) || nounless.includes(key)) continue;
      const base = key.replace(/\.(one|other)$/, '');
      expect(Object.hasOwn(en, `${base}.one`) && Object.hasOwn(en, `${base}.other`), key).toBe(true);
    }
  });

  it('has no empty texts, and keeps every placeholder in German', () => {
    for (const [key, english] of Object.entries(en)) {
      const german = de[key as keyof typeof en];
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

  it('shows the texts of the language once its dictionary is loaded, and switches to German', async () => {
    await loadLanguage('en');
    await setLanguage('en');
    expect(t('register.title')).toBe('Register');

    await setLanguage('de');

    expect(language()).toBe('de');
    expect(t('register.title')).toBe('Kasse');
    await setLanguage('en');
    expect(t('register.title')).toBe('Register');
  });

  it("shows a later section's texts once they are loaded, in the language switched to as well", async () => {
    await setLanguage('en');
    await loadLaterWords();
    expect(t('sync.now')).toBe(enLater['sync.now']);
    await setLanguage('de');
    expect(t('sync.now')).toBe(deLater['sync.now']);
    await setLanguage('en');
  });

  it('chooses singular and plural by Intl.PluralRules, in English and German', async () => {
    await loadLanguage('de');
    await setLanguage('en');
    await loadLaterWords();
    expect([0, 1, 2, 1000].map((n) => tCount('ticket.items', n))).toEqual([
      '0 items',
      '1 item',
      '2 items',
      '1,000 items',
    ]);
    expect(tCount('report.salesCount', 1)).toBe('1 sale');
    await setLanguage('de');
    expect([1, 2].map((n) => tCount('report.salesCount', n))).toEqual(['1 Verkauf', '2 Verkäufe']);
    expect(tCount('ticket.items', 1000)).toBe('1.000 Artikel');
    await setLanguage('en');
  });
});
