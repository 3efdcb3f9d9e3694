// `npm run bench -- tablet-year`: a busy bar tablet after a year, 100,000 sales in its IndexedDB
// (each with the ledger's step and three PMS steps, all done; spread evenly over the last 365 days,
// no shift ever closed, so the shift report reads every one), in real Chromium against the real
// server and a fresh production build. Measured before and after the tablet lets go of what the
// ledger holds and is older than 30 days (outbox/prune.ts, run by the replayer after a run):
//   cold_start_ms   navigation -> first product tile painted (the register; the probe of bench/ui)
//   sync_view_ms    navigation to /sync -> the "all in the PMS" note shown
//   report_ms       navigation to /report -> the totals by payment shown
//   prune_ms        first load after the update -> the journal down to what it keeps (several runs)
// Medians of RUNS navigations each (the first, a warm-up, not counted). The sales are written
// straight into IndexedDB through the page (as the app's own writes would leave them), not sold
// through the UI: a year of taps is not what is measured.
import type { Page } from 'playwright-core';
import { startServer } from '../src/server/listen.ts';
import { launchChromium, openFreshContext, waitForServiceWorkerControl } from '../test/support/browser.ts';
import { pairContext } from '../test/support/till-server.ts';
import type { BenchFigures } from './run.ts';
import { sized } from './tiny.ts';
import { buildApp } from './ui/build.ts';
import { waitForGrid } from './ui/page-wait.ts';
import { GRID_PROBE } from './ui/probe.ts';
import { median, round } from './ui/stats.ts';

const SALES = sized(Number(process.env.BENCH_SALES ?? 100_000), 500);
const RUNS = sized(Number(process.env.BENCH_RUNS ?? 5), 1);
const DAY = 24 * 60 * 60 * 1000;

/** Writes `count` confirmed cash sales into the till's database, in the page. */
async function seedYear(page: Page, count: number): Promise<void> {
  for (let from = 0; from < count; from += 5000) {
    await page.evaluate(
      async ({ from, to, now, day }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('hotel-till');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const tx = db.transaction(['sales', 'intents'], 'readwrite');
        const sales = tx.objectStore('sales');
        const intents = tx.objectStore('intents');
        const names = [
          'ledger.record@1',
          'cash-invoice.create@1',
          'cash-invoice.add-products@1',
          'cash-invoice.close@1',
        ];
        for (let i = from; i < to; i++) {
          const at = now - Math.floor(((i + 0.5) / to) * 365 * day) - 60_000;
          const id = `year-${i}`;
          const lines = [
            { productId: 1 + (i % 7), name: `Pils ${i % 7}`, quantity: 1 + (i % 3), unitPriceCents: 420 },
            { productId: 20 + (i % 5), name: `Wein ${i % 5}`, quantity: 1, unitPriceCents: 690 },
          ];
          const totalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
          sales.put({
            id,
            reference: `YEAR-${i.toString(36).toUpperCase()}`,
            kind: 'cash-sale',
            status: 'synced',
            createdAt: at,
            updatedAt: at,
            syncedAt: at,
            staff: 'Mia',
            till: 'Bar 1',
            lines,
            totalCents,
            payment: { templateId: 1, paymentMethodId: 1 + (i % 2), sendInvoice: false },
            tender: { method: i % 2 ? 'card' : 'cash' },
            notes: [],
          });
          names.forEach((name, step) => {
            intents.put({
              saleId: id,
              step,
              revision: 0,
              name,
              payload: {},
              state: 'done',
              attempts: 1,
              notBefore: 0,
              createdAt: at,
              settledAt: at,
              result: step === 1 ? { invoiceId: 100_000 + i } : {},
            });
          });
        }
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      { from, to: Math.min(count, from + 5000), now: Date.now(), day: DAY },
    );
  }
}

function salesKept(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('hotel-till');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const count = db.transaction('sales').objectStore('sales').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
        };
      }),
  );
}

