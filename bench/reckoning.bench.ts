// `npm run bench -- reckoning`: the reckoning test's generated days (test/server/ledger/reckoning/),
// 10,000 of them (`RECKONING_DAYS`), played on one till server in-process and each checked against
// the model's reckoning: the Z, the DSFinV-K files, the TSE's signed amounts and the PMS's invoices
// and folios. Figures: the days
// played, the days whose books differ (must be 0; the first difference is printed), the seed, and
// the time per day (the machines are shared: a figure, not a target).
import fc from 'fast-check';
import { dayDifferences } from '../test/server/ledger/reckoning/day-check.ts';
import { playDay } from '../test/server/ledger/reckoning/day-driver.ts';
import { dayOf, type Op } from '../test/server/ledger/reckoning/day-model.ts';
import { startTill } from '../test/server/ledger/reckoning/till.ts';
import { sized } from './tiny.ts';

/** Paths held out (`RECKONING_SKIP`, comma-separated): none by default, as in the reckoning test. */
const SKIPPED = (process.env.RECKONING_SKIP ?? '').split(',').filter(Boolean) as Op['t'][];

export default async function reckoningBenchmark() {
  const days = Number(process.env.RECKONING_DAYS ?? sized(10_000, 3));
  const seed = Number(process.env.RECKONING_SEED ?? Date.now() % 2 ** 31);
  const till = await startTill();
  const started = performance.now();
  let wrong = 0;
  let first: string | null = null;
  try {
    const plans = fc.sample(dayOf(SKIPPED), { numRuns: days, seed });
    for (const [index, plan] of plans.entries()) {
      till.clock.now = new Date(Date.UTC(2026, 2, 2 + index, 7));
      const businessDay = till.clock.now.toISOString().slice(0, 10);
      const played = await playDay(till, plan, businessDay);
      const differences = await dayDifferences(till, plan, played);
      if (differences.length === 0) continue;
      wrong += 1;
      first ??= `${businessDay} ${JSON.stringify(plan)}: ${differences.join('; ')}`;
    }
  } finally {
    till.close();
  }
  if (first) console.log(`first difference: ${first}`);
  const ms = performance.now() - started;
  return {
    days,
    seed,
    wrong_days: wrong,
    ms_per_day: Math.round((ms / days) * 10) / 10,
    all_right: wrong === 0,
  };
}
