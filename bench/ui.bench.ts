// `npm run bench -- ui`: the till's UI in real Chromium against the real server (the embedded test
// hotel, in memory) and a fresh production build (into a temporary folder; dist/ is left alone).
//   first_load_js_gzip_kb  JS fetched on a tablet's first visit of `/` until the first product
//                          tile is clickable, gzip (node:zlib default level); target <= 45
//   cold_start_ms          navigation -> first product tile clickable and painted, page served by
//                          the service worker, 5,000 products in IndexedDB; median; target < 500
//   search_keystroke_ms    one keystroke in the search over 10,000 products: input event -> DOM
//                          updated and laid out; median (and p95); target < 8
//   add_line_ms            tapping a product tile on the register -> its ticket line shown and
//                          laid out; median (and p95); target < 16
//   lock_screen_js_gzip_kb, lock_screen_cold_start_ms, sign_in_ms: the same for a tablet whose
//                          outlet has staff, which opens on the lock screen (bench/ui/lock-screen.ts)
// How each is measured, and what is not included, is written at the top of bench/ui/*.ts.
import type { Browser, BrowserContext } from 'playwright-core';
import { startServer } from '../src/server/listen.ts';
import { launchChromium, openFreshContext } from '../test/support/browser.ts';
import { pairContext } from '../test/support/till-server.ts';
import type { BenchFigures } from './run.ts';
import { buildApp } from './ui/build.ts';
import { measureColdStart } from './ui/cold-start.ts';
import { measureFirstLoad } from './ui/first-load.ts';
import { measureAddLine, measureSearch, typedSequence } from './ui/interactions.ts';
import { measureLockScreen } from './ui/lock-screen.ts';
import { waitForCachedCatalogue } from './ui/page-wait.ts';
import { countBookable, seedProducts } from './ui/seed.ts';
import { round } from './ui/stats.ts';

const TARGETS = { firstLoadKb: 45, coldStartMs: 500, keystrokeMs: 8, addLineMs: 16 };
const COLD_START_PRODUCTS = 5000;
const SEARCH_PRODUCTS = 10_000;
const COLD_START_RUNS = Number(process.env.BENCH_RUNS ?? 9);
/** Names, numbers and codes staff type: prefixes, umlauts and ß folding, an article number. */
const TYPED_WORDS = ['weissbier 0,5', 'käsesp', 'z-4711', 'alpen gin', 'tee'];

async function measureInteractions(
  browser: Browser,
  url: string,
  pair: (context: BrowserContext) => Promise<unknown>,
) {
  const context = await openFreshContext(browser, { locale: 'en-GB' });
  try {
    await pair(context);
    const page = await context.newPage();
    await page.goto(url);
    await waitForCachedCatalogue(page, SEARCH_PRODUCTS);
    const search = await measureSearch(page, typedSequence(TYPED_WORDS), 3);
    await page.locator('nav a[href="/"]').click();
    await page.locator('ul.product-grid button.product').first().waitFor();
    const addLine = await measureAddLine(page, 20, 3);
    return { search, addLine };
  } finally {
    await context.close();
  }
}

export default async function uiBenchmark(): Promise<BenchFigures> {
  const app = await buildApp();
  const server = await startServer({ port: 0, dbFile: ':memory:', testMode: true, staticDir: app.outDir });
  const browser = await launchChromium();
  try {
    const db = server.hotel!.db;
    const pair = (context: BrowserContext) => pairContext(context, server);
    const demoProducts = countBookable(db);
    const firstLoad = await measureFirstLoad(browser, server.url, app.outDir, pair);
    seedProducts(db, COLD_START_PRODUCTS);
    const coldStart = await measureColdStart(browser, server.url, COLD_START_PRODUCTS, COLD_START_RUNS, pair);
    seedProducts(db, SEARCH_PRODUCTS);
    const { search, addLine } = await measureInteractions(browser, server.url, pair);
    // Staff from here on: the till opens on the lock screen.
    await server.hub.staff.add({ name: 'Mia', role: 'waiter', pin: '1111' });
    await server.hub.staff.add({ name: 'Anna', role: 'manager', pin: '9999' });
    const lockScreen = await measureLockScreen(browser, server.url, app.outDir, COLD_START_RUNS, pair, {
      name: 'Mia',
      pin: '1111',
    });
    return {
      first_load_js_gzip_kb: round(firstLoad.gzipKb),
      first_load_js_files: firstLoad.files.join(' '),
      first_load_products: demoProducts,
      first_load_grid_ms: round(firstLoad.gridMs, 0),
      after_first_screen_js_gzip_kb: round(firstLoad.laterGzipKb),
      after_first_screen_js_files: firstLoad.laterFiles.join(' '),
      cold_start_ms: round(coldStart.medianMs, 1),
      cold_start_p95_ms: round(coldStart.p95Ms, 1),
      cold_start_dom_ms: round(coldStart.domMedianMs, 1),
      cold_start_runs: coldStart.runs,
      cold_start_products: COLD_START_PRODUCTS,
      search_keystroke_ms: round(search.medianMs),
      search_keystroke_p95_ms: round(search.p95Ms),
      search_keystroke_next_frame_ms: round(search.frameMedianMs, 1),
      search_keystrokes: search.samples,
      search_products: SEARCH_PRODUCTS,
      add_line_ms: round(addLine.medianMs),
      add_line_p95_ms: round(addLine.p95Ms),
      add_line_next_frame_ms: round(addLine.frameMedianMs, 1),
      add_line_taps: addLine.samples,
      lock_screen_js_gzip_kb: round(lockScreen.gzipKb),
      lock_screen_js_files: lockScreen.files.join(' '),
      lock_screen_cold_start_ms: round(lockScreen.medianMs, 1),
      lock_screen_cold_start_p95_ms: round(lockScreen.p95Ms, 1),
      sign_in_ms: round(lockScreen.signInMedianMs, 0),
      first_load_js_gzip_kb_meets_target: firstLoad.gzipKb <= TARGETS.firstLoadKb,
      lock_screen_js_gzip_kb_meets_target: lockScreen.gzipKb <= TARGETS.firstLoadKb,
      lock_screen_cold_start_ms_meets_target: lockScreen.medianMs < TARGETS.coldStartMs,
      cold_start_ms_meets_target: coldStart.medianMs < TARGETS.coldStartMs,
      search_keystroke_ms_meets_target: search.medianMs < TARGETS.keystrokeMs,
      add_line_ms_meets_target: addLine.medianMs < TARGETS.addLineMs,
    };
  } finally {
    await browser.close();
    await server.close();
    app.remove();
  }
}
