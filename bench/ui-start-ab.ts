// A/B of cold starts, as bench/ui.bench.ts measures them, for built apps given as arguments, turn
// about in one run: `npx tsx bench/ui-start-ab.ts [--lock] dirA dirB [runs]` (dirs: `npx vite build
// --outDir X`). The register with 5,000 products cached, or with --lock the lock screen. A tool, not a benchmark.
import { loadavg } from 'node:os';
import { startServer } from '../src/server/listen.ts';
import { launchChromium } from '../test/support/browser.ts';
import { pairContext } from '../test/support/till-server.ts';
import { measureColdStart } from './ui/cold-start.ts';
import { measureLockScreen } from './ui/lock-screen.ts';
import { seedProducts } from './ui/seed.ts';

const PRODUCTS = 5_000;
const lock = process.argv.includes('--lock');
const dirs = process.argv.slice(2).filter((arg) => !/^\d+$/.test(arg) && arg !== '--lock');
const runs = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 15);
const servers: Awaited<ReturnType<typeof startServer>>[] = [];
for (const dir of dirs) {
  const server = await startServer({ port: 0, dbFile: ':memory:', testMode: true, staticDir: dir });
  seedProducts(server.hotel!.db, PRODUCTS);
  if (lock) await server.hub.staff.add({ name: 'Mia', role: 'waiter', pin: '1111' });
  servers.push(server);
}
const browser = await launchChromium();
const pairWith = (server: (typeof servers)[number]) => (context: Parameters<typeof pairContext>[0]) =>
  pairContext(context, server);
const load = () => loadavg()[0]!.toFixed(1);
const ms = (figure: { medianMs: number; p95Ms: number }) =>
  `${figure.medianMs.toFixed(1)} / ${figure.p95Ms.toFixed(1)}`;
try {
  if (lock) {
    // measureLockScreen runs one build's starts together: two rounds, so each build meets the load twice
    for (let round = 0; round < 2; round++) {
      for (const [i, server] of servers.entries()) {
        const before = load();
        const figures = await measureLockScreen(browser, server.url, dirs[i]!, runs, pairWith(server), {
          name: 'Mia',
          pin: '1111',
        });
        console.log(
          dirs[i],
          `lock screen 4x ${ms(figures.byRate[4])}, 1x ${ms(figures.byRate[1])}`,
          `(load ${before})`,
        );
      }
    }
  } else {
    const before = load();
    const targets = servers.map((server, i) => ({
      label: dirs[i]!,
      url: server.url,
      pair: pairWith(server),
    }));
    const starts = await measureColdStart(browser, targets, PRODUCTS, runs);
    for (const [label, byRate] of starts)
      console.log(
        label,
        `cold start 4x ${ms(byRate[4])}, 1x ${ms(byRate[1])}`,
        `(load ${before} -> ${load()})`,
      );
  }
} finally {
  await browser.close();
  for (const server of servers) await server.close();
}
