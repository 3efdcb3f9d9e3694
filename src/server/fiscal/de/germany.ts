// The German fiscal driver: a TSE (a fiskaly account with TSE_URL/TSE_API_KEY/TSE_API_SECRET, else
// the embedded test TSE) signs every sale (signing-service.ts). Owns the TSE set-up (TSS, admin
// PIN, client; the PUK is handed back once for the admin page), the secrets file
// (`fiscal-secrets.json`, mode 0600: API key and secret of the test TSE, admin PIN and PUK), the
// TSE export, and the data the hotel reports through ELSTER.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hotelDate } from '../../clock/hotel-clock.ts';
import type { FiscalDriver, FiscalMark } from '../fiscal-driver.ts';
import { createTestTse, type TestTse } from '../test-tse/test-tse.ts';
import {
  type Decommissioning,
  type DecommissioningReason,
  type FiscalStore,
  openFiscalStore,
  type TseSetup,
} from './fiscal-store.ts';
import { createFiskalyClient, type FiskalyClient, FiskalyError } from './fiskaly-client.ts';
import { fiscalReceiptLines, type ReceiptLanguage } from './receipt-lines.ts';
import { createSigningService, type FiscalOutcome, type SigningService } from './signing-service.ts';

export const SECRETS_FILE = 'fiscal-secrets.json';
export const TEST_TSE_TYPE = 'TEST-TSE (Hotel Till, not certified: not for lawful use)';
export const FISKALY_TSE_TYPE = 'fiskaly SIGN DE (cloud TSE)';
/** The client serial's rules (fiskaly, DSFinV-K 2.3): up to 70 characters, no / or _. */
export const TILL_SERIAL = /^[A-Za-z0-9 '()+,\-.:=?]{1,70}$/;

export interface FiskalyAccount {
  url: string;
  apiKey: string;
  apiSecret: string;
}

export interface GermanFiscalOptions {
  /** Folder of fiscal.sqlite, test-tse.sqlite and fiscal-secrets.json; null: all in memory (tests). */
  dataDir: string | null;
  /** A real fiskaly account; without one, the embedded test TSE. */
  fiskaly?: FiskalyAccount;
  /** Lets tests inject faults into the embedded test TSE. */
  testMode?: boolean;
  now?: () => Date;
  /** A sale's TSE budget; default 3 s. */
  budgetMs?: number;
  /** Receipt language; default both. */
  language?: ReceiptLanguage;
}

interface Secrets {
  testTseApiKey?: string;
  testTseApiSecret?: string;
  adminPin?: string;
  adminPuk?: string;
}

export interface ElsterData {
  tillSerial: string;
  tseSerial: string;
  tseType: string;
  startOfUse: string;
  tillSoftware: string;
  /** The end of use, once the till was decommissioned (the notice's "Außerbetriebnahme"). */
  outOfServiceOn?: string;
  outOfServiceReason?: DecommissioningReason;
}

/** A manager's decommissioning of the till and its TSE (admin page, Fiscal). */
export interface DecommissionRequest {
  outOfServiceOn: string;
  reason: DecommissioningReason;
  note: string;
  by: string;
}

/** Why a decommissioning cannot be made now; `code` for the API's answer. */
export class DecommissionRefusedError extends Error {
  override readonly name = 'DecommissionRefusedError';
  constructor(
    readonly code: 'tse_not_set_up' | 'already_decommissioned' | 'unsigned_sales_waiting',
    message: string,
  ) {
    super(message);
  }
}

export interface GermanFiscal extends FiscalDriver {
  readonly store: FiscalStore;
  readonly signing: SigningService;
  readonly client: FiskalyClient;
  /** The embedded test TSE, when no fiskaly account is given. */
  readonly testTse: TestTse | undefined;
  /** Sets up a TSS and this till as its client; the PUK comes back once (and is kept in the secrets file). */
  setUp(tillSerial: string, startOfUse?: string): Promise<{ puk: string; setup: TseSetup }>;
  /** The TSE's export (a TAR) of a signature-counter range, all when omitted. */
  exportTse(range?: { from?: number; to?: number }): Promise<Uint8Array>;
  elster(): ElsterData | undefined;
  setStartOfUse(date: string): void;
  /**
   * Takes the till out of service: its TSE client deregistered and the TSS disabled (for good), the
   * act recorded once. Refused while sales wait for a signature (sign them late first).
   * @throws DecommissionRefusedError
   */
  decommission(request: DecommissionRequest): Promise<Decommissioning>;
  /** The decommissioning, once made: no sale is signed (or taken) after it. */
  decommissioned(): Decommissioning | undefined;
}

function secretsAt(dataDir: string | null) {
  let memory: Secrets = {};
  const file = dataDir ? join(dataDir, SECRETS_FILE) : null;
  return {
    read(): Secrets {
      if (!file) return memory;
      return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Secrets) : {};
    },
    write(secrets: Secrets) {
      if (!file) {
        memory = secrets;
        return;
      }
      writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
      chmodSync(file, 0o600); // an existing file keeps its old mode on write
    },
  };
}

