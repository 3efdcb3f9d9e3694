// Every refusal staff can see is a code with a text in English and German: the outbox's refusals
// (src/outbox/refusal.ts, said in src/words/refusals/), the ticket's, payment's, parking's, room
// charge's and settings' own, and the shared error texts. A code without a German text, an empty
// one, or an English one left untranslated fails here.
import { beforeAll, describe, expect, it } from 'vitest';
import * as intents from '../../src/outbox/intents/index.ts';
import { OutboxActionRefused, type OutboxRefusal } from '../../src/outbox/refusal.ts';
import type { IntentRecord } from '../../src/storage/records.ts';
import { loadLanguage, loadLaterWords, setLanguage } from '../../src/words/i18n.ts';
import { messages as deFirst } from '../../src/words/messages-de.ts';
import { laterMessages as deLater } from '../../src/words/messages-de-later.ts';
import { messages as enFirst } from '../../src/words/messages-en.ts';
import { laterMessages as enLater } from '../../src/words/messages-en-later.ts';
import { de as outboxDe } from '../../src/words/refusals/de.ts';
import { en as outboxEn } from '../../src/words/refusals/en.ts';
import { actionErrorText } from '../../src/words/refusals/index.ts';
import { stepProblem, stepTitle } from '../../src/words/sync-problems.ts';

const REFUSAL_FAMILIES =
  /^(refusal|error|pay\.error|park\.error|ticket\.error|roomCharge\.refusal|settings\.error)\./;
/** Refusal texts that are the same in both languages on purpose (none today). */
const SAME_IN_BOTH: ReadonlySet<string> = new Set();

/** Every refusal text, English and German, by key: the till's dictionaries and the outbox's refusals. */
const english: Readonly<Record<string, string>> = { ...enFirst, ...enLater, ...outboxEn };
const german: Readonly<Record<string, string | undefined>> = { ...deFirst, ...deLater, ...outboxDe };
const refusalKeys = Object.keys(english).filter((key) => REFUSAL_FAMILIES.test(key));

describe('refusal codes in staff words', () => {
  beforeAll(async () => {
    await loadLanguage('en');
    await loadLaterWords();
  });

  it('covers every code of the outbox and of each refusal family', () => {
    expect(Object.keys(outboxEn).every((key) => refusalKeys.includes(key))).toBe(true);
    for (const family of [
      'refusal.',
      'error.',
      'pay.error.',
      'park.error.',
      'ticket.error.',
      'roomCharge.refusal.',
    ]) {
      expect(
        refusalKeys.some((key) => key.startsWith(family)),
        family,
      ).toBe(true);
    }
  });

  it.each(refusalKeys)('%s has a German text of its own', (key) => {
    const inEnglish = english[key] ?? '';
    const text = german[key];
    expect(text, `${key} has no German text`).toBeTypeOf('string');
    expect(text?.trim(), `${key} is empty in German`).not.toBe('');
    if (!SAME_IN_BOTH.has(key)) expect(text, `${key} is English in German`).not.toBe(inEnglish);
    expect(text?.match(/\{\w+\}/g)?.sort() ?? [], key).toEqual(inEnglish.match(/\{\w+\}/g)?.sort() ?? []);
  });

  it('says an outbox refusal in the UI language, with its parameters, never its English message', async () => {
    const refusal: OutboxRefusal = { code: 'still-checking', step: 2 };
    const error = new OutboxActionRefused(refusal);

    await setLanguage('de');
    const shown = actionErrorText(error);
    await setLanguage('en');

    expect(shown).toBe(
      'Die Kasse prüft noch, ob Schritt 2 im PMS angekommen ist; bitte gleich noch einmal versuchen.',
    );
    expect(actionErrorText(error)).toBe(
      'The till is still finding out whether step 2 reached the PMS; try again shortly.',
    );
  });
});

describe('step titles', () => {
  it('has a title in both languages for every intent name the outbox registers', async () => {
    const names = (Object.values(intents) as unknown[]).filter(
      (value): value is string => typeof value === 'string' && /@\d+$/.test(value),
    );
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (const language of ['en', 'de'] as const) {
      await setLanguage(language);
      for (const name of names) {
        const title = stepTitle({ name, step: 1 } as IntentRecord);
        expect(title, name).not.toMatch(/^sync\.step\.|\{/);
        expect(title, name).not.toBe(language === 'en' ? 'Step 1' : 'Schritt 1');
      }
    }
    await setLanguage('en');
    expect(stepTitle({ name: 'minibar.count@9', step: 3 } as IntentRecord)).toBe('Step 3');
  });
});

describe("the till server's refusals of a sale and of its PMS writes", () => {
  const CODES = [
    'sale_conflict',
    'sale_totals',
    'sale_invalid',
    'sale_unknown',
    'sale_not_recorded',
    'write_mismatch',
    'invoice_not_of_sale',
    'payment_mismatch',
    'write_repeated',
  ];
  const refused = (name: string, code: string) =>
    ({
      name,
      step: 2,
      state: 'failed',
      attempts: 1,
      notBefore: 0,
      lastError: { kind: 'rejected', status: 409, code, message: 'English from the server', at: 0 },
    }) as unknown as IntentRecord;
  const sale = { reference: 'K7QM-1F', kind: 'cash-sale' } as unknown as Parameters<typeof stepProblem>[1];

  it.each(CODES)('%s is said in staff words of its own, German and English, on any step', async (code) => {
    await loadLaterWords();
    const texts: string[] = [];
    for (const language of ['de', 'en'] as const) {
      await setLanguage(language);
      for (const name of ['ledger.record@1', 'cash-invoice.close@1']) {
        const text = stepProblem(refused(name, code), sale) ?? '';
        expect(text, `${code} ${language} ${name}`).not.toMatch(/sync\.problem|^$/);
        expect(text).not.toMatch(/The PMS refused|Das PMS hat das abgelehnt/);
        texts.push(text);
      }
    }
    await setLanguage('en');
    expect(texts[0]).toBe(texts[1]);
    expect(texts[0]).not.toBe(texts[2]);
    expect(english[`sync.problem.ledger.${code}`] ?? '').not.toBe('');
    expect(german[`sync.problem.ledger.${code}`] ?? '').not.toBe('');
  });
});
