// A till with a backlog (issue 35), in real Chromium (build first). 1,000 pending sales (seeded
// straight into IndexedDB, the PMS answering 503 so they stay pending) and the network flapping
// every 3 s for a minute in two tabs: every sale made in that minute shows its receipt within 1 s,
// and the outbox's broadcasts stay bounded. And a sale the service worker settled: its PMS steps'
// outcomes reach the sales ledger though the worker's run could not report them.
import type { Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest as it, openTill, type Server } from '../support/browser-test.ts';
import {
  countOutboxBroadcasts,
  openSecondTab,
  outboxBroadcasts,
  seedPendingSales,
  timedCashSale,
} from '../support/outbox-backlog.ts';
import { readTill } from './chaos-support.ts';

/** Staff see a receipt within this long as instant (issue 35's acceptance). */
const RECEIPT_WITHIN_MS = 1000;
const FLAP_EVERY_MS = 3000;
const FLAPPING_MS = 60_000;
const BACKLOG = 1000;
const ANY_PRODUCT = /./;

async function pmsAnswers503(server: Server): Promise<void> {
  const response = await fetch(`${server.url}/__test/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      seed: 7,
      rules: [{ path: '/api/set/', kind: 'error5xx', status: 503, probability: 1 }],
    }),
  });
  expect(response.status).toBe(200);
}

function ledgerOutcomesOf(server: Server, reference: string): number {
  const row = server.hub.db
    .prepare(
      `SELECT COUNT(*) AS n FROM ledger_outcomes WHERE sale_id = (SELECT sale_id FROM ledger_sales WHERE reference = ?)`,
    )
    .get(reference) as { n: number };
  return row.n;
}

describe('a till with a backlog', () => {
  it('shows every receipt within 1 s with 1,000 sales pending and the network flapping in two tabs, and its broadcasts stay bounded', async ({
    browser,
    server,
  }) => {
    const { context, page: tabA } = await openTill(browser, server, {
      before: (page) => countOutboxBroadcasts(page.context()),
    });
    await pmsAnswers503(server);
    await timedCashSale(tabA, ANY_PRODUCT); // the sale the backlog is copied from
    await seedPendingSales(tabA, BACKLOG);
    const tabB = await openSecondTab(tabA, new URL('/sync', server.url).href);
    await tabB.getByTestId('oldest-wait').waitFor();
    const broadcastsBefore = await outboxBroadcasts(tabB);

    const times: number[] = [];
    let offline = false;
    let flips = 0;
    const flapping = (async () => {
      const until = Date.now() + FLAPPING_MS;
      while (Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, FLAP_EVERY_MS));
        offline = !offline;
        await context.setOffline(offline);
        flips += 1;
      }
    })();
    let flapped = false;
    void flapping.then(() => {
      flapped = true;
    });
    while (!flapped) times.push((await timedCashSale(tabA, ANY_PRODUCT)).ms);
    await flapping;
    await context.setOffline(false);
    const broadcasts = (await outboxBroadcasts(tabB)) - broadcastsBefore;
    const sorted = [...times].sort((a, b) => a - b);
    console.info(
      'backlog flapping:',
      JSON.stringify({
        sales: times.length,
        flips,
        broadcasts,
        p50: sorted[Math.floor(sorted.length / 2)],
        p95: sorted[Math.ceil(sorted.length * 0.95) - 1],
        max: sorted.at(-1),
      }),
    );

    expect(times.length).toBeGreaterThan(10);
    expect(times.filter((ms) => ms > RECEIPT_WITHIN_MS)).toEqual([]);
    // A sale is heard elsewhere as recorded and a few coalesced steps; a reconnect as one retry
    // pass and a run's end. Before issue 35 one reconnect with 100 pending was ~200 messages.
    expect(broadcasts).toBeLessThanOrEqual(6 * times.length + 3 * flips);
    // The Sync view pages the backlog: the 1,000 seeded and the sales made this minute (none sent).
    const more = (await tabB.getByTestId('sync-more').textContent()) ?? '';
    const listed = Number(/of ([\d,.]+)/.exec(more)?.[1]?.replace(/[,.]/g, ''));
    expect(listed).toBeGreaterThanOrEqual(1000);
    expect(listed).toBeLessThanOrEqual(1000 + times.length + 2);
  }, 240_000);

  it('reports to the ledger the outcome of a sale the service worker settled, though its run could not', async ({
    browser,
    server,
  }) => {
    const { context, page } = await openTill(browser, server);
    const workerWrites: string[] = [];
    context.on('request', (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (request.serviceWorker() && path.startsWith('/api/set/')) workerWrites.push(path);
    });
    // the outcome reports fail (the till server drops them) while the worker settles the sale
    let refused = 0;
    // one at a time (`/till/sales/:saleId/outcomes`) or in a batch (`/till/sales/outcomes`)
    const outcomeReports = /\/till\/sales\/(?:[^/]+\/)?outcomes$/;
    await context.route(outcomeReports, (route) => {
      refused += 1;
      return route.abort('connectionreset');
    });
    const { reference } = await timedCashSale(page, ANY_PRODUCT);
    await expect
      .poll(async () => (await readTill(page)).sales.find((sale) => sale.reference === reference)?.status, {
        timeout: 30_000,
      })
      .toBe('synced');
    await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(workerWrites.length, 'the service worker sent the PMS steps').toBeGreaterThanOrEqual(3);
    expect(ledgerOutcomesOf(server, reference)).toBe(0);

    await context.unroute(outcomeReports);
    // The page wakes for reports another replayer left (within seconds), not only at its 30 s
    // safety net after a sale: the three PMS steps' outcomes reach the ledger.
    await expect.poll(() => ledgerOutcomesOf(server, reference), { timeout: 12_000 }).toBe(3);
  }, 120_000);
});
