// The fiskaly SIGN AT contract, against a real TEST account when FISKALY_AT_API_KEY,
// FISKALY_AT_API_SECRET and the FinanzOnline web service user (FISKALY_AT_FON_PARTICIPANT_ID,
// FISKALY_AT_FON_USER_ID, FISKALY_AT_FON_PIN) are set; skipped otherwise, saying so in its name. It
// provisions a register, signs a sale, repeats the PUT under the same UUID, exports the DEP7 and
// decommissions the register (Schlussbeleg) so the TEST organisation is left tidy.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type AustrianFiscal, createAustrianFiscal } from '../../../src/server/fiscal/at/austria.ts';
import { FISKALY_AT_URL } from '../../../src/server/fiscal/at/fiskaly-at-client.ts';
import { jwsOfQr } from '../../../src/server/fiscal/at/rksv-core.ts';

const env = process.env;
const real = !!(env.FISKALY_AT_API_KEY && env.FISKALY_AT_API_SECRET && env.FISKALY_AT_FON_USER_ID);
const name = `SIGN AT contract: fiskaly TEST account${real ? '' : ' (skipped: set FISKALY_AT_API_KEY, FISKALY_AT_API_SECRET and FISKALY_AT_FON_* to run it)'}`;

describe.skipIf(!real)(name, () => {
  let at: AustrianFiscal;
  afterAll(async () => {
    await at?.decommission().catch(() => undefined);
    at?.close();
  });

  it('provisions, signs a sale with an RKSV QR code, repeats a PUT idempotently, exports the DEP7', {
    timeout: 300_000,
  }, async () => {
    at = createAustrianFiscal({
      dataDir: null,
      fiskaly: {
        url: env.FISKALY_AT_URL ?? FISKALY_AT_URL,
        apiKey: env.FISKALY_AT_API_KEY!,
        apiSecret: env.FISKALY_AT_API_SECRET!,
        env: 'TEST',
      },
      budgetMs: 10_000,
    });
    const setup = await at.setUp({
      kassenId: 'HOTEL-TILL-CONTRACT',
      business: { name: 'Hotel Till contract test', address: 'Innsbruck', vatId: 'ATU12345678' },
      companyId: 'U:ATU12345678',
      fon: {
        participantId: env.FISKALY_AT_FON_PARTICIPANT_ID ?? '',
        userId: env.FISKALY_AT_FON_USER_ID!,
        pin: env.FISKALY_AT_FON_PIN ?? '',
      },
    });
    expect(setup.start.signed).toBe(true);
    const kassenId = at.store.register()!.kassenId;
    const mark = await at.sign({
      saleId: randomUUID(),
      kind: 'sale',
      recordedAt: new Date().toISOString(),
      grossCentsByVatId: { 5: 1190 },
      grossCentsByRateBp: { 2000: 840, 1000: 350 },
      payments: { cashCents: 1190, nonCashCents: 0 },
    });
    expect(mark.status).toBe('signed');
    const fields = mark.qrCode!.split('_');
    expect(fields).toHaveLength(14);
    expect(fields[1]).toMatch(/^R1-AT\d+$/);
    expect(fields[2]).toBe(kassenId);
    expect(fields.slice(5, 7)).toEqual(['8,40', '3,50']);
    // The same PUT again answers the same receipt.
    const attempt = at.store.db.prepare("SELECT * FROM rksv_attempt WHERE purpose = 'sale'").get() as {
      attempt_id: string;
      request: string;
    };
    const cr = at.store.register()!.fiskaly!.cashRegisterId;
    const again = await at.client!.signReceipt(cr, attempt.attempt_id, JSON.parse(attempt.request).wire);
    expect(again.qr_code_data).toBe(mark.qrCode);
    const dep = (await at.exportDep7()) as { 'Belege-Gruppe': { 'Belege-kompakt': string[] }[] };
    expect(dep['Belege-Gruppe'].flatMap((g) => g['Belege-kompakt'])).toContain(jwsOfQr(mark.qrCode!));
  });
});
