// Real Chromium for browser tests. Owns: where Chromium lives, the flags that keep it working and
// quiet on a closed network, fresh tablet-sized contexts, and waiting for the service worker.
// Browser tests are required: a missing Chromium is an error, never a skipped test.
import { existsSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Without the background-networking flags Chromium floods a closed network with refused connections. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A portrait tablet, the till's usual form. */
export const TABLET_VIEWPORT = { width: 768, height: 1024 };

/**
 * Launches the system Chromium headless; throws when it is not installed.
 * @example const browser = await launchChromium(); try { ... } finally { await browser.close(); }
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}. Install it with "apt-get install -y chromium" ` +
        '(.ci/run does this); they are never skipped.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A new context with empty storage and no service worker yet: a tablet opening the till for the first time.
 * @example const context = await openFreshContext(browser); const page = await context.newPage();
 */
export function openFreshContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: TABLET_VIEWPORT, serviceWorkers: 'allow', ...options });
}

/** Waits until a service worker controls the page (on first visit: installed, activated, claimed). */
export async function waitForServiceWorkerControl(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: timeoutMs,
  });
}

/** Collects uncaught page errors and console errors, to assert that a page ran cleanly. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}