/** Median ms from starting the navigation to `ready` on a new page, over RUNS (after a warm-up). */
async function timeView(
  newPage: () => Promise<Page>,
  path: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const page = await newPage();
    const started = Date.now();
    await page.goto(path);
    await ready(page);
    if (run > 0) times.push(Date.now() - started);
    await page.close();
  }
  return median(times);
}

async function measureViews(newPage: () => Promise<Page>, url: string) {
  const coldStart: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const page = await newPage();
    await page.goto(url);
    const probe = await waitForGrid(page, 120_000);
    if (run > 0) coldStart.push(probe.paintedAt!);
    await page.close();
  }
  const timeout = { timeout: 120_000 };
  const syncView = await timeView(newPage, new URL('/sync', url).href, (page) =>
    page.getByTestId('all-in-pms').waitFor(timeout),
  );
  const report = await timeView(newPage, new URL('/report', url).href, (page) =>
    page.getByTestId('report-by-payment').waitFor(timeout),
  );
  return { coldStartMs: median(coldStart), syncViewMs: syncView, reportMs: report };
}

export default async function tabletYearBenchmark(): Promise<BenchFigures> {
  const app = await buildApp();
  const server = await startServer({ port: 0, dbFile: ':memory:', testMode: true, staticDir: app.outDir });
  const browser = await launchChromium();
  try {
    const context = await openFreshContext(browser, { locale: 'en-GB' });
    await pairContext(context, server);
    const first = await context.newPage();
    await first.goto(server.url);
    await waitForServiceWorkerControl(first);
    await waitForGrid(first).catch(() => undefined);
    // The "before" figures need the year kept: a page holding the outbox's Web Lock keeps every
    // replayer (which prunes after its run) from running until it is closed.
    const holder = await context.newPage();
    await holder.goto(new URL('/settings', server.url).href);
    await holder.evaluate(
      () =>
        new Promise<void>((held) => {
          void navigator.locks.request('hotel-till-outbox', () => {
            held();
            return new Promise(() => {});
          });
        }),
    );
    await first.close();
    const seedStarted = Date.now();
    await seedYear(holder, SALES);
    const seedMs = Date.now() - seedStarted;
    await context.addInitScript(GRID_PROBE);
    const newPage = () => context.newPage();
    const before = await measureViews(newPage, server.url);
    const keptBefore = await salesKept(holder);
    await holder.close(); // the lock goes with it
    // Pruning: each load runs the replayer, which lets go of up to 20,000 sales per run.
    const pruneStarted = Date.now();
    const pruner = await newPage();
    await pruner.goto(server.url);
    // done when the count has not moved for 3 s (reloading, so a new run starts, after each second still)
    let kept = await salesKept(pruner);
    let lastChange = Date.now();
    let lastReload = Date.now();
    while (Date.now() - lastChange < 3000 && Date.now() - pruneStarted < 600_000) {
      await pruner.waitForTimeout(250);
      const now = await salesKept(pruner);
      if (now !== kept) {
        kept = now;
        lastChange = Date.now();
      } else if (Date.now() - lastReload > 1000) {
        await pruner.reload();
        lastReload = Date.now();
      }
    }
    const pruneMs = lastChange - pruneStarted;
    await pruner.close();
    const after = await measureViews(newPage, server.url);
    return {
      sales: SALES,
      seed_ms: seedMs,
      sales_kept_before: keptBefore,
      cold_start_ms_before: round(before.coldStartMs, 0),
      sync_view_ms_before: before.syncViewMs,
      report_ms_before: before.reportMs,
      prune_ms: pruneMs,
      sales_kept_after: kept,
      cold_start_ms_after: round(after.coldStartMs, 0),
      sync_view_ms_after: after.syncViewMs,
      report_ms_after: after.reportMs,
      runs: RUNS,
    };
  } finally {
    await browser.close();
    await server.close();
    app.remove();
  }
}
