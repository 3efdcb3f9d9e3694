// Signing sales with the embedded test TSE: every signature verifies and the counter rises by one
// per signature; a resend or a lost answer never makes a second transaction; an outage marks the
// sale at once, is journaled, and its sales are signed once, late, when the TSE is back; faults;
// and a restart keeps the counters.
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import { afterEach, describe, expect, it } from 'vitest';
import { createFiskalyClient, FiskalyError } from '../../../src/server/fiscal/de/fiskaly-client.ts';
import {
  createGermanFiscal,
  type GermanFiscal,
  SECRETS_FILE,
} from '../../../src/server/fiscal/de/germany.ts';
import { verifyQrCode } from '../../../src/server/fiscal/de/qr-code.ts';
import {
  createSigningService,
  finishRequest,
  txIdForSale,
} from '../../../src/server/fiscal/de/signing-service.ts';
import type { FiscalSale } from '../../../src/server/fiscal/fiscal-sale.ts';
import { createTestTse } from '../../../src/server/fiscal/test-tse/test-tse.ts';
import { checkRequest } from './openapi-check.ts';

const TILL = 'HOTEL-TILL BAR 1';
let open: GermanFiscal[] = [];
let dirs: string[] = [];
afterEach(() => {
  for (const fiscal of open) fiscal.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  open = [];
  dirs = [];
});

async function germanTill(options: { dataDir?: string | null; budgetMs?: number } = {}) {
  const fiscal = createGermanFiscal({
    dataDir: options.dataDir ?? null,
    testMode: true,
    ...(options.budgetMs ? { budgetMs: options.budgetMs } : {}),
  });
  open.push(fiscal);
  if (!fiscal.store.setup()) await fiscal.setUp(TILL);
  return fiscal;
}

let saleNo = 0;
function cashSale(overrides: Partial<FiscalSale> = {}): FiscalSale {
  saleNo += 1;
  return {
    saleId: `sale-${saleNo}-${Math.random().toString(36).slice(2)}`,
    kind: 'sale',
    recordedAt: new Date().toISOString(),
    grossCentsByVatId: { 1: 420, 2: 350 },
    payments: { cashCents: 770, nonCashCents: 0 },
    ...overrides,
  };
}

/** Every log message the test TSE signed verifies with its public key; counters run 1, 2, 3, … */
function expectEverySignatureValid(fiscal: GermanFiscal) {
  const setup = fiscal.store.setup()!;
  const logs = fiscal.testTse!.logMessages(setup.tssId);
  const point = Buffer.from(setup.publicKey, 'base64');
  const spki = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.ObjectIdentifier({ value: '1.2.840.10045.2.1' }),
          new asn1js.ObjectIdentifier({ value: '1.2.840.10045.3.1.7' }),
        ],
      }),
      new asn1js.BitString({ valueHex: point }),
    ],
  });
  const key = createPublicKey({ key: Buffer.from(spki.toBER(false)), format: 'der', type: 'spki' });
  logs.forEach((log, i) => {
    expect(log.signature_counter).toBe(i + 1);
    expect(verify('sha256', log.message, { key, dsaEncoding: 'ieee-p1363' }, log.signature)).toBe(true);
  });
  return logs;
}

const finishesOf = (fiscal: GermanFiscal, txId: string) =>
  fiscal
    .testTse!.logMessages(fiscal.store.setup()!.tssId)
    .filter((log) => log.tx_id === txId && log.operation === 'FinishTransaction');

