// The test TSE's transactions: start (a new number, a signed StartTransaction log message) and
// finish or cancel (a signed FinishTransaction and the QR code), one revision at a time; an
// identical repeat of a stored revision returns the stored answer, one with other data is refused.
import { createPrivateKey, sign } from 'node:crypto';
import { Hono } from 'hono';
import { logMessage, tseSerial } from '../de/log-message.ts';
import { ORDER_PROCESS_TYPE, orderProcessDataOf, type StandardOrder } from '../de/order-data.ts';
import { processDataOf, type StandardReceipt } from '../de/process-data.ts';
import { buildQrCode, PROCESS_TYPE } from '../de/qr-code.ts';
import { jsonBody, TEST_TSE_VERSION, type TseContext, TseError, UUID } from './tse-context.ts';
import type { ClientRow, TssRow } from './tse-db.ts';

export function txRoutes(ctx: TseContext): Hono {
  const {
    db,
    seconds,
    getTss,
    getClient,
    getRevision,
    latestRevision,
    activeCount,
    insertRevision,
    insertLog,
    tssOf,
    requireUsable,
  } = ctx;
  const app = new Hono();
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
        const order = request.schema?.standard_v1?.order;
        if (request.state === 'FINISHED' && !given && !order)
          throw new TseError(
            409,
            'E_TX_NO_TYPE_DEFINED',
            'schema.standard_v1.receipt or .order is needed to finish',
          );
        const receipt: StandardReceipt = given ?? {
          receipt_type: 'CANCELLATION',
          amounts_per_vat_rate: [],
          amounts_per_payment_type: [],
        };
        const processType = order && !given ? ORDER_PROCESS_TYPE : PROCESS_TYPE;
        let processData: string;
        try {
          processData = order && !given ? checkedOrderData(order) : processDataOf(receipt);
        } catch (error) {
          throw new TseError(400, 'E_VALIDATION', (error as Error).message);
        }
        const signed = signLog(tss, {
          txId,
          txNumber: previous.number,
          operation: 'FinishTransaction',
          client,
          processType,
          processData,
        });
        const publicKey = tss.public_key.toString('base64');
        answer = {
          ...previous,
          state: request.state,
          schema: { standard_v1: order && !given ? { order } : { receipt } },
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
            processType,
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

  return app;
}

interface TxRequestBody {
  state: 'ACTIVE' | 'FINISHED' | 'CANCELLED';
  client_id: string;
  schema?: { standard_v1?: { receipt?: StandardReceipt; order?: StandardOrder } };
}

interface TxAnswer {
  number: number;
  time_start: number;
  time_end?: number;
  state: string;
  client_id: string;
  [field: string]: unknown;
}

/** An order's processData, its line items checked as SIGN DE v2 does (ProcessDataStandardV1Order). */
function checkedOrderData(order: StandardOrder): string {
  if (!Array.isArray(order.line_items)) throw new Error('order.line_items must be a list');
  for (const item of order.line_items) {
    if (!/^-?\d+(\.\d{1,5})?$/.test(String(item.quantity))) throw new Error('line_items.quantity');
    if (typeof item.text !== 'string' || item.text.length > 255) throw new Error('line_items.text');
    if (!/^-?\d+(\.\d{2,5})$/.test(String(item.price_per_unit))) throw new Error('line_items.price_per_unit');
  }
  return orderProcessDataOf(order);
}
