// A sale above the outlet's limits (issue 30): the server refuses it with 403 `limit_exceeded` unless
// a manager's `over_limit` approval of the largest amount above a limit comes with it, so the tablet
// asks first, through the approval dialog, from the limits the server sends with the outlet's policy
// (src/server/ledger/bounds.ts holds the same rule). Here: a sale limit of €50.00, a line limit of
// €30.00, and a manager (Anna, PIN 9999).
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FloatNotApprovedError, openShiftWithFloat } from '../../src/features/report/shift-open.ts';
import { openApproval, tryManagerPin } from '../../src/features/staff/approval-request.ts';
import { keepStaffList } from '../../src/features/staff/staff-session.ts';
import { approveSale, type SaleChoice, type SaleNeed } from '../../src/features/ticket/sale-plan.ts';
import { addProduct, clearTicket } from '../../src/features/ticket/ticket.ts';
import { readApproval } from '../../src/pms/staff-calls.ts';
import { sealNewStaffKey } from '../../src/pms/staff-keys.ts';
import { listSales } from '../../src/storage/journal-queries.ts';
import { product } from '../support/catalogue.ts';

const PILS = product(1, 'Pils 0,3 l', 420);
const ESPRESSO = product(2, 'Espresso', 280);
const WHOLE: SaleChoice = { split: { mode: 'whole' } };
const asked: SaleNeed[] = [];
const describeNeed = (need: SaleNeed) => {
  asked.push(need);
  return `${need.action} ${need.amountCents}`;
};

beforeAll(async () => {
  const { sealedKey } = await sealNewStaffKey('9999', 100_000);
  keepStaffList({
    staff: [{ id: 'anna', name: 'Anna', role: 'manager', pinLength: 4, sealedKey, keyVersion: 1 }],
    policy: {
      outlet: 'bar',
      openPriceLimitCents: 10_000,
      discountLimitPercent: 10,
      idleLockMinutes: 30,
      lockAfterSale: false,
      limits: {
        saleLimitCents: 5_000,
        lineLimitCents: 3_000,
        tipLimitPercent: 50,
        tipLimitCents: 10_000,
        floatLimitCents: 100_000,
      },
    },
  });
});

afterEach(() => {
  openApproval()?.finish(null);
  clearTicket();
  asked.length = 0;
});

async function answerApproval(approve: boolean) {
  await vi.waitFor(() => expect(openApproval()).not.toBeNull());
  const request = openApproval()!;
  if (!approve) request.finish(null);
  else expect((await tryManagerPin('anna', '9999')).ok).toBe(true);
  return request.need;
}

describe('a sale within the outlet’s limits', () => {
  it('asks nobody', async () => {
    addProduct(PILS, 7); // 29.40: a line under 30.00, the sale under 50.00
    addProduct(ESPRESSO, 5); // 14.00
    expect(await approveSale(WHOLE, describeNeed)).toEqual({ approvals: [] });
    expect(asked).toEqual([]);
  });
});

describe('a sale above the outlet’s limits', () => {
  it('asks a manager once, for the largest amount above a limit, and carries the over_limit approval naming the sale', async () => {
    addProduct(PILS, 8); // 33.60: the line is above 30.00
    addProduct(ESPRESSO, 7); // 19.60: the sale 53.20 is above 50.00
    const approving = approveSale(WHOLE, describeNeed);
    expect(await answerApproval(true)).toMatchObject({ action: 'over_limit', amountCents: 5_320 });
    const approved = await approving;
    if ('refused' in approved) throw new Error('refused');
    expect(asked).toEqual([{ action: 'over_limit', amountCents: 5_320, limitCents: 5_000 }]);
    expect(approved.approvals.map(readApproval)).toMatchObject([
      { action: 'over_limit', amountCents: 5_320, subject: approved.saleId, managerId: 'anna' },
    ]);
  });

  it('with one line above its limit asks for that line’s total', async () => {
    addProduct(PILS, 8); // 33.60
    const approving = approveSale(WHOLE, describeNeed);
    expect(await answerApproval(true)).toMatchObject({ action: 'over_limit', amountCents: 3_360 });
    expect(await approving).toMatchObject({ approvals: [expect.any(String)] });
  });

  it('is refused when the manager does not approve, saying which need it was', async () => {
    addProduct(PILS, 13); // 54.60
    const approving = approveSale(WHOLE, describeNeed);
    await answerApproval(false);
    expect(await approving).toEqual({
      refused: 'cancelled',
      need: { action: 'over_limit', amountCents: 5_460, limitCents: 5_000 },
    });
  });

  it('with a till tip above its share of the sale asks for the tip; a small tip under the floor asks nobody', async () => {
    addProduct(PILS); // 4.20: 50 % is 2.10, under the 5.00 floor
    expect(await approveSale(WHOLE, describeNeed, true, 400)).toMatchObject({ approvals: [] });
    const approving = approveSale(WHOLE, describeNeed, true, 2_000);
    expect(await answerApproval(true)).toMatchObject({ action: 'over_limit', amountCents: 2_000 });
    expect(asked).toEqual([{ action: 'over_limit', amountCents: 2_000, limitCents: 500 }]);
    expect(await approving).toMatchObject({ approvals: [expect.any(String)] });
  });
});

describe('an opening float above the outlet’s limit', () => {
  const shiftOpens = async () => (await listSales()).filter((sale) => sale.kind === 'shift-open');

  it('is recorded at once within the limit, asked of a manager above it, and not recorded when cancelled', async () => {
    await openShiftWithFloat('150,00');
    expect((await shiftOpens()).map((sale) => sale.approvals ?? [])).toEqual([[]]);

    const cancelled = openShiftWithFloat('1500,00', (amount, limit) => `float ${amount} over ${limit}`);
    expect((await answerApproval(false)).action).toBe('over_limit');
    await expect(cancelled).rejects.toBeInstanceOf(FloatNotApprovedError);
    expect(await shiftOpens()).toHaveLength(1);

    const approving = openShiftWithFloat('1500,00', (amount, limit) => `float ${amount} over ${limit}`);
    await vi.waitFor(() => expect(openApproval()?.what).toBe('float 150000 over 100000'));
    expect(await answerApproval(true)).toMatchObject({ action: 'over_limit', amountCents: 150_000 });
    await approving;
    const opened = (await shiftOpens()).find((sale) => sale.shift?.floatCents === 150_000)!;
    expect(opened.approvals?.map(readApproval)).toMatchObject([
      { action: 'over_limit', amountCents: 150_000, subject: opened.id, managerId: 'anna' },
    ]);
  });
});
