// Requests to a listening server on the loopback over plain HTTP with the Host header a browser
// would send, on the server machine (`localhost:<port>`, the default) or elsewhere on the LAN: the
// server tells its own machine from others by that name and the socket's address. Also admin-page
// forms, and the server the admin-page tests run against.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { type RunningServer, type StartOptions, startServer } from '../../src/server/listen.ts';

/**
 * A server for tests of who may use the admin page: in memory, no built app, the app over plain
 * HTTP for every host name as over HTTPS (these tests are not about TLS), with `adminKey`.
 * @example server = await startAdminServer('test-admin-key', { staffKeyRounds: 1000 });
 */
export function startAdminServer(adminKey: string, options: StartOptions = {}): Promise<RunningServer> {
  return startServer({ dbFile: ':memory:', staticDir: 'none', adminKey, serveAppOverHttp: true, ...options });
}

export interface HostAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text. */
  body: string;
  bytes: Buffer;
}

export interface HostRequest {
  method?: string;
  /** The Host header; default `localhost:<port>`. */
  host?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Sends `path` to the server at 127.0.0.1:`port` and reads the whole answer.
 * @example const page = await requestWithHost(server.port, '/admin', { host: `till.lan:${server.port}` });
 */
export function requestWithHost(port: number, path: string, options: HostRequest = {}): Promise<HostAnswer> {
  const host = options.host ?? `localhost:${port}`;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host, ...options.headers },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: bytes.toString('utf8'),
            bytes,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Who sends an admin form: the Host (default the server machine, `localhost:<port>`) and a session cookie. */
export interface FormSender {
  host?: string;
  cookie?: string;
}

/**
 * POSTs `fields` as a form sent from the admin page on `host` (its Origin says so), with `cookie`.
 * @example await postAdminForm(server.port, '/admin/staff', { name: 'Mia', role: 'waiter', pin: '1111' });
 */
export function postAdminForm(
  port: number,
  path: string,
  fields: Record<string, string> | [string, string][],
  from: FormSender = {},
): Promise<HostAnswer> {
  const host = from.host ?? `localhost:${port}`;
  return requestWithHost(port, path, {
    method: 'POST',
    host,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: `http://${host}`,
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}
