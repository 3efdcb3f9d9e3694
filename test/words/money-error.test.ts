// The money rule's refusals in staff's words: every code in German and English, naming the limit
// broken as money in the UI language (not "greater than zero" for an amount that is too large).
import { afterAll, describe, expect, it } from 'vitest';
import { MoneyError, type MoneyProblem, POSITIVE_AMOUNT_LIMITS, parseMoney } from '../../src/pms/money.ts';
import { errorText } from '../../src/words/error-text.ts';
import { setLanguage } from '../../src/words/i18n.ts';

const refusal = (text: string) => {
  try {
    parseMoney(text, POSITIVE_AMOUNT_LIMITS);
  } catch (error) {
    return errorText(error);
  }
  return 'accepted';
};

afterAll(() => setLanguage('en'));

describe('a refused amount, in words', () => {
  it('says which limit was broken, in English', async () => {
    await setLanguage('en');
    expect(refusal('999999')).toBe('The amount can be at most €100,000.00.');
    expect(refusal('100000.01')).toBe('The amount can be at most €100,000.00.');
    expect(refusal('0')).toBe('The amount must be more than €0.00.');
    expect(refusal('12.345')).toBe('An amount has at most two decimals, e.g. 12.50.');
    expect(refusal('zwölf')).toBe('Enter an amount such as 12.50.');
  });

  it('says it in German, with German money', async () => {
    await setLanguage('de');
    expect(refusal('999999')).toBe('Der Betrag darf höchstens 100.000,00\u00a0€ sein.');
    expect(refusal('1,505')).toBe('Ein Betrag hat höchstens zwei Nachkommastellen, z. B. 12,50.');
    expect(refusal('-1')).toBe('Der Betrag muss größer als 0,00\u00a0€ sein.');
    expect(errorText(new MoneyError('below', 0, '-1'))).toBe('Der Betrag muss mindestens 0,00\u00a0€ sein.');
  });

  it('has a text for every code', async () => {
    const problems: MoneyProblem[] = ['not-an-amount', 'too-many-decimals', 'not-above', 'below', 'above'];
    for (const language of ['en', 'de'] as const) {
      await setLanguage(language);
      for (const problem of problems)
        expect(errorText(new MoneyError(problem, 0, 'x'))).not.toMatch(/money\.error|Something went wrong/);
    }
  });
});
