// `npm run bench -- NAME [NAME...]`: runs the named benchmarks (all when none is named), one after
// another, each from bench/NAME.bench.ts. A benchmark module's default export measures and
// returns its figures; this runner prints them as the benchmark's last line,
// `RESULT {"name":"NAME",...}`, so tools and people read the same thing. Targets live in the
// benchmarks, never in timed tests: the machines are shared and noisy, so figures that compare
// two things are measured side by side in one run.
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
const names = requested.length > 0 ? requested : available;

for (const name of names) {
  if (!available.includes(name)) {
    console.error(`no benchmark "${name}"; there are: ${available.join(', ')}`);
    process.exit(2);
  }
  const module = (await import(pathToFileURL(join(benchDir, `${name}.bench.ts`)).href)) as {
    default: Benchmark;
  };
  console.log(`bench ${name}: running`);
  const figures = await module.default();
  console.log(`RESULT ${JSON.stringify({ name, ...figures })}`);
}
