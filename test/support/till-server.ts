// The till server of browser tests and benchmarks, and pairing a browser context with it the way a
// manager and a tablet do. No vitest here: bench/ (run with tsx) uses it too; tests take it from
// browser-test.ts.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { Device, Hub } from '../../src/server/hub/hub.ts';
import { type StartOptions, startServer } from '../../src/server/listen.ts';

/** The built app; TILL_APP_DIR points at a private build (so a parallel `vite build` cannot swap it mid-run). */
export const BUILT_APP = process.env.TILL_APP_DIR ?? 'dist';

export type Server = Awaited<ReturnType<typeof startServer>>;

/** The demo staff (waiters Mia 1111 and Jonas 2222, manager Anna 9999), PIN keys sealed with few rounds. */
export const DEMO_STAFF = { demoStaff: true, staffKeyRounds: 100_000 } as const;

/**
 * The till server of browser tests: the test hotel in memory, in test mode (faults can be injected),
 * with the built app, on free loopback ports; `options` change any of that. Throws when the app was not built.
 */
export async function startTestHotelServer(options: StartOptions = {}): Promise<Server> {
  const app = options.staticDir ?? BUILT_APP;
  if (app === BUILT_APP && !existsSync(join(BUILT_APP, 'sw.js'))) {
    throw new Error(`${BUILT_APP}/sw.js is missing: run "npx vite build" before the browser tests`);
  }
  return startServer({
    port: 0,
    host: '127.0.0.1',
    dbFile: ':memory:',
    testMode: true,
    staticDir: BUILT_APP,
    ...options,
  });
}

/** Where the tablet is paired: by default as "Test tablet" at the bar, with the server it opens. */
export interface PairOptions {
  origin?: string;
  outlet?: Device['outlet'];
  name?: string;
  /** Default a till tablet; 'kitchen' pairs a kitchen screen. */
  role?: Device['role'];
}

/**
 * Pairs `context` with the server the way a manager and a tablet do: the hub makes a one-time code and
 * the context's request client (sharing the browser's cookies) sends it to POST /till/pair.
 * @example const device = await pairContext(context, server, { name: 'Bar 1' });
 */
export async function pairContext(
  context: BrowserContext,
  server: { url: string; hub: Hub },
  options: PairOptions = {},
): Promise<Device> {
  const { code } = server.hub.createPairingCode({
    outlet: options.outlet ?? 'bar',
    name: options.name ?? 'Test tablet',
    ...(options.role ? { role: options.role } : {}),
  });
  const answer = await context.request.post(`${options.origin ?? server.url}/till/pair`, {
    headers: { 'content-type': 'application/json', 'x-till-request-id': randomUUID() },
    data: { code },
  });
  if (!answer.ok()) throw new Error(`pairing failed: ${answer.status()} ${await answer.text()}`);
  const { device } = (await answer.json()) as { device: { id: string } };
  return server.hub.listDevices().find((listed) => listed.id === device.id)!;
}
