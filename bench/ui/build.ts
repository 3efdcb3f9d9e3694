// Builds the app for the UI benchmark into a temporary folder, so the dist/ the browser tests use is
// never touched (another run of the tests may be reading it). Same config as `npx vite build`.
// `buildCommit` builds another commit's app (its sources exported with `git archive`), so that a
// change is measured side by side with the code before it, in one run on one noisy machine.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { TINY } from '../tiny.ts';

export interface BuiltApp {
  outDir: string;
  remove(): void;
}

/**
 * Runs the production build (app and service worker) into a fresh temporary folder. In the tiny
 * mode (CI, right after `npm run build`) the existing dist/ is used as it is, left in place.
 */
export async function buildApp(): Promise<BuiltApp> {
  if (TINY && existsSync('dist/index.html')) return { outDir: resolve('dist'), remove: () => undefined };
  const outDir = mkdtempSync(join(tmpdir(), 'hotel-till-ui-bench-'));
  await build({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    // BENCH_UNMINIFIED=1: names stay readable in a profile (e.g. the backlog bench's busiest functions)
    build: { outDir, emptyOutDir: true, ...(process.env.BENCH_UNMINIFIED ? { minify: false } : {}) },
  });
  return { outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

/**
 * Builds the app of git revision `rev` (in a temporary copy of its sources, with this checkout's
 * node_modules) and answers its output folder.
 * @example const base = buildCommit('HEAD~3'); try { ... } finally { base.remove(); }
 */
export function buildCommit(rev: string): BuiltApp & { commit: string } {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${rev}^{commit}`], {
    encoding: 'utf8',
  }).trim();
  const sources = mkdtempSync(join(tmpdir(), 'hotel-till-ui-bench-base-'));
  try {
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${sources}"`]);
    symlinkSync(resolve('node_modules'), join(sources, 'node_modules'));
    execFileSync(
      process.execPath,
      [resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: sources,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  } catch (error) {
    rmSync(sources, { recursive: true, force: true });
    throw error;
  }
  return {
    commit,
    outDir: join(sources, 'dist'),
    remove: () => rmSync(sources, { recursive: true, force: true }),
  };
}
