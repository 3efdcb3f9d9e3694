// Unknown outcomes of the three steps of a cash sale: the request went out and no answer came. The
// create cannot be read back (an empty invoice may be left); the add is looked for on the invoice by
// marker; the close is judged by the invoice status, or by the PMS refusing a second close.
import { describe, expect, it } from 'vitest';
import { recordCashSale } from '../../src/outbox/journal.ts';
import { createFakePms } from './support/fake-pms.ts';
import {
  CARD_PAYMENT,
  createClock,
  PILS,
  PILS_ONE,
  readPmsSteps,
  replayUntilSettled,
  TILL,
  useFreshDatabase,
} from './support/setup.ts';

useFreshDatabase();

describe('cash sale with unknown outcome', () => {
  it('create: cannot be read back, so it is opened again and the sale notes the possible empty invoice', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('createCashInvoice', { kind: 'network', afterApplying: true });

    await replayUntilSettled(pms, clock);

    const invoices = [...pms.invoices.values()];
    expect(invoices.map((i) => [i.status, i.items.length])).toEqual([
      ['open', 0],
      ['closed', 1],
    ]);
    const entry = await readPmsSteps(sale.id);
    expect(entry?.sale.status).toBe('synced');
    expect(
      entry?.sale.notes.some((n) => n.text.includes(`empty open invoice with reference ${sale.reference}`)),
    ).toBe(true);
  });

  it('add: applied is found on the invoice by marker; not re-sent', async () => {
    const pms = createFakePms();
    const clock = createClock();
    await recordCashSale({ ...TILL, lines: [PILS, PILS_ONE], payment: CARD_PAYMENT });
    pms.failNext('addInvoiceProducts', { kind: 'invalid-response', afterApplying: true });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('addInvoiceProducts')).toHaveLength(1);
    const [invoice] = [...pms.invoices.values()];
    expect(invoice?.items).toHaveLength(2);
    expect(invoice?.status).toBe('closed');
  });

  it('add: not applied is sent once more', async () => {
    const pms = createFakePms();
    const clock = createClock();
    await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('addInvoiceProducts', { kind: 'server', status: 503 });

    await replayUntilSettled(pms, clock);

    const [invoice] = [...pms.invoices.values()];
    expect(invoice?.items).toHaveLength(1);
    expect(pms.callsOf('addInvoiceProducts')).toHaveLength(2);
  });

  it('add: where the PMS has no GET invoice, the sale needs attention and the close is held', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('addInvoiceProducts', { kind: 'network', afterApplying: true });
    pms.missingEndpoints.add('getInvoice');

    const report = await replayUntilSettled(pms, clock);

    expect(report.needsAttention).toBe(1);
    const entry = await readPmsSteps(sale.id);
    expect(entry?.intents.map((i) => i.state)).toEqual(['done', 'unverifiable', 'queued']);
    expect(entry?.sale.attention?.message).toMatch(/does not let the till read invoice \d+ back/);
    expect(pms.callsOf('closeInvoice')).toHaveLength(0);
  });

  it('close: a closed invoice read back counts as applied and is not closed again', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('closeInvoice', { kind: 'timeout', afterApplying: true });

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('closeInvoice')).toHaveLength(1);
    expect((await readPmsSteps(sale.id))?.intents[2]).toMatchObject({
      state: 'done',
      result: { totalCents: 840 },
    });
  });

  it('close: without GET invoice it is sent again, and the PMS refusing a second close (409) proves the first', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('closeInvoice', { kind: 'network', afterApplying: true });
    pms.missingEndpoints.add('getInvoice');

    await replayUntilSettled(pms, clock);

    expect(pms.callsOf('closeInvoice')).toHaveLength(2);
    expect([...pms.invoices.values()][0]?.status).toBe('closed');
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
  });
});
