// One tablet of the backlog benchmark on one build's till server: paired, settings saved, the
// catalogue cached, its outbox broadcasts counted, the PMS's writes answered 503 so every sale stays
// pending. Owns the scenario's measurements: "Complete sale" to the receipt, one reconnect (broadcasts,
// how long the page stays busy, how long until the ledger holds every seeded sale) and page memory.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { openFreshContext, waitForServiceWorkerControl } from '../../test/support/browser.ts';
import {
  countOutboxBroadcasts,
  outboxBroadcastKinds,
  outboxBroadcasts,
  timedCashSale,
} from '../../test/support/outbox-backlog.ts';
import { pairContext, type Server } from '../../test/support/till-server.ts';
import { percentile } from '../ui/stats.ts';

export interface BacklogTablet {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  server: Server;
}

/** The PMS refuses every write with a 503 (a PMS in trouble): sales stay pending, the ledger works. */
const PMS_DOWN = { seed: 1, rules: [{ path: '/api/set/', kind: 'error5xx', status: 503, probability: 1 }] };

export async function openBacklogTablet(browser: Browser, server: Server): Promise<BacklogTablet> {
  const context = await openFreshContext(browser, { locale: 'en-GB', timezoneId: 'Europe/Berlin' });
  await pairContext(context, server);
  await context.addInitScript(
    (saved) => {
      if (!localStorage.getItem('hotel-till.settings')) localStorage.setItem('hotel-till.settings', saved);
      if (!localStorage.getItem('hotel-till.language')) localStorage.setItem('hotel-till.language', 'en');
    },
    JSON.stringify({ staffName: 'Mia', tillName: 'Bar 1', outletName: 'Lobby bar' }),
  );
  // tsx names inner functions with a helper the page does not have
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  await countOutboxBroadcasts(context);
  const page = await context.newPage();
  await page.goto(server.url);
  await waitForServiceWorkerControl(page);
  await page.waitForSelector('[data-testid="refresh-status"][data-refreshed="true"][data-running="false"]', {
    timeout: 30_000,
  });
  await control(server, 'POST', '/faults', PMS_DOWN);
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp, server };
}

/** p50 and p95 of `count` cash sales, "Complete sale" to the receipt, ms, and each in order. */
export async function completeToReceipt(tablet: BacklogTablet, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    times.push((await timedCashSale(tablet.page, /^Pils|^Weißbier|^Espresso|./)).ms);
    await tablet.page.waitForTimeout(300); // a cashier's pace between sales
  }
  const ms = times.map((time) => Math.round(time));
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), ms };
}

/** Sales in the till server's ledger. */
export function ledgerCount(server: Server): number {
  return (server.hub.db.prepare('SELECT COUNT(*) AS n FROM ledger_sales').get() as { n: number }).n;
}

