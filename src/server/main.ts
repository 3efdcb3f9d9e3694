// `npm start`: the till server. Serves the till over HTTPS (hotel-local CA, TLS_CERT/TLS_KEY or a proxy
// with TRUST_PROXY), the setup page on plain HTTP, and `/api` for paired tablets (the gateway to PMS_URL,
// or the embedded test hotel; `--reset` restores its demo data, DEMO_HOTEL=de the German one). Logs JSON
// lines from the first (log.ts), stops on a setting that cannot work (config.ts), backs up nightly
// (db-backups.ts), stops cleanly on SIGTERM/SIGINT (listen.ts). Details: docs/operations.md.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStdoutLogger, releaseTerminalLog, stopLogging, useServerLog } from '../node-http/log.ts';
import { createTestHotel, type HotelKeys } from '../test-hotel/index.ts';
import { configWarnings, loadConfig, type ServerConfig } from './config.ts';
import { secureDataFolder } from './data-folder.ts';
import { backupDatabases, existingFiles, KEEP_BACKUPS, scheduleNightly } from './db-backups.ts';
import { FISKALY_AT_URL } from './fiscal/at/fiskaly-at-client.ts';
import { archiveTestFiscalData, TEST_TSE_THROUGH_SEQ } from './fiscal-switch.ts';
import { openFilesLimit } from './http/connection-limits.ts';
import { NewerSchemaError } from './hub/hub-db.ts';
import { startServer } from './listen.ts';
import { setUpDemoPrinters } from './printing/demo-printers.ts';
import { startPrinterDouble } from './printing/printer-double.ts';
import { DEMO_STAFF, setUpDemoBarGroups } from './staff/demo-staff.ts';
import { guardUpgrade, lastLedgerSeq } from './upgrade-guard.ts';

/** Stops the start: one JSON line on stdout (the log), one sentence on stderr (the terminal). */
function cannotStart(message: string, fields: Record<string, unknown> = {}): never {
  process.stdout.write(
    `${JSON.stringify({ level: 60, time: Date.now(), component: 'server', ...fields, msg: `cannot start: ${message}` })}\n`,
  );
  process.stderr.write(`Hotel Till cannot start: ${message}\n`);
  process.exit(1);
}

let config: ServerConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  cannotStart((error as Error).message);
}
const dataDir = config.DATA_DIR;
// Every file the server makes (databases, keys, backups) is owner-only, and so is what was there.
process.umask(0o077);
const madeOwnerOnly = secureDataFolder(dataDir);
const dbFile = config.hotelFile;

if (process.argv.includes('--reset')) {
  const hotel = createTestHotel({ dbFile, testMode: false, reset: true, region: config.demoRegion });
  hotel.close();
  console.log(`Demo data reset in ${dbFile}`);
  process.exit(0);
}

/** A secret kept in the data folder (mode 0600), made on first start. */
function keptSecret<T>(file: string, make: () => T): { value: T; isNew: boolean } {
  const path = join(dataDir, file);
  if (existsSync(path)) return { value: JSON.parse(readFileSync(path, 'utf8')) as T, isNew: false };
  const value = make();
  writeFileSync(path, `${JSON.stringify(value)}\n`, { mode: 0o600 });
  return { value, isNew: true };
}
const token = () => randomBytes(24).toString('base64url');
const adminKey = keptSecret('admin-key.json', token);
const hotelKeys = keptSecret<HotelKeys>('test-hotel-keys.json', () => ({ read: token(), write: token() }));

const log = await openStdoutLogger({
  level: config.LOG_LEVEL,
  secrets: [
    adminKey.value,
    hotelKeys.value.read,
    hotelKeys.value.write,
    config.PMS_API_KEY,
    config.PMS_SYSTEM_KEY,
    config.TSE_API_KEY,
    config.TSE_API_SECRET,
  ].filter((secret): secret is string => !!secret),
});
useServerLog(log);

const pms =
  config.PMS_URL && config.PMS_API_KEY
    ? {
        url: config.PMS_URL,
        apiKey: config.PMS_API_KEY,
        ...(config.PMS_SYSTEM_KEY ? { systemKey: config.PMS_SYSTEM_KEY } : {}),
      }
    : undefined;