describe('signing a sale', () => {
  it('signs: the QR code verifies, the receipt lines carry the fiscal data, and the counter rises by one per signature', async () => {
    const fiscal = await germanTill();
    const marks = [];
    for (let i = 0; i < 3; i++) marks.push(await fiscal.sign(cashSale()));
    for (const mark of marks) {
      expect(mark.status).toBe('signed');
      expect(verifyQrCode(mark.qrCode!)).toBe(true);
      expect(mark.qrCode).toContain(';Kassenbeleg-V1;Beleg^4.20_3.50_0.00_0.00_0.00^7.70:Bar;');
      expect(mark.lines[0]).toBe('TEST-TSE: kein gültiger Beleg / TEST-TSE: not a lawful receipt');
      expect(mark.lines.join('\n')).toContain(`Seriennr. Kasse / Till serial: ${TILL}`);
    }
    const logs = expectEverySignatureValid(fiscal);
    expect(logs).toHaveLength(6); // a start and a finish per sale
    const counters = marks.map((mark) => Number(/;(\d+);\d{4}-/.exec(mark.qrCode!)![1]));
    expect(counters).toEqual([2, 4, 6]);
  });

  it('maps the sale kinds to BON_TYP: room charge AVTransfer, void AVBelegstorno, late charge AVRechnung', async () => {
    const fiscal = await germanTill();
    const original = cashSale();
    await fiscal.sign(original);
    const roomCharge = await fiscal.sign(
      cashSale({
        kind: 'room-charge',
        payments: { cashCents: 0, nonCashCents: 0 },
        references: { reservationId: 'R-4711' },
      }),
    );
    const voided = await fiscal.sign(
      cashSale({
        kind: 'void',
        grossCentsByVatId: { 1: -420, 2: -350 },
        payments: { cashCents: -770, nonCashCents: 0 },
        references: { originalSaleId: original.saleId },
      }),
    );
    const late = await fiscal.sign(
      cashSale({
        kind: 'late-charge',
        grossCentsByVatId: { 2: 1290 },
        payments: { cashCents: 0, nonCashCents: 0 },
      }),
    );
    expect(roomCharge.qrCode).toContain(';AVTransfer^4.20_3.50_0.00_0.00_0.00^;');
    expect(voided.qrCode).toContain(';AVBelegstorno^-4.20_-3.50_0.00_0.00_0.00^-7.70:Bar;');
    expect(late.qrCode).toContain(';AVRechnung^0.00_12.90_0.00_0.00_0.00^;');
    for (const mark of [roomCharge, voided, late]) expect(verifyQrCode(mark.qrCode!)).toBe(true);
  });

  it('sends finish requests that fit the published request schema, for every kind', () => {
    const path = `/api/v2/tss/${crypto.randomUUID()}/tx/${txIdForSale('x')}`;
    const sales = [
      cashSale(),
      cashSale({ payments: { cashCents: 300, nonCashCents: 470 } }),
      cashSale({
        kind: 'room-charge',
        payments: { cashCents: 0, nonCashCents: 0 },
        references: { reservationId: 'R-1' },
      }),
      cashSale({
        kind: 'void',
        grossCentsByVatId: { 1: -420 },
        payments: { cashCents: -420, nonCashCents: 0 },
        references: { originalSaleId: 'a' },
      }),
      cashSale({
        kind: 'late-charge',
        payments: { cashCents: 0, nonCashCents: 0 },
        references: { invoiceId: 'I-9' },
      }),
    ];
    for (const sale of sales)
      expect(checkRequest('PUT', path, finishRequest(sale, crypto.randomUUID()))).toEqual([]);
    expect(txIdForSale('sale-1')).toBe(txIdForSale('sale-1'));
    expect(txIdForSale('sale-1')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('refuses a malformed sale naming the field, and records nothing', async () => {
    const fiscal = await germanTill();
    const bad = cashSale({ payments: { cashCents: 700, nonCashCents: 0 } });
    await expect(fiscal.sign(bad)).rejects.toMatchObject({ field: 'payments' });
    expect(fiscal.store.get(bad.saleId)).toBeUndefined();
    await expect(
      fiscal.sign(cashSale({ kind: 'room-charge', payments: { cashCents: 0, nonCashCents: 0 } })),
    ).rejects.toMatchObject({
      field: 'references.reservationId',
    });
  });

  it('answers a resend with the first signature and starts no second transaction', async () => {
    const fiscal = await germanTill();
    const sale = cashSale();
    const [first, concurrent] = await Promise.all([fiscal.sign(sale), fiscal.sign(sale)]);
    const again = await fiscal.sign(sale);
    expect(concurrent.qrCode).toBe(first.qrCode);
    expect(again.qrCode).toBe(first.qrCode);
    expect(finishesOf(fiscal, fiscal.store.get(sale.saleId)!.txId)).toHaveLength(1);
    expectEverySignatureValid(fiscal);
  });
});

describe('when the TSE fails', () => {
  it('marks a sale unsigned within the 3 s budget, journals the outage, and signs it once later', async () => {
    const fiscal = await germanTill();
    fiscal.testTse!.faults.inject({ kind: 'timeout', delayMs: 20_000 });
    const sale = cashSale();
    const began = Date.now();
    const mark = await fiscal.sign(sale);
    const waited = Date.now() - began;
    expect(mark.status).toBe('unsigned');
    expect(waited).toBeLessThan(3500);
    expect(mark.lines).toContain('TSE ausgefallen / TSE unavailable');
    expect(mark.lines.join('\n')).not.toContain('TSE-Transaktion');
    expect(mark.qrCode).toBeNull();

    // During the outage the next sale does not wait at all.
    const next = cashSale();
    const nextBegan = Date.now();
    expect((await fiscal.sign(next)).status).toBe('unsigned');
    expect(Date.now() - nextBegan).toBeLessThan(100);
    const [outage] = fiscal.store.outages();
    expect(outage).toMatchObject({ endedAt: null, unsignedSales: 2 });
    expect(outage!.cause).toMatch(/TSE unreachable: E_DEADLINE/);

    // Still down: recovery fails and nothing changes.
    fiscal.testTse!.faults.inject({ kind: 'server-error' });
    expect(await fiscal.signing.recover()).toBe(false);
    expect(fiscal.store.waiting()).toHaveLength(2);

    fiscal.testTse!.faults.clear();
    expect(await fiscal.signing.recover()).toBe(true);
    expect(fiscal.store.outages()[0]!.endedAt).not.toBeNull();
    for (const late of [sale, next]) {
      const reprint = fiscal.reprint(late.saleId)!;
      expect(reprint.status).toBe('signed');
      expect(reprint.lines).toContain('Nachträglich signiert / Signed later');
      expect(verifyQrCode(reprint.qrCode!)).toBe(true);
      expect(fiscal.store.get(late.saleId)!.signedLate).toBe(true);
      expect(finishesOf(fiscal, fiscal.store.get(late.saleId)!.txId)).toHaveLength(1);
    }
    // Once: a second run signs nothing again.
    expect(await fiscal.signing.signLate()).toEqual({ signed: 0, left: 0 });
    expectEverySignatureValid(fiscal);
  });

  it('a lost answer: the TSE finished the transaction, the till never heard; late signing finds it, no second one', async () => {
    const fiscal = await germanTill();
    // A till whose network drops the answer to a finish, after the TSE acted on it.
    const real = fiscal.client;
    const dropping = createSigningService({
      client: {
        ...real,
        upsertTx: async (tssId, txId, revision, body, options) => {
          const answer = await real.upsertTx(tssId, txId, revision, body, options);
          if (revision === 2) throw new FiskalyError('unreachable', 0, 'E_NETWORK', 'answer lost');
          return answer;
        },
      },
      store: fiscal.store,
    });
    const sale = cashSale();
    const txId = txIdForSale(sale.saleId);
    expect((await dropping.sign(sale)).status).toBe('unsigned');
    expect(finishesOf(fiscal, txId)).toHaveLength(1); // the TSE did sign it

    expect(await fiscal.signing.recover()).toBe(true);
    expect(fiscal.reprint(sale.saleId)!.status).toBe('signed');
    expect(finishesOf(fiscal, txId)).toHaveLength(1); // still one
    expectEverySignatureValid(fiscal);
  });

  it('a sale the TSE refuses is marked unsigned without an outage, and holds up no other sale', async () => {
    const fiscal = await germanTill();
    const poisoned = cashSale();
    const poisonedTx = txIdForSale(poisoned.saleId);
    const real = fiscal.client;
    const picky = createSigningService({
      client: {
        ...real,
        upsertTx: async (tssId, txId, revision, body, options) => {
          if (txId === poisonedTx)
            throw new FiskalyError('refused', 400, 'E_VALIDATION', 'amounts do not add up');
          return real.upsertTx(tssId, txId, revision, body, options);
        },
      },
      store: fiscal.store,
    });
    const refused = await picky.sign(poisoned);
    expect(refused.status).toBe('unsigned');
    expect(refused.status === 'unsigned' && refused.outage.cause).toMatch(/TSE refused: E_VALIDATION/);
    expect(fiscal.store.outages()).toEqual([]);
    expect((await picky.sign(cashSale())).status).toBe('signed');

    // In the late queue too: the refused sale is skipped, the others are signed, the outage ends.
    fiscal.testTse!.faults.inject({ kind: 'server-error' });
    const waiting = cashSale();
    expect((await picky.sign(waiting)).status).toBe('unsigned');
    fiscal.testTse!.faults.clear();
    expect(await picky.recover()).toBe(true);
    expect(picky.outcome(waiting.saleId)!.status).toBe('signed');
    expect(fiscal.store.refusedSales().map((row) => row.saleId)).toEqual([poisoned.saleId]);
    expect(fiscal.store.outages()[0]!.endedAt).not.toBeNull();
  });

  it('retries a 429 after Retry-After and a 5xx with backoff within the budget', async () => {
    const fiscal = await germanTill();
    fiscal.testTse!.faults.inject({ kind: 'rate-limit', count: 1, retryAfterSeconds: 1 });
    const limited = await fiscal.sign(cashSale());
    expect(limited.status).toBe('signed');
    fiscal.testTse!.faults.inject({ kind: 'server-error', count: 2 });
    const flaky = await fiscal.sign(cashSale());
    expect(flaky.status).toBe('signed');
    expect(fiscal.testTse!.faults.hits).toBe(2);
    expect(fiscal.store.outages()).toEqual([]);
  });

  it.each([
    ['locked', 'E_TSS_LOCKED'],
    ['defective', 'E_TSS_DEFECTIVE'],
  ] as const)('a %s TSS marks the sale unsigned with the cause %s', async (kind, code) => {
    const fiscal = await germanTill({ budgetMs: 1000 });
    fiscal.testTse!.faults.inject({ kind, retryAfterSeconds: 5 });
    const mark = await fiscal.sign(cashSale());
    expect(mark.status).toBe('unsigned');
    expect(fiscal.store.outages()[0]!.cause).toContain(code);
  });
});

describe('a restart', () => {
  it('keeps the set-up, the counters and the transaction numbers; secrets are kept with mode 0600', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-'));
    dirs.push(dataDir);
    const first = await germanTill({ dataDir });
    const before = await first.sign(cashSale());
    first.close();
    open = open.filter((fiscal) => fiscal !== first);
    expect(statSync(join(dataDir, SECRETS_FILE)).mode & 0o777).toBe(0o600);

    const second = await germanTill({ dataDir });
    const after = await second.sign(cashSale());
    const counter = (qr: string) => Number(qr.split(';')[5]);
    const number = (qr: string) => Number(qr.split(';')[4]);
    expect(counter(after.qrCode!)).toBe(counter(before.qrCode!) + 2);
    expect(number(after.qrCode!)).toBe(number(before.qrCode!) + 1);
    expect(after.qrCode!.split(';')[11]).toBe(before.qrCode!.split(';')[11]); // same key
    expectEverySignatureValid(second);
  });
});

describe('after a crash or a restart during an outage', () => {
  it('signs the sales left waiting once, on the next start; one left pending by a crash is not marked late', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-'));
    dirs.push(dataDir);
    const first = await germanTill({ dataDir, budgetMs: 500 });
    first.testTse!.faults.inject({ kind: 'server-error' });
    const unsigned = cashSale();
    expect((await first.sign(unsigned)).status).toBe('unsigned');
    // A crash between recording a sale and its TSE answer leaves it pending.
    const crashed = cashSale();
    first.store.begin(crashed, txIdForSale(crashed.saleId));
    first.close();
    open = open.filter((fiscal) => fiscal !== first);

    const second = await germanTill({ dataDir });
    expect(second.store.outages()[0]!.endedAt).toBeNull();
    expect(await second.signing.recover()).toBe(true);
    expect(second.store.get(unsigned.saleId)).toMatchObject({ status: 'signed', signedLate: true });
    expect(second.store.get(crashed.saleId)).toMatchObject({ status: 'signed', signedLate: false });
    expect(second.store.outages()[0]!.endedAt).not.toBeNull();
    for (const sale of [unsigned, crashed])
      expect(finishesOf(second, txIdForSale(sale.saleId))).toHaveLength(1);
    expectEverySignatureValid(second);
  });
});

describe('the client', () => {
  it('refreshes its token with the refresh token before it expires', async () => {
    let clock = Date.parse('2026-11-26T10:00:00Z');
    const tse = createTestTse({
      dbFile: ':memory:',
      apiKey: 'k',
      apiSecret: 's',
      tokenSeconds: 120,
      now: () => new Date(clock),
    });
    const authBodies: string[] = [];
    const client = createFiskalyClient({
      baseUrl: 'http://t.invalid',
      apiKey: 'k',
      apiSecret: 's',
      now: () => clock,
      fetch: async (request) => {
        if (request.url.endsWith('/api/v2/auth'))
          authBodies.push(Object.keys(await request.clone().json()).join(','));
        return tse.fetch(request);
      },
    });
    const tssId = crypto.randomUUID();
    await client.createTss(tssId);
    clock += 90_000; // within a minute of the token's end
    expect((await client.getTss(tssId)).state).toBe('CREATED');
    expect(authBodies).toEqual(['api_key,api_secret', 'refresh_token']);
    tse.close();
  });

  it('authenticates again when its token expired', async () => {
    let clock = Date.parse('2026-11-26T10:00:00Z');
    const tse = createTestTse({
      dbFile: ':memory:',
      apiKey: 'k',
      apiSecret: 's',
      tokenSeconds: 120,
      now: () => new Date(clock),
    });
    const client = createFiskalyClient({
      baseUrl: 'http://t.invalid',
      apiKey: 'k',
      apiSecret: 's',
      fetch: tse.fetch,
      now: () => clock,
    });
    const tssId = crypto.randomUUID();
    await client.createTss(tssId);
    clock += 10 * 60_000; // the token expired
    expect((await client.getTss(tssId)).state).toBe('CREATED');
    tse.close();
  });

  it('locks the admin PIN after 5 wrong tries; the PUK sets a new one', async () => {
    const tse = createTestTse({ dbFile: ':memory:', apiKey: 'k', apiSecret: 's' });
    const client = createFiskalyClient({
      baseUrl: 'http://t.invalid',
      apiKey: 'k',
      apiSecret: 's',
      fetch: tse.fetch,
    });
    const tssId = crypto.randomUUID();
    const { admin_puk } = await client.createTss(tssId);
    await client.setTssState(tssId, 'UNINITIALIZED');
    await client.changeAdminPin(tssId, admin_puk!, '123456');
    for (let i = 0; i < 5; i++)
      await expect(client.adminAuth(tssId, '000000')).rejects.toMatchObject({ status: 401 });
    await expect(client.adminAuth(tssId, '123456')).rejects.toMatchObject({ status: 403 });
    await client.changeAdminPin(tssId, admin_puk!, '654321');
    await client.adminAuth(tssId, '654321');
    tse.close();
  });

  it('locks the PUK after 5 wrong tries, for good', async () => {
    const tse = createTestTse({ dbFile: ':memory:', apiKey: 'k', apiSecret: 's' });
    const client = createFiskalyClient({
      baseUrl: 'http://t.invalid',
      apiKey: 'k',
      apiSecret: 's',
      fetch: tse.fetch,
    });
    const tssId = crypto.randomUUID();
    const { admin_puk } = await client.createTss(tssId);
    for (let i = 0; i < 5; i++)
      await expect(client.changeAdminPin(tssId, 'WRONGPUK00', '123456')).rejects.toMatchObject({
        status: 401,
      });
    await expect(client.changeAdminPin(tssId, admin_puk!, '123456')).rejects.toMatchObject({ status: 403 });
    tse.close();
  });
});
