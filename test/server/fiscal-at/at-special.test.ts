// Austria's special receipts and outage rules over time (issue 32), on a clock the test moves: the
// Monatsbeleg before a month's first sale and the Jahresbeleg before a year's, with the reminder to
// check it by 15 February; a Jahresbeleg made during an outage is made again, signed, after it; the
// 48-hour warning names what to tell FinanzOnline. Every DEP passes the independent verifier.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AustrianFiscal } from '../../../src/server/fiscal/at/austria.ts';
import { createFiscalControl, type FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import type { FiscalSale } from '../../../src/server/fiscal/fiscal-sale.ts';
import { type CryptoContainer, verifyDep } from './rksv-verifier.ts';

let clock: Date;
let fiscal: FiscalControl;
const at = (): AustrianFiscal => fiscal.austria()!;

beforeEach(async () => {
  clock = new Date('2026-01-30T10:00:00Z');
  fiscal = createFiscalControl({ dataDir: null, defaultCountry: 'AT', testMode: true, now: () => clock });
  await at().setUp({
    kassenId: 'KASSE-1',
    business: { name: 'Hotel Alpenblick', address: 'Innsbruck', taxNumber: '123456789' },
    companyId: 'S:123456789',
  });
});
afterEach(() => fiscal.close());

const cash = (cents: number, rateBp = 2000): FiscalSale => ({
  saleId: randomUUID(),
  kind: 'sale',
  recordedAt: clock.toISOString(),
  grossCentsByVatId: { 5: cents },
  grossCentsByRateBp: { [rateBp]: cents },
  payments: { cashCents: cents, nonCashCents: 0 },
});
async function verified() {
  const result = verifyDep(await at().exportDep7(), at().cryptoMaterial() as unknown as CryptoContainer);
  expect(result.problems).toEqual([]);
  return result;
}
const purposes = () =>
  at()
    .store.receipts()
    .map((r) => `${r.purpose}:${r.signed ? 'signed' : 'failed'}`);

describe('Monatsbeleg and Jahresbeleg', () => {
  it('makes a Monatsbeleg before the first sale of a month and the Jahresbeleg before the first of a year', async () => {
    await fiscal.driver().sign(cash(100));
    clock = new Date('2026-02-01T08:00:00Z');
    await fiscal.driver().sign(cash(200));
    await fiscal.driver().sign(cash(300));
    clock = new Date('2026-12-31T20:00:00Z');
    await fiscal.driver().sign(cash(400));
    clock = new Date('2027-01-02T08:00:00Z');
    await fiscal.driver().sign(cash(500));
    expect(purposes()).toEqual([
      'start:signed',
      'sale:signed',
      'monthly:signed',
      'sale:signed',
      'sale:signed',
      'monthly:signed',
      'sale:signed',
      'yearly:signed',
      'sale:signed',
    ]);
    const { receipts } = await verified();
    expect(receipts.filter((r) => r.kind === 'zero').map((r) => r.counterCents)).toEqual([100n, 600n, 1000n]);
    const yearly = at().store.lastOf('yearly')!;
    expect(yearly.time.startsWith('2027-01-02')).toBe(true);
    expect(at().reminders()).toContainEqual({
      kind: 'yearly-check',
      text: `${yearly.receiptNumber}|2027-02-15`,
      overdue: false,
    });
    clock = new Date('2027-02-16T08:00:00Z');
    expect(
      at()
        .reminders()
        .find((r) => r.kind === 'yearly-check')?.overdue,
    ).toBe(true);
    at().logCheck(yearly.receiptNumber, 'OK', 'Anna');
    expect(
      at()
        .reminders()
        .find((r) => r.kind === 'yearly-check'),
    ).toBeUndefined();
  });

  it('makes the Jahresbeleg again, signed, after an outage during which it failed', async () => {
    await fiscal.driver().sign(cash(100));
    at().testUnit!.setSwitchedOff(true);
    clock = new Date('2027-01-01T09:00:00Z');
    const failed = await fiscal.driver().sign(cash(200));
    expect(failed.status).toBe('unsigned');
    at().testUnit!.setSwitchedOff(false);
    expect(await at().service.recover()).toBe(true);
    expect(purposes()).toEqual([
      'start:signed',
      'sale:signed',
      'yearly:failed',
      'sale:failed',
      'sammel:signed',
      'yearly:signed',
    ]);
    await verified();
  });
});

describe('the 48-hour outage warning', () => {
  it('warns once after 48 hours, naming the Kassen-ID, the start and the cause for FinanzOnline', async () => {
    at().testUnit!.setSwitchedOff(true);
    await fiscal.driver().sign(cash(100));
    const outage = at().store.openOutage()!;
    expect(
      at()
        .reminders()
        .some((r) => r.kind === 'outage-48h'),
    ).toBe(false);
    clock = new Date(clock.getTime() + 47 * 3600_000);
    await fiscal.driver().sign(cash(100));
    expect(at().store.openOutage()!.warnedAt).toBeNull();
    clock = new Date(clock.getTime() + 2 * 3600_000);
    await fiscal.driver().sign(cash(100));
    expect(at().store.openOutage()!.warnedAt).toBe(clock.toISOString());
    expect(at().reminders()).toContainEqual({
      kind: 'outage-48h',
      text: `KASSE-1|${outage.startedAt}|${outage.cause}`,
      overdue: true,
    });
    at().testUnit!.setSwitchedOff(false);
    await at().service.recover();
    expect(
      at()
        .reminders()
        .some((r) => r.kind === 'outage-48h'),
    ).toBe(false);
    // Three sales and February's Monatsbeleg, made during the outage.
    expect(at().store.outages()[0]).toMatchObject({ failed: 4, warnedAt: expect.any(String) });
    await verified();
  });
});
