// Every refusal staff can see is a code with a text in English and German: the outbox's refusals
// (their codes read from src/outbox/refusal.ts), the till server's refusals of a sale and of its PMS
// writes (SALE_REFUSAL_CODES, and every code src/server/ledger/ throws, read from its source) and of
// pairing (the codes src/server/hub/hub.ts throws), the ticket's, payment's, parking's, room
// charge's and settings' own, and the shared error texts. A code without a German text, an empty
// one, or an English one left untranslated fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as intents from '../../src/outbox/intents/index.ts';
import { OutboxActionRefused, type OutboxRefusal } from '../../src/outbox/refusal.ts';
import { SALE_REFUSAL_CODES } from '../../src/pms/ledger-wire.ts';
import type { IntentRecord } from '../../src/storage/records.ts';
import { FEATURES, loadTexts, setLanguage } from '../../src/words/i18n.ts';
import { actionErrorText } from '../../src/words/refusals.ts';
import { stepProblem, stepTitle } from '../../src/words/sync-problems.ts';
import { english, german } from './all-texts.ts';

const REFUSAL_FAMILIES =
  /^(refusal|error|pay\.error|park\.error|ticket\.error|roomCharge\.refusal|settings\.error|sync\.problem\.ledger)\./;
/** Refusal texts that are the same in both languages on purpose (none today). */
const SAME_IN_BOTH: ReadonlySet<string> = new Set();
const refusalKeys = Object.keys(english).filter((key) => REFUSAL_FAMILIES.test(key));

/** The outbox's refusal codes, as src/outbox/refusal.ts declares them (`{ code: '…' }`). */
const OUTBOX_CODES = [...readFileSync('src/outbox/refusal.ts', 'utf8').matchAll(/\{ code: '([a-z-]+)'/g)].map(
  ([, code]) => code as string,
);

/** The string literals given as `code` (the 4th argument) to `new ApiError(…)` in the files under `dir`. */
function apiErrorCodes(dir: string): Set<string> {
  const codes = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const source = readFileSync(join(dir, file), 'utf8');
    for (const call of source.matchAll(/new ApiError\(/g)) {
      const args: string[] = [''];
      let depth = 0;
      for (const char of source.slice(call.index + call[0].length)) {
        if (depth === 0 && char === ')') break;
        if ('([{'.includes(char)) depth++;
        if (')]}'.includes(char)) depth--;
        if (depth === 0 && char === ',') args.push('');
        else args[args.length - 1] += char;
      }
      const code = /^\s*'([a-z_]+)'\s*$/.exec(args[3] ?? '')?.[1];
      if (code) codes.add(code);
    }
  }
  return codes;
}

describe('refusal codes in staff words', () => {
  beforeAll(async () => {
    await setLanguage('en');
    await loadTexts(...FEATURES);
  });

  it('finds the codes it checks in the sources', () => {
    expect(OUTBOX_CODES.length).toBeGreaterThanOrEqual(20);
    for (const family of [
      'refusal.',
      'error.',
      'pay.error.',
      'park.error.',
      'ticket.error.',
      'roomCharge.refusal.',
    ])
      expect(
        refusalKeys.some((key) => key.startsWith(family)),
        family,
      ).toBe(true);
  });

  it.each(OUTBOX_CODES)('the outbox refusal %s has a text in English and German', (code) => {
    expect(english[`refusal.${code}`], code).toBeTypeOf('string');
    expect(german[`refusal.${code}`], code).toBeTypeOf('string');
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
  const thrown = apiErrorCodes('src/server/ledger');
  const refused = (name: string, code: string, status = 409) =>
    ({
      name,
      step: 2,
      state: 'failed',
      attempts: 1,
      notBefore: 0,
      lastError: { kind: 'rejected', status, code, message: 'English from the server', at: 0 },
    }) as unknown as IntentRecord;
  const sale = { reference: 'K7QM-1F', kind: 'cash-sale' } as unknown as Parameters<typeof stepProblem>[1];

  it('reads the codes the ledger throws, and each code of the table is one the server uses', () => {
    expect(thrown.size).toBeGreaterThanOrEqual(4);
    // The ledger's own codes, the catalogue's that price its lines, the letterhead's (hub/letterhead.ts),
    // the decommissioned till's (fiscal/fiscal-control.ts).
    const server = ['src/server/ledger', 'src/server/catalogue', 'src/server/hub', 'src/server/fiscal']
      .flatMap((dir) =>
        readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.ts'))
          .map((file) => readFileSync(join(dir, file), 'utf8')),
      )
      .join('\n');
    for (const code of SALE_REFUSAL_CODES) expect(server, code).toContain(`'${code}'`);
  });

  it.each(SALE_REFUSAL_CODES)(
    '%s is said in staff words of its own, German and English, on any step',
    async (code) => {
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
    },
  );

  it('says every other code the ledger throws in its general words, German and English', async () => {
    const others = [...thrown].filter((code) => !(SALE_REFUSAL_CODES as readonly string[]).includes(code));
    for (const language of ['de', 'en'] as const) {
      await setLanguage(language);
      for (const code of others) {
        const text = stepProblem(refused('ledger.record@1', code, 400), sale) ?? '';
        expect(text, `${code} ${language}`).not.toMatch(/sync\.problem|^$/);
        expect(text, `${code} ${language}`).toContain('English from the server');
      }
    }
    await setLanguage('en');
  });
});

describe("the till server's refusals of pairing", () => {
  /** Codes of the hub a tablet never gets: the admin page's (making a pairing code for an outlet). */
  const ADMIN_ONLY = new Set(['invalid_outlet']);
  const codes = [
    ...readFileSync('src/server/hub/hub.ts', 'utf8').matchAll(/new HubError\(\s*\d+,\s*'([a-z_]+)'/g),
  ].map(([, code = '']) => code);

  it('reads the codes the hub throws', () => {
    expect(codes).toContain('pairing_code_invalid');
    expect(codes).toContain('too_many_attempts');
  });

  it('has a text of its own for each, in English and German', () => {
    for (const code of codes.filter((code) => !ADMIN_ONLY.has(code))) {
      expect(english[`pairing.error.${code}`], code).toBeTypeOf('string');
      expect(german[`pairing.error.${code}`], code).toBeTypeOf('string');
    }
  });
});
