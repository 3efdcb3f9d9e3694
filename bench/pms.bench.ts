// `npm run bench -- pms`: load test of the test hotel's hot till endpoints on loopback: the real
// server on a temporary SQLite file (every write durable), driven by autocannon for DURATION_S per
// endpoint (products/available, timespan, add/products, add/invoice/products), directly on
// `/pms/api` and through the gateway `/api` (writes with fresh x-till-request-ids, as the till's).
// Reads run before writes; durable_writes_per_s counts only rows really in the database afterwards.
// Target: 3,000 durable writes per second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServer } from '../src/server/listen.ts';
import { addDays, DEMO_KEYS } from '../src/test-hotel/index.ts';
import type { BenchFigures } from './run.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP_S = 1;
const TARGET_WRITES_PER_S = 3000;

interface Load {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** the table whose new rows prove the writes */
  writes?: 'invoice_items';
}

interface Measured {
  rps: number;
  p99: number;
  ok: number;
  failed: number;
}

/** Gives every gateway write its own x-till-request-id, as the till does (loaded by the worker). */
const REQUEST_ID_SETUP = fileURLToPath(new URL('./pms-request-id.cjs', import.meta.url));

/**
 * Runs one load. `tablet` (the gateway's loads) sends as a paired tablet does: its device cookie,
 * and a fresh x-till-request-id on every request.
 */
async function measure(
  base: string,
  load: Load,
  seconds = DURATION_S,
  tablet?: { cookie: string },
): Promise<Measured> {
  const result = await autocannon({
    url: `${base}${load.path}`,
    ...(tablet ? { requests: [{ setupRequest: REQUEST_ID_SETUP }] } : {}),
    method: load.method,
    headers: {
      ...(tablet ? { cookie: tablet.cookie } : { 'x-ibelsa-key': DEMO_KEYS.write }),
      ...(load.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(load.body ? { body: JSON.stringify(load.body) } : {}),
    connections: CONNECTIONS,
    duration: seconds,
    // the load comes from its own thread, so the server's event loop is the server's alone
    workers: 1,
  });
  const ok = result['2xx'];
  return {
    rps: Math.round(ok / seconds),
    p99: result.latency.p99,
    ok,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** Lets requests still in flight when a run stops finish before the next run starts. */
const drain = () => new Promise((resolve) => setTimeout(resolve, 300));

export default async function pmsBench(): Promise<BenchFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'pms-bench-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dbFile: join(dir, 'hotel.sqlite'),
    testMode: false,
    staticDir: 'nonexistent',
  });
  try {
    const hotel = server.hotel!;
    const { db } = hotel;
    const today = hotel.today();
    const inHouse = db
      .prepare(
        "SELECT id FROM room_reservations WHERE status = 'CHECKED_IN' AND end_date > ? ORDER BY id LIMIT 1",
      )
      .pluck()
      .get(today) as number;
    const opened = await fetch(`${server.url}/pms/api/set/create/servicecashregister/invoice`, {
      method: 'POST',
      headers: { 'x-ibelsa-key': DEMO_KEYS.write, 'content-type': 'application/json' },
      body: JSON.stringify({ reference: 'BENCH-1' }),
    });
    const cashInvoice = ((await opened.json()) as { data: { invoice_id: number } }).data.invoice_id;
    const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'bench' });
    const tablet = {
      cookie: `${server.hub.cookieName}=${server.hub.redeemPairingCode(code, '127.0.0.1').token}`,
    };
    const journal = db.pragma('journal_mode', { simple: true });
    const synchronous = db.pragma('synchronous', { simple: true });

    const loads: Load[] = [
      { name: 'products_available', method: 'GET', path: '/get/products/available' },
      {
        name: 'timespan',
        method: 'GET',
        path: `/get/timespan/reservations/${today}/${addDays(today, 30)}/2000-01-01`,
      },
      {
        name: 'add_products',
        method: 'POST',
        path: '/set/add/products',
        body: { room_reservation_id: inHouse, products: [{ id: 1, quantity: 1 }] },
        writes: 'invoice_items',
      },
      {
        name: 'add_invoice_products',
        method: 'POST',
        path: '/set/add/invoice/products',
        body: { invoice_id: cashInvoice, products: [{ id: 15, quantity: 2 }] },
        writes: 'invoice_items',
      },
    ];

    const figures: BenchFigures = {};
    let writesDirect = 0;
    let writesGateway = 0;
    const rows = () => db.prepare('SELECT COUNT(*) FROM invoice_items').pluck().get() as number;
    // reads first, then writes: the time-span listing carries the items the writes add
    for (const phase of [loads.filter((l) => !l.writes), loads.filter((l) => l.writes)]) {
      // warm-up, not measured: compiles the hot paths and lets the load thread settle
      for (const load of phase) await measure(`${server.url}/pms/api`, load, WARMUP_S);
      await drain();
      for (const [route, base] of [
        ['', `${server.url}/pms/api`],
        ['gateway_', `${server.url}/api`],
      ] as const) {
        for (const load of phase) {
          const before = rows();
          const measured = await measure(base, load, DURATION_S, route === 'gateway_' ? tablet : undefined);
          await drain();
          const written = rows() - before;
          // every answered write must be in the database (requests still in flight when the clock
          // stops are written too, but not counted as answered)
          if (load.writes && written < measured.ok) {
            throw new Error(
              `${route}${load.name}: ${measured.ok} answered 2xx but only ${written} rows written`,
            );
          }
          if (measured.failed > 0) console.warn(`${route}${load.name}: ${measured.failed} requests failed`);
          console.log(
            `${route}${load.name}: ${measured.rps} req/s, p99 ${measured.p99} ms` +
              (load.writes ? `, ${written} rows written` : ''),
          );
          figures[`${route}${load.name}_rps`] = measured.rps;
          figures[`${route}${load.name}_p99_ms`] = measured.p99;
          if (load.writes && route === '') writesDirect += measured.ok;
          if (load.writes && route === 'gateway_') writesGateway += measured.ok;
        }
      }
    }
    const writeSeconds = 2 * DURATION_S;
    const durable = Math.round(writesDirect / writeSeconds);
    return {
      ...figures,
      durable_writes_per_s: durable,
      gateway_durable_writes_per_s: Math.round(writesGateway / writeSeconds),
      target_writes_per_s: TARGET_WRITES_PER_S,
      meets_target: durable >= TARGET_WRITES_PER_S,
      journal_mode: String(journal),
      synchronous: Number(synchronous) === 2 ? 'FULL' : String(synchronous),
      connections: CONNECTIONS,
      duration_s: DURATION_S,
    };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
