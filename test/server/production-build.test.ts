// Built once, run with plain Node (issue 13): the compiled server imports production dependencies
// only, and `npm start` on a clone without a build builds first, then runs a process tree that holds
// no tsx and no vite; a second start runs the build as it is. `npm ci --omit=dev` with only the
// built output is checked by scripts/check-production-install.mjs (a CI step: it compiles
// better-sqlite3, about 70 s).
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The package a bare import names: `hono/cookie` -> `hono`, `@hono/node-server/x` -> `@hono/node-server`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

describe('the compiled server (dist-server/)', () => {
  it('imports Node built-ins and production dependencies only', () => {
    if (!existsSync('dist-server/meta.json')) throw new Error('dist-server/ is missing: run "npm run build"');
    const meta = JSON.parse(readFileSync('dist-server/meta.json', 'utf8')) as {
      outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
    };
    const packages = new Set(
      Object.values(meta.outputs)
        .flatMap((output) => output.imports)
        .filter((item) => item.external && !item.path.startsWith('node:'))
        .map((item) => packageOf(item.path)),
    );
    expect([...packages].sort()).toEqual(expect.arrayContaining(['better-sqlite3', 'hono']));
    for (const name of packages)
      expect(pkg.dependencies, `${name} is imported at run time`).toHaveProperty(name);
    for (const name of ['tsx', 'vite', 'esbuild', 'solid-js', 'vite-plugin-pwa']) {
      expect(pkg.dependencies, `${name} is for the build only`).not.toHaveProperty(name);
    }
  });
});

/** The process `pid` and all its descendants, each with its command line (Linux /proc). */
function processTree(pid: number): { pid: number; command: string }[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while the table was read
    }
  }
  const tree: { pid: number; command: string }[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    try {
      tree.push({
        pid: next,
        command: readFileSync(`/proc/${next}/cmdline`, 'utf8').split('\0').join(' ').trim(),
      });
    } catch {
      continue;
    }
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
}

describe.runIf(process.platform === 'linux')('npm start on a clone without a build', () => {
  let clone: string;
  const running: ChildProcess[] = [];

  beforeAll(() => {
    clone = mkdtempSync(join(tmpdir(), 'till-clone-'));
    for (const item of [
      'src',
      'public',
      'docs',
      'scripts',
      'index.html',
      'vite.config.ts',
      'tsconfig.json',
    ]) {
      cpSync(item, join(clone, item), { recursive: true });
    }
    for (const item of ['package.json', 'package-lock.json']) cpSync(item, join(clone, item));
    symlinkSync(resolve('node_modules'), join(clone, 'node_modules'), 'dir');
  });

  afterAll(() => {
    // A child stopped by its SIGTERM has a signalCode and no exitCode: its group is gone already.
    for (const child of running)
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    rmSync(clone, { recursive: true, force: true });
  });

  /** `npm start` in the clone (its own process group), resolved once the server says it runs. */
  async function npmStart(): Promise<{ child: ChildProcess; output: string; url: string }> {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
    const child = spawn('npm', ['start'], {
      cwd: clone,
      detached: true,
      env: { ...env, DATA_DIR: join(clone, 'data'), PORT: '0', HTTP_PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(child);
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    await new Promise<void>((resolveStarted, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`npm start did not start in 120 s:\n${output}`)),
        120_000,
      );
      child.stdout!.on('data', (chunk) => {
        output += chunk;
        if (output.includes('"msg":"Hotel Till is running"')) {
          clearTimeout(timer);
          resolveStarted();
        }
      });
      child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    const url = /"onThisMachine":"(http:\/\/localhost:\d+)"/.exec(output)![1]!;
    return { child, output, url };
  }

  async function stop(child: ChildProcess): Promise<number | null> {
    const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
    process.kill(-child.pid!, 'SIGTERM');
    return exited;
  }

  it('builds first, then serves the till from a process tree without tsx or vite', async () => {
    const { child, output, url } = await npmStart();
    try {
      expect(output).toContain('no build yet: building first');
      expect(existsSync(join(clone, 'dist-server', 'main.js'))).toBe(true);
      const shell = await fetch(`${url}/`);
      expect(shell.status).toBe(200);
      expect(await shell.text()).toContain('<title>Hotel Till</title>');

      const tree = processTree(child.pid!);
      expect(tree.map((item) => item.command)).toContainEqual(
        expect.stringMatching(/node scripts\/run-built\.mjs main$/),
      );
      for (const { pid, command } of tree) {
        expect(command, `process ${pid}`).not.toMatch(/tsx|vite|esbuild/);
      }
    } finally {
      await stop(child);
    }
  }, 150_000);

  it('starts the existing build when nothing changed', async () => {
    const { child, output } = await npmStart();
    try {
      expect(output).not.toContain('building first');
    } finally {
      await stop(child);
    }
  }, 60_000);
});
