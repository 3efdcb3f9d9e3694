// The benchmarks' tiny mode (`npm run bench -- --tiny`, or BENCH_TINY=1): every benchmark runs its
// whole path with a few iterations, and no target is judged, so CI (.ci/run) notices a benchmark
// that no longer runs without paying for its figures. A benchmark sizes itself with `sized`.
export const TINY = process.env.BENCH_TINY === '1';

/** `full` normally, `tiny` in the tiny mode. */
export function sized<T>(full: T, tiny: T): T {
  return TINY ? tiny : full;
}