/** Waits until the ledger holds `target` sales: how long it took, ms, or null after `timeoutMs`. */
export async function waitForLedger(
  server: Server,
  target: number,
  timeoutMs: number,
): Promise<number | null> {
  const started = Date.now();
  while (ledgerCount(server) < target) {
    if (Date.now() - started > timeoutMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

/** The page counts as busy in a window of this many ms where its main thread worked more than BUSY_SHARE of it. */
const BUSY_WINDOW_MS = 250;
const BUSY_SHARE = 0.1;

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url?: string; lineNumber?: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Offline for `offlineMs`, then online: the broadcasts the page received over the next `watchMs`,
 * when the page was last busy after the reconnect, and how long until the ledger held
 * `ledgerTarget` sales (null: not within `watchMs`). Busy is read from V8's sampling profiler on
 * the page (1 ms samples; what is not idle is the page's work: scripts, GC, rendering, its share of
 * IPC): a busy machine delaying the page's tasks does not count as the page working, as it did with
 * the task durations this read before (one figure swung from 0 to 9.7 s with the load alone).
 * A trace of V8's events on the page says when V8's memory reducer collected garbage in the window
 * (`memoryReducerAtMs`): a collection V8 starts on its own once the page has gone idle after
 * work, to give memory back, which counts as busy like any other.
 */
export async function reconnect(
  tablet: BacklogTablet,
  ledgerTarget: number,
  { watchMs = 10_000, offlineMs = 1000 }: { watchMs?: number; offlineMs?: number } = {},
) {
  const { context, page, server, cdp } = tablet;
  await context.setOffline(true);
  await page.waitForTimeout(offlineMs);
  const before = await outboxBroadcasts(page);
  const trace = await startV8Trace(cdp);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start'); // the profile's time 0 is the reconnect's, give or take a few ms
  const started = Date.now();
  await page.evaluate(() => performance.mark('bench-reconnect'));
  await context.setOffline(false);
  let ledgerMs: number | null = null;
  while (Date.now() - started < watchMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (ledgerMs === null && ledgerCount(server) >= ledgerTarget) ledgerMs = Date.now() - started;
  }
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  await cdp.send('Profiler.disable');
  const memoryReducerAtMs = memoryReducerCollections(await trace.stop());
  // the ledger short: where the outbox's holds stood, to say why
  if (ledgerMs === null && Number.isFinite(ledgerTarget))
    console.log(
      `bench backlog: ledger ${ledgerCount(server)} of ${ledgerTarget}, ${await outboxHolds(page)}`,
    );
  return {
    broadcasts: (await outboxBroadcasts(page)) - before,
    broadcastKinds: await outboxBroadcastKinds(page, before),
    busyUntilMs: lastBusyWindowEnd(profile, Date.now() - started),
    busyWindowsMs: workedPerWindow(profile, Date.now() - started).map(Math.round),
    busiest: busiestFunctions(profile, 8),
    busiestAfter1s: busiestFunctions(profile, 8, 1000),
    memoryReducerAtMs,
    ledgerMs,
  };
}

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  args?: { value?: { gc_reason?: string } };
}

/** Records V8's trace events (and the page's performance marks) until `stop`, which answers them. */
async function startV8Trace(cdp: CDPSession): Promise<{ stop(): Promise<TraceEvent[]> }> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => events.push(...(data.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: 'v8,blink.user_timing', transferMode: 'ReportEvents' });
  return {
    async stop() {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      return events;
    },
  };
}

/**
 * When (ms after the reconnect's mark) V8's memory reducer began a collection on the page's main
 * thread (the thread that made the mark): V8 names it as the reason incremental marking started.
 */
function memoryReducerCollections(events: TraceEvent[]): number[] {
  const mark = events.find((event) => event.name === 'bench-reconnect');
  if (!mark) return [];
  return events
    .filter(
      (event) =>
        event.name === 'V8.GCIncrementalMarkingStart' &&
        event.pid === mark.pid &&
        event.tid === mark.tid &&
        event.args?.value?.gc_reason === 'memory reducer',
    )
    .map((event) => Math.round((event.ts - mark.ts) / 1000));
}

/** The `count` functions the page spent most time in (own time, ms) from `fromMs` on, to say what kept it busy. */
function busiestFunctions(profile: CpuProfile, count: number, fromMs = 0): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const selfMs = new Map<string, number>();
  let atUs = 0;
  profile.samples.forEach((nodeId, i) => {
    atUs += profile.timeDeltas[i] ?? 0;
    if (atUs < fromMs * 1000) return;
    const frame = byNode.get(nodeId);
    if (!frame || frame.functionName === '(idle)') return;
    const file = frame.url?.split('/').at(-1) ?? '';
    const name = `${frame.functionName || '(anonymous)'} ${file}:${(frame.lineNumber ?? 0) + 1}`;
    selfMs.set(name, (selfMs.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...selfMs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${Math.round(ms)} ms ${name}`);
}

/** The end of the last BUSY_WINDOW_MS window (ms from the profile's start) in which the page worked more than BUSY_SHARE of it. */
function lastBusyWindowEnd(profile: CpuProfile, lengthMs: number): number {
  let busyUntil = 0;
  workedPerWindow(profile, lengthMs).forEach((ms, window) => {
    if (ms > BUSY_WINDOW_MS * BUSY_SHARE) busyUntil = (window + 1) * BUSY_WINDOW_MS;
  });
  return busyUntil;
}

/** What the page worked (ms, not idle) in each BUSY_WINDOW_MS window from the profile's start. */
function workedPerWindow(profile: CpuProfile, lengthMs: number): number[] {
  const idle = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
  );
  const workedMs = new Array<number>(Math.ceil(lengthMs / BUSY_WINDOW_MS) + 1).fill(0);
  let atUs = 0;
  profile.samples.forEach((nodeId, i) => {
    const deltaUs = profile.timeDeltas[i] ?? 0;
    atUs += deltaUs;
    if (idle.has(nodeId)) return;
    const window = Math.min(workedMs.length - 1, Math.floor(atUs / 1000 / BUSY_WINDOW_MS));
    workedMs[window] = (workedMs[window] ?? 0) + deltaUs / 1000;
  });
  return workedMs;
}

/** The outbox's holds and schedule marks, as stored (meta), with the page's clock, as JSON. */
function outboxHolds(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('hotel-till');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const keys = ['pms-failing', 'all-due-at', 'unreachable-until', 'paused-until', 'next-attempt-at'];
    const store = db.transaction('meta').objectStore('meta');
    const values = await Promise.all(
      keys.map(
        (key) =>
          new Promise(
            (resolve) => (store.get(key).onsuccess = (e) => resolve((e.target as IDBRequest).result)),
          ),
      ),
    );
    db.close();
    return JSON.stringify({ now: Date.now(), ...Object.fromEntries(keys.map((key, i) => [key, values[i]])) });
  });
}

/** The page's JS heap after a full garbage collection, MB. */
export async function heapMb(tablet: BacklogTablet): Promise<number> {
  await tablet.cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await tablet.cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize / 1_048_576;
}

async function control(server: Server, method: 'POST' | 'DELETE', path: string, body?: unknown) {
  const response = await fetch(`${server.url}/__test${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} /__test${path}: ${response.status}`);
}
