// Waiting on the till in the benchmark's pages: the grid probe, and the catalogue refresh. Polls
// with page.evaluate: the app's Content-Security-Policy forbids the eval that a string predicate
// of page.waitForFunction needs.
import type { Page } from 'playwright-core';
import { CACHED_PRODUCTS, type ProbeReadings, READ_PROBE } from './probe.ts';

/** Waits until the probe saw the grid painted; answers its readings. */
export async function waitForGrid(page: Page, timeoutMs = 30_000): Promise<ProbeReadings> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const probe = (await page.evaluate(READ_PROBE)) as ProbeReadings | undefined;
    if (probe?.paintedAt != null) return probe;
    if (Date.now() > deadline) throw new Error(`no product grid within ${timeoutMs} ms`);
    await page.waitForTimeout(50);
  }
}

/** Waits until the catalogue refresh has finished and `products` products are cached on the tablet. */
export async function waitForCachedCatalogue(
  page: Page,
  products: number,
  timeoutMs = 60_000,
): Promise<void> {
  const status = page.getByTestId('refresh-status');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const running = await status.getAttribute('data-running').catch(() => null);
    const cached = running === 'false' ? ((await page.evaluate(CACHED_PRODUCTS)) as number) : -1;
    if (cached === products) return;
    if (Date.now() > deadline) {
      throw new Error(`the till cached ${cached} products, not ${products}, within ${timeoutMs} ms`);
    }
    await page.waitForTimeout(100);
  }
}
