// The server's printing words (slips, the admin page's printer section, printer problems): German
// has every English text, none empty, with the same placeholders.
import { describe, expect, it } from 'vitest';
import { PRINTER_ADMIN_WORDS, PROBLEM_WORDS } from '../../../src/server/printing/printer-admin-words.ts';
import { SLIP_WORDS, slipWords } from '../../../src/server/printing/slip-words.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the printing words on the server', () => {
  it('are in German and English alike, placeholders kept', () => {
    for (const [en, de] of [
      [PRINTER_ADMIN_WORDS.en, PRINTER_ADMIN_WORDS.de],
      [PROBLEM_WORDS.en, PROBLEM_WORDS.de],
      [SLIP_WORDS.en, SLIP_WORDS.de],
    ] as [Record<string, string>, Record<string, string>][]) {
      expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
      for (const [key, english] of Object.entries(en)) {
        expect(de[key]!.trim(), key).not.toBe('');
        expect(placeholders(de[key]!), key).toEqual(placeholders(english));
      }
    }
  });

  it('fill in the slips’ placeholders in both languages', () => {
    expect(slipWords('de')('copyNumber', { n: 2 })).toBe('Kopie 2');
    expect(slipWords('en')('cancels', { reference: 'B-1', time: '10:00' })).toBe(
      'Cancels receipt B-1 of 10:00',
    );
  });
});
