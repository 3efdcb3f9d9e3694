// The test TSE: the SIGN DE v2 subset the till uses (docs/fiscal.md), as a Hono app on its own
// SQLite file. Auth with expiring tokens; the TSS life cycle with admin PUK and PIN (each locked
// after 5 failures); clients; transactions with revisions, where an identical repeat returns the
// stored answer; signed TR-03151 log messages (ECDSA P-256, counters in SQLite); exports as a TAR.
// In test mode, faults can be injected (faults.ts). Its TSS description and certificate say TEST-TSE.
import 'reflect-metadata';
import { createHash, createPrivateKey, randomBytes, randomUUID, sign } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import * as asn1js from 'asn1js';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { crypto } from '../../tls/certificate-authority.ts';
import { logMessage, tseSerial } from '../de/log-message.ts';
import { processDataOf, type StandardReceipt } from '../de/process-data.ts';
import { buildQrCode, PROCESS_TYPE } from '../de/qr-code.ts';
import { writeTar } from '../tar.ts';
import { createFaults, type TseFaults } from './faults.ts';
import { type ClientRow, type LogMessageRow, openTseDb, type TssRow } from './tse-db.ts';

export const TEST_TSE_VERSION = '2.1.35';
/** How many wrong PIN or PUK tries lock the admin (the README's figure). */
export const MAX_ADMIN_FAILURES = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CLIENT_SERIAL = /^[A-Za-z0-9 '()+,\-.:=?]{1,70}$/;

export interface TestTseOptions {
  /** SQLite file; ':memory:' in tests. */
  dbFile: string;
  /** The API key and secret it accepts. */
  apiKey: string;
  apiSecret: string;
  /** Allows fault injection (faults.ts, and `/__faults`). */
  testMode?: boolean;
  /** How long an access token lasts; default 24 h (fiskaly's figure). */
  tokenSeconds?: number;
  /** The TSE's clock; tests pin it. */
  now?: () => Date;
}

export interface TestTse {
  app: Hono;
  fetch: (request: Request) => Promise<Response>;
  faults: TseFaults;
  /** The signed log messages of a TSS, in counter order (tests). */
  logMessages(tssId: string): LogMessageRow[];
  close(): void;
}

/** A fiskaly-style error answer. */
class TseError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function createTestTse(options: TestTseOptions): TestTse {
  const db = openTseDb(options.dbFile);
  const now = options.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);
  const tokenSeconds = options.tokenSeconds ?? 24 * 3600;
  const faults = createFaults(options.testMode ?? false);
  /** access and refresh tokens: token -> expiry (unix s). In memory: a restart asks for a new auth. */
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Map<string, number>();
  /** Admin sessions per TSS: tss id -> expiry (unix s). */
  const adminSessions = new Map<string, number>();

  const getTss = db.prepare<[string], TssRow>('SELECT * FROM tss WHERE id = ?');
  const getClient = db.prepare<[string, string], ClientRow>(
    'SELECT * FROM client WHERE tss_id = ? AND id = ?',
  );
  const countClients = db.prepare<[string], { n: number }>(
    "SELECT count(*) AS n FROM client WHERE tss_id = ? AND state = 'REGISTERED'",
  );
  const getRevision = db.prepare<[string, string, number], { request: string; answer: string }>(
    'SELECT request, answer FROM tx_revision WHERE tss_id = ? AND tx_id = ? AND revision = ?',
  );
  const latestRevision = db.prepare<[string, string], { revision: number; answer: string }>(
    'SELECT revision, answer FROM tx_revision WHERE tss_id = ? AND tx_id = ? ORDER BY revision DESC LIMIT 1',
  );
  const activeCount = db.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM tx_revision r WHERE tss_id = ? AND revision =
       (SELECT max(revision) FROM tx_revision WHERE tss_id = r.tss_id AND tx_id = r.tx_id)
       AND json_extract(answer, '$.state') = 'ACTIVE'`,
  );
  const insertRevision = db.prepare(
    'INSERT INTO tx_revision (tss_id, tx_id, revision, request, answer) VALUES (?, ?, ?, ?, ?)',
  );
  const insertLog = db.prepare(
    `INSERT INTO log_message (tss_id, signature_counter, tx_id, tx_number, operation, client_serial,
       log_time, message, signature) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const listLogs = db.prepare<[string, number, number], LogMessageRow>(
    `SELECT * FROM log_message WHERE tss_id = ? AND signature_counter BETWEEN ? AND ?
       ORDER BY signature_counter`,
  );

  const app = new Hono();
  app.onError((error, c) => {
    if (!(error instanceof TseError)) throw error;
    if (error.retryAfterSeconds !== undefined) c.header('retry-after', String(error.retryAfterSeconds));
    return c.json(
      {
        code: error.code,
        message: error.message,
        status_code: error.status,
        error: ERROR_NAMES[error.status] ?? 'Error',
      },
      error.status,
    );
  });

  if (options.testMode) {
    app.post('/__faults', async (c) => {
      faults.inject(await c.req.json());
      return c.json({ ok: true });
    });
    app.delete('/__faults', (c) => {
      faults.clear();
      return c.json({ ok: true });
    });
  }

  app.use('/api/v2/*', async (_c, next) => {
    const fault = await faults.take();
    if (fault) throw new TseError(fault.status, fault.code, fault.message, fault.retryAfterSeconds);
    await next();
  });

  app.post('/api/v2/auth', async (c) => {
    const body = await jsonBody(c);
    const refresh = typeof body.refresh_token === 'string' ? body.refresh_token : null;
    if (refresh) {
      const expiry = refreshTokens.get(refresh);
      if (!expiry || expiry < seconds()) throw new TseError(401, 'E_UNAUTHORIZED', 'refresh token expired');
      refreshTokens.delete(refresh);
    } else if (body.api_key !== options.apiKey || body.api_secret !== options.apiSecret) {
      throw new TseError(401, 'E_UNAUTHORIZED', 'wrong api_key or api_secret');
    }
    const access = randomBytes(24).toString('base64url');
    const next = randomBytes(24).toString('base64url');
    const at = seconds();
    accessTokens.set(access, at + tokenSeconds);
    refreshTokens.set(next, at + 2 * tokenSeconds);
    return c.json({
      access_token: access,
      access_token_claims: { env: 'TEST', organization_id: '00000000-0000-4000-8000-000000000000' },
      access_token_expires_in: tokenSeconds,
      access_token_expires_at: at + tokenSeconds,
      refresh_token: next,
      refresh_token_expires_in: 2 * tokenSeconds,
      refresh_token_expires_at: at + 2 * tokenSeconds,
    });
  });

  // Everything else needs a token.
  app.use('/api/v2/tss/*', async (c, next) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const expiry = token ? accessTokens.get(token) : undefined;
    if (!expiry || expiry < seconds()) throw new TseError(401, 'E_UNAUTHORIZED', 'no valid access token');
    await next();
  });

  const tssOf = (c: Context): TssRow => {
    const id = c.req.param('tss_id') ?? '';
    const tss = getTss.get(id);
    if (!tss) throw new TseError(404, 'E_TSS_NOT_FOUND', `no TSS ${id}`);
    return tss;
  };
  const requireAdmin = (tss: TssRow) => {
    const expiry = adminSessions.get(tss.id);
    if (!expiry || expiry < seconds())
      throw new TseError(401, 'E_ADMIN_NOT_AUTHENTICATED', 'authenticate as admin first');
  };
  const requireUsable = (tss: TssRow) => {
    if (tss.state === 'DEFECTIVE')
      throw new TseError(423, 'E_TSS_DEFECTIVE', 'the TSS is defective: create a new one');
    if (tss.state === 'DISABLED') throw new TseError(400, 'E_TSS_DISABLED', 'the TSS is disabled');
  };

  const tssAnswer = (tss: TssRow, withPuk = false) => ({
    certificate: tss.certificate,
    serial_number: tseSerial(tss.public_key).toString('hex'),
    public_key: tss.public_key.toString('base64'),
    signature_algorithm: 'ecdsa-plain-SHA256',
    signature_timestamp_format: 'unixTime',
    transaction_data_encoding: 'UTF-8',
    max_number_registered_clients: 199,
    max_number_active_transactions: 2000,
    supported_update_variants: 'SIGNED',
    signature_counter: String(tss.signature_counter),
    transaction_counter: String(tss.transaction_counter),
    number_registered_clients: countClients.get(tss.id)!.n,
    number_active_transactions: activeCount.get(tss.id)!.n,
    description: tss.description,
    bsi_certification_id: 'TEST-TSE (no certification)',
    metadata: {},
    _id: tss.id,
    _type: 'TSS',
    _env: 'TEST',
    _version: TEST_TSE_VERSION,
    time_creation: tss.time_creation,
    time_update: tss.time_update,
    ...(tss.time_uninit === null ? {} : { time_uninit: tss.time_uninit }),
    ...(tss.time_init === null ? {} : { time_init: tss.time_init }),
    ...(tss.time_disable === null ? {} : { time_disable: tss.time_disable }),
    state: tss.state,
    ...(withPuk ? { admin_puk: tss.admin_puk } : {}),
  });

  app.put('/api/v2/tss/:tss_id', async (c) => {
    const id = c.req.param('tss_id');
    if (!UUID.test(id)) throw new TseError(400, 'E_VALIDATION', 'tss_id must be a UUID');
    if (getTss.get(id)) throw new TseError(409, 'E_TSS_CONFLICT', 'a TSS with this id exists');
    await jsonBody(c);
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', keys.publicKey));
    const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', keys.privateKey));
    const at = seconds();
    const certificate = await x509.X509CertificateGenerator.createSelfSigned(
      {
        serialNumber: randomBytes(8).toString('hex'),
        name: `CN=TEST-TSE ${tseSerial(publicKey).toString('hex').slice(0, 16)}, O=Hotel Till test TSE`,
        notBefore: new Date(at * 1000),
        notAfter: new Date((at + 5 * 365 * 86400) * 1000),
        keys,
        signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
      },
      crypto,
    );
    const puk = randomBytes(8).toString('hex').toUpperCase().slice(0, 10);
    db.prepare(
      `INSERT INTO tss (id, state, description, private_key, public_key, certificate, admin_puk,
         time_creation, time_update) VALUES (?, 'CREATED', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      'TEST-TSE (Hotel Till test TSE, not certified)',
      pkcs8.toString('base64'),
      publicKey,
      Buffer.from(certificate.rawData).toString('base64'),
      puk,
      at,
      at,
    );
    return c.json(tssAnswer(getTss.get(id)!, true));
  });

  app.get('/api/v2/tss/:tss_id', (c) => c.json(tssAnswer(tssOf(c))));

  app.patch('/api/v2/tss/:tss_id', async (c) => {
    const tss = tssOf(c);
    const body = await jsonBody(c);
    const next = body.state;
    requireUsable(tss);
    const allowed: Record<string, string[]> = {
      CREATED: ['UNINITIALIZED', 'DISABLED'],
      UNINITIALIZED: ['INITIALIZED', 'DISABLED'],
      INITIALIZED: ['DISABLED'],
    };
    if (typeof next !== 'string' || !(allowed[tss.state] ?? []).includes(next))
      throw new TseError(400, 'E_TSS_STATE_TRANSITION', `cannot go from ${tss.state} to ${String(next)}`);
    if (next === 'INITIALIZED' || next === 'DISABLED') requireAdmin(tss);
    const column = { UNINITIALIZED: 'time_uninit', INITIALIZED: 'time_init', DISABLED: 'time_disable' }[next];
    db.prepare(`UPDATE tss SET state = @next, time_update = @at, ${column} = @at WHERE id = @id`).run({
      next,
      at: seconds(),
      id: tss.id,
    });
    return c.json(tssAnswer(getTss.get(tss.id)!));
  });

  app.patch('/api/v2/tss/:tss_id/admin', async (c) => {
    const tss = tssOf(c);
    const body = await jsonBody(c);
    if (tss.puk_failures >= MAX_ADMIN_FAILURES)
      throw new TseError(403, 'E_ACCESS_DENIED', 'the PUK is locked');
    if (typeof body.new_admin_pin !== 'string' || !/^.{6,}$/.test(body.new_admin_pin))
      throw new TseError(400, 'E_VALIDATION', 'new_admin_pin must have at least 6 characters');
    if (body.admin_puk !== tss.admin_puk) {
      db.prepare('UPDATE tss SET puk_failures = puk_failures + 1 WHERE id = ?').run(tss.id);
      throw new TseError(401, 'E_WRONG_PUK', 'wrong admin_puk');
    }
    db.prepare(
      'UPDATE tss SET admin_pin = ?, pin_failures = 0, puk_failures = 0, time_update = ? WHERE id = ?',
    ).run(sha256(body.new_admin_pin), seconds(), tss.id);
    return c.json({});
  });

  app.post('/api/v2/tss/:tss_id/admin/auth', async (c) => {
    const tss = tssOf(c);
    const body = await jsonBody(c);
    if (tss.pin_failures >= MAX_ADMIN_FAILURES)
      throw new TseError(403, 'E_ACCESS_DENIED', 'the admin PIN is locked: set a new one with the PUK');
    if (!tss.admin_pin || typeof body.admin_pin !== 'string' || sha256(body.admin_pin) !== tss.admin_pin) {
      db.prepare('UPDATE tss SET pin_failures = pin_failures + 1 WHERE id = ?').run(tss.id);
      throw new TseError(401, 'E_WRONG_PIN', 'wrong admin_pin');
    }
    db.prepare('UPDATE tss SET pin_failures = 0 WHERE id = ?').run(tss.id);
    adminSessions.set(tss.id, seconds() + 900);
    return c.json({});
  });

  app.post('/api/v2/tss/:tss_id/admin/logout', (c) => {
    adminSessions.delete(tssOf(c).id);
    return c.json({});
  });

  const clientAnswer = (client: ClientRow) => ({
    serial_number: client.serial_number,
    state: client.state,
    tss_id: client.tss_id,
    metadata: {},
    _id: client.id,
    _type: 'CLIENT',
    _env: 'TEST',
    _version: TEST_TSE_VERSION,
    time_creation: client.time_creation,
    time_update: client.time_update,
  });

  app.put('/api/v2/tss/:tss_id/client/:client_id', async (c) => {
    const tss = tssOf(c);
    requireUsable(tss);
    if (tss.state !== 'INITIALIZED')
      throw new TseError(400, 'E_TSS_NOT_INITIALIZED', 'initialize the TSS first');
    requireAdmin(tss);
    const id = c.req.param('client_id');
    const body = await jsonBody(c);
    if (!UUID.test(id)) throw new TseError(400, 'E_VALIDATION', 'client_id must be a UUID');
    if (typeof body.serial_number !== 'string' || !CLIENT_SERIAL.test(body.serial_number))
      throw new TseError(400, 'E_VALIDATION', 'serial_number: up to 70 characters, no / or _');
    const existing = getClient.get(tss.id, id);
    if (existing) {
      if (existing.serial_number === body.serial_number) return c.json(clientAnswer(existing));
      throw new TseError(409, 'E_CLIENT_CONFLICT', 'a client with this id exists');
    }
    try {
      const at = seconds();
      db.prepare(
        `INSERT INTO client (tss_id, id, serial_number, state, time_creation, time_update)
           VALUES (?, ?, ?, 'REGISTERED', ?, ?)`,
      ).run(tss.id, id, body.serial_number, at, at);
    } catch {
      throw new TseError(409, 'E_CLIENT_CONFLICT', 'the serial number is taken on this TSS');
    }
    return c.json(clientAnswer(getClient.get(tss.id, id)!));
  });

  app.get('/api/v2/tss/:tss_id/client/:client_id', (c) => {
    const tss = tssOf(c);
    const client = getClient.get(tss.id, c.req.param('client_id'));
    if (!client) throw new TseError(404, 'E_CLIENT_NOT_FOUND', 'no such client');
    return c.json(clientAnswer(client));
  });

  /** Signs one log message: the counter rises by one inside the caller's transaction. */
  const signLog = (
    tss: TssRow,
    entry: {
      txId: string;
      txNumber: number;
      operation: string;
      client: ClientRow;
      processType: string;
      processData: string;
    },
  ) => {
    const counter = tss.signature_counter + 1;
    const logTime = seconds();
    const message = logMessage({
      operationType: entry.operation,
      clientId: entry.client.serial_number,
      processData: entry.processData,
      processType: entry.processType,
      transactionNumber: entry.txNumber,
      publicKey: tss.public_key,
      algorithm: 'ecdsa-plain-SHA256',
      signatureCounter: counter,
      logTime,
    });
    const key = createPrivateKey({
      key: Buffer.from(tss.private_key, 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    const signature = sign('sha256', message, { key, dsaEncoding: 'ieee-p1363' });
    db.prepare('UPDATE tss SET signature_counter = ? WHERE id = ?').run(counter, tss.id);
    tss.signature_counter = counter;
    insertLog.run(
      tss.id,
      counter,
      entry.txId,
      entry.txNumber,
      entry.operation,
      entry.client.serial_number,
      logTime,
      message,
      signature,
    );
    return { counter, logTime, signature };
  };

  const upsert = db.transaction(
    (tssId: string, txId: string, revision: number, request: TxRequestBody, requestText: string) => {
      const tss = getTss.get(tssId)!;
      const stored = getRevision.get(tssId, txId, revision);
      if (stored) {
        if (stored.request === requestText) return JSON.parse(stored.answer) as TxAnswer;
        throw new TseError(400, 'E_TX_UPSERT', `revision ${revision} was written with other data`);
      }
      const latest = latestRevision.get(tssId, txId);
      const previous = latest ? (JSON.parse(latest.answer) as TxAnswer) : null;
      if ((latest?.revision ?? 0) + 1 !== revision)
        throw new TseError(400, 'E_TX_REVISION_NOT_FOUND', `revision ${revision} does not follow the latest`);
      const client = getClient.get(tssId, request.client_id);
      if (!client) throw new TseError(400, 'E_CLIENT_NOT_FOUND', 'no such client');
      if (client.state !== 'REGISTERED')
        throw new TseError(400, 'E_CLIENT_DEREGISTERED', 'client deregistered');
      if (previous && previous.state !== 'ACTIVE')
        throw new TseError(400, 'E_TX_UPSERT', `the transaction is ${previous.state}`);
      if (previous && previous.client_id !== request.client_id)
        throw new TseError(400, 'E_TX_UPSERT', 'client_id differs from the start');
      let answer: TxAnswer;
      if (!previous) {
        if (request.state !== 'ACTIVE')
          throw new TseError(400, 'E_TX_UPSERT', 'start a transaction with state ACTIVE');
        if (activeCount.get(tssId)!.n >= 2000)
          throw new TseError(400, 'E_TX_LIMIT_REACHED', '2,000 ACTIVE transactions');
        const number = tss.transaction_counter + 1;
        db.prepare('UPDATE tss SET transaction_counter = ? WHERE id = ?').run(number, tssId);
        const signed = signLog(tss, {
          txId,
          txNumber: number,
          operation: 'StartTransaction',
          client,
          processType: '',
          processData: '',
        });
        answer = {
          number,
          time_start: signed.logTime,
          client_serial_number: client.serial_number,
          tss_serial_number: tseSerial(tss.public_key).toString('hex'),
          state: 'ACTIVE',
          client_id: client.id,
          schema: { raw: { process_type: '', process_data: '' } },
          revision,
          latest_revision: revision,
          tss_id: tssId,
          metadata: {},
          _type: 'TRANSACTION',
          _id: txId,
          _env: 'TEST',
          _version: TEST_TSE_VERSION,
          log: { operation: 'Start', timestamp: signed.logTime, timestamp_format: 'unixTime' },
          signature: {
            value: signed.signature.toString('base64'),
            algorithm: 'ecdsa-plain-SHA256',
            counter: String(signed.counter),
            public_key: tss.public_key.toString('base64'),
          },
        };
      } else {
        if (request.state === 'ACTIVE')
          throw new TseError(400, 'E_TX_UPSERT', 'updates are not supported: finish or cancel');
        const given = request.schema?.standard_v1?.receipt;
        if (request.state === 'FINISHED' && !given)
          throw new TseError(409, 'E_TX_NO_TYPE_DEFINED', 'schema.standard_v1.receipt is needed to finish');
        const receipt: StandardReceipt = given ?? {
          receipt_type: 'CANCELLATION',
          amounts_per_vat_rate: [],
          amounts_per_payment_type: [],
        };
        let processData: string;
        try {
          processData = processDataOf(receipt);
        } catch (error) {
          throw new TseError(400, 'E_VALIDATION', (error as Error).message);
        }
        const signed = signLog(tss, {
          txId,
          txNumber: previous.number,
          operation: 'FinishTransaction',
          client,
          processType: PROCESS_TYPE,
          processData,
        });
        const publicKey = tss.public_key.toString('base64');
        answer = {
          ...previous,
          state: request.state,
          schema: { standard_v1: { receipt } },
          revision,
          latest_revision: revision,
          time_end: signed.logTime,
          log: { operation: 'Finish', timestamp: signed.logTime, timestamp_format: 'unixTime' },
          signature: {
            value: signed.signature.toString('base64'),
            algorithm: 'ecdsa-plain-SHA256',
            counter: String(signed.counter),
            public_key: publicKey,
          },
          qr_code_data: buildQrCode({
            clientSerial: client.serial_number,
            processType: PROCESS_TYPE,
            processData,
            transactionNumber: previous.number,
            signatureCounter: signed.counter,
            startTime: new Date(previous.time_start * 1000).toISOString(),
            logTime: new Date(signed.logTime * 1000).toISOString(),
            algorithm: 'ecdsa-plain-SHA256',
            timeFormat: 'unixTime',
            signature: signed.signature.toString('base64'),
            publicKey,
          }),
        };
      }
      insertRevision.run(tssId, txId, revision, requestText, JSON.stringify(answer));
      return answer;
    },
  );

  app.put('/api/v2/tss/:tss_id/tx/:tx_id', async (c) => {
    const tss = tssOf(c);
    requireUsable(tss);
    if (tss.state !== 'INITIALIZED')
      throw new TseError(400, 'E_TSS_NOT_INITIALIZED', 'the TSS is not initialized');
    const txId = c.req.param('tx_id');
    if (!UUID.test(txId)) throw new TseError(400, 'E_VALIDATION', 'tx_id must be a UUID');
    const revision = Number(c.req.query('tx_revision') ?? '1');
    if (!Number.isInteger(revision) || revision < 1)
      throw new TseError(400, 'E_VALIDATION', 'tx_revision must be 1 or more');
    const body = (await jsonBody(c)) as unknown as TxRequestBody;
    if (!['ACTIVE', 'FINISHED', 'CANCELLED'].includes(body.state) || typeof body.client_id !== 'string')
      throw new TseError(400, 'E_VALIDATION', 'state and client_id are required');
    const requestText = JSON.stringify({
      state: body.state,
      client_id: body.client_id,
      schema: body.schema ?? null,
    });
    return c.json(upsert(tss.id, txId, revision, body, requestText));
  });

  app.get('/api/v2/tss/:tss_id/tx/:tx_id', (c) => {
    const tss = tssOf(c);
    const txId = c.req.param('tx_id');
    const asked = c.req.query('tx_revision');
    const latest = latestRevision.get(tss.id, txId);
    if (!latest) throw new TseError(404, 'E_TX_NOT_FOUND', 'no such transaction');
    if (asked === undefined) return c.json(JSON.parse(latest.answer));
    const stored = getRevision.get(tss.id, txId, Number(asked));
    if (!stored) throw new TseError(400, 'E_TX_REVISION_NOT_FOUND', `no revision ${asked}`);
    return c.json({ ...JSON.parse(stored.answer), latest_revision: latest.revision });
  });

  const exportAnswer = (row: { tss_id: string; id: string; time_request: number }) => ({
    state: 'COMPLETED',
    time_request: row.time_request,
    time_start: row.time_request,
    time_end: row.time_request,
    time_expiration: row.time_request + 30 * 60,
    estimated_time_of_completion: row.time_request,
    metadata: {},
    tss_id: row.tss_id,
    _type: 'EXPORT',
    _id: row.id,
    _env: 'TEST',
    _version: TEST_TSE_VERSION,
  });
  const getExport = db.prepare<
    [string, string],
    {
      tss_id: string;
      id: string;
      start_counter: number | null;
      end_counter: number | null;
      time_request: number;
    }
  >('SELECT * FROM export WHERE tss_id = ? AND id = ?');

  app.put('/api/v2/tss/:tss_id/export/:export_id', (c) => {
    const tss = tssOf(c);
    const id = c.req.param('export_id');
    const bound = (name: string) => {
      const value = c.req.query(name);
      if (value === undefined) return null;
      if (!/^\d+$/.test(value)) throw new TseError(400, 'E_VALIDATION', `${name} must be a number`);
      return Number(value);
    };
    const start = bound('start_signature_counter');
    const end = bound('end_signature_counter');
    if (!getExport.get(tss.id, id))
      db.prepare(
        'INSERT INTO export (tss_id, id, start_counter, end_counter, time_request) VALUES (?, ?, ?, ?, ?)',
      ).run(tss.id, id, start, end, seconds());
    return c.json(exportAnswer(getExport.get(tss.id, id)!));
  });

  const exportOf = (c: Context) => {
    const tss = tssOf(c);
    const row = getExport.get(tss.id, c.req.param('export_id') ?? '');
    if (!row) throw new TseError(404, 'E_EXPORT_NOT_FOUND', 'no such export');
    return { tss, row };
  };
  app.get('/api/v2/tss/:tss_id/export/:export_id', (c) => c.json(exportAnswer(exportOf(c).row)));
  app.get('/api/v2/tss/:tss_id/export/:export_id/file', (c) => {
    const { tss, row } = exportOf(c);
    const logs = listLogs.all(tss.id, row.start_counter ?? 1, row.end_counter ?? Number.MAX_SAFE_INTEGER);
    const tar = exportTar(tss, logs);
    c.header('content-type', 'application/x-tar');
    return c.body(tar as Uint8Array<ArrayBuffer>);
  });

  const fetch = (request: Request) => Promise.resolve(app.fetch(request));
  return {
    app,
    fetch,
    faults,
    logMessages: (tssId) => listLogs.all(tssId, 1, Number.MAX_SAFE_INTEGER),
    close: () => {
      faults.clear();
      db.close();
    },
  };
}

interface TxRequestBody {
  state: 'ACTIVE' | 'FINISHED' | 'CANCELLED';
  client_id: string;
  schema?: { standard_v1?: { receipt?: StandardReceipt } };
}

interface TxAnswer {
  number: number;
  time_start: number;
  time_end?: number;
  state: string;
  client_id: string;
  [field: string]: unknown;
}

async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  try {
    const body = await c.req.json();
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new TseError(400, 'E_VALIDATION', 'the body must be a JSON object');
}

/**
 * The TSE export (TR-03153 style, our simplification in docs/fiscal.md): info.csv, the certificate,
 * and one `.log` file per signed log message: a SEQUENCE of the log message's values followed by
 * the signature as an OCTET STRING.
 */
function exportTar(tss: TssRow, logs: LogMessageRow[]): Uint8Array {
  const serial = tseSerial(tss.public_key).toString('hex');
  const info = [
    'description:;"TEST-TSE (Hotel Till test TSE, not certified)"',
    `manufacturer:;"Hotel Till"`,
    `serialNumber:;"${serial}"`,
    `signatureAlgorithm:;"ecdsa-plain-SHA256"`,
    `signatureCounter:;"${tss.signature_counter}"`,
  ].join('\r\n');
  const files = [
    { name: 'info.csv', data: new TextEncoder().encode(`${info}\r\n`) },
    {
      name: `${serial}_X509.cer`,
      data: new Uint8Array(Buffer.from(tss.certificate, 'base64')),
    },
  ];
  for (const log of logs) {
    const kind = log.operation === 'StartTransaction' ? 'Start' : 'Finish';
    const name =
      `Unixt_${log.log_time}_Sig-${log.signature_counter}_Log-Tra_No-${log.tx_number}_${kind}_Client-${log.client_serial.replace(/[^A-Za-z0-9-]/g, '')}.log`.slice(
        0,
        100,
      );
    const parsed = asn1js.fromBER(concatSequence(log.message, log.signature));
    files.push({ name, data: new Uint8Array(parsed.result.toBER(false)) });
  }
  return writeTar(files.map((file) => ({ ...file, mtime: tss.time_update })));
}

/** The stored log message values wrapped in a SEQUENCE with the signature appended. */
function concatSequence(message: Buffer, signature: Buffer): ArrayBuffer {
  const values: asn1js.AsnType[] = [];
  let rest = new Uint8Array(message).buffer;
  while (rest.byteLength > 0) {
    const parsed = asn1js.fromBER(rest);
    if (parsed.offset === -1) throw new Error('stored log message is not DER');
    values.push(parsed.result);
    rest = rest.slice(parsed.offset);
  }
  values.push(new asn1js.OctetString({ valueHex: signature }));
  const sequence = new asn1js.Sequence({ value: values as asn1js.BaseBlock[] });
  return sequence.toBER(false);
}

export { randomUUID as newTssId };
