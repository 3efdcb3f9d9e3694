// The UI texts: each language is its own dictionary, loaded on demand; the German one has exactly
// the English keys, none of them empty; switching the language switches every text once loaded.
import { describe, expect, it } from 'vitest';
import { language, loadLanguage, pickLanguage, setLanguage, t } from '../../src/words/i18n.ts';
import { messages as de } from '../../src/words/messages-de.ts';
import { messages as en } from '../../src/words/messages-en.ts';

describe('the dictionaries', () => {
  it('has a German text for every English key, and no other keys', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
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
});
