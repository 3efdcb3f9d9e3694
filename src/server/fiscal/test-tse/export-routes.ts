// The test TSE's exports: triggered, complete at once, and downloaded as a TAR of the signed log
// messages in a signature-counter range.
import * as asn1js from 'asn1js';
import { type Context, Hono } from 'hono';
import { tseSerial } from '../de/log-message.ts';
import { writeTar } from '../tar.ts';
import { TEST_TSE_VERSION, type TseContext, TseError } from './tse-context.ts';
import type { LogMessageRow, TssRow } from './tse-db.ts';

export function exportRoutes(ctx: TseContext): Hono {
  const { db, seconds, listLogs, tssOf } = ctx;
  const app = new Hono();
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

  return app;
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
