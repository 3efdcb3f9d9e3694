// The browser-test fixture (`browserTest`): per test file, one till server on an in-memory test
// hotel in test mode with the built app, and one Chromium, both stopped after the file's last test;
// every browser context (tablet) a test opens is closed after that test, pass or fail.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'vitest';
import { startServer } from '../../src/server/listen.ts';
import { launchChromium } from './browser.ts';

/** The built app; TILL_APP_DIR points at a private build (so a parallel `vite build` cannot swap it mid-run). */
export const BUILT_APP = process.env.TILL_APP_DIR ?? 'dist';

export type Server = Awaited<ReturnType<typeof startServer>>;

/** Server options a test file may add (e.g. the demo staff). */
export type ServerExtras = Pick<
  Parameters<typeof startServer>[0] & object,
  'demoStaff' | 'staffKeyRounds' | 'terminalDouble' | 'cardSilenceMs'
>;

/** The test hotel in test mode (faults can be injected) with the built app; throws when the app was not built. */
export async function startTestHotelServer(extras: ServerExtras = {}): Promise<Server> {
  if (!existsSync(join(BUILT_APP, 'sw.js'))) {
    throw new Error(`${BUILT_APP}/sw.js is missing: run "npx vite build" before the browser tests`);
  }
  return startServer({ port: 0, dbFile: ':memory:', testMode: true, staticDir: BUILT_APP, ...extras });
}

function tillTest(extras: ServerExtras) {
  return (
    test
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
      .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
        const browser = await launchChromium();
        onCleanup(() => browser.close());
        return browser;
      })
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
      .extend('server', { scope: 'file' }, async ({}, { onCleanup }) => {
        const server = await startTestHotelServer(extras);
        onCleanup(() => server.close());
        return server;
      })
      .extend('closesTablets', { auto: true }, async ({ browser }, { onCleanup }) => {
        onCleanup(async () => {
          for (const context of browser.contexts()) await context.close();
        });
        return true;
      })
  );
}

/**
 * A test with the file's Chromium (`browser`) and till server (`server`), each started once per file.
 * @example browserTest('sells', async ({ browser, server }) => { const { page } = await openTill(browser, server); });
 */
export const browserTest = tillTest({});

/**
 * browserTest against a server with the demo staff (waiters Mia 1111 and Jonas 2222, manager Anna
 * 9999; PIN keys sealed with 100,000 rounds, quick in tests): the till opens on the lock screen.
 * @example staffBrowserTest('voids', async ({ browser, server }) => { ...; await signIn(page, 'Mia', '1111'); });
 */
export const staffBrowserTest = tillTest({ demoStaff: true, staffKeyRounds: 100_000 });
