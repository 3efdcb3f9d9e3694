// A small fiskaly SIGN AT double for the client's code path (not the contract: that runs against a
// real account in fiskaly-at-contract.test.ts): auth, FinanzOnline auth, configuration, SCU and
// register life cycles, receipts signed under the client's UUID (a repeat answers the stored one),
// the DEP7 export, and faults: `down` (503) and `lost` (the receipt is made, the answer is a 500).
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { Hono } from 'hono';
import { advance, buildReceipt, type RegisterState } from '../../../src/server/fiscal/at/receipt-builder.ts';
import {
  type BucketCents,
  jwsOf,
  qrOfJws,
  signingInputOf,
  viennaTime,
} from '../../../src/server/fiscal/at/rksv-core.ts';

export function createFakeFiskalyAt() {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const aesKey = randomBytes(32);
  const receipts = new Map<string, Record<string, unknown>>();
  const puts: string[] = [];
  const faults = { down: false, lost: 0 };
  let state: RegisterState | null = null;
  let serial = '';
  let registerId = '';
  let number = 0;
  const scus = new Map<string, string>();
  const jws: string[] = [];
  const amounts = (raw: Record<string, string>): BucketCents => {
    const c = (v: string | undefined) => Math.round(Number(v ?? '0') * 100);
    return {
      normal: c(raw.gross_amount_standard),
      reduced1: c(raw.gross_amount_reduced_1),
      reduced2: c(raw.gross_amount_reduced_2),
      zero: c(raw.gross_amount_zero),
      special: c(raw.gross_amount_special),
    };
  };
  const make = (id: string, type: string, raw: Record<string, string>) => {
    number += 1;
    const kind =
      type === 'INITIALIZATION'
        ? 'start'
        : type === 'CANCELLATION'
          ? 'storno'
          : type === 'TRAINING'
            ? 'training'
            : 'standard';
    const a = amounts(raw);
    const zero = Object.values(a).every((v) => v === 0);
    const built = buildReceipt(state!, {
      kind: kind === 'standard' && zero ? 'zero' : kind,
      receiptNumber: String(number),
      time: viennaTime(new Date()),
      amounts: a,
      certificateSerial: 'U:ATU12345678-FK1',
    });
    const signature = sign('sha256', Buffer.from(signingInputOf(built.payload)), {
      key: keys.privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    const compact = jwsOf(built.payload, signature);
    state = advance(state!, built, compact);
    jws.push(compact);
    const answer = {
      _id: id,
      _type: 'RECEIPT',
      _env: 'TEST',
      receipt_type: type,
      receipt_number: number,
      time_signature: Math.floor(Date.now() / 1000),
      cash_register_id: registerId,
      cash_register_serial_number: serial,
      qr_code_data: qrOfJws(compact),
      signed: true,
      schema: { raw },
    };
    receipts.set(id, answer);
    return answer;
  };
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (faults.down) return c.json({ code: 'E_UNAVAILABLE', message: 'down' }, 503);
    return next();
  });
  app.post('/api/v1/auth', (c) =>
    c.json({ access_token: 'token', access_token_expires_in: 3600, refresh_token: 'r' }),
  );
  app.put('/api/v1/fon/auth', (c) => c.json({ authentication_status: 'AUTHENTICATED' }));
  app.patch('/api/v1/configuration', (c) => c.json({}));
  app.put('/api/v1/signature-creation-unit/:id', (c) => {
    scus.set(c.req.param('id'), 'CREATED');
    return c.json({ _id: c.req.param('id'), state: 'CREATED' });
  });
  app.get('/api/v1/signature-creation-unit/:id', (c) =>
    c.json({ _id: c.req.param('id'), state: scus.get(c.req.param('id')) }),
  );
  app.patch('/api/v1/signature-creation-unit/:id', async (c) => {
    const { state: next } = (await c.req.json()) as { state: string };
    scus.set(c.req.param('id'), next);
    return c.json({ _id: c.req.param('id'), state: next });
  });
  app.put('/api/v1/cash-register/:id', (c) => {
    registerId = c.req.param('id');
    serial = `FK-${registerId.slice(0, 8)}`;
    state = { kassenId: serial, aesKey, counterBytes: 8, zda: 'AT0', counterCents: 0n, lastJws: null };
    return c.json({ _id: registerId, state: 'CREATED', serial_number: serial });
  });
  app.get('/api/v1/cash-register/:id', (c) =>
    c.json({ _id: registerId, state: 'INITIALIZED', serial_number: serial }),
  );
  app.patch('/api/v1/cash-register/:id', async (c) => {
    const { state: next } = (await c.req.json()) as { state: string };
    const extra =
      next === 'INITIALIZED'
        ? { initialization_receipt_id: make(crypto.randomUUID(), 'INITIALIZATION', {})._id }
        : next === 'DECOMMISSIONED'
          ? { decommission_receipt_id: make(crypto.randomUUID(), 'DECOMMISSION', {})._id }
          : {};
    return c.json({ _id: registerId, state: next, serial_number: serial, ...extra });
  });
  app.put('/api/v1/cash-register/:cr/receipt/:id', async (c) => {
    const id = c.req.param('id');
    const body = (await c.req.json()) as { receipt_type: string; schema: { raw: Record<string, string> } };
    puts.push(id);
    const answer = receipts.get(id) ?? make(id, body.receipt_type, body.schema.raw);
    if (faults.lost > 0) {
      faults.lost -= 1;
      return c.json({ code: 'E_INTERNAL', message: 'the answer was lost' }, 500);
    }
    return c.json(answer);
  });
  app.get('/api/v1/cash-register/:cr/receipt/:id', (c) => c.json(receipts.get(c.req.param('id'))));
  app.post('/api/v1/cash-register/:cr/receipt/:id/validation', (c) =>
    c.json({ validation_result: receipts.has(c.req.param('id')) ? 'SUCCESS' : 'ERROR_UNSPECIFIED' }),
  );
  app.get('/api/v1/cash-register/:cr/export', (c) =>
    c.json({
      'Belege-Gruppe': [{ Signaturzertifikat: '', Zertifizierungsstellen: [], 'Belege-kompakt': jws }],
    }),
  );
  return {
    fetch: (request: Request) => Promise.resolve(app.fetch(request)),
    faults,
    puts,
    receipts,
    jws,
    container: () => ({
      base64AESKey: aesKey.toString('base64'),
      certificateOrPublicKeyMap: {
        'U:ATU12345678-FK1': {
          id: 'U:ATU12345678-FK1',
          signatureDeviceType: 'PUBLIC_KEY' as const,
          signatureCertificateOrPublicKey: keys.publicKey
            .export({ type: 'spki', format: 'der' })
            .toString('base64'),
        },
      },
    }),
  };
}
