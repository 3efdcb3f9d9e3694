// `npm run bench -- NAME [NAME...]`: runs the named benchmarks (all when none is named), one after
// another, each from bench/NAME.bench.ts. A benchmark module's default export measures and
// returns its figures; this runner prints them as the benchmark's last line,
// `RESULT {"name":"NAME",...}`, so tools and people read the same thing. Targets live in the
// benchmarks, never in timed tests: the machines are shared and noisy, so figures that compare
// two things are measured side by side in one run. `--tiny` (bench/tiny.ts): a few iterations of
// each, no target judged (figures named `*meets_target*` left out), for CI: a benchmark that no
// longer runs fails the run. `--skip=NAME,...` leaves benchmarks out.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type BenchFigures = Record<string, number | string | boolean | null>;
export type Benchmark = () => Promise<BenchFigures>;

const benchDir = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
/** `--skip=NAME[,NAME]`: benchmarks left out of a run of all (CI leaves out chaos: its tiny run is
 * the chaos test itself, which npm test has just run). */
const skipped = process.argv
  .filter((arg) => arg.startsWith('--skip='))
  .flatMap((arg) => arg.slice('--skip='.length).split(','));
// Before any benchmark module is loaded: bench/tiny.ts reads it once.
if (process.argv.includes('--tiny')) process.env.BENCH_TINY = '1';
const tiny = process.env.BENCH_TINY === '1';
const names = (requested.length > 0 ? requested : available).filter((name) => !skipped.includes(name));
for (const name of skipped) {
  if (!available.includes(name)) {
    console.error(`no benchmark "${name}" to skip; there are: ${available.join(', ')}`);
    process.exit(2);
  }
}

for (const name of names) {
  if (!available.includes(name)) {
    console.error(`no benchmark "${name}"; there are: ${available.join(', ')}`);
    process.exit(2);
  }
  const module = (await import(pathToFileURL(join(benchDir, `${name}.bench.ts`)).href)) as {
    default: Benchmark;
  };
  console.log(`bench ${name}: running${tiny ? ' (tiny: a few iterations, no target judged)' : ''}`);
  const started = performance.now();
  const figures = await module.default();
  if (tiny) {
    for (const key of Object.keys(figures)) if (key.includes('meets_target')) delete figures[key];
    figures.tiny_run_s = Math.round((performance.now() - started) / 100) / 10;
  }
  console.log(`RESULT ${JSON.stringify({ name, ...figures })}`);
}
