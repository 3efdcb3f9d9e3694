// `npx tsx bench/ui-search-profile.ts [outDir]`: typing in the search over 10,000 products with the
// CPU slowed PROFILE_RATE (4) times, as bench/ui/interactions.ts types, under a CDP CPU profile:
// prints the self time by source function (through the chunks' source maps). A tool for
// docs/ui-speed.md's breakdown, not a benchmark. outDir: a built app with source maps
// (`npx vite build --outDir X --sourcemap`).
import { startServer } from '../src/server/listen.ts';
import { launchChromium, openFreshContext } from '../test/support/browser.ts';
import { pairContext } from '../test/support/till-server.ts';
import { measureSearch, typedSequence } from './ui/interactions.ts';
import { waitForCachedCatalogue } from './ui/page-wait.ts';
import { frameOrigin } from './ui/profile-origin.ts';
import { seedProducts } from './ui/seed.ts';
import { openSlowedPage } from './ui/throttle.ts';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const appDir = process.argv[2];
if (!appDir) throw new Error('usage: npx tsx bench/ui-search-profile.ts <built app with source maps>');
const origin = frameOrigin(appDir);

const RATE = Number(process.env.PROFILE_RATE ?? 4);
const WORDS = ['weissbier 0,5', 'käsesp', 'z-4711', 'alpen gin', 'tee'];
const server = await startServer({ port: 0, dbFile: ':memory:', testMode: true, staticDir: appDir });
const browser = await launchChromium();
try {
  seedProducts(server.hotel!.db, 10_000);
  const context = await openFreshContext(browser, { locale: 'en-GB' });
  await pairContext(context, server);
  const page = await openSlowedPage(context, RATE);
  await page.goto(server.url);
  await waitForCachedCatalogue(page, 10_000);
  const values = typedSequence(WORDS);
  const fresh = process.env.PROFILE_FRESH === '1'; // as bench/ui types: at once after the start
  if (!fresh) console.log('warm', JSON.stringify(await measureSearch(page, values, 1)));
  const split = fresh
    ? {}
    : ((await page.evaluate(`(async (values) => {
    const input = document.querySelector('input.search-input');
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    const js = [], layout = [], rows = [];
    for (let round = 0; round < 3; round++) for (const value of values) {
      await nextFrame();
      const start = performance.now();
      input.value = value;
      input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
      const mid = performance.now();
      void document.body.offsetHeight;
      js.push(mid - start); layout.push(performance.now() - mid);
      if (round > 0) rows.push([value, +(mid - start).toFixed(1), +(performance.now() - mid).toFixed(1)]);
    }
    const q = (a, p) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))];
    return { jsMedian: q(js, 0.5), jsP95: q(js, 0.95), layoutMedian: q(layout, 0.5), layoutP95: q(layout, 0.95), slowest: rows.sort((a, b) => (b[1] + b[2]) - (a[1] + a[2])).slice(0, 14) };
  })(${JSON.stringify(values)})`)) as Record<string, number>);
  console.log('split', JSON.stringify(split));
  const session = await context.newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  const timings = await measureSearch(page, values, fresh ? 3 : 2);
  const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile };
  console.log('profiled', JSON.stringify(timings));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const key = origin(nodes.get(profile.samples[i]!)!.callFrame);
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  }
  const keystrokes = values.length * (fresh ? 4 : 3);
  console.log(`self time per keystroke (${keystrokes} keystrokes):`);
  for (const [key, ms] of [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.PROFILE_TOP ?? 30)))
    console.log(`  ${(ms / keystrokes).toFixed(2).padStart(7)} ms  ${key}`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
