// `npm start` (`node scripts/run-built.mjs main`), `npm run reset-demo`, `npm run backup`: runs a
// compiled server entry (dist-server/NAME.js) in this very process, with plain Node. Builds first
// (`npm run build`, in a child process that has exited before the server starts) when the build is
// missing or older than its sources, so `npm install && npm start` works on a fresh clone. Where
// there are no sources (an install of the built output) or no build tools (`npm ci --omit=dev`), an
// existing build runs as it is. Services run `node dist-server/main.js` directly (deploy/).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-built.mjs ENTRY [ARGS...]   (ENTRY: main, backup)');
  process.exit(2);
}
const STAMP = 'dist-server/build.json'; // written last by a whole build
const SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'docs/gateway-endpoints.json',
  'package.json',
  'scripts/build-server.mjs',
  'scripts/compress-assets.mjs',
];

/** The newest modification time (ms) of a file, or of the files in a folder; 0 when absent. */
function newest(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = 0;
  for (const item of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (item.isFile()) latest = Math.max(latest, statSync(join(item.parentPath, item.name)).mtimeMs);
  }
  return latest;
}

const built = existsSync(STAMP) && existsSync('dist/index.html') ? statSync(STAMP).mtimeMs : 0;
// An install of the built output (scripts/make-release.mjs) has no src/: its build runs as it is.
const installed = built > 0 && !existsSync('src');
const sources = installed ? 0 : Math.max(...SOURCES.map(newest));
if (built === 0 || sources > built) {
  const why = built === 0 ? 'no build yet' : 'the sources changed since the last build';
  if (!existsSync('node_modules/vite') || !existsSync('node_modules/esbuild')) {
    if (built === 0) {
      console.error(`${why}, and the build tools are not installed: run "npm install", then "npm run build"`);
      process.exit(1);
    }
    console.warn(`warning: ${why}, but the build tools are not installed: starting the existing build`);
  } else {
    console.log(`${why}: building first (npm run build)`);
    const npm = process.env.npm_execpath;
    const result = npm
      ? spawnSync(process.execPath, [npm, 'run', 'build'], { stdio: 'inherit' })
      : spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
    if (result.status !== 0) {
      console.error('the build failed (above): not starting');
      process.exit(1);
    }
  }
}

const file = resolve('dist-server', `${entry}.js`);
if (!existsSync(file)) {
  console.error(`dist-server/${entry}.js does not exist: the build has no entry "${entry}"`);
  process.exit(1);
}
process.argv = [process.argv[0], file, ...args]; // as if run as `node dist-server/ENTRY.js ARGS`
await import(pathToFileURL(file).href);