for (const warning of configWarnings(config)) log.warn({ component: 'server' }, warning);
if (madeOwnerOnly.length > 0) {
  log.warn(
    { component: 'server', paths: madeOwnerOnly.slice(0, 20), count: madeOwnerOnly.length },
    'the data folder was readable by others: made owner-only (folders 0700, files 0600)',
  );
}
const descriptors = openFilesLimit();
if (descriptors !== undefined && descriptors < 4096) {
  log.warn(
    { component: 'server', descriptors },
    'the open-files limit is low: raise LimitNOFILE (deploy/hotel-till.service) or docker run --ulimit',
  );
}
// An upgrade: the databases are backed up before they migrate; a newer schema stops the start.
try {
  const upgrade = await guardUpgrade(
    config.hubFile,
    [config.hubFile, ...(pms ? [] : [dbFile]), ...config.fiscalFiles],
    config.backupDir,
  );
  if (upgrade) {
    log.warn(
      { component: 'server', from: upgrade.from, to: upgrade.to, backup: upgrade.folder },
      'upgrading the database: backed up first',
    );
  }
} catch (error) {
  if (error instanceof NewerSchemaError)
    cannotStart(error.message, { schema: error.version, known: error.known });
  cannotStart(`the backup before upgrading failed: ${(error as Error).message}`);
}
// A fiskaly account configured where the test TSE signed so far: its records go to an archive first.
const fiskaly = !!(config.TSE_URL && config.TSE_API_KEY && config.TSE_API_SECRET);
const testSignedThrough = fiskaly ? lastLedgerSeq(config.hubFile) : 0;
const testArchive = fiskaly ? archiveTestFiscalData(dataDir, testSignedThrough) : undefined;
// The demo prints on a printer double on the loopback, shown on the admin page (printing/).
const printerDouble = pms ? undefined : await startPrinterDouble();

const server = await startServer({
  port: config.PORT,
  httpPort: config.HTTP_PORT,
  ...(config.HOST ? { host: config.HOST } : {}),
  dbFile,
  hubFile: config.hubFile,
  backupDir: config.backupDir,
  hotelKeys: hotelKeys.value,
  adminKey: adminKey.value,
  tls: config.TRUST_PROXY
    ? false
    : config.TLS_CERT && config.TLS_KEY
      ? { certFile: config.TLS_CERT, keyFile: config.TLS_KEY }
      : { dir: join(dataDir, 'tls') },
  trustProxy: config.TRUST_PROXY,
  recordedSalesOnly: config.TILL_RECORDED_SALES_ONLY,
  hostNames: config.TILL_HOSTNAMES,
  allowedOrigins: config.tillOrigins,
  testMode: config.TEST_HOTEL_FAULTS,
  demoStaff: true,
  demoRegion: config.demoRegion,
  fiscal: {
    dataDir,
    // The demo hotels sign as their law asks: the German one with the TEST-TSE, the Innsbruck one
    // (the embedded test hotel only, never a real PMS) with the TEST signature unit.
    defaultCountry: config.demoRegion === 'DE' ? 'DE' : pms ? 'none' : 'AT',
    testMode: config.TEST_HOTEL_FAULTS,
    ...(config.FISKALY_AT_API_KEY && config.FISKALY_AT_API_SECRET
      ? {
          fiskalyAt: {
            url: config.FISKALY_AT_URL ?? FISKALY_AT_URL,
            apiKey: config.FISKALY_AT_API_KEY,
            apiSecret: config.FISKALY_AT_API_SECRET,
          },
        }
      : {}),
    ...(config.TSE_URL && config.TSE_API_KEY && config.TSE_API_SECRET
      ? { fiskaly: { url: config.TSE_URL, apiKey: config.TSE_API_KEY, apiSecret: config.TSE_API_SECRET } }
      : {}),
  },
  // The demo hotel pays by card on the ZVT terminal double (docs/zvt.md), its journal kept in the
  // data folder as a real terminal keeps its own; a real PMS, on real terminals.
  terminalDouble: pms ? false : { stateFile: join(dataDir, 'terminal-double.json') },
  ...(pms ? { pms } : {}),
  ...(config.PMS_REQUESTS_PER_MINUTE ? { requestsPerMinute: config.PMS_REQUESTS_PER_MINUTE } : {}),
  logger: log,
  ...(printerDouble ? { printerDouble } : {}),
}).catch((error: NodeJS.ErrnoException & { port?: number }) => {
  if (error.code === 'EADDRINUSE') {
    const which = error.port === config.HTTP_PORT ? 'HTTP_PORT' : 'PORT';
    cannotStart(`${which} ${error.port ?? ''}: the port is in use (is another Hotel Till running?)`, {
      port: error.port,
    });
  }
  if (error.code === 'EACCES') cannotStart(`port ${error.port ?? ''}: not allowed to listen on it`);
  throw error;
});
if (printerDouble) setUpDemoPrinters(server.printing, printerDouble, server.hub.db);
if (server.hotel) setUpDemoBarGroups(server.hub);
if (testArchive) {
  // Z reports over sales up to this one were the test TSE's: the export refuses them (admin/fiscal-routes.ts).
  server.fiscal.german()?.store.saveSetting(TEST_TSE_THROUGH_SEQ, String(testSignedThrough));
  server.hub.audit.append({
    kind: 'fiscal_test_archived',
    staffName: 'server start',
    subject: testArchive.folder,
    note: `the test TSE's records, sales up to ledger seq ${testSignedThrough}`,
  });
  log.warn(
    {
      component: 'fiscal',
      archive: testArchive.folder,
      files: testArchive.files,
      throughSeq: testSignedThrough,
    },
    "a fiskaly account is set: the test TSE's records were archived; set up the real TSE at /admin/fiscal",
  );
}
const adminKeyFile = join(dataDir, 'admin-key.json');
const hotelKeysFile = join(dataDir, 'test-hotel-keys.json');

