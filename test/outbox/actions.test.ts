// Staff actions on stuck sales: retry (as is or corrected), settle a step the till could not verify,
// and read a stuck sale's steps — and what each leaves in the PMS and in the journal. Voiding:
// void-sale.test.ts.
import { describe, expect, it } from 'vitest';
import { OutboxActionRefused, resolveUnverifiable, retrySale } from '../../src/outbox/actions.ts';
import { recordCashSale, recordRoomCharge } from '../../src/outbox/journal.ts';
import { listJournal, readSaleDetail } from '../../src/outbox/queries.ts';
import { createFakePms } from './support/fake-pms.ts';
import {
  CARD_PAYMENT,
  createClock,
  PILS,
  readPmsSteps,
  replayAgainst,
  TILL,
  useFreshDatabase,
} from './support/setup.ts';

useFreshDatabase();

describe('retrying a refused sale', () => {
  it('with a corrected payload sends the new revision and then the held steps', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({
      ...TILL,
      lines: [{ ...PILS, productId: 99 }],
      payment: CARD_PAYMENT,
    });
    await replayAgainst(pms, clock);
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('needs-attention');

    await retrySale(sale.id, {
      payload: { lines: [{ productId: 7, quantity: 2, name: 'Pils 0,3 l', priceCents: 420 }] },
      by: 'Mia',
    });
    await replayAgainst(pms, clock);

    const [invoice] = [...pms.invoices.values()];
    expect(invoice?.status).toBe('closed');
    expect(invoice?.items.map((i) => i.name)).toEqual(['Pils 0,3 l']);
    const entry = await readPmsSteps(sale.id);
    expect(entry?.sale.status).toBe('synced');
    expect(entry?.sale.attention).toBeUndefined();
    expect(entry?.intents.map((i) => [i.step, i.revision, i.state])).toEqual([
      [1, 0, 'done'],
      [2, 0, 'superseded'],
      [2, 1, 'done'],
      [3, 0, 'done'],
    ]);
    expect(entry?.sale.notes.map((n) => n.text)).toContain('Mia corrected step 2 and sent it again.');
  });

  it('unchanged sends the same step again (e.g. after the PMS side was fixed)', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'rejected', status: 409, message: 'the reservation is locked' });
    await replayAgainst(pms, clock);
    expect((await readPmsSteps(sale.id))?.sale.attention?.message).toBe('the reservation is locked');

    await retrySale(sale.id);
    await replayAgainst(pms, clock);

    expect(pms.rooms.get(501)).toHaveLength(1);
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
  });
});

describe('settling a step the till could not verify', () => {
  async function unverifiableCashSale() {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('addInvoiceProducts', { kind: 'network', afterApplying: true });
    pms.missingEndpoints.add('getInvoice');
    await replayAgainst(pms, clock);
    clock.advance(60_000);
    await replayAgainst(pms, clock);
    expect((await readPmsSteps(sale.id))?.sale.attention?.kind).toBe('cannot-verify');
    return { pms, clock, sale };
  }

  it('"it was posted" marks the step done and goes on with the close, without re-sending', async () => {
    const { pms, clock, sale } = await unverifiableCashSale();

    await resolveUnverifiable(sale.id, 'applied', { by: 'Jonas' });
    await replayAgainst(pms, clock);

    const [invoice] = [...pms.invoices.values()];
    expect(invoice?.items).toHaveLength(1);
    expect(invoice?.status).toBe('closed');
    expect((await readPmsSteps(sale.id))?.sale.notes.map((n) => n.text)).toContain(
      'Jonas confirmed that step 2 reached the PMS.',
    );
  });

  it('"post again" sends a new revision', async () => {
    const { pms, clock, sale } = await unverifiableCashSale();

    await resolveUnverifiable(sale.id, 'resend');
    await replayAgainst(pms, clock);

    const [invoice] = [...pms.invoices.values()];
    expect(invoice?.items.map((i) => i.name)).toEqual(['Pils 0,3 l', 'Pils 0,3 l']);
  });

  it('is refused when no step waits for that decision', async () => {
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    await expect(resolveUnverifiable(sale.id, 'applied')).rejects.toBeInstanceOf(OutboxActionRefused);
  });
});

describe('reading a stuck sale for staff', () => {
  it('lists it under needs attention and names each step, its state and its marker', async () => {
    const pms = createFakePms();
    const sale = await recordCashSale({
      ...TILL,
      lines: [{ ...PILS, productId: 99 }],
      payment: CARD_PAYMENT,
    });
    await replayAgainst(pms, createClock());

    const [stuck] = await listJournal({ status: 'needs-attention' });
    const detail = await readSaleDetail(stuck!.id);

    expect(stuck?.id).toBe(sale.id);
    expect(detail?.steps.map((s) => [s.title, s.state, s.marker])).toEqual([
      ['Record the sale on the till server', 'done', `${sale.reference}/0`],
      ['Open a cash invoice', 'done', `${sale.reference}/1`],
      ['Put the items on the invoice', 'failed', `${sale.reference}/2`],
      ['Close the invoice with the payment', 'queued', `${sale.reference}/3`],
    ]);
    expect(detail?.steps[2]?.lastError?.message).toBe('no product 99');
  });
});
