// `npm run bench -- pms`: load test of the test hotel's hot till endpoints on loopback: the real
// server on a temporary SQLite file (every write durable), driven by autocannon for DURATION_S per
// endpoint (products/available, timespan, add/products, add/invoice/products), directly on
// `/pms/api` and through the gateway `/api` (writes with fresh x-till-request-ids, as the till's;
// each gateway write of its own sale recorded on the ledger beforehand, untimed, since the gateway
// forwards only recorded sales' writes: GATEWAY_WRITES of them per write load, sent as fast as they
// go). Reads run before writes; durable_writes_per_s counts only rows really in the database
// afterwards. Target: 3,000 durable writes per second (direct). `--tiny`: a second per load.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SALE_HEADER } from '../src/pms/till-headers.ts';
import { startServer } from '../src/server/listen.ts';
import { addDays, DEMO_KEYS } from '../src/test-hotel/index.ts';
import { catalogueLine, ledgerRecord, recordAll } from './recorded-sales.ts';
import type { BenchFigures } from './run.ts';
import { sized } from './tiny.ts';

const DURATION_S = sized(Number(process.env.BENCH_DURATION_S ?? 5), 1);
const CONNECTIONS = sized(Number(process.env.BENCH_CONNECTIONS ?? 32), 4);
/** Writes per gateway write load, each of its own recorded sale. */
const GATEWAY_WRITES = sized(Number(process.env.BENCH_GATEWAY_WRITES ?? 6000), 40);
const WARMUP_S = 1;
const TARGET_WRITES_PER_S = 3000;

interface Load {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** the table whose new rows prove the writes */
  writes?: 'invoice_items';
  /** Through the gateway: the recorded sale and the body of each write, one per request. */
  gatewayWrites?: () => Promise<{ sale: string; body: unknown }[]>;
}

