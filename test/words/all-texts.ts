// Every feature's texts as the tests read them: found by file name (src/features/*/texts.<lang>.ts),
// so a feature's texts are checked without this file knowing the feature.
import { existsSync, readdirSync } from 'node:fs';

type Texts = Readonly<Record<string, string>>;

const FEATURES_DIR = new URL('../../src/features/', import.meta.url);

/** Each feature's English and German texts (undefined where the file is missing), by folder name. */
export const featureTexts: Record<string, { en?: Texts; de?: Texts }> = {};
for (const feature of readdirSync(FEATURES_DIR)) {
  for (const lang of ['en', 'de'] as const) {
    const file = new URL(`${feature}/texts.${lang}.ts`, FEATURES_DIR);
    if (!existsSync(file)) continue;
    const { texts } = (await import(file.href)) as { texts: Texts };
    featureTexts[feature] = { ...featureTexts[feature], [lang]: texts };
  }
}

/** All English texts by key. */
export const english: Texts = Object.assign({}, ...Object.values(featureTexts).map((texts) => texts.en));
/** All German texts by key. */
export const german: Texts = Object.assign({}, ...Object.values(featureTexts).map((texts) => texts.de));
