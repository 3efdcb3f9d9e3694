// A sale paid from a ticket closes the ticket in the sale's own transaction: a second payment of the
// same ticket (another tab) records nothing, as does a payment of a version another tab changed.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordCashSale } from '../../src/outbox/journal.ts';
import { closeTillDb } from '../../src/storage/db.ts';
import { listSales } from '../../src/storage/journal-queries.ts';
import { changeTicketRecords, readTicketRecord, TicketClaimRefused } from '../../src/storage/ticket-store.ts';

const LINE = { productId: 1, name: 'Pils 0,3 l', quantity: 2, unitPriceCents: 420 };
const SALE = {
  staff: 'Mia',
  till: 'Bar 1',
  lines: [LINE],
  payment: { templateId: 3, paymentMethodId: 1, sendInvoice: false },
};
const TICKET = { id: 't1', label: '', note: '', lines: [LINE], createdAt: 1, updatedAt: 1 };

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => closeTillDb());

describe('paying a ticket', () => {
  it('records the sale and marks the ticket paid by it, at a new version', async () => {
    await changeTicketRecords([], () => ({
      put: [{ ...TICKET, staff: 'Mia', status: 'open', version: 3 }],
      value: 0,
    }));
    const sale = await recordCashSale(SALE, { claim: { id: 't1', version: 3 }, record: TICKET });
    expect(await readTicketRecord('t1')).toMatchObject({ status: 'paid', saleId: sale.id, version: 4 });
  });

  it('refuses a second payment of the same ticket and records nothing', async () => {
    await recordCashSale(SALE, { claim: { id: 't1', version: 0 }, record: TICKET });
    const second = await recordCashSale(SALE, { claim: { id: 't1', version: 0 }, record: TICKET }).catch(
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(TicketClaimRefused);
    expect((second as TicketClaimRefused).stored.status).toBe('paid');
    expect(await listSales()).toHaveLength(1);
  });

  it('refuses to pay a version another tab has changed since, and a parked ticket', async () => {
    await changeTicketRecords([], () => ({
      put: [
        { ...TICKET, staff: 'Mia', status: 'open', version: 5 },
        { ...TICKET, id: 't2', staff: 'Mia', status: 'parked', version: 1 },
      ],
      value: 0,
    }));
    await expect(recordCashSale(SALE, { claim: { id: 't1', version: 4 }, record: TICKET })).rejects.toThrow(
      TicketClaimRefused,
    );
    await expect(
      recordCashSale(SALE, { claim: { id: 't2', version: 1 }, record: { ...TICKET, id: 't2' } }),
    ).rejects.toThrow(TicketClaimRefused);
    expect(await listSales()).toHaveLength(0);
    expect(await readTicketRecord('t1')).toMatchObject({ status: 'open', version: 5 });
  });
});
