// Builds the HTTPS app (listen.ts binds it); every request must name one of the server's hosts.
// `/till` pairs tablets (hub/), `/admin` is the admin page, `/api` the gateway for paired tablets
// and the till's own requests only: it adds the PMS key and paces requests to `PMS_URL` or, with
// none, in-process to the test hotel (src/test-hotel, mounted with mountTestHotel: also `/pms/api`
// and, in test mode, `/__test`). Else the built PWA; `/healthz` and `/readyz` need no pairing;
// JSON of 1 KB or more is compressed; with a logger, every request is logged.
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { limitBody } from '../node-http/body.ts';
import { ApiError, renderError } from '../node-http/errors.ts';
import { setResponseHeaders } from '../node-http/headers.ts';
import { type Logger, serverLog } from '../node-http/log.ts';
import { mountTestHotel, type TestHotel } from '../test-hotel/index.ts';
import { createAdminRoutes } from './admin/admin-routes.ts';
import { createCardRoutes } from './card-terminal/card-routes.ts';
import { type CardTerminals, createCardTerminals } from './card-terminal/index.ts';
import { createCatalogue, currentGroups, PRODUCTS_PATH } from './catalogue/index.ts';
import { tellCatalogueVersion } from './catalogue/served-catalogue.ts';
import { answerUnchangedCatalogue, CATALOGUE_READ_PATHS } from './catalogue/unchanged-answers.ts';
import { specialReceiptPrinter } from './fiscal/at/hub-printing.ts';
import { type FiscalControl, requireTillInService } from './fiscal/fiscal-control.ts';
import { createLedgerFiscal, ledgerClosings } from './fiscal/ledger-fiscal.ts';
import { createGatewayApi } from './gateway/gateway.ts';
import { requireAppRequest } from './http/app-requests.ts';
import { compressAnswer } from './http/compression.ts';
import { createHealthRoutes, createReadiness } from './http/health.ts';
import { type HostList, hostRefusal } from './http/hosts.ts';
import { contentSecurityPolicy, gatewayCors } from './http/origins.ts';
import { requestLog } from './http/request-log.ts';
import { serveBuiltApp } from './http/static-files.ts';
import { serveWebManifest } from './http/web-manifest.ts';
import { createDeviceRoutes, deviceOf, requirePairedDevice } from './hub/device-routes.ts';
import type { Hub } from './hub/hub.ts';
import { createLetterhead, requireSignableBusiness } from './hub/letterhead.ts';
import { createClosingRoutes } from './ledger/closing/closing-routes.ts';
import { createLedgerRoutes } from './ledger/ledger-routes.ts';
import { createTaxSource } from './ledger/line-tax.ts';
import { auditCatalogueWrites, matchRecordedSales } from './ledger/write-matching.ts';
import { createMetricsRoutes } from './metrics/metrics.ts';
import { connectLedgerPrinting } from './printing/ledger-printing.ts';
import { createPrintRoutes } from './printing/print-routes.ts';
import type { PrinterDouble } from './printing/printer-double.ts';
import type { Printing } from './printing/printing.ts';
import { createCataloguePrices } from './staff/catalogue-prices.ts';
import { checkCatalogueApprovals, checkWriteApprovals } from './staff/write-approvals.ts';
import { createKitchenRoutes } from './tables/kitchen-routes.ts';
import { createModifierCheck } from './tables/modifier-check.ts';
import { createModifierStore } from './tables/modifier-store.ts';
import { connectTableOrders } from './tables/table-orders.ts';
import { connectTablePrinting } from './tables/table-printing.ts';
import { createTablePlanRoutes, createTableRoutes, tableNames } from './tables/table-routes.ts';
import { createTableStore, type TableStore } from './tables/table-store.ts';

/** Largest request body the server reads (our limit; a till sale is a few KB). */
export const MAX_BODY_BYTES = 256 * 1024;
/** Largest body an unpaired caller may send: a pairing code, an admin sign-in form (about 100 bytes). */
export const ANONYMOUS_BODY_BYTES = 4 * 1024;
/** Largest admin form (a staff member, an outlet's rules). */
export const ADMIN_BODY_BYTES = 16 * 1024;

/** Headers every answer carries. */
function securityHeaders(origins: readonly string[]) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(origins),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  };
}

/** Where the gateway forwards to: the hotel's PMS, with the key the gateway adds. */
export interface RemotePms {
  /** Base URL of the PMS; request paths `/api/...` are appended. */
  url: string;
  apiKey: string;
  /** Vendor-issued `x-ibelsa-system-key`, for partner endpoints that take one. */
  systemKey?: string;
}

