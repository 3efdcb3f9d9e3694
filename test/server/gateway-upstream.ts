// A small real HTTP server on 127.0.0.1 standing in for the PMS in gateway tests. It records every
// request it receives (method, path with query, headers, body, arrival time on the same clock as
// the test) and answers through a handler the test supplies, so a test can set cookies, redirect,
// answer 429 or stall, then assert on what the upstream actually saw.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterEach } from 'vitest';
import type { Endpoint } from '../../src/server/gateway/endpoints.ts';
import { createGatewayApi, type GatewayConfig } from '../../src/server/gateway/gateway.ts';

export interface SeenRequest {
  method: string;
  /** Path and query string, e.g. `/api/get/x?n=1`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request arrived. */
  at: number;
}

export interface TestUpstream {
  /** `http://127.0.0.1:port` */
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export type UpstreamHandler = (request: SeenRequest, response: ServerResponse) => void;

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Answers `{success: true, data: {method, path, body}}` unless the test's handler says otherwise. */
export const echo: UpstreamHandler = (request, response) =>
  json(response, 200, {
    success: true,
    data: { method: request.method, path: request.path, body: request.body },
  });

/** Starts the stand-in PMS; `port` brings one back on the address of one that was stopped. */
export async function startUpstream(handle: UpstreamHandler = echo, port = 0): Promise<TestUpstream> {
  const seen: SeenRequest[] = [];
  const server = createServer((incoming, response) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: SeenRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at,
      };
      seen.push(request);
      handle(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** For a test file: starts upstreams on demand and closes them after each test. */
export function useUpstreams(): (handle?: UpstreamHandler) => Promise<TestUpstream> {
  const started: TestUpstream[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((upstream) => upstream.close()));
  });
  return async (handle) => {
    const upstream = await startUpstream(handle);
    started.push(upstream);
    return upstream;
  };
}

export const TEST_KEY = 'gateway-test-key-5f1c9a';
export const TEST_SYSTEM_KEY = 'gateway-test-system-key-77d2';

/**
 * Any path is forwarded, /api/get/* as a read and everything else as a write: these tests are about
 * how the gateway forwards; which endpoints it forwards is tested against the real list.
 */
export const anyEndpoint = (method: string, path: string): Endpoint => ({
  operation: 'test',
  method: method as Endpoint['method'],
  path,
  changesState: !(method === 'GET' && path.startsWith('/api/get/')),
});

/**
 * A tablet's view: an app with the gateway mounted at /api as app.ts mounts it, called in-process,
 * and the gateway's status (the admin page's) at /status.
 */
export function gatewayApp(config: Partial<GatewayConfig> & { url: string }): Hono {
  const app = new Hono();
  const gateway = createGatewayApi({
    apiKey: TEST_KEY,
    requestsPerMinute: 6000,
    endpoints: anyEndpoint,
    ...config,
  });
  app.get('/status', (c) => c.json(gateway.status()));
  app.route('/api', gateway);
  return app;
}
