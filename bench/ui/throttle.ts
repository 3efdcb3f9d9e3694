// The CPU slowdown of issue 21's budget: Chrome DevTools Protocol `Emulation.setCPUThrottlingRate`
// on a new tab before it loads anything, so the whole start (parsing the scripts, reading IndexedDB,
// building the grid) runs on a CPU `rate` times slower, close to a mid-range Android tablet. The
// service worker runs in its own process and is not slowed.
import type { BrowserContext, Page } from 'playwright-core';

/** The slowdown the budget is measured under, and the rates every figure is reported at. */
export const THROTTLED = 4;
export const RATES = [1, THROTTLED] as const;
export type Rate = (typeof RATES)[number];

/**
 * A new tab in `context` whose renderer runs `rate` times slower (1: unslowed), not yet navigated.
 * @example const page = await openSlowedPage(context, 4); await page.goto(url);
 */
export async function openSlowedPage(context: BrowserContext, rate: number): Promise<Page> {
  const page = await context.newPage();
  if (rate !== 1) {
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate });
  }
  return page;
}