const lines = ['', 'Hotel Till is running.'];
if (config.TRUST_PROXY) {
  lines.push(`  Behind your TLS reverse proxy: it forwards to http://<this machine>:${server.port}`);
} else {
  lines.push(`  Tablets open:        ${server.tabletOrigin}/`);
  lines.push(
    `  Setup page (HTTP):   http://<this machine's address>:${server.port}/  (certificate and QR code)`,
  );
  if (server.tls?.ca) {
    lines.push(
      `  Hotel CA (SHA-256):  ${server.tls.ca.fingerprintSha256}  (the setup page must show the same)`,
    );
  }
}
lines.push(`  On this machine:     ${server.url}/`);
lines.push(
  `  Admin page:          ${server.url}/admin  (on this machine; elsewhere sign in with the admin key)`,
);
lines.push(
  `  Admin key:           kept in ${adminKeyFile}${adminKey.isNew ? ' (new)' : ''}  (never printed or logged)`,
);
lines.push(
  '  Pair the first tablet: open the admin page, "Pair a tablet", then type the code on the tablet.',
);
if (!server.hub.staff.hasManager()) {
  lines.push(
    `  No manager yet:      open ${server.url}/admin on this machine and add the first manager (Staff).`,
  );
} else if (server.hotel) {
  const demo = DEMO_STAFF.map((member) => `${member.name} (${member.role}) ${member.pin}`).join(', ');
  lines.push(`  Demo staff PINs:     ${demo}  (change them on the admin page)`);
}
const german = server.fiscal.german();
if (german && !german.store.setup() && german.testTse && config.demoRegion === 'DE') {
  // The German demo: the embedded test TSE is set up at once, so receipts are signed from the start.
  await german.setUp('HOTEL-TILL DEMO 1');
}
if (german && server.hotel && config.demoRegion === 'DE' && !server.fiscal.business().name) {
  // The German demo hotel is the business of its DSFinV-K export (the admin page may change it).
  const hotel = server.hotel.profile;
  server.fiscal.setBusiness({
    name: hotel.name,
    street: hotel.street,
    postalCode: hotel.zip,
    city: hotel.city,
    country: 'DEU',
    vatId: hotel.vatId,
  });
}
const austria = server.fiscal.austria();
if (austria && !austria.store.register() && austria.testUnit && server.hotel && config.demoRegion === 'AT') {
  // The Innsbruck demo: the TEST signature unit's register is set up at once (Startbeleg included).
  const hotel = server.hotel.profile;
  await austria.setUp({
    kassenId: 'HOTEL-TILL-DEMO-1',
    business: {
      name: hotel.name,
      address: `${hotel.street}, ${hotel.zip} ${hotel.city}`,
      vatId: hotel.vatId,
    },
    companyId: `U:${hotel.vatId}`,
  });
}
// The fiscal law in a few words, for the banner and the start log line (null: none chosen).
const fiscalLaw = (() => {
  const register = austria?.store.register();
  if (austria)
    return register
      ? `Austria, ${austria.testUnit ? 'embedded TEST signature unit (receipts are not lawful)' : 'fiskaly SIGN AT'}, Kassen-ID ${register.kassenId}`
      : `Austria, no register set up yet: open ${server.url}/admin/fiscal`;
  if (!german) return null;
  const setup = german.store.setup();
  return setup
    ? `Germany, ${german.testTse ? 'embedded TEST-TSE (receipts are not lawful)' : `fiskaly at ${config.TSE_URL}`}, TSE serial ${setup.tseSerial.slice(0, 16)}…`
    : `Germany, no TSE set up yet: open ${server.url}/admin/fiscal`;
})();
if (fiscalLaw) lines.push(`  Fiscal law: ${fiscalLaw}`);
if (config.tillOrigins.length > 0)
  lines.push(`  Working with the Hotel Till servers at: ${config.tillOrigins.join(', ')}`);
