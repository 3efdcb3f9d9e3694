// A view shows only once its texts are there: the code behind each split point (`withTexts` and
// `lazyDialog` name the features whose texts load with it) uses keys of those features or of the
// first screen's only, and the first screen (main.tsx and what it imports) and the other lazy parts
// use the first screen's features only. Read from the source: the static imports of app, views,
// words, state and features, the quoted keys, and the fixed start of a built key (`sync.step.${…}`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_FEATURES } from '../../src/words/i18n.ts';
import { featureTexts } from './all-texts.ts';

const FOLDERS = ['src/app', 'src/views', 'src/words', 'src/features'];
const featureOf = new Map<string, string>();
for (const [feature, texts] of Object.entries(featureTexts))
  for (const key of Object.keys(texts.en ?? {})) featureOf.set(key, feature);

/** The source without comments (keys in examples are not used). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1');
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = normalize(join(dirname(from), specifier));
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find(
    (path) => FOLDERS.some((folder) => path.startsWith(folder)) && existsSync(path) && path.includes('.'),
  );
}

/** The features whose keys `file` uses, each with one key as the example. */
function featuresUsed(source: string): Map<string, string> {
  const used = new Map<string, string>();
  const add = (feature: string | undefined, key: string) =>
    feature && !used.has(feature) && used.set(feature, key);
  for (const [, key = ''] of source.matchAll(/['"]([a-zA-Z]+\.[\w.-]+)['"]/g)) add(featureOf.get(key), key);
  const prefixes = [
    ...[...source.matchAll(/`([a-zA-Z]+\.[\w.-]*)\$\{/g)].map(([, prefix = '']) => prefix),
    ...[...source.matchAll(/\bt\('([\w.-]+)',\s*\{\s*count:/g)].map(([, base = '']) => `${base}.`),
  ];
  for (const prefix of prefixes)
    for (const [key, feature] of featureOf) if (key.startsWith(prefix)) add(feature, key);
  return used;
}

function staticImports(file: string, source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'/gm),
    ...source.matchAll(/^import\s+'([^']+)'/gm),
  ].map(([, specifier = '']) => specifier);
  return specifiers.map((specifier) => resolve(file, specifier)).filter((path) => path !== undefined);
}

/** Each module a dynamic import opens, with the features its split point loads texts of. */
function splitPoints(): { from: string; module: string; features: string[] }[] {
  const points: { from: string; module: string; features: string[] }[] = [];
  for (const folder of FOLDERS.slice(0, 3))
    for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      const file = join(folder, name);
      if (!/\.tsx?$/.test(file) || file.endsWith('i18n.ts')) continue;
      const source = code(file);
      const calls: { start: number; end: number; features: string[] }[] = [];
      for (const call of source.matchAll(/\b(?:withTexts|lazyDialog)\(\s*\[([^\]]*)\]/g)) {
        let depth = 0;
        let end = call.index + call[0].indexOf('(');
        do {
          if (source[end] === '(') depth++;
          if (source[end] === ')') depth--;
          end++;
        } while (depth > 0 && end < source.length);
        const features = [...(call[1] ?? '').matchAll(/'([\w-]+)'/g)].map(([, feature = '']) => feature);
        calls.push({ start: call.index, end, features });
      }
      for (const dynamic of source.matchAll(/(?<!typeof )\bimport\('([^']+)'\)/g)) {
        const module = resolve(file, dynamic[1] ?? '');
        if (!module) continue;
        const call = calls.find(({ start, end }) => start < dynamic.index && dynamic.index < end);
        points.push({ from: file, module, features: call?.features ?? [] });
      }
    }
  return points;
}

/** Features the code reachable from `entry` by static imports uses, with where. */
function reachableFeatures(entry: string): Map<string, string> {
  const seen = new Set<string>();
  const features = new Map<string, string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('i18n.ts')) continue;
    const source = code(file);
    for (const [feature, key] of featuresUsed(source))
      if (!features.has(feature)) features.set(feature, `${key} in ${file}`);
    stack.push(...staticImports(file, source));
  }
  return features;
}

describe("a view's texts", () => {
  const points = splitPoints();

  it('finds the split points and the keys they use', () => {
    expect(points.filter((point) => point.features.length > 0).length).toBeGreaterThanOrEqual(15);
    expect([...reachableFeatures('src/views/SyncView.tsx').keys()]).toContain('sync');
  });

  it('uses only the first screen’s features on the first screen', () => {
    const used = reachableFeatures('src/app/main.tsx');
    const others = [...used].filter(([feature]) => !FIRST_SCREEN_FEATURES.includes(feature as never));
    expect(others).toEqual([]);
  });

  it.each(points.map((point) => [point.module, point.from, point.features] as const))(
    '%s (opened in %s) uses the texts loaded with it',
    (module, _from, features) => {
      const loaded = [...FIRST_SCREEN_FEATURES, ...features];
      const missing = [...reachableFeatures(module)].filter(
        ([feature]) => !loaded.includes(feature as never),
      );
      expect(missing).toEqual([]);
    },
  );
});
