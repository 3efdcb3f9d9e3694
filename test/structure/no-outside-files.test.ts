// The code, tests, benchmarks and build read nothing outside the repository: no path may lead to a
// `shared` folder beside the clone (the people's reference, absent on any other clone). Fixtures the
// tests need are copied into test/fixtures/ (issue 34).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['src', 'test', 'bench', 'scripts', '.ci', 'deploy', 'vite.config.ts', 'package.json'];
const SKIPPED = new Set(['node_modules', 'fixtures', 'dist', 'results']);
const THIS_FILE = fileURLToPath(import.meta.url);
const CODE = /\.(?:[cm]?[jt]sx?|json|sh|html)$|^run$|^Dockerfile$/;

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const child = join(path, entry.name);
    return entry.isDirectory() ? filesUnder(child) : CODE.test(entry.name) ? [child] : [];
  });
}

const inside = (path: string) => path === ROOT.replace(/\/$/, '') || path.startsWith(ROOT);

/**
 * The places in `text` (a file at `file`) that lead outside the repository to a `shared` folder: a
 * relative path `../…/shared…` that leaves the repository, or that names no `shared` folder of the
 * repository's own (as `resolve(ROOT, '../shared/…')` did); and the reference's file names.
 */
function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/((?:\.\.\/)+)shared\b[\w./-]*/g)) {
    const folder = resolve(dirname(file), `${match[1]}shared`);
    const ownFolder = inside(folder) && existsSync(folder) && statSync(folder).isDirectory();
    if (!ownFolder) found.push(match[0]);
  }
  for (const match of text.matchAll(/shared[/\\](?:fiscal-(?:de|at)|pms-api|toolchain|style)\b/g)) {
    found.push(match[0]);
  }
  return found;
}

describe('nothing outside the repository', () => {
  it('finds the paths that lead to the shared folder beside the clone, and passes the repository’s own', () => {
    const testFile = join(ROOT, 'test/server/fiscal/example.test.ts');
    // The examples are put together here, so that this file does not name the folder itself.
    const folder = (rest: string) => `shared/${rest}`;
    expect(outsideReferences(testFile, `resolve(ROOT, '../${folder('fiscal-de')}')`)).not.toEqual([]);
    expect(outsideReferences(testFile, `readFileSync('../../../../${folder('pms-api.md')}')`)).not.toEqual(
      [],
    );
    expect(
      outsideReferences(testFile, `join(__dirname, '../../../${folder('fiscal-at/x.json')}')`),
    ).not.toEqual([]);
    const ruleFile = join(ROOT, 'src/rules/totals.ts');
    expect(outsideReferences(ruleFile, "import { netAndVat } from '../shared/vat';")).toEqual([]);
  });

  it('no source, test, benchmark, script or build file names it', () => {
    const offenders = SCANNED.flatMap((entry) => filesUnder(join(ROOT, entry)))
      .filter((file) => file !== THIS_FILE && !file.split(sep).includes('node_modules'))
      .flatMap((file) =>
        outsideReferences(file, readFileSync(file, 'utf8')).map((ref) => `${relative(ROOT, file)}: ${ref}`),
      );
    expect(offenders).toEqual([]);
  });
});