if (server.hotel) {
  lines.push(`  PMS: embedded test hotel (${dbFile}).`);
  if (server.terminalDouble)
    lines.push(
      `  Card terminal:       ZVT double on ${server.terminalDouble.host}:${server.terminalDouble.port} (cents .51 decline, .52 wait for PIN, .53 no answer, .54 line drops, .55 tip on the terminal)`,
    );
  if (printerDouble)
    lines.push(
      `  Printers: a demo printer at 127.0.0.1:${printerDouble.port}; what it prints: ${server.url}/admin/printers`,
    );
  lines.push(`  Its own interface: ${server.url}/pms/api/... with header x-ibelsa-key: the read and`);
  lines.push(`    write keys kept in ${hotelKeysFile}`);
} else {
  lines.push(`  PMS: forwarding /api to ${config.PMS_URL} (key from PMS_API_KEY, never sent to tablets)`);
}
lines.push(
  '  The log follows, one line each; requests answered below 400 only with LOG_LEVEL=debug (without a terminal every line goes out as JSON).',
);
// For people at a terminal only: never into a journal or a log file.
if (process.stderr.isTTY) process.stderr.write(`${lines.join('\n')}\n\n`);
// Then the log (on a terminal, held until now: what IT needs to read comes first).
releaseTerminalLog();
if (!config.TILL_RECORDED_SALES_ONLY) {
  log.warn(
    { component: 'gateway', TILL_RECORDED_SALES_ONLY: false },
    'TILL_RECORDED_SALES_ONLY is off: the gateway forwards PMS writes of sales the till server has not recorded (only for migrating old tablets; docs/operations.md)',
  );
}
log.info(
  {
    component: 'server',
    httpPort: server.port,
    httpsPort: server.httpsPort ?? null,
    tabletOrigin: config.TRUST_PROXY ? null : server.tabletOrigin,
    onThisMachine: server.url,
    caFingerprint: server.tls?.ca?.fingerprintSha256 ?? null,
    pms: server.hotel ? 'embedded test hotel' : config.PMS_URL,
    dataDir,
    keptIn: {
      adminKey: adminKeyFile,
      ...(server.hotel ? { testHotelKeys: hotelKeysFile, testHotel: dbFile } : {}),
    },
    newAdminKey: adminKey.isNew,
    managers: server.hub.staff.hasManager(),
    fiscal: fiscalLaw,
  },
  'Hotel Till is running',
);

const databases = [config.hubFile, ...(server.hotel ? [dbFile] : []), ...config.fiscalFiles];
const stopBackups = scheduleNightly(config.BACKUP_AT, async () => {
  try {
    const written = await backupDatabases(existingFiles(databases), config.backupDir);
    log.info({ component: 'backup', files: written, kept: KEEP_BACKUPS }, 'nightly backup written');
  } catch (error) {
    log.error({ component: 'backup', err: error }, 'nightly backup failed');
  }
});

/** Exits once the log is written out, or given up on after 2 s (a stdout nobody reads: issue 34). */
const exitAfterLog = (code: number, waitMs = 2000) => {
  void stopLogging(log, waitMs).finally(() => process.exit(code));
};
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      log.warn({ component: 'server', signal }, 'second signal: stopping at once');
      exitAfterLog(130, 0);
      return;
    }
    stopping = true;
    log.info({ component: 'server', signal }, 'stopping: finishing requests in flight');
    stopBackups();
    const started = performance.now();
    server.close().then(
      async () => {
        await printerDouble?.close();
        log.info({ component: 'server', ms: Math.round(performance.now() - started) }, 'stopped');
        exitAfterLog(0);
      },
      (error: unknown) => {
        log.error({ component: 'server', err: error }, 'stopping failed');
        exitAfterLog(1);
      },
    );
  });
}
