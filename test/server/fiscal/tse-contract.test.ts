// The SIGN DE v2 contract the till relies on (docs/fiscal.md), played against the embedded test TSE,
// and against a real fiskaly account when TSE_URL, TSE_API_KEY and TSE_API_SECRET are set (a
// fiskaly TEST organisation: it creates a TSS there). Every answer is checked against the schemas
// of fiskaly's published OpenAPI file; every finished transaction's QR code must verify.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFiskalyClient,
  type FiskalyClient,
  FiskalyError,
  type TxAnswer,
} from '../../../src/server/fiscal/de/fiskaly-client.ts';
import { verifyQrCode } from '../../../src/server/fiscal/de/qr-code.ts';
import { readTar } from '../../../src/server/fiscal/tar.ts';
import { createTestTse, type TestTse } from '../../../src/server/fiscal/test-tse/test-tse.ts';
import { check, checkAnswer, checkRequest } from './openapi-check.ts';

const real = process.env.TSE_URL && process.env.TSE_API_KEY && process.env.TSE_API_SECRET;
const TX = '/api/v2/tss/{tss_id}/tx/{tx_id_or_number}';
const TIMEOUT = real ? 180_000 : 10_000; // a real TSS may take 30 s to leave CREATED

const targets = [
  { name: 'the embedded test TSE', run: true, embedded: true },
  {
    name: `fiskaly at TSE_URL${real ? '' : ' (skipped: set TSE_URL, TSE_API_KEY and TSE_API_SECRET to run it)'}`,
    run: !!real,
    embedded: false,
  },
];

const receipt = {
  receipt_type: 'RECEIPT',
  amounts_per_vat_rate: [
    { vat_rate: 'NORMAL', amount: '4.20' },
    { vat_rate: 'REDUCED_1', amount: '3.50' },
  ],
  amounts_per_payment_type: [{ payment_type: 'CASH', amount: '7.70' }],
};

