// The fiskaly SIGN AT path of the Austrian driver, against a double (fake-fiskaly-at.ts): the same
// register service as the test unit's, the receipt's UUID and request stored before the PUT; a lost
// answer is repeated under the same UUID (one receipt at fiskaly), fiskaly unreachable leaves the
// sale "Sicherheitseinrichtung ausgefallen" with its request waiting, sent once when fiskaly is back.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AustrianFiscal, createAustrianFiscal } from '../../../src/server/fiscal/at/austria.ts';
import type { FiscalSale } from '../../../src/server/fiscal/fiscal-sale.ts';
import { createFakeFiskalyAt } from './fake-fiskaly-at.ts';
import { verifyDep } from './rksv-verifier.ts';

let fake: ReturnType<typeof createFakeFiskalyAt>;
let at: AustrianFiscal;
beforeEach(async () => {
  fake = createFakeFiskalyAt();
  at = createAustrianFiscal({
    dataDir: null,
    fiskaly: { url: 'http://fiskaly.invalid/api/v1', apiKey: 'k', apiSecret: 's', env: 'TEST' },
    fetch: fake.fetch,
    budgetMs: 1500,
  });
  await at.setUp({
    kassenId: 'ignored: fiskaly names it',
    business: { name: 'Hotel Alpenblick', address: 'Innsbruck', vatId: 'ATU12345678' },
    companyId: 'U:ATU12345678',
    fon: { participantId: 'p', userId: 'u', pin: 'x' },
  });
});
afterEach(() => at.close());

const cash = (cents: number): FiscalSale => ({
  saleId: randomUUID(),
  kind: 'sale',
  recordedAt: new Date().toISOString(),
  grossCentsByVatId: { 5: cents },
  grossCentsByRateBp: { 1000: cents },
  payments: { cashCents: cents, nonCashCents: 0 },
});

describe('fiskaly SIGN AT through the register service', () => {
  it('takes fiskaly Startbeleg and Kassen-ID, signs a sale with fiskaly QR code; a lost answer makes one receipt', async () => {
    expect(at.store.register()!.kassenId).toMatch(/^FK-/);
    expect(at.store.lastOf('start')?.signed).toBe(true);
    const first = await at.sign(cash(450));
    expect(first.status).toBe('signed');
    expect(first.qrCode!.split('_').slice(5, 7)).toEqual(['0,00', '4,50']);
    fake.faults.lost = 1;
    const sale = cash(990);
    const lost = await at.sign(sale);
    expect(lost.status).toBe('signed');
    const attemptId = (
      at.store.db.prepare('SELECT attempt_id FROM rksv_attempt WHERE sale_id = ?').get(sale.saleId) as {
        attempt_id: string;
      }
    ).attempt_id;
    expect(fake.puts.filter((id) => id === attemptId)).toHaveLength(2);
    expect(fake.jws).toHaveLength(3);
    expect(verifyDep(await at.exportDep7(), fake.container()).problems).toEqual([]);
    // fiskaly's FinanzOnline check of the Startbeleg is logged: no reminder to check it by hand.
    expect(at.reminders().some((r) => r.kind === 'start-check')).toBe(false);
  });

  it('decommissions at fiskaly, keeping its Schlussbeleg; no receipt afterwards', async () => {
    await at.sign(cash(100));
    await expect(at.yearlyReceipt()).rejects.toThrow(/fiskaly makes the Jahresbeleg/);
    const closing = await at.decommission();
    expect(closing).toMatchObject({ purpose: 'closing', signed: true });
    expect((await at.sign(cash(100))).status).toBe('not-required');
    expect(at.store.receipts().map((r) => r.purpose)).toEqual(['start', 'sale', 'closing']);
    expect(verifyDep(await at.exportDep7(), fake.container()).problems).toEqual([]);
  });

  it('keeps a sale waiting while fiskaly cannot be reached, then sends the same request once', async () => {
    fake.faults.down = true;
    const sale = cash(300);
    const mark = await at.sign(sale);
    expect(mark.status).toBe('unsigned');
    expect(mark.qrCode).toBeNull();
    expect(mark.lines.join('\n')).toContain('Sicherheitseinrichtung ausgefallen');
    expect(at.store.pendingAttempts()).toHaveLength(1);
    const later = cash(200);
    expect((await at.sign(later)).status).toBe('unsigned');
    expect(await at.service.recover()).toBe(false);
    fake.faults.down = false;
    expect(await at.service.recover()).toBe(true);
    expect(at.store.pendingAttempts()).toHaveLength(0);
    expect(at.reprint(sale.saleId)?.status).toBe('signed');
    expect(at.store.receipts().map((r) => r.saleId)).toEqual([null, sale.saleId, later.saleId]);
    expect(new Set(fake.puts).size).toBe(2);
    expect(at.store.openOutage()).toBeUndefined();
    // Our copy of the DEP and fiskaly's agree.
    expect((await at.exportDep7())['Belege-Gruppe'][0]!['Belege-kompakt']).toEqual(fake.jws);
    expect(at.store.receipts().map((r) => r.jws)).toEqual(fake.jws);
  });
});