interface Measured {
  rps: number;
  seconds: number;
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
  tablet?: { cookie: string; writesFile?: string; amount?: number },
): Promise<Measured> {
  if (tablet?.writesFile) process.env.BENCH_PMS_WRITES = tablet.writesFile;
  else delete process.env.BENCH_PMS_WRITES;
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
    ...(tablet?.amount ? { amount: tablet.amount } : { duration: seconds }),
    // the load comes from its own thread, so the server's event loop is the server's alone
    workers: 1,
  });
  delete process.env.BENCH_PMS_WRITES;
  const ok = result['2xx'];
  // With an amount, the time it took (autocannon's `duration` is whole seconds).
  const took = tablet?.amount ? (result.finish.getTime() - result.start.getTime()) / 1000 : seconds;
  return {
    rps: Math.round(ok / took),
    seconds: took,
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
    const paired = server.hub.redeemPairingCode(code, '127.0.0.1');
    const tablet = { cookie: `${server.hub.cookieName}=${paired.token}` };
    const writesFile = join(dir, 'gateway-writes.json');
    /** Room charges of one product 1 each, recorded; the add's body is the same for all. */
    const roomCharges = async () => {
      const line = catalogueLine(db, 1, 1);
      const records = Array.from({ length: GATEWAY_WRITES }, () =>
        ledgerRecord([line], { roomReservationId: inHouse }),
      );
      const sales = await recordAll(server.hub, paired.device, records);
      const body = { room_reservation_id: inHouse, products: [{ id: 1, quantity: 1 }] };
      return sales.map((sale) => ({ sale, body }));
    };
    /** Sales of two of product 15, recorded, each with the cash invoice the till opened for it. */
    const invoiceSales = async () => {
      const line = catalogueLine(db, 15, 2);
      const records = Array.from({ length: GATEWAY_WRITES }, () => ledgerRecord([line], 'invoice'));
      const sales = await recordAll(server.hub, paired.device, records);
      const writes: { sale: string; body: unknown }[] = [];
      let next = 0;
      const opener = async () => {
        while (next < records.length) {
          const record = records[next++]!;
          const invoiceId = await openInvoice(server.url, tablet.cookie, record.saleId, record.reference);
          writes.push({
            sale: record.saleId,
            body: { invoice_id: invoiceId, products: [{ id: 15, quantity: 2 }] },
          });
        }
      };
      await Promise.all(Array.from({ length: 8 }, opener));
      if (writes.length !== sales.length) throw new Error('an invoice was not opened');
      return writes;
    };
    const journal = db.pragma('journal_mode', { simple: true });
    const synchronous = db.pragma('synchronous', { simple: true });

    const loads: Load[] = [
      { name: 'products_available', method: 'GET', path: '/get/products/available' },
      {
        name: 'timespan',
        method: 'GET',
        // today's stays, as the till reads them (the gateway refuses a wider span: span_not_allowed)
        path: `/get/timespan/reservations/${today}/${addDays(today, 1)}/2000-01-01`,
      },
      {
        name: 'add_products',
        method: 'POST',
        path: '/set/add/products',
        body: { room_reservation_id: inHouse, products: [{ id: 1, quantity: 1 }] },
        writes: 'invoice_items',
        gatewayWrites: roomCharges,
      },
      {
        name: 'add_invoice_products',
        method: 'POST',
        path: '/set/add/invoice/products',
        body: { invoice_id: cashInvoice, products: [{ id: 15, quantity: 2 }] },
        writes: 'invoice_items',
        gatewayWrites: invoiceSales,
      },
    ];

    const figures: BenchFigures = {};
    let writesDirect = 0;
    let writesGateway = 0;
    let gatewaySeconds = 0;
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
          let through: Parameters<typeof measure>[3];
          if (route === 'gateway_') {
            through = tablet;
            if (load.gatewayWrites) {
              const writes = await load.gatewayWrites(); // untimed: recorded (and invoices opened) first
              writeFileSync(writesFile, JSON.stringify(writes));
              through = { ...tablet, writesFile, amount: writes.length };
            }
          }
          const before = rows();
          const measured = await measure(base, load, DURATION_S, through);
          await drain();
          const written = rows() - before;
          // every answered write must be in the database (requests still in flight when the clock
          // stops are written too, but not counted as answered)
          if (load.writes && written < measured.ok) {
            throw new Error(
              `${route}${load.name}: ${measured.ok} answered 2xx but only ${written} rows written`,
            );
          }
          // A write refused is a broken benchmark (the gateway's 409 for a write of no recorded sale
          // went unnoticed as 0 writes/s once): it stops the run, in the tiny mode on CI too.
          if (load.writes && measured.failed > 0) {
            throw new Error(
              `${route}${load.name}: ${measured.failed} of ${measured.ok + measured.failed} writes failed`,
            );
          }
          if (measured.ok === 0) throw new Error(`${route}${load.name}: not one request answered 2xx`);
          if (measured.failed > 0) console.warn(`${route}${load.name}: ${measured.failed} requests failed`);
          console.log(
            `${route}${load.name}: ${measured.rps} req/s, p99 ${measured.p99} ms` +
              (load.writes ? `, ${written} rows written` : ''),
          );
          figures[`${route}${load.name}_rps`] = measured.rps;
          figures[`${route}${load.name}_p99_ms`] = measured.p99;
          if (load.writes && route === '') writesDirect += measured.ok;
          if (load.writes && route === 'gateway_') {
            writesGateway += measured.ok;
            gatewaySeconds += measured.seconds;
          }
        }
      }
    }
    const writeSeconds = 2 * DURATION_S;
    const durable = Math.round(writesDirect / writeSeconds);
    return {
      ...figures,
      durable_writes_per_s: durable,
      gateway_durable_writes_per_s: Math.round(writesGateway / gatewaySeconds),
      gateway_writes: writesGateway,
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

/** Opens a cash invoice through the gateway for the recorded sale `saleId`, as its tablet. */
async function openInvoice(url: string, cookie: string, saleId: string, reference: string): Promise<number> {
  const response = await fetch(`${url}/api/set/create/servicecashregister/invoice`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/json',
      [SALE_HEADER]: saleId,
      'x-till-request-id': randomUUID(),
    },
    body: JSON.stringify({ recipient_name: '', reference }),
  });
  const answer = (await response.json()) as { data?: { invoice_id?: number } };
  if (!response.ok || typeof answer.data?.invoice_id !== 'number') {
    throw new Error(
      `opening an invoice for a recorded sale failed: ${response.status} ${JSON.stringify(answer)}`,
    );
  }
  return answer.data.invoice_id;
}
