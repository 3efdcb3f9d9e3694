// Starts the server: the HTTPS port for tablets (the app, `/api`, `/till`, `/admin`) and the plain
// HTTP port, which serves only the setup page and redirects to HTTPS, except for the server
// machine itself (`http://localhost`, a secure context in every browser), which gets the till.
// Used by main.ts for `npm start`, and by tests and benchmarks with port 0 and ':memory:'.
// close() stops cleanly (http/clean-stop.ts), then closes the databases.

import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { renderError } from '../node-http/errors.ts';
import type { Logger } from '../node-http/log.ts';
import { serverLog } from '../node-http/log.ts';
import { createTestHotel, type DemoRegion, type HotelKeys, type TestHotel } from '../test-hotel/index.ts';
import { createApp, type RemotePms } from './app.ts';
import { useTerminalDouble } from './card-terminal/demo-terminal.ts';
import { type CardTerminals, createCardTerminals } from './card-terminal/index.ts';
import {
  startTerminalDouble,
  type TerminalDouble,
  type TerminalDoubleOptions,
} from './card-terminal/terminal-double.ts';
import { zoneOfCountry } from './clock/hotel-clock.ts';
import {
  createFiscalControl,
  type FiscalControl,
  type FiscalControlOptions,
} from './fiscal/fiscal-control.ts';
import { closeServers, createStopGate, GRACE_MS } from './http/clean-stop.ts';
import {
  type ConnectionGuard,
  createConnectionGuard,
  HANDSHAKE_TIMEOUT_MS,
} from './http/connection-limits.ts';
import { checkHost, hostList, httpsOrigin, isLoopbackAddress, isServerMachineRequest } from './http/hosts.ts';
import { requestLog } from './http/request-log.ts';
import { createHub, type Hub } from './hub/hub.ts';
import type { PrinterDouble } from './printing/printer-double.ts';
import { createPrinting, type Printing } from './printing/printing.ts';
import { createSetupApp } from './setup/setup-app.ts';
import { addDemoStaff } from './staff/demo-staff.ts';
import { machineNames } from './tls/machine-names.ts';
import { createTlsManager, loadOwnCertificate, type TlsManager } from './tls/tls-manager.ts';

export type TlsChoice =
  /** A hotel-local CA and server certificate made and renewed in this folder. */
  | { dir: string }
  /** The hotel's own certificate (TLS_CERT, TLS_KEY). */
  | { certFile: string; keyFile: string }
  /** No HTTPS port (tests on localhost, or TLS at a reverse proxy). */
  | false;

export interface StartOptions {
  /** The HTTPS port; 0 (the default) picks a free one. `npm start` uses 8443. */
  port?: number;
  /** The plain HTTP port (setup page; the till on localhost); 0 (the default) picks a free one. `npm start` uses 8080. */
  httpPort?: number;
  /** Host to bind; default all interfaces for tablets on the hotel network. */
  host?: string;
  /** SQLite file of the test hotel; ':memory:' for tests. Default ./data/test-hotel.sqlite. */
  dbFile?: string;
  /** Which demo hotel a fresh test hotel database gets (DEMO_HOTEL): AT (default) or DE. */
  demoRegion?: DemoRegion;
  /** The test hotel's `/pms/api` keys; default the demo keys (tests). */
  hotelKeys?: HotelKeys;
  /** SQLite file of the server's own data (devices); default ':memory:'. */
  hubFile?: string;
  /** Beside the embedded test hotel, add the demo staff to an empty staff list (staff/demo-staff.ts).
   * Default false: until a manager exists, tablets run without sign-in and nothing needs approval. */
  demoStaff?: boolean;
  /** PBKDF2 rounds of staff keys sealed under a PIN; tests pass fewer. */
  staffKeyRounds?: number;
  /** Default false: HTTP only. */
  tls?: TlsChoice;
  /** Behind a TLS reverse proxy: the app over plain HTTP to the proxy, addresses from X-Forwarded-For. */
  trustProxy?: boolean;
  /** The gateway forwards PMS writes of recorded sales only (AppOptions.recordedSalesOnly; default true). */
  recordedSalesOnly?: boolean;
  /** Serve the app over plain HTTP to every host (as behind a proxy; tests of the insecure screen). */
  serveAppOverHttp?: boolean;
  /** Names and addresses tablets use besides the machine's own (TILL_HOSTNAMES). */
  hostNames?: string[];
  adminKey?: string | null;
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
  /** Logs every request and the stop; without one, requests go unlogged. */
  logger?: Logger;
  /** How long /readyz keeps its verdict (app.ts). */
  readinessCacheMs?: number;
  /** Connection limits (http/connection-limits.ts); tests lower them. */
  connections?: { perAddress?: number; total?: number };
  /** The fiscal law and TSE (fiscal/fiscal-control.ts); default: none, nothing on disk. */
  fiscal?: FiscalControlOptions;
  /** Runs the ZVT terminal double on the loopback as every outlet's card terminal (the demo, tests). */
  terminalDouble?: boolean | TerminalDoubleOptions;
  /** How long a card terminal may stay silent in a command (ms); default 90 s. */
  cardSilenceMs?: number;
  /** The print queue's pace (printing/print-queue.ts); tests retry faster. */
  printQueue?: { retryMs?: number; timeoutMs?: number };
  /** The demo's printer double (printing/printer-double.ts), shown on the admin page. */
  printerDouble?: PrinterDouble;
  /** The backups' folder, for /metrics's last backup's age (main.ts: DATA_DIR/backups). */
  backupDir?: string;
}