export interface AppOptions {
  /** Paired devices and admin sessions. */
  hub: Hub;
  /** Host names and addresses the server answers to, besides localhost (TILL_HOSTNAMES, the machine's). */
  allowedHosts?: readonly string[] | HostList;
  /** Behind a TLS reverse proxy (TRUST_PROXY): caller addresses from X-Forwarded-For, no loopback admin. */
  trustProxy?: boolean;
  /** The HTTPS port tablets use; null where a proxy terminates TLS on 443. */
  httpsPort?: number | null;
  /** Where tablets open the till, for pairing codes made on the server machine. */
  tabletOrigin?: string;
  /** The admin key (admin-key.json); null: the admin page opens on the server machine only. */
  adminKey?: string | null;
  /** The embedded test hotel; exactly one of hotel and pms. */
  hotel?: TestHotel;
  /** The hotel's real PMS. */
  pms?: RemotePms;
  /** Gateway pacing towards the PMS (default 900 a minute, under the published ~1,000; the embedded
   * test hotel is unpaced unless given). */
  requestsPerMinute?: number;
  /** Folder of the built app; omitted or missing: no static files are served. */
  staticDir?: string;
  /** Other Hotel Till servers' origins (TILL_ORIGINS): CORS on /api for their apps, and the CSP's
   * connect-src for their gateways (http/origins.ts). */
  allowedOrigins?: readonly string[];
  /** Logs one line per request (http/request-log.ts); none without. */
  logger?: Logger;
  /**
   * Whether the gateway forwards a PMS write only for a recorded sale (`POST /till/sales` first) it
   * matches (ledger/write-matching.ts). Default true; false only for a hotel still migrating tablets
   * that do not record first (TILL_RECORDED_SALES_ONLY=0); a write of a recorded sale is matched either way.
   */
  recordedSalesOnly?: boolean;
  /** How long /readyz keeps its verdict. Default 5000 ms. */
  readinessCacheMs?: number;
  /** The hotel's clock (tests pin it): the span of guest lists a tablet may read. */
  now?: () => Date;
  /** The fiscal country and its driver (fiscal/fiscal-control.ts): the admin page's fiscal screens. */
  fiscal?: FiscalControl;
  /** Card terminals and payments (card-terminal/); default: made on the hub's database. */
  cards?: CardTerminals;
  /** Printers and the print queue (printing/): `/till/print` for tablets, `/admin/printers`. */
  printing?: Printing;
  /** The demo's printer double, shown on the admin page. */
  printerDouble?: PrinterDouble;
  /** The backups' folder (DATA_DIR/backups), for /metrics's last backup's age. */
  backupDir?: string;
  /** Restaurant tables (tables/): `/till/tables` for tablets; default: kept in the hub's database. */
  tables?: TableStore;
}

