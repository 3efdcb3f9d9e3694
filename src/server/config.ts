// The server's settings, read from the environment in one place with one valibot schema, and from
// an optional `.env` file in the data folder (the process environment wins). A wrong value stops
// the start with one line naming the variable. docs/operations.md lists them all.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import * as v from 'valibot';
import { parseOrigins } from './http/origins.ts';

const port = (name: string, fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform(Number),
    v.check(
      (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
      `${name} must be a port number from 0 to 65535`,
    ),
  );
const flag = v.pipe(
  v.optional(v.picklist(['', '0', '1', 'true', 'false', 'yes', 'no']), ''),
  v.transform((value) => ['1', 'true', 'yes'].includes(value)),
);
/** On unless set to `0`/`false`/`no` (an opt-out). */
const onUnlessOff = v.pipe(
  v.optional(v.picklist(['', '0', '1', 'true', 'false', 'yes', 'no']), ''),
  v.transform((value) => !['0', 'false', 'no'].includes(value)),
);
const list = v.pipe(
  v.optional(v.string(), ''),
  v.transform((value) => value.split(/[\s,]+/).filter(Boolean)),
);

const Environment = v.object({
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  PORT: port('PORT', 8443),
  HTTP_PORT: port('HTTP_PORT', 8080),
  HOST: v.optional(v.string()),
  TLS_CERT: v.optional(v.string()),
  TLS_KEY: v.optional(v.string()),
  TRUST_PROXY: flag,
  TILL_RECORDED_SALES_ONLY: onUnlessOff,
  TILL_HOSTNAMES: list,
  TILL_ORIGINS: v.optional(v.string()),
  PMS_URL: v.optional(
    v.pipe(v.string(), v.url('PMS_URL must be an address such as https://pms.example.com')),
  ),
  PMS_API_KEY: v.optional(v.string()),
  PMS_SYSTEM_KEY: v.optional(v.string()),
  PMS_REQUESTS_PER_MINUTE: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.check((n) => Number.isFinite(n) && n > 0, 'PMS_REQUESTS_PER_MINUTE must be a number above 0'),
    ),
  ),
  DB_FILE: v.optional(v.string()),
  DEMO_HOTEL: v.optional(v.picklist(['at', 'de', 'AT', 'DE'], 'DEMO_HOTEL must be at or de'), 'at'),
  TSE_URL: v.optional(
    v.pipe(
      v.string(),
      v.url('TSE_URL must be an address such as https://kassensichv-middleware.fiskaly.com'),
    ),
  ),
  TSE_API_KEY: v.optional(v.string()),
  TSE_API_SECRET: v.optional(v.string()),
  /** A fiskaly SIGN AT account (Austria); without the key and secret, the embedded test signature unit. */
  FISKALY_AT_URL: v.optional(
    v.pipe(v.string(), v.url('FISKALY_AT_URL must be an address such as https://rksv.fiskaly.com/api/v1')),
  ),
  FISKALY_AT_API_KEY: v.optional(v.string()),
  FISKALY_AT_API_SECRET: v.optional(v.string()),
  TEST_HOTEL_FAULTS: flag,
  LOG_LEVEL: v.optional(
    v.picklist(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ),
    'info',
  ),
  BACKUP_AT: v.optional(
    v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'BACKUP_AT must be a local time such as 03:30')),
    '03:30',
  ),
});

/** The data folder's settings file; the process environment wins over it. */
export const ENV_FILE = '.env';

export type ServerConfig = v.InferOutput<typeof Environment> & {
  tillOrigins: string[];
  /** The server's own database: `DATA_DIR/till.sqlite`. */
  hubFile: string;
  /** The embedded test hotel's database: DB_FILE, default `DATA_DIR/test-hotel.sqlite`
   * (`test-hotel-de.sqlite` for the German demo hotel). */
  hotelFile: string;
  /** The demo hotel: AT (default) or DE (German address and VAT, fiscal country Germany). */
  demoRegion: 'AT' | 'DE';
  /** Where backups go: `DATA_DIR/backups`. */
  backupDir: string;
  /** The fiscal records and test devices, where they exist: Germany's (fiscal/de/germany.ts) and
   * Austria's DEP and test signature unit (fiscal/at/austria.ts). */
  fiscalFiles: string[];
};

/**
 * The settings from `env`; throws an Error whose message is one line naming the variable.
 * @example const config = readConfig(process.env);
 */