export interface CloseOptions {
  /** How long requests in flight may take to finish before their connections are cut. Default 25 s. */
  graceMs?: number;
}

export interface RunningServer {
  /** `http://localhost:<httpPort>`: the till on the server machine itself. */
  url: string;
  /** The plain HTTP port. */
  port: number;
  /** `https://localhost:<port>` when HTTPS runs. */
  httpsUrl: string | undefined;
  httpsPort: number | undefined;
  /** The address tablets open, e.g. https://192.168.1.20:8443. */
  tabletOrigin: string;
  /** The embedded test hotel, absent in gateway mode. */
  hotel: TestHotel | undefined;
  hub: Hub;
  /** The fiscal country and its driver. */
  fiscal: FiscalControl;
  /** Card terminals and payments (card-terminal/). */
  cards: CardTerminals;
  /** The ZVT terminal double, when started with `terminalDouble`. */
  terminalDouble: TerminalDouble | undefined;
  /** Printers and the print queue. */
  printing: Printing;
  tls: TlsManager | undefined;
  /** Stops cleanly (see the header); resolves once the databases are closed. */
  close(options?: CloseOptions): Promise<void>;
}

type NodeServer = ReturnType<typeof serve>;

/** How often the machine's names and addresses are read again (Host check and certificate). */
const NAMES_CHECK_MS = 5 * 60_000;

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // Read again every few minutes: a LAN address that changes (DHCP) is answered to, and in the
  // certificate, from the next check on, without a restart.
  const currentNames = () => machineNames(options.hostNames ?? []);
  const names = currentNames();
  const allowedHosts = hostList(() => {
    const now = currentNames();
    return [...now.dnsNames, ...now.ipAddresses];
  });
  const namesTimer = setInterval(() => allowedHosts.refresh(), NAMES_CHECK_MS);
  namesTimer.unref();
  const tls = await openTls(options.tls ?? false, currentNames);
  const hotel = options.pms
    ? undefined
    : createTestHotel({
        dbFile: options.dbFile ?? './data/test-hotel.sqlite',
        testMode: options.testMode ?? false,
        ...(options.hotelKeys ? { keys: options.hotelKeys } : {}),
        ...(options.now ? { now: options.now } : {}),
        ...(options.demoRegion ? { region: options.demoRegion } : {}),
      });
  const fiscal = createFiscalControl(options.fiscal ?? { dataDir: null });
  const hub = createHub({
    dbFile: options.hubFile ?? ':memory:',
    ...(options.staffKeyRounds ? { staffKeyRounds: options.staffKeyRounds } : {}),
    defaultTimeZone: zoneOfCountry(
      fiscal.country() === 'none' ? (options.demoRegion ?? 'AT') : fiscal.country(),
    ),
  });
  if (hotel && options.demoStaff) await addDemoStaff(hub);
  const cards = createCardTerminals(hub, options.cardSilenceMs ? { silenceMs: options.cardSilenceMs } : {});
  const terminalDouble = options.terminalDouble
    ? await startTerminalDouble(options.terminalDouble === true ? {} : options.terminalDouble)
    : undefined;
  if (terminalDouble)
    useTerminalDouble(
      cards.terminals,
      terminalDouble,
      hub.outlets.list().map((outlet) => outlet.id),
    );
  const printing = createPrinting({
    db: hub.db,
    outlets: () => hub.outlets.list().map((outlet) => outlet.id),
    ...options.printQueue,
  });
  const hostname = options.host ?? '0.0.0.0';
  const connections = createConnectionGuard({
    ...(options.trustProxy ? { perAddress: Number.POSITIVE_INFINITY } : {}),
    ...options.connections,
  });

  // The HTTPS server is bound first: the setup page and the admin page need its port.
  let httpsServer: NodeServer | undefined;
  let httpsPort: number | null = options.trustProxy ? 443 : null;
  let app: Hono | undefined;
  const stop = createStopGate();
  const appFetch = stop.guard((request: Request, env: unknown) => app!.fetch(request, env));
  if (tls) {
    httpsServer = await listen(
      {
        fetch: appFetch,
        port: options.port ?? 0,
        hostname,
        createServer: createHttpsServer,
        serverOptions: {
          key: tls.key,
          cert: tls.cert,
          handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
          // TLS 1.2 with forward-secret AEAD suites only (TLS 1.3's are all AEAD: left as they are).
          minVersion: 'TLSv1.2',
          ciphers: TLS12_AEAD_CIPHERS,
          honorCipherOrder: true,
        },
      },
      connections,
    );
    httpsPort = (httpsServer.address() as AddressInfo).port;
    const server = httpsServer as unknown as HttpsServer;
    tls.onRenewed(({ key, cert }) => server.setSecureContext({ key, cert }));
  }
  // The name hotel IT gave (TILL_HOSTNAMES) where there is one, else the first LAN IPv4 address.
  const tabletHost =
    options.hostNames?.[0] ??
    names.ipAddresses.find((address) => !isLoopbackAddress(address) && !address.includes(':'));
  const tabletOrigin = httpsOrigin(tabletHost ?? 'localhost', httpsPort);
  app = createApp({
    hub,
    cards,
    allowedHosts,
    trustProxy: options.trustProxy ?? false,
    recordedSalesOnly: options.recordedSalesOnly ?? true,
    httpsPort,
    tabletOrigin,
    adminKey: options.adminKey ?? null,
    ...(hotel ? { hotel } : {}),
    ...(options.pms ? { pms: options.pms } : {}),
    ...(options.requestsPerMinute ? { requestsPerMinute: options.requestsPerMinute } : {}),
    staticDir: options.staticDir ?? join('dist'),
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.readinessCacheMs === undefined ? {} : { readinessCacheMs: options.readinessCacheMs }),
    ...(options.now ? { now: options.now } : {}),
    fiscal,
    printing,
    ...(options.printerDouble ? { printerDouble: options.printerDouble } : {}),
    ...(options.backupDir ? { backupDir: options.backupDir } : {}),
  });

  const setup = new Hono();
  setup.onError(renderError);
  if (options.logger) setup.use('*', requestLog(options.logger));
  setup.use('*', checkHost(allowedHosts));
  setup.route('/', createSetupApp({ httpsPort: httpsPort ?? 443, ca: tls?.ca ?? null }));
  const appOverHttp = options.serveAppOverHttp || options.trustProxy;
  const httpServer = await listen(
    {
      fetch: stop.guard((request, env) =>
        appOverHttp || isServerMachine((env as { incoming: IncomingMessage }).incoming)
          ? appFetch(request, env)
          : setup.fetch(request, env),
      ),
      port: options.httpPort ?? (tls ? 0 : (options.port ?? 0)),
      hostname,
    },
    connections,
  );
  const httpPort = (httpServer.address() as AddressInfo).port;

  return {
    url: `http://localhost:${httpPort}`,
    port: httpPort,
    httpsUrl: httpsServer ? `https://localhost:${httpsPort}` : undefined,
    httpsPort: httpsServer ? (httpsPort ?? undefined) : undefined,
    tabletOrigin,
    hotel,
    hub,
    fiscal,
    cards,
    terminalDouble,
    printing,
    tls,
    close: async ({ graceMs = GRACE_MS } = {}) => {
      tls?.stop();
      clearInterval(namesTimer);
      stop.begin();
      const servers = [httpServer, httpsServer].filter((server) => server !== undefined);
      const cut = await closeServers(servers, graceMs);
      if (cut > 0) {
        (options.logger ?? serverLog()).warn(
          { component: 'server', connections: cut, graceMs },
          'requests still running after the grace time were cut',
        );
      }
      await terminalDouble?.close();
      await cards.payments.idle();
      await printing.stop();
      hotel?.close();
      fiscal.close();
      hub.close();
    },
  };
}

