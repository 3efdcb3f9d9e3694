// `npx tsx bench/ui-profile.ts [outDir]`: throttled (PROFILE_RATE, 4) cold starts of the till, 5,000
// products cached, as bench/ui/cold-start.ts does them, each with a CDP CPU profile: prints the self
// time between the app's marks by source function (through the chunks' source maps) and keeps the
// profile in /tmp/ui2. A tool for docs/ui-speed.md's breakdown, not a benchmark. outDir: a built app
// (`npx vite build --outDir X --sourcemap`); without one the app is built into a temporary folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { startServer } from '../src/server/listen.ts';
import { launchChromium, openFreshContext, waitForServiceWorkerControl } from '../test/support/browser.ts';
import { pairContext } from '../test/support/till-server.ts';
import { buildApp } from './ui/build.ts';
import { waitForCachedCatalogue, waitForGrid } from './ui/page-wait.ts';
import { GRID_PROBE } from './ui/probe.ts';
import { frameOrigin } from './ui/profile-origin.ts';
import { seedProducts } from './ui/seed.ts';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const RATE = Number(process.env.PROFILE_RATE ?? 4);
const app = process.argv[2] ? { outDir: process.argv[2], remove() {} } : await buildApp();
const appDir = app.outDir;
const origin = frameOrigin(appDir);
const server = await startServer({ port: 0, dbFile: ':memory:', testMode: true, staticDir: app.outDir });
const browser = await launchChromium();
try {
  seedProducts(server.hotel!.db, 5000);
  const context = await openFreshContext(browser, { locale: 'en-GB' });
  await pairContext(context, server);
  const first = await context.newPage();
  await first.goto(server.url);
  await waitForServiceWorkerControl(first);
  await waitForCachedCatalogue(first, 5000);
  await first.close();
  await context.addInitScript(GRID_PROBE);
  for (let run = 0; run < Number(process.env.PROFILE_RUNS ?? 2); run++) {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 100 });
    await session.send('Profiler.start');
    await page.goto(server.url);
    const probe = await waitForGrid(page);
    const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile };
    await waitForCachedCatalogue(page, 5000);
    await page.close();
    mkdirSync('/tmp/ui2', { recursive: true });
    const file = `/tmp/ui2/cold-start-${RATE}x-${run}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    console.log(
      `run ${run}: painted ${probe.paintedAt?.toFixed(0)} ms, marks`,
      (probe.marks ?? []).map(([n, t]) => `${n.replace('till:', '')}=${t.toFixed(0)}`).join(' '),
    );
    const marks = new Map(probe.marks ?? []);
    const windows: [string, number, number][] = [
      ['navigation..dom-interactive', 0, marks.get('till:page-dom-interactive') ?? 0],
      [
        'dom-interactive..code-run',
        marks.get('till:page-dom-interactive') ?? 0,
        marks.get('till:code-run') ?? 0,
      ],
      ['code-run..texts', marks.get('till:code-run') ?? 0, marks.get('till:texts') ?? 0],
      ['texts..mounted', marks.get('till:texts') ?? 0, marks.get('till:mounted') ?? 0],
      ['mounted..painted', marks.get('till:mounted') ?? 0, probe.paintedAt ?? 0],
    ];
    // Profile time to navigation time: the first sample inside main.tsx's startTill is at `till:code-run`.
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const inStart = (id: number): boolean => {
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n))
        if (
          origin(nodes.get(n)!.callFrame).startsWith('src/app/main.tsx') &&
          origin(nodes.get(n)!.callFrame).endsWith('startTill')
        )
          return true;
      return false;
    };
    let t0 = 0;
    for (let i = 0, t = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i]! / 1000;
      if (inStart(profile.samples[i]!)) {
        t0 = t;
        break;
      }
    }
    let at = (marks.get('till:code-run') ?? 0) - t0;
    const perWindow = windows.map(() => new Map<string, number>());
    for (let i = 0; i < profile.samples.length; i++) {
      at += profile.timeDeltas[i]! / 1000;
      const w = windows.findIndex(([, from, to]) => at >= from && at < to);
      if (w < 0) continue;
      const frame = nodes.get(profile.samples[i]!)!.callFrame;
      const key = origin(frame);
      perWindow[w]!.set(key, (perWindow[w]!.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
    }
    windows.forEach(([name, from, to], w) => {
      const rows = [...perWindow[w]!]
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(process.env.PROFILE_TOP ?? 15));
      console.log(`${name} (${from.toFixed(0)}..${to.toFixed(0)} ms):`);
      for (const [key, ms] of rows) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${key}`);
    });
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
  app.remove();
}
