// Starts the server on a port: the test hotel (or the gateway) plus the built app. Used by
// main.ts for `npm start`, and by browser tests and benchmarks with port 0 and ':memory:'.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp, type RemotePms } from './app.ts';
import { createTestHotel, type TestHotel } from './hotel/hotel.ts';

export interface StartOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** Host to bind; default all interfaces for tablets on the hotel network. */
  host?: string;
  /** SQLite file of the test hotel; ':memory:' for tests. Default ./data/test-hotel.sqlite. */
  dbFile?: string;
  /** Allows the fault-injection and reset routes under /__test. */
  testMode?: boolean;
  /** Folder of the built app. Default 'dist'. */
  staticDir?: string;
  /** Forward /api to the hotel's real PMS instead of the embedded test hotel. */
  pms?: RemotePms;
  /** Gateway pacing towards the PMS. */
  requestsPerMinute?: number;
  /** The hotel's clock; tests pin it. */
  now?: () => Date;
  /** Other Hotel Till servers' origins (TILL_ORIGINS, see app.ts). */
  allowedOrigins?: readonly string[];
}

export interface RunningServer {
  url: string;
  port: number;
  /** The embedded test hotel, absent in gateway mode. */
  hotel: TestHotel | undefined;
  close(): Promise<void>;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const hotel = options.pms
    ? undefined
    : createTestHotel({
        dbFile: options.dbFile ?? './data/test-hotel.sqlite',
        testMode: options.testMode ?? false,
        ...(options.now ? { now: options.now } : {}),
      });
  const app = createApp({
    ...(hotel ? { hotel } : {}),
    ...(options.pms ? { pms: options.pms } : {}),
    ...(options.requestsPerMinute ? { requestsPerMinute: options.requestsPerMinute } : {}),
    staticDir: options.staticDir ?? 'dist',
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolveListening) => {
    const listening = serve(
      { fetch: app.fetch, port: options.port ?? 8080, hostname: options.host ?? '0.0.0.0' },
      () => resolveListening(listening),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    port,
    hotel,
    close: () =>
      new Promise<void>((resolveClosed) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => {
          hotel?.close();
          resolveClosed();
        });
      }),
  };
}
