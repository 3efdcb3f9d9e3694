// The tablet's printing words: German has every English text, none empty, with the same
// placeholders.
import { describe, expect, it } from 'vitest';
import { de } from '../../src/words/printing/de.ts';
import { en } from '../../src/words/printing/en.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the printing words', () => {
  it('are in German and English alike, placeholders kept', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      const german = de[key as keyof typeof en];
      expect(german.trim(), key).not.toBe('');
      expect(placeholders(german), key).toEqual(placeholders(english));
    }
  });
});
