// Builds the app for the UI benchmark into a temporary folder, so the dist/ the browser tests use is
// never touched (another run of the tests may be reading it). Same config as `npx vite build`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';

export interface BuiltApp {
  outDir: string;
  remove(): void;
}

/** Runs the production build (app and service worker) into a fresh temporary folder. */
export async function buildApp(): Promise<BuiltApp> {
  const outDir = mkdtempSync(join(tmpdir(), 'hotel-till-ui-bench-'));
  await build({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return { outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}
