// cold_start_ms: a tablet that has used the till before opens it again. The service worker
// controls the page (so the app comes from its precache) and the catalogue of PRODUCTS products is
// in IndexedDB. Each run opens a new tab in that browser context (the previous one closed, after
// its own catalogue refresh finished) and measures from navigation start to the first product tile
// in the DOM, enabled, and the next frame run (see probe.ts). First a warm-up run, not counted.
import type { Browser, BrowserContext } from 'playwright-core';
import { openFreshContext, waitForServiceWorkerControl } from '../../test/support/browser.ts';
import { waitForCachedCatalogue, waitForGrid } from './page-wait.ts';
import { GRID_PROBE } from './probe.ts';
import { median, percentile } from './stats.ts';

export interface ColdStart {
  medianMs: number;
  p95Ms: number;
  /** Navigation start to the tile in the DOM (before its frame), median. */
  domMedianMs: number;
  runs: number;
}

export async function measureColdStart(
  browser: Browser,
  url: string,
  products: number,
  runs: number,
  pair: (context: BrowserContext) => Promise<unknown>,
): Promise<ColdStart> {
  const context = await openFreshContext(browser, { locale: 'en-GB' });
  try {
    await pair(context);
    const first = await context.newPage();
    await first.goto(url);
    await waitForServiceWorkerControl(first);
    await waitForCachedCatalogue(first, products);
    await first.close();
    await context.addInitScript(GRID_PROBE);
    const painted: number[] = [];
    const inDom: number[] = [];
    for (let run = 0; run <= runs; run++) {
      const page = await context.newPage();
      await page.goto(url);
      const probe = await waitForGrid(page);
      if (!probe.controlled) throw new Error('the service worker did not control the page');
      await waitForCachedCatalogue(page, products); // its own refresh, done before the next tab opens
      await page.close();
      if (run === 0) continue; // warm-up
      painted.push(probe.paintedAt!);
      inDom.push(probe.gridAt!);
    }
    return { medianMs: median(painted), p95Ms: percentile(painted, 95), domMedianMs: median(inDom), runs };
  } finally {
    await context.close();
  }
}