export function readConfig(env: Record<string, string | undefined>): ServerConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = v.safeParse(Environment, present);
  if (!result.success) {
    const issue = result.issues[0]!;
    const name = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    throw new Error(`${name}: ${issue.message}`);
  }
  const config = result.output;
  if (!!config.TLS_CERT !== !!config.TLS_KEY)
    throw new Error('TLS_CERT and TLS_KEY go together: set both or neither');
  if (config.PMS_URL && !config.PMS_API_KEY)
    throw new Error('PMS_API_KEY: the gateway needs the hotel API key with PMS_URL');
  if (config.PMS_API_KEY && !config.PMS_URL)
    throw new Error(
      'PMS_URL: PMS_API_KEY is set without it; set PMS_URL too, or remove the key to run the embedded test hotel',
    );
  if (config.PMS_URL && new URL(config.PMS_URL).protocol === 'http:' && !isLoopbackUrl(config.PMS_URL))
    throw new Error(
      'PMS_URL: a plain http:// address would send the hotel API key unencrypted; use https://',
    );
  if (config.TSE_URL && new URL(config.TSE_URL).protocol !== 'https:')
    throw new Error(
      'TSE_URL: the fiskaly address must be https:// (the API key and secret, and every sale signed, would travel unencrypted)',
    );
  const tse = [config.TSE_URL, config.TSE_API_KEY, config.TSE_API_SECRET].filter(Boolean).length;
  if (tse !== 0 && tse !== 3)
    throw new Error(
      'TSE_URL: set TSE_URL, TSE_API_KEY and TSE_API_SECRET together (a fiskaly account), or none',
    );
  if (!!config.FISKALY_AT_API_KEY !== !!config.FISKALY_AT_API_SECRET)
    throw new Error(
      'FISKALY_AT_API_KEY: set FISKALY_AT_API_KEY and FISKALY_AT_API_SECRET together, or neither',
    );
  const demoRegion = config.DEMO_HOTEL.toUpperCase() as 'AT' | 'DE';
  return {
    ...config,
    tillOrigins: parseOrigins(config.TILL_ORIGINS),
    hubFile: join(config.DATA_DIR, 'till.sqlite'),
    hotelFile:
      config.DB_FILE ??
      join(config.DATA_DIR, demoRegion === 'DE' ? 'test-hotel-de.sqlite' : 'test-hotel.sqlite'),
    demoRegion,
    backupDir: join(config.DATA_DIR, 'backups'),
    fiscalFiles: [
      join(config.DATA_DIR, 'fiscal.sqlite'),
      join(config.DATA_DIR, 'test-tse.sqlite'),
      join(config.DATA_DIR, 'rksv.sqlite'),
      join(config.DATA_DIR, 'rksv-test-unit.sqlite'),
    ],
  };
}

/** An http:// PMS_URL on this machine (a local TLS tunnel or proxy) is allowed, with a warning. */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * What the start logs as warnings: settings that work but that hotel IT should know about.
 * @example for (const warning of configWarnings(config)) log.warn(warning);
 */
export function configWarnings(config: ServerConfig): string[] {
  const warnings: string[] = [];
  if (config.PMS_URL?.startsWith('http:'))
    warnings.push('PMS_URL is plain http:// on this machine: the API key travels unencrypted to it');
  return warnings;
}

/**
 * The settings from the process environment and `DATA_DIR/.env` (DATA_DIR itself only from the
 * environment); throws an Error whose one-line message names the variable, and the file where the
 * wrong value came from it.
 * @example const config = loadConfig(process.env);
 */
export function loadConfig(env: Record<string, string | undefined>): ServerConfig {
  const dataDir = env.DATA_DIR || './data';
  const file = join(dataDir, ENV_FILE);
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  // The file holds the PMS key: others on the machine must not read it (the data folder is 0700).
  if (existsSync(file) && (statSync(file).mode & 0o004) !== 0)
    throw new Error(`${file} is readable by every user of this machine: chmod 600 ${file} (it holds keys)`);
  delete fromFile.DATA_DIR;
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  try {
    return readConfig({ ...fromFile, ...given });
  } catch (error) {
    const message = (error as Error).message;
    const name = /^[A-Z_]+/.exec(message)?.[0];
    if (name && !(name in given) && name in fromFile) throw new Error(`${message} (set in ${file})`);
    throw error;
  }
}
