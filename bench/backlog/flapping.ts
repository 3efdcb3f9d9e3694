// The backlog benchmark's flapping minute (the figure of test/browser/outbox-backlog.test.ts): a
// tablet with 1,000 sales pending, a second tab on the Sync view, the network flapping every 3 s,
// sales made in the register throughout; "Complete sale" to the receipt, and the broadcasts tab B got.
import {
  openSecondTab,
  outboxBroadcasts,
  seedPendingSales,
  timedCashSale,
} from '../../test/support/outbox-backlog.ts';
import { percentile } from '../ui/stats.ts';
import type { BacklogTablet } from './tablet.ts';

export async function flappingMinute(tablet: BacklogTablet, backlog: number, minuteMs = 60_000) {
  const { context, page, server } = tablet;
  await seedPendingSales(page, backlog);
  const tabB = await openSecondTab(page, new URL('/sync', server.url).href);
  await tabB.waitForLoadState();
  await page.waitForTimeout(2000);
  const before = await outboxBroadcasts(tabB);
  const times: number[] = [];
  let offline = false;
  const until = Date.now() + minuteMs;
  const flapping = (async () => {
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      offline = !offline;
      await context.setOffline(offline);
    }
    await context.setOffline(false);
  })();
  while (Date.now() < until) times.push((await timedCashSale(page, /./)).ms);
  await flapping;
  const broadcasts = (await outboxBroadcasts(tabB)) - before;
  await tabB.close();
  return { sales: times.length, p95: percentile(times, 95), max: Math.max(...times), broadcasts };
}
