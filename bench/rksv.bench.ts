// `npm run bench -- rksv`: Austrian receipts signed one after another by the driver on a temporary
// data folder (rksv.sqlite WAL + synchronous FULL, the TEST unit's SQLite): sales a second, the
// median and 99th percentile time of one sale (attempt stored, ES256 signature, DEP row, mark),
// and the time to export and verify-free-read the DEP7 of all receipts.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAustrianFiscal } from '../src/server/fiscal/at/austria.ts';
import type { BenchFigures } from './run.ts';
import { sized } from './tiny.ts';

export default async function rksvBench(): Promise<BenchFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rksv-'));
  const at = createAustrianFiscal({ dataDir: dir });
  await at.setUp({
    kassenId: 'BENCH-1',
    business: { name: 'Bench', address: 'Innsbruck', vatId: 'ATU12345678' },
    companyId: 'U:ATU12345678',
  });
  const count = Number(process.env.BENCH_SALES ?? sized(2000, 20));
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await at.sign({
      saleId: randomUUID(),
      kind: 'sale',
      recordedAt: new Date().toISOString(),
      grossCentsByVatId: { 5: 1190 },
      grossCentsByRateBp: { 2000: 840, 1000: 350 },
      payments: { cashCents: 1190, nonCashCents: 0 },
    });
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  const exportStart = performance.now();
  const dep = await at.exportDep7();
  const exportMs = performance.now() - exportStart;
  times.sort((a, b) => a - b);
  at.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    name: 'rksv',
    sales: count,
    salesPerSecond: Math.round((count / total) * 1000),
    medianMs: Number(times[Math.floor(count / 2)]!.toFixed(2)),
    p99Ms: Number(times[Math.floor(count * 0.99)]!.toFixed(2)),
    exportMs: Math.round(exportMs),
    depReceipts: dep['Belege-Gruppe'][0]!['Belege-kompakt'].length,
  };
}
