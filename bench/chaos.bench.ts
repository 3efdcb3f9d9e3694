// `npm run bench -- chaos`: the chaos test (test/browser/chaos.test.ts) at 10x its scale, as issue
// 35's bar runs it: 2,100 sales through the UI in two tabs, the network flapping, the worker killed,
// a fifth of the hotel's answers dropped after commit (CHAOS_DROP), a server restart. Its own
// assertions judge it (ledger, PMS and journal agree once each, the outbox drained); this prints
// its figures. A fresh build in a temporary folder (dist/ is left alone). Not part of npm test.
//   BENCH_CHAOS_SCALE  how many times the 1x test's 210 sales (10)
//   CHAOS_DROP, CHAOS_SEED, CHAOS_TABS, CHAOS_DRAIN_MS  passed on (chaos.test.ts says what they do)
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import type { BenchFigures } from './run.ts';
import { sized, TINY } from './tiny.ts';
import { buildApp } from './ui/build.ts';

const SCALE = Number(process.env.BENCH_CHAOS_SCALE ?? 10);
/** Sales in the run: SCALE times the 1x test's 210; the 1x scale in the tiny mode (bench/tiny.ts),
 * since the test asks for its faults (three worker kills, a reload) which fewer sales do not give. */
const SALES = sized(210 * SCALE, 210);

export default async function chaosBenchmark(): Promise<BenchFigures> {
  const app = await buildApp();
  try {
    const loadBefore = loadavg()[0]!;
    const started = Date.now();
    const run = spawnSync('npx', ['vitest', 'run', 'test/browser/chaos.test.ts'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: {
        ...process.env,
        TILL_APP_DIR: app.outDir,
        CHAOS_SALES: String(SALES),
        CHAOS_DRAIN_MS: process.env.CHAOS_DRAIN_MS ?? '120000',
        CHAOS_REPORTS_MS: process.env.CHAOS_REPORTS_MS ?? '60000',
        CHAOS_TIMEOUT_MS: String(3 * 3_600_000),
      },
    });
    const output = `${run.stdout}\n${run.stderr}`;
    if (TINY && run.status !== 0) throw new Error(`the chaos test failed:\n${output.slice(-4000)}`);
    // the test's own summary line: `chaos: {"scale":...,"sales":...,"drainSeconds":...}`
    const summary = output
      .split('\n')
      .filter((line) => line.includes('chaos: {"scale"'))
      .at(-1);
    const figures = summary
      ? (JSON.parse(summary.slice(summary.indexOf('{'))) as Record<string, unknown>)
      : {};
    const flat: BenchFigures = {};
    for (const [key, value] of Object.entries(figures)) {
      flat[key] =
        typeof value === 'object' && value !== null ? JSON.stringify(value) : (value as number | string);
    }
    if (run.status !== 0) console.log(output.split('\n').slice(-80).join('\n'));
    return {
      scale: SCALE,
      passed: run.status === 0,
      minutes: Math.round((Date.now() - started) / 600) / 100,
      load_average: `${loadBefore.toFixed(2)} -> ${loadavg()[0]!.toFixed(2)}`,
      ...flat,
    };
  } finally {
    app.remove();
  }
}