export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const origins = options.allowedOrigins ?? [];
  const headers = securityHeaders(origins);
  const { hub } = options;
  const trustProxy = options.trustProxy ?? false;
  const httpsPort = options.httpsPort === undefined ? null : options.httpsPort;

  if (options.logger) app.use('*', requestLog(options.logger));
  // The edge of every request, as one layer (each layer of Hono middleware costs its own promises:
  // as three, they took a third of a small read's throughput): the Host check, then, on the way
  // out, compression and the security headers.
  const refusal = hostRefusal(options.allowedHosts ?? []);
  app.use('*', async (c, next) => {
    const refused = refusal(c);
    if (refused) c.res = renderError(refused, c);
    else await next();
    await compressAnswer(c);
    setResponseHeaders(c, headers);
  });
  if (origins.length > 0) {
    app.use('/api/*', gatewayCors(origins));
    app.use('/till/gateway', gatewayCors(origins)); // the settings check of a gateway elsewhere
    app.use('/readyz', gatewayCors(origins)); // the recovery probe of a tablet using this gateway
    // The sales ledger of a tablet using this gateway: its sales are recorded where its writes go.
    app.use('/till/sales', gatewayCors(origins));
    app.use('/till/sales/*', gatewayCors(origins));
    app.use('/till/closing/last-z', gatewayCors(origins));
    // Its card payments and prints go to the same server as its sales (card-terminal/, printing/).
    app.use('/till/card/*', gatewayCors(origins));
    app.use('/till/print/*', gatewayCors(origins));
  }
  let gateway: ReturnType<typeof createGatewayApi> | undefined;
  const { hotel } = options;
  const readiness = createReadiness(
    {
      database: () => hub.checkWritable(),
      pms: hotel ? async () => hotel.checkReadable() : () => gateway!.probe(),
    },
    options.readinessCacheMs === undefined ? {} : { cacheMs: options.readinessCacheMs },
  );
  app.route('/', createHealthRoutes(readiness));

  const limit = limitBody(MAX_BODY_BYTES);
  app.use('/api/*', requirePairedDevice(hub, { trustProxy, gateway: true }));
  app.use('/api/*', requireAppRequest(['GET', 'POST']));
  app.use('/api/*', limit);
  // The discount check reads the catalogue's prices from the PMS through the gateway itself.
  const catalogue = createCataloguePrices((path) => gateway!.read(path));
  // A resend the gateway answers from memory passed the checks on its first send.
  const answersResend = (c: Context) => gateway!.answersResend(c);
  // A write of a recorded sale is matched against it (its approvals were spent when it was recorded).
  app.use(
    '/api/set/*',
    matchRecordedSales(hub, { required: options.recordedSalesOnly ?? true, answersResend }),
  );
  app.use('/api/set/*', checkWriteApprovals(hub, { catalogue, answersResend }));
  app.use('/api/create/*', auditCatalogueWrites(hub));
  app.use('/api/create/*', checkCatalogueApprovals(hub, { answersResend }));
  // The ledger prices every line from the server's own copy of the catalogue (src/server/catalogue/).
  const ownCatalogue = createCatalogue({
    db: hub.db,
    now: options.now ?? (() => new Date()),
    read: (path) => gateway!.read(path),
  });
  hub.ledger.useCatalogue(ownCatalogue);
  // 304 to a tablet whose cached catalogue is current (outside tellCatalogueVersion: sees its version)
  for (const path of CATALOGUE_READ_PATHS) app.use(path, answerUnchangedCatalogue());
  app.use(PRODUCTS_PATH, tellCatalogueVersion(ownCatalogue));
  app.use('/pms/*', limit);
  // Anonymous bodies are small, refused by their declared length before a byte is read.
  app.use('/till/pair', limitBody(ANONYMOUS_BODY_BYTES));
  app.use('/admin/login', limitBody(ANONYMOUS_BODY_BYTES));
  app.use('/admin/*', limitBody(ADMIN_BODY_BYTES));
  app.use('/till/*', limit);
  if (options.pms) {
    gateway = createGatewayApi({
      ...options.pms,
      requestsPerMinute: options.requestsPerMinute ?? 900,
      ...(options.now ? { now: options.now } : {}),
    });
  } else if (options.hotel) {
    const forwardToHotel = mountTestHotel(app, options.hotel);
    gateway = createGatewayApi({
      url: 'http://test-hotel.invalid',
      apiKey: options.hotel.keys.write,
      // The embedded hotel has no rate limit: unpaced unless pacing is asked for explicitly.
      requestsPerMinute: options.requestsPerMinute ?? Number.POSITIVE_INFINITY,
      fetch: forwardToHotel,
      ...(options.now ? { now: options.now } : {}),
    });
  } else {
    throw new Error('createApp needs the embedded test hotel or a PMS to forward to');
  }
  app.route('/api', gateway);
  // Every recorded line gets the VAT rate and group of the server's copy of the catalogue.
  hub.ledger.useTaxSource(createTaxSource((path) => gateway!.read(path)));
  app.route('/till/closing', createClosingRoutes(hub, { trustProxy }));
  const fiscal = options.fiscal;
  const after = fiscal
    ? createLedgerFiscal({
        fiscal,
        storedBody: (saleId) => hub.ledger.sale(saleId)?.body,
        storedSeq: (saleId) => hub.ledger.sale(saleId)?.seq,
        db: hub.db,
      })
    : undefined;
  // The letterhead is the server's business data (hub/letterhead.ts); a German sale needs its name and address.
  const letterhead = createLetterhead(hub.receiptHeaders, fiscal ? () => fiscal.business() : undefined);
  if (fiscal) {
    // A sale's record, alone or in a batch: a German sale needs a business to sign for, and a till
    // in service (a decommissioned one takes no more sales: docs/fiscal.md, "Decommissioning").
    const signable: MiddlewareHandler = async (c, next) => {
      if (fiscal.country() === 'DE') {
        requireSignableBusiness(letterhead(deviceOf(c)!.outlet));
        requireTillInService(fiscal.german()?.decommissioned());
      }
      await next();
    };
    app.post('/till/sales', requirePairedDevice(hub, { trustProxy }), signable);
    app.post('/till/sales/batch', requirePairedDevice(hub, { trustProxy }), signable);
  }
  app.route('/till/sales', createLedgerRoutes(hub, { trustProxy, after }));
  const cards = options.cards ?? createCardTerminals(hub);
  app.route(
    '/till/card',
    createCardRoutes({ hub, cards: cards.payments, terminals: cards.terminals, trustProxy }),
  );
  // The receipt prints once the record's signing settled, with its fiscal lines (ledger-printing.ts).
  const fromLedger = options.printing
    ? connectLedgerPrinting(hub, options.printing, { fiscal: after, letterhead })
    : undefined;
  // Austria's special receipts print at the hub's receipt printer (fiscal/at/hub-printing.ts).
  if (options.printing && fiscal) fiscal.attachSpecialPrinter(specialReceiptPrinter(hub, options.printing));
  if (options.printing && fromLedger)
    app.route('/till/print', createPrintRoutes(hub, options.printing, fromLedger, { trustProxy }));
  const tables =
    options.tables ?? createTableStore({ db: hub.db, ...(options.now ? { now: options.now } : {}) });
  // The server refuses an add_line that skips a required group its tablet knew of (modifier-check.ts).
  const modifierCheck = createModifierCheck({
    db: hub.db,
    ...(options.now ? { now: options.now } : {}),
    read: (path) => gateway!.read(path),
  });
  const modifiers = createModifierStore(hub.db, modifierCheck.noteSaved);
  app.route('/till/tables', createTableRoutes(hub, tables, { trustProxy, modifiers, modifierCheck }));
  app.route('/till/kitchen', createKitchenRoutes(hub, tables, { trustProxy }));
  // A settle that came before its sale is decided when the ledger records the sale (table-settles.ts).
  hub.ledger.onRecorded((sale) => tables.releaseHeld(sale.saleId));
  tables.releaseHeld();
  if (options.printing) connectTablePrinting(tables, options.printing, tableNames(tables));
  // A German till signs each sent round as an order (Bestellung-V1; tables/table-orders.ts).
  connectTableOrders({
    db: hub.db,
    store: tables,
    signer: () => {
      const german = fiscal?.german();
      if (!german?.store.setup() || german.decommissioned()) return undefined;
      return { sign: (order) => german.signing.sign(order), known: (key) => !!german.store.get(key) };
    },
    vatRateOf: (productId) => ownCatalogue.latest()?.items.get(Number(productId))?.vatRateBp ?? null,
    ...(options.now ? { now: options.now } : {}),
    onError: (error) => serverLog().error({ err: error }, 'table order not recorded or signed'),
  });
  app.route('/admin/tables', createTablePlanRoutes(hub, tables, { trustProxy, modifiers }));
  app.route(
    '/till',
    createDeviceRoutes(hub, { trustProxy, httpsPort, upstream: () => gateway!.status().upstream }),
  );
  app.route(
    '/admin',
    createAdminRoutes({
      hub,
      trustProxy,
      adminKey: options.adminKey ?? null,
      gatewayStatus: () => gateway!.status(),
      tabletOrigin: options.tabletOrigin ?? 'https://localhost',
      httpsPort,
      groups: () => currentGroups(ownCatalogue),
      ...(fiscal ? { fiscal: { fiscal, closings: ledgerClosings(hub, fiscal) } } : {}),
      cards,
      ...(options.printing ? { printing: options.printing } : {}),
      ...(fromLedger ? { ledgerPrinting: fromLedger } : {}),
      ...(options.printerDouble ? { printerDouble: options.printerDouble } : {}),
    }),
  );
  // For the hotel's monitoring, with the token made on the admin page (metrics/).
  app.route(
    '/metrics',
    createMetricsRoutes({
      hub,
      gatewayStatus: () => gateway!.status(),
      ...(fiscal ? { fiscal } : {}),
      ...(options.printing ? { printing: options.printing } : {}),
      ...(options.backupDir ? { backupDir: options.backupDir } : {}),
      ...(options.now ? { now: options.now } : {}),
    }),
  );
  for (const prefix of ['/api/*', '/pms/*', '/till/*', '/__test/*']) {
    app.all(prefix, () => {
      throw new ApiError(404, 'no such endpoint');
    });
  }

  if (options.staticDir) {
    serveWebManifest(app, options.staticDir);
    serveBuiltApp(app, options.staticDir);
  }

  app.onError(renderError);
  app.notFound((c) => c.json({ success: false, message: 'not found' }, 404));
  return app;
}
