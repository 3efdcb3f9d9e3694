// `npm run bench -- ledger`: sales recorded per second by the till server's ledger, durable: the hub
// database on a temporary file (WAL, synchronous=FULL: every record's transaction is on disk before
// its answer), each sale three lines and a cash payment, as `POST /till/sales` takes it. Measured
// twice, side by side: the ledger's own recording (hub.ledger.record), and the whole endpoint
// in-process (app.request: pairing cookie, app-request checks, JSON), 32 at once, each after 500
// untimed sales to warm up. Counts only rows
// really in ledger_sales afterwards. Target: 2,000 durable sales a second (issue 19).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { LEDGER_RECORD_VERSION, type LedgerRecord } from '../src/pms/ledger-wire.ts';
import { REQUEST_ID_HEADER } from '../src/pms/till-headers.ts';
import { createApp } from '../src/server/app.ts';
import { createHub } from '../src/server/hub/hub.ts';
import { createTestHotel, type HotelDb } from '../src/test-hotel/index.ts';
import { catalogueLine } from './recorded-sales.ts';
import type { BenchFigures } from './run.ts';
import { sized } from './tiny.ts';

const SALES = sized(Number(process.env.BENCH_LEDGER_SALES ?? 5000), 50);
const CONCURRENCY = sized(Number(process.env.BENCH_CONNECTIONS ?? 32), 4);
const TARGET_PER_S = 2000;

/**
 * A sale of three lines of the test hotel's catalogue (the server prices every line from it) and
 * its cash payment.
 */
function saleOf(db: HotelDb): () => LedgerRecord {
  const lines = [catalogueLine(db, 1, 2), catalogueLine(db, 34, 1), catalogueLine(db, 16, 3)];
  const totalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  return () => ({
    v: LEDGER_RECORD_VERSION,
    saleId: randomUUID(),
    reference: 'BENCH-1',
    kind: 'sale',
    createdAt: new Date().toISOString(),
    staffId: null,
    lines,
    payments: [
      { method: 'cash', amountCents: totalCents, tenderedCents: 10000, changeCents: 10000 - totalCents },
    ],
    totalCents,
    approvals: [],
  });
}

/** Sales sent before timing each path, so the figures are not the JIT's warm-up. */
const WARMUP = sized(500, 10);

type Counts = () => { commits: number; records: number };

/**
 * Runs `send` WARMUP times untimed, then SALES times, CONCURRENCY at once; answers sales a second
 * and the sales per commit of the timed part.
 */
async function rate(send: () => Promise<unknown>, counts: Counts) {
  for (let i = 0; i < WARMUP; i += 1) await send();
  const before = counts();
  let left = SALES;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left > 0) {
        left -= 1;
        await send();
      }
    }),
  );
  const perSecond = Math.round((SALES * 1000) / (performance.now() - started));
  const after = counts();
  const perCommit =
    Math.round(((after.records - before.records) / (after.commits - before.commits)) * 10) / 10;
  return { perSecond, perCommit };
}

export default async function ledgerBench(): Promise<BenchFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-bench-'));
  const hotel = createTestHotel({ dbFile: ':memory:', testMode: false });
  try {
    const sale = saleOf(hotel.db);
    const file = join(dir, 'till.sqlite');
    const hub = createHub({ dbFile: file });
    const { code } = hub.createPairingCode({ outlet: 'bar', name: 'Bench' });
    const { device, token } = hub.redeemPairingCode(code, '127.0.0.1');
    const app = createApp({ hub, hotel });
    const headers = { 'content-type': 'application/json', cookie: `${hub.cookieName}=${token}` };

    const counts = () => hub.ledger.commitCounts();
    const direct = await rate(() => hub.ledger.record(device, sale()), counts);
    const endpoint = await rate(async () => {
      const answer = await app.request('/till/sales', {
        method: 'POST',
        headers: { ...headers, [REQUEST_ID_HEADER]: randomUUID() },
        body: JSON.stringify(sale()),
      });
      if (answer.status !== 200) throw new Error(`POST /till/sales answered ${answer.status}`);
      await answer.arrayBuffer();
    }, counts);
    hub.close();
    const check = new Database(file, { readonly: true });
    const stored = (check.prepare('SELECT COUNT(*) AS n FROM ledger_sales').get() as { n: number }).n;
    const lines = (check.prepare('SELECT COUNT(*) AS n FROM ledger_lines').get() as { n: number }).n;
    check.close();
    return {
      sales_per_s_ledger: direct.perSecond,
      sales_per_s_endpoint: endpoint.perSecond,
      sales_per_commit_ledger: direct.perCommit,
      sales_per_commit_endpoint: endpoint.perCommit,
      concurrency: CONCURRENCY,
      stored_sales: stored,
      stored_lines: lines,
      expected_sales: (SALES + WARMUP) * 2,
      durable: 'WAL, synchronous=FULL, answered after the commit',
      target_per_s: TARGET_PER_S,
      meets_target:
        Math.min(direct.perSecond, endpoint.perSecond) >= TARGET_PER_S && stored === (SALES + WARMUP) * 2,
    };
  } finally {
    hotel.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
