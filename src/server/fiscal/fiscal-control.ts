// Which fiscal law the till follows (none, Germany or Austria) and the driver for it. The choice is
// a setting on the admin page, kept in `DATA_DIR/fiscal-settings.json`; switching keeps each
// country's records (fiscal.sqlite and the test TSE; rksv.sqlite and the test unit) for later.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../../node-http/errors.ts';
import { type AustrianFiscal, createAustrianFiscal } from './at/austria.ts';
import type { FiskalyAtAccount } from './at/fiskaly-at-client.ts';
import type { SpecialReceiptPrinter } from './at/receipt-marks.ts';
import { createGermanFiscal, type FiskalyAccount, type GermanFiscal } from './de/germany.ts';
import type { LedgerFeed } from './fiscal-driver.ts';
import { FISCAL_COUNTRIES, type FiscalCountry, type FiscalDriver, noFiscalDriver } from './fiscal-driver.ts';

export const FISCAL_SETTINGS_FILE = 'fiscal-settings.json';

export interface FiscalControlOptions {
  /** The data folder; null: nothing on disk (tests). */
  dataDir: string | null;
  /** The country until the admin page chose one. Default none. */
  defaultCountry?: FiscalCountry;
  /** A real fiskaly account (TSE_URL, TSE_API_KEY, TSE_API_SECRET); else the embedded test TSE. */
  fiskaly?: FiskalyAccount;
  /** A fiskaly SIGN AT account (FISKALY_AT_*); else the embedded test signature unit. */
  fiskalyAt?: FiskalyAtAccount;
  /** Fault injection into the embedded test TSE and test signature unit. */
  testMode?: boolean;
  now?: () => Date;
}

export interface FiscalControl {
  country(): FiscalCountry;
  driver(): FiscalDriver;
  /** The German driver while Germany is chosen. */
  german(): GermanFiscal | undefined;
  /** The Austrian driver while Austria is chosen. */
  austria(): AustrianFiscal | undefined;
  /** The ledger in its order, for Austria's signing (ledger-fiscal.ts hands it over). */
  attachLedger(feed: LedgerFeed): void;
  /** The hub's receipt printer for Austria's special receipts (app.ts hands it over). */
  attachSpecialPrinter(printer: SpecialReceiptPrinter): void;
  /** Whether signing goes to a real fiskaly account (else the test TSE). */
  readonly usesFiskaly: boolean;
  /** Whether Austria signs with a real fiskaly SIGN AT account (else the test signature unit). */
  readonly usesFiskalyAt: boolean;
  setCountry(country: FiscalCountry): void;
  /** The business as the tax office knows it (DSFinV-K's company and location); empty until set. */
  business(): FiscalBusiness;
  setBusiness(business: FiscalBusiness): void;
  close(): void;
}

/** The business's name, address and tax ids (the admin page's fiscal screen). */
export interface FiscalBusiness {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-3, e.g. DEU. */
  country: string;
  taxNumber?: string;
  vatId?: string;
}

/** Fiscal signing cannot be switched off once a TSE is set up (issue 30): a till is decommissioned instead. */
export class FiscalLockedError extends Error {
  override readonly name = 'FiscalLockedError';
}

const NO_BUSINESS: FiscalBusiness = { name: '', street: '', postalCode: '', city: '', country: 'DEU' };

export function createFiscalControl(options: FiscalControlOptions): FiscalControl {
  const file = options.dataDir ? join(options.dataDir, FISCAL_SETTINGS_FILE) : null;
  const saved =
    file && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { country?: string; business?: FiscalBusiness })
      : {};
  let business: FiscalBusiness | undefined = saved.business;
  const save = () => {
    if (file) writeFileSync(file, `${JSON.stringify({ country, ...(business ? { business } : {}) })}\n`);
  };
  let country: FiscalCountry = FISCAL_COUNTRIES.includes(saved.country as FiscalCountry)
    ? (saved.country as FiscalCountry)
    : (options.defaultCountry ?? 'none');
  let german: GermanFiscal | undefined;
  let austria: AustrianFiscal | undefined;
  let feed: LedgerFeed | undefined;
  let specialPrinter: SpecialReceiptPrinter | undefined;
  let none: FiscalDriver = noFiscalDriver();
  const open = () => {
    if (country === 'AT' && !austria) {
      austria = createAustrianFiscal({
        dataDir: options.dataDir,
        ...(options.fiskalyAt ? { fiskaly: options.fiskalyAt } : {}),
        testMode: options.testMode ?? false,
        ...(options.now ? { now: options.now } : {}),
      });
      if (feed) austria.attachLedger?.(feed);
      if (specialPrinter) austria.attachPrinter(specialPrinter);
    }
    if (country === 'DE' && !german)
      german = createGermanFiscal({
        dataDir: options.dataDir,
        ...(options.fiskaly ? { fiskaly: options.fiskaly } : {}),
        testMode: options.testMode ?? false,
        ...(options.now ? { now: options.now } : {}),
      });
  };
  open();
  return {
    country: () => country,
    driver: () => (country === 'DE' && german ? german : country === 'AT' && austria ? austria : none),
    german: () => (country === 'DE' ? german : undefined),
    austria: () => (country === 'AT' ? austria : undefined),
    attachLedger(next) {
      feed = next;
      austria?.attachLedger?.(next);
    },
    attachSpecialPrinter(next) {
      specialPrinter = next;
      austria?.attachPrinter(next);
    },
    usesFiskaly: !!options.fiskaly,
    usesFiskalyAt: !!options.fiskalyAt,
    setCountry(next) {
      if (!FISCAL_COUNTRIES.includes(next)) throw new Error(`unknown fiscal country ${String(next)}`);
      if (country === 'DE' && next !== 'DE' && german?.store.setup() && !german.decommissioned())
        throw new FiscalLockedError(
          'a TSE is set up: fiscal signing cannot be switched off (a till leaves service by its decommissioning)',
        );
      country = next;
      save();
      if (country !== 'DE') {
        german?.close();
        german = undefined;
      }
      if (country !== 'AT') {
        austria?.close();
        austria = undefined;
      }
      if (country === 'none') none = noFiscalDriver();
      open();
    },
    business: () => business ?? NO_BUSINESS,
    setBusiness(next) {
      business = next;
      save();
    },
    close() {
      german?.close();
      german = undefined;
      austria?.close();
      austria = undefined;
    },
  };
}

/**
 * @throws ApiError 409 `till_decommissioned` once the till was taken out of service: no sale can be
 * signed any more (its TSE is disabled).
 */
export function requireTillInService(decommissioned: { outOfServiceOn: string } | undefined): void {
  if (decommissioned)
    throw new ApiError(
      409,
      `this till was taken out of service on ${decommissioned.outOfServiceOn} (admin page, Fiscal): its TSE signs no more sales. Keep the sale and ask the manager`,
      'till',
      'till_decommissioned',
    );
}
