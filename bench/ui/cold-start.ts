// cold_start_ms: a tablet that has used the till before opens it again. The service worker
// controls the page (so the app comes from its precache) and the catalogue of PRODUCTS products is
// in IndexedDB. Each run opens a new tab in that browser context (the previous one closed, after
// its own catalogue refresh finished) and measures from navigation start to the first product tile
// in the DOM, enabled, and the next frame run (see probe.ts). First a warm-up run, not counted.
// Every run measures each rate (throttle.ts) and each build (today's, and a base commit's when the
// bench is asked to compare) in turn, so a noisy neighbour on the machine hits all of them alike.
// The app's own `till:` performance marks are collected too: where the time went (docs/ui-speed.md).
import type { Browser, BrowserContext } from 'playwright-core';
import { openFreshContext, waitForServiceWorkerControl } from '../../test/support/browser.ts';
import { waitForCachedCatalogue, waitForGrid } from './page-wait.ts';
import { GRID_PROBE } from './probe.ts';
import { median, percentile } from './stats.ts';
import { openSlowedPage, RATES, type Rate } from './throttle.ts';

export interface ColdStart {
  medianMs: number;
  p95Ms: number;
  /** Navigation start to the tile in the DOM (before its frame), median. */
  domMedianMs: number;
  runs: number;
  /** Median time of each `till:` mark the app set (ms since navigation start), by name. */
  marks: Record<string, number>;
}

/** A build of the till to start: today's, or a base commit's (served by its own server). */
export interface StartTarget {
  label: string;
  url: string;
  /** Pairs a fresh context with that target's server (test/support/till-server.ts). */
  pair: (context: BrowserContext) => Promise<unknown>;
}

async function preparedContext(browser: Browser, target: StartTarget, products: number) {
  const context = await openFreshContext(browser, { locale: 'en-GB' });
  await target.pair(context);
  const first = await context.newPage();
  await first.goto(target.url);
  await waitForServiceWorkerControl(first);
  await waitForCachedCatalogue(first, products);
  await first.close();
  await context.addInitScript(GRID_PROBE);
  return context;
}

function summary(painted: number[], inDom: number[], marks: Map<string, number[]>, runs: number): ColdStart {
  return {
    medianMs: median(painted),
    p95Ms: percentile(painted, 95),
    domMedianMs: median(inDom),
    runs,
    marks: Object.fromEntries([...marks].map(([name, times]) => [name, median(times)])),
  };
}

/** Cold starts of each target at each rate, `runs` counted runs each; answers them by label and rate. */
export async function measureColdStart(
  browser: Browser,
  targets: readonly StartTarget[],
  products: number,
  runs: number,
): Promise<Map<string, Record<Rate, ColdStart>>> {
  const contexts = new Map<string, BrowserContext>();
  try {
    for (const target of targets)
      contexts.set(target.label, await preparedContext(browser, target, products));
    const samples = new Map(
      targets.flatMap((target) =>
        RATES.map((rate) => [
          `${target.label}@${rate}`,
          { painted: [] as number[], inDom: [] as number[], marks: new Map<string, number[]>() },
        ]),
      ),
    );
    for (let run = 0; run <= runs; run++) {
      for (const rate of RATES) {
        for (const target of targets) {
          const page = await openSlowedPage(contexts.get(target.label)!, rate);
          await page.goto(target.url);
          const probe = await waitForGrid(page);
          if (!probe.controlled) throw new Error('the service worker did not control the page');
          await waitForCachedCatalogue(page, products); // its own refresh, done before the next tab opens
          await page.close();
          if (run === 0) continue; // warm-up
          const sample = samples.get(`${target.label}@${rate}`)!;
          sample.painted.push(probe.paintedAt!);
          sample.inDom.push(probe.gridAt!);
          for (const [name, at] of probe.marks ?? [])
            sample.marks.set(name, [...(sample.marks.get(name) ?? []), at]);
        }
      }
    }
    return new Map(
      targets.map((target) => [
        target.label,
        Object.fromEntries(
          RATES.map((rate) => {
            const sample = samples.get(`${target.label}@${rate}`)!;
            return [rate, summary(sample.painted, sample.inDom, sample.marks, runs)];
          }),
        ) as Record<Rate, ColdStart>,
      ]),
    );
  } finally {
    for (const context of contexts.values()) await context.close();
  }
}
