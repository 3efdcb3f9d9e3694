// first_load_js_gzip_kb: the JavaScript a tablet fetches on its very first visit of `/` (fresh
// browser context: no service worker, empty storage and HTTP cache) until the first product tile is
// in the DOM and enabled. The list is the page's own resource timing entries (same origin, `.js`,
// started before that moment), so requests the service worker makes while installing (its
// precache) are not counted, and neither is sw.js itself. Each file is gzipped with node:zlib at
// its default level from the build output; kB are 1000 bytes, as vite prints them. Everything the
// page fetched in the first LATE_MS ms is reported too, to show what was moved after first paint.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { openFreshContext } from '../../test/support/browser.ts';
import { waitForGrid } from './page-wait.ts';
import { GRID_PROBE, scriptsFetchedBefore } from './probe.ts';

const LATE_MS = 5000;

export interface FirstLoad {
  gzipKb: number;
  files: string[];
  laterGzipKb: number;
  laterFiles: string[];
  gridMs: number;
}

/** The gzip size (kB, node:zlib default level) of built files, by path under `outDir`. */
export function gzipKb(outDir: string, paths: readonly string[]): number {
  const bytes = paths.reduce((sum, path) => sum + gzipSync(readFileSync(join(outDir, path))).length, 0);
  return bytes / 1000;
}

/** `pair` pairs the fresh context with the till server (test/support/till-server.ts), as a tablet is before it sells. */
export async function measureFirstLoad(
  browser: Browser,
  url: string,
  outDir: string,
  pair: (context: BrowserContext) => Promise<unknown>,
): Promise<FirstLoad> {
  const context = await openFreshContext(browser, { locale: 'en-GB' });
  try {
    await pair(context);
    await context.addInitScript(GRID_PROBE);
    const page = await context.newPage();
    await page.goto(url);
    const probe = await waitForGrid(page);
    const files = [...new Set((await page.evaluate(scriptsFetchedBefore(probe.gridAt!))) as string[])];
    await page.waitForTimeout(Math.max(0, LATE_MS - probe.gridAt!));
    const all = [...new Set((await page.evaluate(scriptsFetchedBefore(LATE_MS))) as string[])];
    const laterFiles = all.filter((path) => !files.includes(path));
    return {
      gzipKb: gzipKb(outDir, files),
      files: files.map((path) => path.replace('/assets/', '')),
      laterGzipKb: gzipKb(outDir, laterFiles),
      laterFiles: laterFiles.map((path) => path.replace('/assets/', '')),
      gridMs: probe.gridAt!,
    };
  } finally {
    await context.close();
  }
}
