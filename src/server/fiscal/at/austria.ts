// The Austrian fiscal driver (RKSV): one register per hub, signed by the embedded TEST signature
// unit or a fiskaly SIGN AT account (fiskaly-at-client.ts). Owns the set-up (Kassen-ID, business,
// company id, the AES key in `rksv-secrets.json` 0600, the Startbeleg; fiskaly's provisioning), the
// DEP7 export and the crypto material container, special receipts, decommissioning, check and backup
// logs, and what the admin page shows: state, outages, reminders (docs/fiscal.md, "Austria").
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverLog } from '../../../node-http/log.ts';
import type { FiscalDriver, LedgerFeed } from '../fiscal-driver.ts';
import { fiskalyBackend, localBackend, type RksvBackend } from './backends.ts';
import { type DepStore, openDepStore, type ReceiptRow, type RegisterRow } from './dep-store.ts';
import { createFiskalyAtClient, type FiskalyAtAccount, type FiskalyAtClient } from './fiskaly-at-client.ts';
import { markOfSpecial, type SpecialReceiptPrinter } from './receipt-marks.ts';
import { createRegisterService, type RegisterService } from './register-service.ts';
import { type Reminder, remindersOf } from './reminders.ts';
import { aesKeyCheckValue, jwsOfQr, NO_AMOUNTS } from './rksv-core.ts';
import { createTestSignatureUnit, type TestSignatureUnit } from './test-unit.ts';

export const RKSV_SECRETS_FILE = 'rksv-secrets.json';
/** A Kassen-ID: printable, no "_" (it separates the QR fields), at most 50 characters (ours). */
export const KASSEN_ID = /^[A-Za-z0-9 .:/+-]{1,50}$/;
/** The company id of a closed system: UID (U:ATU + 8 digits) or tax number (S: + 9 digits). */
export const COMPANY_ID = /^(U:ATU\d{8}|S:\d{9})$/;

export class RksvSetupError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'RksvSetupError';
  }
}

export interface AustrianFiscalOptions {
  dataDir: string | null;
  fiskaly?: FiskalyAtAccount & { env?: 'TEST' | 'LIVE' };
  testMode?: boolean;
  now?: () => Date;
  budgetMs?: number;
  /** Tests: a fetch for the fiskaly client. */
  fetch?: (request: Request) => Promise<Response>;
}

export interface AustrianSetup {
  kassenId: string;
  business: RegisterRow['business'];
  companyId: string;
  counterBytes?: number;
  /** fiskaly: the FinanzOnline web service user. */
  fon?: { participantId: string; userId: string; pin: string };
}

export interface Dep7Export {
  'Belege-Gruppe': {
    Signaturzertifikat: string;
    Zertifizierungsstellen: string[];
    'Belege-kompakt': string[];
  }[];
}

export interface AustrianFiscal extends FiscalDriver {
  readonly store: DepStore;
  readonly service: RegisterService;
  readonly testUnit: TestSignatureUnit | undefined;
  readonly client: FiskalyAtClient | undefined;
  /** Sets the register up and makes the Startbeleg; the AES key and its check value come back once. */
  setUp(
    setup: AustrianSetup,
  ): Promise<{ aesKey: string | null; checkValue: string | null; start: ReceiptRow }>;
  /** Makes the Startbeleg again after a set-up whose unit did not answer. */
  retryStart(): Promise<ReceiptRow>;
  exportDep7(): Promise<Dep7Export>;
  cryptoMaterial(): { base64AESKey: string; certificateOrPublicKeyMap: Record<string, unknown> } | undefined;
  zeroReceipt(): Promise<ReceiptRow | null>;
  yearlyReceipt(): Promise<ReceiptRow | null>;
  /** The Schlussbeleg; the register takes no receipts afterwards. */
  decommission(): Promise<ReceiptRow | null>;
  logCheck(receiptNumber: string, result: string, by: string): void;
  reminders(): Reminder[];
  /** Where special receipts print as they are made (the hub's receipt printer). */
  attachPrinter(printer: SpecialReceiptPrinter): void;
  /**
   * Prints the special receipt `receiptNumber` again (a copy).
   * @throws Error no such special receipt, or whatever the printer throws (no receipt printer)
   */
  printSpecialAgain(receiptNumber: string): unknown;
}

function secretsAt(dataDir: string | null) {
  let memory: { aesKey?: string } = {};
  const file = dataDir ? join(dataDir, RKSV_SECRETS_FILE) : null;
  return {
    read: (): { aesKey?: string } =>
      file
        ? existsSync(file)
          ? (JSON.parse(readFileSync(file, 'utf8')) as { aesKey?: string })
          : {}
        : memory,
    write(secrets: { aesKey?: string }) {
      if (!file) {
        memory = secrets;
        return;
      }
      writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
    },
  };
}

