// A/B of typing and taps at 4x, as bench/ui.bench.ts measures them, for built apps given as arguments,
// turn about: `npx tsx bench/ui-typing-ab.ts dirA dirB [rounds]` (dirs: `npx vite build --outDir X`). A tool, not a benchmark.
import { startServer } from '../src/server/listen.ts';
import { launchChromium } from '../test/support/browser.ts';
import { pairContext } from '../test/support/till-server.ts';
import { measureInteractions } from './ui/interactions.ts';
import { seedProducts } from './ui/seed.ts';

const dirs = process.argv.slice(2).filter((arg) => !/^\d+$/.test(arg));
const rounds = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 3);
const servers = [];
for (const dir of dirs) {
  const server = await startServer({ port: 0, dbFile: ':memory:', testMode: true, staticDir: dir });
  seedProducts(server.hotel!.db, 10_000);
  servers.push(server);
}
const browser = await launchChromium();
try {
  for (let round = 0; round < rounds; round++) {
    for (const [i, server] of servers.entries()) {
      const { search, addLine: add } = await measureInteractions(
        browser,
        server.url,
        (context) => pairContext(context, server),
        4,
        10_000,
      );
      console.log(
        dirs[i],
        `search ${search.medianMs.toFixed(1)} / ${search.p95Ms.toFixed(1)}`,
        `add ${add.medianMs.toFixed(1)} / ${add.p95Ms.toFixed(1)}`,
      );
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.close();
}
