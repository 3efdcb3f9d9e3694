// The lock screen (issue 12), for a tablet whose outlet has staff: after its first visit it opens on
// "Who is working?" instead of the product grid.
//   lock_screen_js_gzip_kb    JS the page loads until the first name on the lock screen is in the
//                             DOM and enabled (from the service worker's precache), gzip as in
//                             first-load.ts; the first screen's budget, target <= 60
//   lock_screen_cold_start_ms navigation -> that name clickable and painted; median and p95 of RUNS
//                             runs after a warm-up, at each rate of throttle.ts in turn
//   sign_in_ms                the PIN's last digit tapped -> the first product tile clickable:
//                             opening the key sealed under the PIN (PBKDF2, 300,000 rounds, Web
//                             Crypto) and showing the till; median of the same runs
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openFreshContext, waitForServiceWorkerControl } from '../../test/support/browser.ts';
import { gzipKb } from './first-load.ts';
import { waitForGrid } from './page-wait.ts';
import { LOCK_PROBE, scriptsFetchedBefore } from './probe.ts';
import { median, percentile } from './stats.ts';
import { openSlowedPage, RATES, type Rate } from './throttle.ts';

export interface LockScreenStart {
  medianMs: number;
  p95Ms: number;
  signInMedianMs: number;
}

export interface LockScreenFigures {
  gzipKb: number;
  files: string[];
  byRate: Record<Rate, LockScreenStart>;
  runs: number;
}

async function signIn(page: Page, name: string, pin: string): Promise<number> {
  await page.locator('.lock-person', { hasText: name }).click();
  for (const digit of pin.slice(0, -1))
    await page.locator('.pin-key', { hasText: new RegExp(`^${digit}$`) }).click();
  const last = page.locator('.pin-key', { hasText: new RegExp(`^${pin.at(-1)}$`) });
  const started = Date.now();
  await last.click();
  await page.locator('ul.product-grid button.product').first().waitFor();
  return Date.now() - started;
}

/** `staff`: a name and PIN of the server's staff; the server has staff, so the till locks. */
export async function measureLockScreen(
  browser: Browser,
  url: string,
  outDir: string,
  runs: number,
  pair: (context: BrowserContext) => Promise<unknown>,
  staff: { name: string; pin: string },
): Promise<LockScreenFigures> {
  const context = await openFreshContext(browser, { locale: 'en-GB' });
  try {
    await pair(context);
    const first = await context.newPage();
    await first.goto(url);
    await waitForServiceWorkerControl(first);
    await first.locator('.lock-person').first().waitFor({ timeout: 30_000 }); // the staff list arrived
    await first.close();
    await context.addInitScript(LOCK_PROBE);
    const painted = new Map<Rate, number[]>(RATES.map((rate) => [rate, []]));
    const signIns = new Map<Rate, number[]>(RATES.map((rate) => [rate, []]));
    let files: string[] = [];
    for (let run = 0; run <= runs; run++) {
      for (const rate of RATES) {
        const page = await openSlowedPage(context, rate);
        await page.goto(url);
        const probe = await waitForGrid(page);
        if (!probe.controlled) throw new Error('the service worker did not control the page');
        if (run === 0 && rate === 1)
          files = [...new Set((await page.evaluate(scriptsFetchedBefore(probe.gridAt!))) as string[])];
        const signInMs = await signIn(page, staff.name, staff.pin);
        await page.close();
        if (run === 0) continue; // warm-up
        painted.get(rate)!.push(probe.paintedAt!);
        signIns.get(rate)!.push(signInMs);
      }
    }
    const byRate = Object.fromEntries(
      RATES.map((rate) => [
        rate,
        {
          medianMs: median(painted.get(rate)!),
          p95Ms: percentile(painted.get(rate)!, 95),
          signInMedianMs: median(signIns.get(rate)!),
        },
      ]),
    ) as Record<Rate, LockScreenStart>;
    return {
      gzipKb: gzipKb(outDir, files),
      files: files.map((path) => path.replace('/assets/', '')),
      byRate,
      runs,
    };
  } finally {
    await context.close();
  }
}