export function createAustrianFiscal(options: AustrianFiscalOptions): AustrianFiscal {
  const now = options.now ?? (() => new Date());
  const at = (name: string) => (options.dataDir ? join(options.dataDir, name) : ':memory:');
  const store = openDepStore(at('rksv.sqlite'));
  const secrets = secretsAt(options.dataDir);
  const testUnit = options.fiskaly
    ? undefined
    : createTestSignatureUnit({ dbFile: at('rksv-test-unit.sqlite'), testMode: options.testMode ?? false });
  const client = options.fiskaly ? createFiskalyAtClient(options.fiskaly, options.fetch) : undefined;
  const aesKey = () => Buffer.from(secrets.read().aesKey ?? '', 'base64');
  let backend: RksvBackend | undefined;
  const backendOf = (): RksvBackend | undefined => {
    const register = store.register();
    if (!register) return undefined;
    backend ??=
      register.mode === 'fiskaly'
        ? fiskalyBackend(store, client!, options.fiskaly?.env)
        : localBackend(store, testUnit!, aesKey);
    return backend;
  };
  const service = createRegisterService({
    store,
    backend: backendOf,
    test: !!testUnit,
    now,
    ...(options.budgetMs ? { budgetMs: options.budgetMs } : {}),
    ledgerFrom: () => store.register()?.ledgerFrom ?? 0,
  });
  // Each special receipt prints as it is made (a Jahresbeleg too: it is kept on paper); a missing
  // printer is logged, never in the signing's way.
  let printer: SpecialReceiptPrinter | undefined;
  store.onSpecial((row) => {
    if (!printer) return;
    try {
      printer(markOfSpecial(store, row, !!testUnit));
    } catch (error) {
      serverLog().warn(
        { component: 'rksv', receipt: row.receiptNumber, err: error },
        'a special receipt could not be printed (print it again from the admin page)',
      );
    }
  });

  async function provisionFiskaly(setup: AustrianSetup, kassenDescription: string) {
    const c = client!;
    const long = { deadline: Date.now() + 150_000 };
    if (!setup.fon) throw new RksvSetupError('fonUserId', 'fiskaly needs the FinanzOnline web service user');
    const fon = await c.fonAuth(
      {
        fon_participant_id: setup.fon.participantId,
        fon_user_id: setup.fon.userId,
        fon_user_pin: setup.fon.pin,
      },
      long,
    );
    if (fon.authentication_status !== 'AUTHENTICATED')
      throw new RksvSetupError('fonUserId', `FinanzOnline: ${fon.authentication_status}`);
    await c.configure(long);
    const scuId = randomUUID();
    const legal = setup.companyId.startsWith('U:')
      ? { vat_id: setup.companyId.slice(2) }
      : { tax_id: setup.companyId.slice(2) };
    let scu = await c.createScu(
      scuId,
      { legal_entity_id: legal, legal_entity_name: setup.business.name },
      long,
    );
    while (scu.state === 'PENDING' && Date.now() < long.deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      scu = await c.getScu(scuId, long);
    }
    if (scu.state === 'CREATED') await c.setScuState(scuId, 'INITIALIZED', long);
    const registerId = randomUUID();
    const created = await c.createRegister(registerId, kassenDescription, long);
    await c.setRegisterState(registerId, 'REGISTERED', long);
    const initialized = await c.setRegisterState(registerId, 'INITIALIZED', long);
    return {
      scuId,
      registerId,
      serial: created.serial_number,
      startReceiptId: initialized.initialization_receipt_id,
    };
  }

  /** A receipt fiskaly made itself (Startbeleg, Schlussbeleg), kept in our DEP as it is. */
  async function keepFiskalyReceipt(receiptId: string, purpose: 'start' | 'closing'): Promise<ReceiptRow> {
    const register = store.register()!;
    const answer = await client!.getReceipt(register.fiskaly!.cashRegisterId, receiptId);
    const at = now().toISOString();
    const attempt = store.addAttempt({
      attemptId: answer._id,
      purpose,
      kind: purpose === 'start' ? 'start' : 'zero',
      saleId: null,
      request: { wire: null, amounts: NO_AMOUNTS },
      createdAt: at,
    });
    const fields = answer.qr_code_data.split('_');
    store.addReceipt({
      number: attempt.number,
      receiptNumber: fields[3] ?? String(answer.receipt_number),
      purpose,
      kind: attempt.kind,
      saleId: null,
      time: fields[4] ?? '',
      amounts: NO_AMOUNTS,
      counterAfter: null,
      signed: answer.signed,
      jws: jwsOfQr(answer.qr_code_data),
      outageId: null,
      createdAt: at,
    });
    return store.lastReceipt()!;
  }

  /** fiskaly's FinanzOnline check of a special receipt, logged like a Belegcheck (§ 6 (4) RKSV). */
  async function validateAtFinanzOnline(receiptNumber: string, receiptId: string) {
    const register = store.register()!;
    try {
      const result = await client!.validate(register.fiskaly!.cashRegisterId, receiptId);
      store.addEvent(
        'check',
        receiptNumber,
        `FinanzOnline: ${result.validation_result} (fiskaly)`,
        now().toISOString(),
      );
    } catch (error) {
      store.addEvent(
        'check-failed',
        receiptNumber,
        `FinanzOnline: ${(error as Error).message}`,
        now().toISOString(),
      );
    }
  }

  const driver: AustrianFiscal = {
    country: 'AT',
    store,
    service,
    testUnit,
    client,
    sign: (sale) => service.sign(sale),
    reprint: (saleId) => service.reprint(saleId),
    attachLedger: (feed: LedgerFeed) => service.attachLedger(feed),
    async setUp(setup) {
      if (store.register()) throw new RksvSetupError('kassenId', 'the register is already set up');
      if (!KASSEN_ID.test(setup.kassenId))
        throw new RksvSetupError(
          'kassenId',
          'the Kassen-ID: 1 to 50 letters, digits, space . : / + - (no _)',
        );
      if (!COMPANY_ID.test(setup.companyId))
        throw new RksvSetupError('companyId', 'U:ATU and 8 digits (UID), or S: and 9 digits (tax number)');
      if (!setup.business.name || !setup.business.address)
        throw new RksvSetupError('businessName', 'the business name and address are on every receipt');
      const setUpAt = now().toISOString();
      const ledgerFrom = service.ledgerMaxSeq();
      if (client) {
        const fiskaly = await provisionFiskaly(setup, setup.kassenId);
        store.saveRegister({
          kassenId: fiskaly.serial,
          mode: 'fiskaly',
          zda: '',
          keyId: '',
          counterBytes: 0,
          companyId: setup.companyId,
          business: setup.business,
          publicKey: null,
          fiskaly: { scuId: fiskaly.scuId, cashRegisterId: fiskaly.registerId },
          ledgerFrom,
          setUpAt,
        });
        // fiskaly made the Startbeleg: it goes into our DEP as it is, and FinanzOnline checks it.
        const start = await keepFiskalyReceipt(fiskaly.startReceiptId ?? '', 'start');
        await validateAtFinanzOnline(start.receiptNumber, fiskaly.startReceiptId ?? '');
        return { aesKey: null, checkValue: null, start: store.lastReceipt()! };
      }
      const key = randomBytes(32).toString('base64');
      secrets.write({ ...secrets.read(), aesKey: key });
      store.saveRegister({
        kassenId: setup.kassenId,
        mode: 'test-unit',
        zda: 'AT0',
        keyId: testUnit!.keyId,
        counterBytes: setup.counterBytes ?? 8,
        companyId: setup.companyId,
        business: setup.business,
        publicKey: testUnit!.publicKey(),
        fiskaly: null,
        ledgerFrom,
        setUpAt,
      });
      const start = await service.special('start');
      return { aesKey: key, checkValue: aesKeyCheckValue(key), start: start! };
    },
    async retryStart() {
      return (await service.special('start'))!;
    },
    async exportDep7() {
      const register = store.register();
      if (register?.mode === 'fiskaly')
        return (await client!.exportDep(register.fiskaly!.cashRegisterId)) as Dep7Export;
      store.addEvent('dep-export', register?.kassenId ?? '', 'DEP7 export downloaded', now().toISOString());
      return {
        'Belege-Gruppe': [
          {
            Signaturzertifikat: '',
            Zertifizierungsstellen: [],
            'Belege-kompakt': store
              .receipts()
              .filter((r) => r.jws)
              .map((r) => r.jws),
          },
        ],
      };
    },
    cryptoMaterial() {
      const register = store.register();
      if (register?.mode !== 'test-unit' || !register.publicKey) return undefined;
      const id = `${register.companyId}-${register.keyId}`;
      return {
        base64AESKey: secrets.read().aesKey ?? '',
        certificateOrPublicKeyMap: {
          [id]: {
            id,
            signatureDeviceType: 'PUBLIC_KEY',
            signatureCertificateOrPublicKey: register.publicKey,
          },
        },
      };
    },
    zeroReceipt: () => service.special('control'),
    async yearlyReceipt() {
      if (store.register()?.mode === 'fiskaly')
        throw new Error('fiskaly makes the Jahresbeleg itself, before the first receipt of the new year');
      return service.special('yearly');
    },
    async decommission() {
      const register = store.register();
      if (register?.mode !== 'fiskaly') return service.special('closing');
      // fiskaly makes the Schlussbeleg when the register is decommissioned.
      await service.whenIdle();
      const done = await client!.setRegisterState(register.fiskaly!.cashRegisterId, 'DECOMMISSIONED');
      const closing = await keepFiskalyReceipt(done.decommission_receipt_id ?? '', 'closing');
      await validateAtFinanzOnline(closing.receiptNumber, done.decommission_receipt_id ?? '');
      return closing;
    },
    logCheck(receiptNumber, result, by) {
      store.addEvent('check', receiptNumber, `${result} (${by})`, now().toISOString());
    },
    reminders: () => remindersOf(store, now()),
    attachPrinter(next) {
      printer = next;
    },
    printSpecialAgain(receiptNumber) {
      const row = store.receipts().find((r) => r.receiptNumber === receiptNumber && r.purpose !== 'sale');
      if (!row) throw new Error(`no special receipt ${receiptNumber}`);
      if (!printer) throw new Error('this hub prints nothing');
      return printer(markOfSpecial(store, row, !!testUnit), randomUUID());
    },
    close() {
      service.stop();
      testUnit?.close();
      store.close();
    },
  };
  if (store.openOutage()) service.startProbing();
  return driver;
}