export function createGermanFiscal(options: GermanFiscalOptions): GermanFiscal {
  const now = options.now ?? (() => new Date());
  const secrets = secretsAt(options.dataDir);
  const store = openFiscalStore(options.dataDir ? join(options.dataDir, 'fiscal.sqlite') : ':memory:');
  let testTse: TestTse | undefined;
  let client: FiskalyClient;
  if (options.fiskaly) {
    client = createFiskalyClient({
      baseUrl: options.fiskaly.url,
      apiKey: options.fiskaly.apiKey,
      apiSecret: options.fiskaly.apiSecret,
    });
  } else {
    const kept = secrets.read();
    if (!kept.testTseApiKey || !kept.testTseApiSecret) {
      secrets.write({
        ...kept,
        testTseApiKey: randomBytes(18).toString('base64url'),
        testTseApiSecret: randomBytes(24).toString('base64url'),
      });
    }
    const { testTseApiKey, testTseApiSecret } = secrets.read();
    testTse = createTestTse({
      dbFile: options.dataDir ? join(options.dataDir, 'test-tse.sqlite') : ':memory:',
      apiKey: testTseApiKey!,
      apiSecret: testTseApiSecret!,
      testMode: options.testMode ?? false,
      now,
    });
    client = createFiskalyClient({
      baseUrl: 'http://test-tse.invalid',
      apiKey: testTseApiKey!,
      apiSecret: testTseApiSecret!,
      fetch: testTse.fetch,
    });
  }
  const signing = createSigningService({
    client,
    store,
    now,
    ...(options.budgetMs ? { budgetMs: options.budgetMs } : {}),
  });
  const isTest = !options.fiskaly;

  const mark = (outcome: FiscalOutcome, reprint: boolean): FiscalMark => ({
    saleId: outcome.saleId,
    status: outcome.status,
    lines: fiscalReceiptLines(outcome, { language: options.language ?? 'both', reprint, testTse: isTest }),
    qrCode: outcome.status === 'signed' ? outcome.signature.qrCode : null,
    ...(outcome.status === 'signed'
      ? {
          tse: {
            txNumber: outcome.signature.txNumber,
            signatureCounter: outcome.signature.signatureCounter,
            timeStart: outcome.signature.timeStart,
            timeEnd: outcome.signature.timeEnd,
            signature: outcome.signature.signature,
            tseSerial: outcome.signature.tseSerial,
            clientSerial: outcome.signature.clientSerial,
            signedLate: outcome.signedLate,
          },
        }
      : { outage: { recordedAt: outcome.recordedAt, since: outcome.outage.startedAt } }),
  });

  /** Waits out fiskaly's CREATED -> UNINITIALIZED step (it may take 30 s or more). */
  async function settle<T>(step: () => Promise<T>): Promise<T> {
    const deadline = now().getTime() + 120_000;
    for (;;) {
      try {
        return await step();
      } catch (error) {
        const busy = error instanceof FiskalyError && error.kind === 'refused' && error.status === 409;
        if (!busy || now().getTime() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
  }

  const driver: GermanFiscal = {
    country: 'DE',
    store,
    signing,
    client,
    testTse,
    async sign(sale) {
      // A sale signed late already at its first answer (its tablet was cut off: the receipt said the
      // TSE was out) says "signed later" on every printed copy, as the tablet's copy does.
      const outcome = await signing.sign(sale);
      return mark(outcome, outcome.status === 'signed' && outcome.signedLate);
    },
    reprint(saleId) {
      const outcome = signing.outcome(saleId);
      return outcome ? mark(outcome, true) : undefined;
    },
    async setUp(tillSerial, startOfUse) {
      if (store.setup())
        throw new FiskalyError('refused', 409, 'E_ALREADY_SET_UP', 'a TSE is already set up');
      if (!TILL_SERIAL.test(tillSerial))
        throw new FiskalyError(
          'refused',
          400,
          'E_VALIDATION',
          'the till serial: up to 70 characters, no / or _',
        );
      const long = { deadline: now().getTime() + 150_000 };
      const tssId = randomUUID();
      const created = await client.createTss(tssId, long);
      const puk = created.admin_puk!;
      secrets.write({ ...secrets.read(), adminPuk: puk });
      await settle(() => client.setTssState(tssId, 'UNINITIALIZED', long));
      const pin = String(randomInt(10_000_000, 100_000_000));
      await client.changeAdminPin(tssId, puk, pin, long);
      secrets.write({ ...secrets.read(), adminPin: pin });
      await client.adminAuth(tssId, pin, long);
      const tss = await client.setTssState(tssId, 'INITIALIZED', long);
      const clientId = randomUUID();
      await client.createClient(tssId, clientId, tillSerial, long);
      await client.adminLogout(tssId, long);
      const today = hotelDate(now());
      const setup: TseSetup = {
        tssId,
        clientId,
        clientSerial: tillSerial,
        tseSerial: tss.serial_number,
        publicKey: tss.public_key,
        tseType: isTest
          ? TEST_TSE_TYPE
          : `${FISKALY_TSE_TYPE}${tss.bsi_certification_id ? `, ${tss.bsi_certification_id}` : ''}`,
        setUpAt: today,
        startOfUse: startOfUse ?? today,
      };
      store.saveSetup(setup);
      signing.startProbing();
      return { puk, setup };
    },
    async exportTse(range = {}) {
      const setup = store.setup();
      if (!setup) throw new FiskalyError('refused', 409, 'E_NO_TSE_SETUP', 'no TSE is set up');
      const exportId = randomUUID();
      const query = new URLSearchParams();
      if (range.from) query.set('start_signature_counter', String(range.from));
      if (range.to) query.set('end_signature_counter', String(range.to));
      const path = `/api/v2/tss/${setup.tssId}/export/${exportId}`;
      const deadline = now().getTime() + 300_000;
      await client.call('PUT', `${path}${query.size ? `?${query}` : ''}`, undefined, { deadline });
      for (;;) {
        const state = await client.call<{ state: string }>('GET', path, undefined, { deadline });
        if (state.state === 'COMPLETED') break;
        if (['ERROR', 'CANCELLED'].includes(state.state) || now().getTime() > deadline)
          throw new FiskalyError('refused', 502, 'E_EXPORT', `the TSE export ended ${state.state}`);
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      return client.download(`${path}/file`, { deadline });
    },
    elster() {
      const setup = store.setup();
      if (!setup) return undefined;
      const ended = store.decommissioning();
      return {
        tillSerial: setup.clientSerial,
        tseSerial: setup.tseSerial,
        tseType: setup.tseType,
        startOfUse: setup.startOfUse,
        tillSoftware: 'Hotel Till',
        ...(ended ? { outOfServiceOn: ended.outOfServiceOn, outOfServiceReason: ended.reason } : {}),
      };
    },
    async decommission(request) {
      const setup = store.setup();
      if (!setup) throw new DecommissionRefusedError('tse_not_set_up', 'no TSE is set up');
      if (store.decommissioning())
        throw new DecommissionRefusedError('already_decommissioned', 'this till is already out of service');
      const waiting = store.waiting().length;
      if (waiting > 0)
        throw new DecommissionRefusedError(
          'unsigned_sales_waiting',
          `${waiting} sale(s) still wait for their signature: sign them late first ("Try the TSE now"), then take the till out of service`,
        );
      const long = { deadline: now().getTime() + 150_000 };
      const pin = secrets.read().adminPin;
      if (!pin) throw new FiskalyError('refused', 409, 'E_NO_ADMIN_PIN', 'the TSE admin PIN is not kept');
      signing.stop();
      try {
        // Each step looks first, so a decommissioning cut off half-way is finished by trying again.
        const tss = await client.getTss(setup.tssId, long);
        if (tss.state !== 'DISABLED') {
          await client.adminAuth(setup.tssId, pin, long);
          const registered = await client.call<{ state: string }>(
            'GET',
            `/api/v2/tss/${setup.tssId}/client/${setup.clientId}`,
            undefined,
            long,
          );
          if (registered.state !== 'DEREGISTERED')
            await client.setClientState(setup.tssId, setup.clientId, 'DEREGISTERED', long);
          await client.setTssState(setup.tssId, 'DISABLED', long);
        }
      } catch (error) {
        signing.startProbing();
        throw error;
      }
      const decommissioning: Decommissioning = {
        tseSerial: setup.tseSerial,
        clientSerial: setup.clientSerial,
        outOfServiceOn: request.outOfServiceOn,
        reason: request.reason,
        note: request.note,
        decommissionedBy: request.by,
        recordedAt: now().toISOString(),
        lastSignatureCounter: store.lastSignatureCounter(),
      };
      store.recordDecommissioning(decommissioning);
      return decommissioning;
    },
    decommissioned: () => store.decommissioning(),
    setStartOfUse(date) {
      const setup = store.setup();
      if (setup) store.saveSetup({ ...setup, startOfUse: date });
    },
    close() {
      signing.stop();
      testTse?.close();
      store.close();
    },
  };
  if (store.setup() && !store.decommissioning()) signing.startProbing();
  return driver;
}
