// `npm run release` (after `npm run build`): the production install's files in one folder,
// release/hotel-till-<version>/, and the same as release/hotel-till-<version>.tar.gz: the built app
// (dist/), the compiled server (dist-server/, source maps without sources), scripts/run-built.mjs
// (so `npm start`, `npm run backup` and `npm run reset-demo` work there), deploy/, package.json,
// package-lock.json, the README and docs/operations.md, and an .npmrc that leaves out dev and
// optional packages (TypeScript came in as valibot's optional peer: ~30 MB). No TypeScript sources.
// docs/operations.md, "Build once, run plain Node"; checked by scripts/check-production-install.mjs.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ITEMS = [
  'dist',
  'dist-server',
  'scripts/run-built.mjs',
  'deploy',
  'package.json',
  'package-lock.json',
  'README.md',
  'docs/operations.md',
];
/** `npm ci` in the release installs what runs the server, nothing else. */
export const RELEASE_NPMRC = 'omit[]=dev\nomit[]=optional\naudit=false\nfund=false\n';

/** Copies the release into `into` (made afresh); answers its folder. */
export function makeRelease(into) {
  if (!existsSync('dist/index.html') || !existsSync('dist-server/build.json')) {
    throw new Error('run "npm run build" first');
  }
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  for (const item of ITEMS) {
    cpSync(item, join(into, item), {
      recursive: true,
      preserveTimestamps: true,
      // the source maps stay (stack traces name src/ lines), nothing else that is not run
      filter: (path) => !path.endsWith('meta.json'),
    });
  }
  writeFileSync(join(into, '.npmrc'), RELEASE_NPMRC);
  return into;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const name = `hotel-till-${version}`;
  const folder = makeRelease(join('release', name));
  const tar = spawnSync('tar', ['-czf', `${name}.tar.gz`, name], { cwd: 'release', stdio: 'inherit' });
  if (tar.status !== 0) process.exit(1);
  console.log(`release: ${folder}/ and release/${name}.tar.gz (copy either to the server; there: npm ci)`);
}
