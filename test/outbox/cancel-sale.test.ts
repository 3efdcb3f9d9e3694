// Cancelling a confirmed cash sale: a correction in the journal only (the PMS has no refund), linked
// both ways, with negative amounts, the reason, who and the approval; nothing is sent. Refused, and
// the journal left as it was, for a sale not yet confirmed, one cancelled before, or no reason.
import { describe, expect, it } from 'vitest';
import { cancelCashSale, pmsInvoiceOf } from '../../src/outbox/cancel-sale.ts';
import { recordCashSale } from '../../src/outbox/journal.ts';
import { OutboxActionRefused } from '../../src/outbox/refusal.ts';
import { voidSale } from '../../src/outbox/void-sale.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import { createFakePms } from './support/fake-pms.ts';
import { CARD_PAYMENT, createClock, PILS, replayAgainst, TILL, useFreshDatabase } from './support/setup.ts';

useFreshDatabase();

async function refusalOf(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboxActionRefused);
  return (error as OutboxActionRefused).refusal;
}

describe('cancelling a confirmed cash sale', () => {
  it('records a linked correction with negative amounts, reason, staff and approval, on the ledger only (nothing to the PMS)', async () => {
    const pms = createFakePms();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    await replayAgainst(pms, createClock());
    const invoiceId = pmsInvoiceOf((await readSale(sale.id))?.intents ?? []);
    expect(invoiceId).toBeGreaterThan(0);
    const calls = pms.calls.length;

    const cancellation = await cancelCashSale({
      ...TILL,
      staff: 'Anna',
      staffId: 'staff-anna',
      saleId: sale.id,
      reason: ' wrong drink ',
      approval: 'token-1',
    });

    expect(cancellation).toMatchObject({
      kind: 'cash-cancellation',
      status: 'pending', // until the till server's ledger holds the refund
      totalCents: -840,
      lines: [{ ...PILS, quantity: -2 }],
      reason: 'wrong drink',
      staff: 'Anna',
      staffId: 'staff-anna',
      approvals: ['token-1'],
      payment: CARD_PAYMENT,
      cancels: { saleId: sale.id, reference: sale.reference, invoiceId },
    });
    expect((await readSale(cancellation.id))?.intents.map((i) => [i.step, i.name])).toEqual([
      [0, 'ledger.record@1'],
    ]);
    const original = (await readSale(sale.id))?.sale;
    expect(original?.cancelledBy).toBe(cancellation.id);
    expect(original?.notes.at(-1)?.text).toContain(`cancel invoice ${invoiceId} in the PMS`);
    await replayAgainst(pms, createClock());
    expect(pms.calls.length).toBe(calls);
    expect((await readSale(cancellation.id))?.sale.status).toBe('synced');
    expect(pms.ledger.get(cancellation.id)?.record).toMatchObject({
      kind: 'refund',
      refersTo: sale.id,
      totalCents: -840,
      reason: 'wrong drink',
      approvals: ['token-1'],
      lines: [{ productId: 7, quantity: -2, unitPriceCents: 420 }],
    });

    expect(await refusalOf(cancelCashSale({ ...TILL, saleId: sale.id, reason: 'again' }))).toEqual({
      code: 'already-cancelled',
      reference: sale.reference,
    });
    expect(await refusalOf(voidSale(cancellation.id, 'oops', TILL))).toMatchObject({
      code: 'is-cancellation',
    });
  });

  it('refuses a sale the PMS has not confirmed, and a cancellation without a reason, changing nothing', async () => {
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    expect(await refusalOf(cancelCashSale({ ...TILL, saleId: sale.id, reason: 'x' }))).toEqual({
      code: 'not-confirmed-yet',
      reference: sale.reference,
    });
    expect(await refusalOf(cancelCashSale({ ...TILL, saleId: sale.id, reason: '  ' }))).toEqual({
      code: 'cancel-needs-reason',
    });
    expect((await readSale(sale.id))?.sale).toEqual(sale);
  });
});
