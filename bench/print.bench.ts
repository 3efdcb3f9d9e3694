// `npm run bench -- print`: from a tablet's print request to the receipt's last byte at the
// printer, on loopback: the real server (its database in a temporary file, every write durable)
// with a printer double as the bar's receipt printer, and a paired tablet's `POST
// /till/print/receipt` over HTTP, one receipt at a time (a till prints one after the other). Times
// from sending the request to the double decoding the slip's cut. The browser's own part (tap to
// request) is not in it: `npm run bench -- ui` measures the app. Target: p95 under 500 ms.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUEST_ID_HEADER } from '../src/pms/till-headers.ts';
import { startServer } from '../src/server/listen.ts';
import { startPrinterDouble } from '../src/server/printing/printer-double.ts';
import type { BenchFigures } from './run.ts';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 200);
const WARMUP = 10;
const TARGET_P95_MS = 500;

function receipt(saleId: string) {
  return {
    saleId,
    reference: saleId.slice(0, 8).toUpperCase(),
    createdAt: Date.now(),
    tillName: 'Bar 1',
    outletName: 'Bar',
    staffName: 'Mia',
    header: {
      hotelName: 'Hotel Grüner Baum',
      hotelAddress: 'Hauptstraße 1, 80331 München',
      vatId: 'DE123456789',
    },
    lines: Array.from({ length: 6 }, (_, i) => ({
      name: `Artikel ${i + 1} – Weißbier 0,5 l`,
      quantity: 2,
      unitPriceCents: 520,
      totalCents: 1040,
    })),
    note: '',
    grossCents: 6240,
    taxes: [{ name: '19 %', ratePercent: 19, grossCents: 6240, taxCents: 996, netCents: 5244 }],
    paymentMethodName: 'Bar',
    isCash: true,
    tenderedCents: 7000,
    changeCents: 760,
    currency: 'EUR',
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export default async function bench(): Promise<BenchFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'till-print-bench-'));
  const printer = await startPrinterDouble();
  const server = await startServer({
    port: 0,
    dbFile: join(dir, 'hotel.sqlite'),
    hubFile: join(dir, 'till.sqlite'),
    staticDir: 'none',
  });
  try {
    server.printing.printers.add({
      outlet: 'bar',
      role: 'receipt',
      name: 'Bar receipts',
      host: printer.host,
      port: String(printer.port),
      widthMm: '80',
      codepage: 'cp858',
    });
    const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'Bench tablet' });
    const { token } = server.hub.redeemPairingCode(code, '127.0.0.1');
    const cookie = `${server.hub.cookieName}=${token}`;
    const times: number[] = [];
    for (let n = 0; n < WARMUP + RECEIPTS; n++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/till/print/receipt`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', [REQUEST_ID_HEADER]: randomUUID() },
        body: JSON.stringify({ receipt: receipt(randomUUID()), language: 'de' }),
      });
      if (!response.ok)
        throw new Error(`print request answered ${response.status}: ${await response.text()}`);
      const slip = (await printer.waitForSlips(n + 1)).at(-1);
      if (n >= WARMUP) times.push(slip!.at - started);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    return {
      receipts: RECEIPTS,
      bytes_per_receipt: Math.round(printer.bytes().length / (WARMUP + RECEIPTS)),
      p50_ms: Number(percentile(times, 50).toFixed(1)),
      p95_ms: Number(p95.toFixed(1)),
      max_ms: Number(times.at(-1)!.toFixed(1)),
      target_p95_ms: TARGET_P95_MS,
      meets_target: p95 < TARGET_P95_MS,
    };
  } finally {
    await server.close();
    await printer.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