for (const target of targets) {
  describe.skipIf(!target.run)(`SIGN DE v2 contract: ${target.name}`, () => {
    let tse: TestTse | undefined;
    let client: FiskalyClient;
    /** Every request the client sent to the embedded TSE: method, path and body. */
    const sent: { method: string; path: string; body: unknown }[] = [];
    const tssId = randomUUID();
    const clientId = randomUUID();
    const serial = `HOTEL-TILL-CONTRACT-${tssId.slice(0, 8)}`;
    const pin = '482915';
    let puk = '';

    beforeAll(() => {
      if (target.embedded) {
        const embedded = createTestTse({ dbFile: ':memory:', apiKey: 'key', apiSecret: 'secret' });
        tse = embedded;
        client = createFiskalyClient({
          baseUrl: 'http://test-tse.invalid',
          apiKey: 'key',
          apiSecret: 'secret',
          fetch: async (request) => {
            const text = await request.clone().text();
            sent.push({
              method: request.method,
              path: new URL(request.url).pathname,
              body: text ? JSON.parse(text) : undefined,
            });
            return embedded.fetch(request);
          },
        });
      } else {
        client = createFiskalyClient({
          baseUrl: process.env.TSE_URL!,
          apiKey: process.env.TSE_API_KEY!,
          apiSecret: process.env.TSE_API_SECRET!,
        });
      }
    });
    afterAll(() => tse?.close());

    it('creates a TSS with the PUK shown once, and takes it through its life cycle', {
      timeout: TIMEOUT,
    }, async () => {
      const created = await client.createTss(tssId);
      expect(checkAnswer('/api/v2/tss/{tss_id}', 'PUT', 200, created)).toEqual([]);
      expect(created.state).toBe('CREATED');
      expect(created.admin_puk!.length).toBeGreaterThanOrEqual(10);
      puk = created.admin_puk!;
      const again = await client.getTss(tssId);
      expect(checkAnswer('/api/v2/tss/{tss_id}', 'GET', 200, again)).toEqual([]);
      expect(again.admin_puk).toBeUndefined();

      const uninitialized = await client.setTssState(tssId, 'UNINITIALIZED');
      expect(checkAnswer('/api/v2/tss/{tss_id}', 'PATCH', 200, uninitialized)).toEqual([]);
      await client.changeAdminPin(tssId, puk, pin);
      await client.adminAuth(tssId, pin);
      const initialized = await client.setTssState(tssId, 'INITIALIZED');
      expect(initialized.state).toBe('INITIALIZED');
      const registered = await client.createClient(tssId, clientId, serial);
      expect(checkAnswer('/api/v2/tss/{tss_id}/client/{client_id}', 'PUT', 200, registered)).toEqual([]);
      await client.adminLogout(tssId);
    });

    it('refuses a client without an admin session', { timeout: TIMEOUT }, async () => {
      const refused = await client.createClient(tssId, randomUUID(), `${serial}-2`).catch((error) => error);
      expect(refused).toBeInstanceOf(FiskalyError);
      expect((refused as FiskalyError).kind).toBe('refused');
    });

    let finished: TxAnswer;
    const txId = randomUUID();
    it('starts and finishes a transaction: the counter rises by one per signature, the QR code verifies', {
      timeout: TIMEOUT,
    }, async () => {
      const started = await client.upsertTx(tssId, txId, 1, { state: 'ACTIVE', client_id: clientId });
      expect(checkAnswer(TX, 'PUT', 200, started)).toEqual([]);
      expect(started.state).toBe('ACTIVE');
      finished = await client.upsertTx(tssId, txId, 2, {
        state: 'FINISHED',
        client_id: clientId,
        schema: { standard_v1: { receipt } },
      });
      expect(checkAnswer(TX, 'PUT', 200, finished)).toEqual([]);
      expect(finished.state).toBe('FINISHED');
      expect(finished.number).toBe(started.number);
      expect(Number(finished.signature.counter)).toBe(Number(started.signature.counter) + 1);
      expect(finished.qr_code_data).toContain(';Kassenbeleg-V1;Beleg^4.20_3.50_0.00_0.00_0.00^7.70:Bar;');
      expect(verifyQrCode(finished.qr_code_data!)).toBe(true);
    });

    it('answers an identical repeat with the stored answer, and starts nothing new', {
      timeout: TIMEOUT,
    }, async () => {
      const repeat = await client.upsertTx(tssId, txId, 2, {
        state: 'FINISHED',
        client_id: clientId,
        schema: { standard_v1: { receipt } },
      });
      expect(repeat.signature).toEqual(finished.signature);
      expect(repeat.number).toBe(finished.number);
      const tss = await client.getTss(tssId);
      expect(Number(tss.signature_counter)).toBe(Number(finished.signature.counter));
    });

    it('answers an unknown revision with E_TX_REVISION_NOT_FOUND; GET names the latest revision', {
      timeout: TIMEOUT,
    }, async () => {
      const refused = await client
        .upsertTx(tssId, txId, 7, { state: 'CANCELLED', client_id: clientId })
        .catch((error) => error as FiskalyError);
      expect(refused).toBeInstanceOf(FiskalyError);
      expect((refused as FiskalyError).code).toBe('E_TX_REVISION_NOT_FOUND');
      const read = await client.getTx(tssId, txId);
      expect(checkAnswer(TX, 'GET', 200, read)).toEqual([]);
      expect(read.latest_revision).toBe(2);
      expect(read.state).toBe('FINISHED');
    });

    it('exports the signed log messages as a TAR', { timeout: TIMEOUT }, async () => {
      const exportId = randomUUID();
      const triggered = await client.call('PUT', `/api/v2/tss/${tssId}/export/${exportId}`, undefined);
      expect(checkAnswer('/api/v2/tss/{tss_id}/export/{export_id}', 'PUT', 200, triggered)).toEqual([]);
      let state = '';
      for (let i = 0; i < 60 && state !== 'COMPLETED'; i++) {
        const polled = await client.call<{ state: string }>('GET', `/api/v2/tss/${tssId}/export/${exportId}`);
        expect(checkAnswer('/api/v2/tss/{tss_id}/export/{export_id}', 'GET', 200, polled)).toEqual([]);
        state = polled.state;
        if (state !== 'COMPLETED') await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      const tar = readTar(await client.download(`/api/v2/tss/${tssId}/export/${exportId}/file`));
      const logs = tar.filter((entry) => entry.name.endsWith('.log'));
      expect(logs.length).toBeGreaterThanOrEqual(2);
      expect(logs.some((entry) => entry.name.includes(`Sig-${finished.signature.counter}_`))).toBe(true);
    });

    it.skipIf(!target.embedded)('sends only requests that fit the published request schemas', () => {
      expect(sent.length).toBeGreaterThan(10);
      for (const request of sent)
        expect(checkRequest(request.method, request.path, request.body)).toEqual([]);
    });

    it.skipIf(!target.embedded)(
      'answers errors in the published shape {code, message, status_code, error}',
      async () => {
        const answer = await tse!.fetch(
          new Request(`http://test-tse.invalid/api/v2/tss/${tssId}`, {
            headers: { authorization: 'Bearer nothing' },
          }),
        );
        expect(answer.status).toBe(401);
        const errorShape = {
          type: 'object',
          properties: {
            code: { type: 'string' },
            message: { type: 'string' },
            status_code: { type: 'number' },
            error: { type: 'string' },
          },
          required: ['code', 'message', 'status_code', 'error'],
        };
        const body = await answer.json();
        expect(check(errorShape, body)).toEqual([]);
        expect(checkAnswer('/api/v2/auth', 'POST', 401, body)).toEqual([]);
      },
    );
  });
}
