// A shift opened on the tablet with its opening float (issue 30): the tablet's records, replayed
// into a real hub's ledger, make the cash-up expect float + cash in. A day with a €150.00 float and
// €40.00 of cash sales expects €190.00 in the drawer, and the X report shows the float.
import { describe, expect, it } from 'vitest';
import { recordCashSale, recordShiftOpen } from '../../src/outbox/journal.ts';
import { createHub } from '../../src/server/hub/hub.ts';
import { fixtureDevice } from '../server/ledger/ledger-fixtures.ts';
import { createFakePms } from './support/fake-pms.ts';
import { CARD_PAYMENT, createClock, replayAgainst, TILL, useFreshDatabase } from './support/setup.ts';

useFreshDatabase();

const WINE = {
  productId: 9,
  name: 'Riesling 0,2 l',
  quantity: 5,
  unitPriceCents: 800,
  cataloguePriceCents: 800,
  vatRateBp: 1900,
  taxClassId: 1,
  commodityGroupId: 2,
  commodityGroupName: 'Wine',
};

describe('opening a shift with its float', () => {
  it('a €150 float and €40 of cash sales: the drawer is expected to hold €190', async () => {
    const pms = createFakePms();
    await recordShiftOpen({ ...TILL, shiftId: crypto.randomUUID(), drawer: 'Bar 1', floatCents: 15_000 });
    await recordCashSale({
      ...TILL,
      lines: [WINE],
      payment: CARD_PAYMENT,
      tender: { method: 'cash', tenderedCents: 5000, changeCents: 1000 },
    });
    await replayAgainst(pms, createClock());

    const hub = createHub({ dbFile: ':memory:', staffKeyRounds: 100_000 });
    hub.outlets.update('bar', {
      name: 'Bar',
      drawers: ['Bar 1', 'Bar 2'],
      cashDifferenceLimitCents: 500,
      retentionDays: 30,
    });
    const tablet = fixtureDevice(hub, 'bar', 'Bar A');
    const records = [...pms.ledger.values()].sort((a, b) => a.seq - b.seq).map((e) => e.record);
    expect(records.map((r) => [r.kind, r.shift?.floatCents ?? null])).toEqual([
      ['shift-open', 15_000],
      ['sale', null],
    ]);
    for (const record of records) await hub.ledger.record(tablet, record);

    const drawer = hub.closing.xReport().drawers.find((d) => d.drawer === 'Bar 1');
    expect(drawer).toMatchObject({ floatCents: 15_000, cashSalesCents: 4000, expectedCents: 19_000 });
  });

  it('refuses a float that is not whole cents of 0 or more, and records nothing', async () => {
    await expect(recordShiftOpen({ ...TILL, shiftId: 'x', floatCents: -1 })).rejects.toThrow(/floatCents/);
    await expect(recordShiftOpen({ ...TILL, shiftId: 'x', floatCents: 1.5 })).rejects.toThrow(/floatCents/);
  });
});
