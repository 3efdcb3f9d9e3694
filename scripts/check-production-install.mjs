// CI step (.ci/run, after `npm test`): the production install works as docs/operations.md tells IT
// to run it. Makes the release folder (scripts/make-release.mjs) in an empty folder, installs with
// `npm ci` there (its .npmrc leaves out dev and optional packages; install scripts on: better-sqlite3
// compiles, about 70 s), fails if a build-only package, TypeScript or a .ts source is there, then runs
// `npm start` (asks /healthz, the app shell and a brotli-encoded script, stops it with SIGTERM),
// `npm run backup` (a checked copy of each database in backups/) and `npm run reset-demo`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeRelease } from './make-release.mjs';

const BUILD_ONLY = [
  'vite',
  'tsx',
  'esbuild',
  '@babel',
  'solid-js',
  'vite-plugin-pwa',
  'workbox-build',
  'rollup',
  'typescript',
  '@typescript',
];

function fail(message) {
  throw new Error(message);
}

function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers }, (incoming) => {
      const chunks = [];
      incoming.on('data', (chunk) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

if (!existsSync('dist/index.html') || !existsSync('dist-server/main.js')) {
  console.error('production install: run "npm run build" first');
  process.exit(1);
}
const root = mkdtempSync(join(tmpdir(), 'till-production-'));
let server;
try {
  await check();
} catch (error) {
  console.error(`production install: FAILED: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(root, { recursive: true, force: true });
}

/** Runs an npm script in the install; answers its output, failing on a non-zero exit. */
function npmRun(args, env) {
  const run = spawnSync('npm', args, {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
    shell: process.platform === 'win32',
  });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) fail(`npm ${args.join(' ')} exited with ${run.status}:\n${output}`);
  return output;
}

/** Every file under `dir` whose name ends with `suffix`, node_modules left out. */
function filesEnding(dir, suffix) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile() && item.name.endsWith(suffix))
    .map((item) => join(item.parentPath, item.name))
    .filter((path) => !path.includes('node_modules'));
}

async function check() {
  makeRelease(root);
  console.log(`production install: npm ci in ${root} (the release's .npmrc: no dev, no optional packages)`);
  const started = Date.now();
  const install = spawnSync('npm', ['ci'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (install.status !== 0) fail(`npm ci exited with ${install.status}`);
  const installed = readdirSync(join(root, 'node_modules'));
  const buildOnly = installed.filter((name) => BUILD_ONLY.includes(name));
  if (buildOnly.length > 0) fail(`build-only packages installed: ${buildOnly.join(', ')}`);
  const sources = filesEnding(root, '.ts').filter((path) => !path.endsWith('.d.ts'));
  if (sources.length > 0) fail(`TypeScript sources in the install: ${sources.slice(0, 5).join(', ')}`);
  const count = installed.flatMap((name) =>
    name.startsWith('@') ? readdirSync(join(root, 'node_modules', name)) : name.startsWith('.') ? [] : [name],
  ).length;
  console.log(
    `production install: ${count} top-level packages in ${Math.round((Date.now() - started) / 1000)} s`,
  );

  const dataDir = join(root, 'data');
  const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', HTTP_PORT: '0', HOST: '127.0.0.1' };
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
  server = spawn('npm', ['start'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
  });
  let output = '';
  server.stderr.on('data', (chunk) => (output += chunk));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 30 s:\n${output}`)), 30_000);
    server.stdout.on('data', (chunk) => {
      output += chunk;
      // The JSON start line (the banner for people goes to a terminal only: issue 20).
      if (output.includes('"msg":"Hotel Till is running"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  }).catch((error) => fail(`npm start: ${error.message}`));
  if (/building first|warning: /.test(output)) fail(`npm start did not start the build as it is:\n${output}`);
  const url = /"onThisMachine":"(http:\/\/localhost:\d+)"/.exec(output)[1];

  const health = await get(`${url}/healthz`);
  if (health.status !== 200 || !/json/.test(health.headers['content-type'] ?? '')) {
    fail(`/healthz answered ${health.status} ${health.headers['content-type']}`);
  }
  const shell = await get(`${url}/`);
  if (!shell.body.toString().includes('<title>Hotel Till</title>')) fail('/ is not the app shell');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(shell.body.toString())[1];
  const compressed = await get(`${url}${script}`, { 'accept-encoding': 'br, gzip' });
  if (compressed.headers['content-encoding'] !== 'br') fail(`${script} did not come brotli-encoded`);
  if (process.platform === 'linux') {
    const command = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0').join(' ');
    if (/tsx|vite/.test(command)) fail(`the server runs as ${command}`);
  }
  // npm start execs node (package.json), so the signal reaches the server itself.
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) fail(`npm start exited with ${code} on SIGTERM:\n${output}`);
  console.log(
    `production install: npm start ok (/healthz ${health.body.toString().trim()}; ${script} brotli-encoded)`,
  );

  npmRun(['run', 'backup'], env);
  const backups = readdirSync(join(dataDir, 'backups')).filter((name) => name.endsWith('.sqlite'));
  if (
    !backups.some((name) => name.startsWith('till-')) ||
    !backups.some((name) => name.startsWith('test-hotel-'))
  ) {
    fail(`npm run backup wrote ${backups.join(', ') || 'nothing'}`);
  }
  console.log(`production install: npm run backup ok (${backups.join(', ')})`);
  const reset = npmRun(['run', 'reset-demo'], env);
  if (!reset.includes('Demo data reset')) fail(`npm run reset-demo said:\n${reset}`);
  console.log('production install: npm run reset-demo ok');
  if (!existsSync(join(dataDir, 'till.sqlite'))) fail('no till.sqlite in the data folder');
}