/** A request from this machine for a loopback name: `http://localhost` is a secure context. */
function isServerMachine(incoming: IncomingMessage): boolean {
  // Node's parsed headers: asking the Web Request builds all its headers first (a measurable cost)
  return isServerMachineRequest(incoming.headers.host, incoming.socket.remoteAddress ?? '');
}

async function openTls(
  choice: TlsChoice,
  names: () => { dnsNames: string[]; ipAddresses: string[] },
): Promise<TlsManager | undefined> {
  if (choice === false) return undefined;
  if ('certFile' in choice) return loadOwnCertificate(choice.certFile, choice.keyFile);
  return createTlsManager({ dir: choice.dir, names, renewCheckMs: NAMES_CHECK_MS });
}

/**
 * TLS 1.2 suites offered: ECDHE with AES-GCM or ChaCha20-Poly1305 (no CBC, SHA-1, CCM or ARIA).
 * The TLS 1.3 suites are Node's own and not listed here.
 */
export const TLS12_AEAD_CIPHERS = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
].join(':');

/** Listens, with the connection limits and timeouts in place before the first connection. */
function listen(options: Parameters<typeof serve>[0], connections: ConnectionGuard): Promise<NodeServer> {
  return new Promise((resolveListening, reject) => {
    const server = serve(options, () => resolveListening(server));
    connections.guard(server as unknown as HttpServer);
    server.once('error', reject);
  });
}
