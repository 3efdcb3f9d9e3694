// Issue 30's attacks through the card routes, as regression tests (each failed on 7be31cd): a card
// refund for a sale the terminal never charged, or above what it charged less what was refunded;
// the terminal's end-of-day run by a waiter's tablet; a card service refusal answered 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_CLOSING_SUBJECT } from '../../../src/pms/closing-wire.ts';
import { APPROVAL_HEADER, type StaffCard } from '../../../src/pms/staff-calls.ts';
import { type CardTill, startCardTill } from '../card-terminal/card-support.ts';
import { addAnnaAndMia, signedApproval } from '../staff/staff-support.ts';

let till: CardTill;
let anna: StaffCard;
beforeAll(async () => {
  till = await startCardTill();
  ({ anna } = await addAnnaAndMia(till.app));
});
afterAll(() => till.close());

const refundApproval = (saleId: string, amountCents: number) =>
  signedApproval(till.app, anna, '9999', { action: 'card_refund', subject: saleId, amountCents });

async function paid(saleId: string, amountCents: number) {
  expect((await till.post('/till/card/payments', { saleId, paymentNo: 1, amountCents })).status).toBe(200);
  for (;;) {
    const view = (await (await till.app.request(`/till/card/payments/${saleId}/1`)).json()) as {
      state: string;
    };
    if (view.state !== 'new' && view.state !== 'sent') return view;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const refunds = () => till.double.journal().filter((tx) => tx.kind === 'refund').length;

describe('card refunds', () => {
  it('refuses 100,000.00 to a card for a sale the terminal never charged, even with a manager’s approval', async () => {
    const answer = await till.post(
      '/till/card/refunds',
      { saleId: 'never-paid', amountCents: 10_000_000 },
      { [APPROVAL_HEADER]: await refundApproval('never-paid', 10_000_000) },
    );
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ code: 'card_payment_unknown', field: 'saleId' });
    expect(refunds()).toBe(0);
  });

  it('gives back at most what the card was charged, less what was refunded before', async () => {
    expect(await paid('paid-10', 1000)).toMatchObject({ state: 'approved' });
    const refund = async (amountCents: number) =>
      till.post(
        '/till/card/refunds',
        { saleId: 'paid-10', amountCents },
        { [APPROVAL_HEADER]: await refundApproval('paid-10', amountCents) },
      );
    expect((await refund(2000)).status).toBe(400);
    expect((await refund(600)).status).toBe(200);
    const again = await refund(600);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'invalid_amount', field: 'amountCents' });
    expect(refunds()).toBe(1);
  });
});

describe('the terminal’s end-of-day', () => {
  it('is a manager’s: refused without a close_day approval, run with one', async () => {
    const without = await till.post('/till/card/end-of-day', {});
    expect(without.status).toBe(403);
    const token = await signedApproval(till.app, anna, '9999', {
      action: 'close_day',
      subject: DAY_CLOSING_SUBJECT,
      amountCents: null,
    });
    expect((await till.post('/till/card/end-of-day', {}, { [APPROVAL_HEADER]: token })).status).toBe(200);
  });
});

describe('card service refusals', () => {
  it('answer with their status and code, never 500', async () => {
    const unknown = await till.app.request('/till/card/payments/no-such-sale/1');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false });
    const abort = await till.post('/till/card/payments/no-such-sale/1/abort', {});
    expect(abort.status).toBeLessThan(500);
  });
});
