// CI step (.ci/run, after `npm test`): the built output runs on production dependencies alone.
// Copies dist/, dist-server/, package.json and package-lock.json to an empty folder, installs with
// `npm ci --omit=dev` (install scripts on: better-sqlite3 compiles, about 70 s), starts
// `node dist-server/main.js` there and asks it for /healthz, the app shell and a brotli-encoded
// script; fails if a build-only package (vite, tsx, esbuild, Babel, Solid, Workbox) was installed.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BUILD_ONLY = [
  'vite',
  'tsx',
  'esbuild',
  '@babel',
  'solid-js',
  'vite-plugin-pwa',
  'workbox-build',
  'rollup',
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

async function check() {
  for (const item of ['dist', 'dist-server', 'package.json', 'package-lock.json']) {
    cpSync(item, join(root, item), { recursive: true });
  }
  console.log(`production install: npm ci --omit=dev in ${root}`);
  const started = Date.now();
  const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (install.status !== 0) fail(`npm ci --omit=dev exited with ${install.status}`);
  const installed = readdirSync(join(root, 'node_modules'));
  const buildOnly = installed.filter((name) => BUILD_ONLY.includes(name));
  if (buildOnly.length > 0) fail(`build-only packages installed: ${buildOnly.join(', ')}`);
  const count = installed.flatMap((name) =>
    name.startsWith('@') ? readdirSync(join(root, 'node_modules', name)) : name.startsWith('.') ? [] : [name],
  ).length;
  console.log(
    `production install: ${count} top-level packages in ${Math.round((Date.now() - started) / 1000)} s`,
  );

  server = spawn(process.execPath, ['dist-server/main.js'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: join(root, 'data'), PORT: '0', HTTP_PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
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
  }).catch((error) => fail(`node dist-server/main.js: ${error.message}`));
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
  console.log(`production install: ok (/healthz ${health.body.toString().trim()}; ${script} brotli-encoded)`);
}
