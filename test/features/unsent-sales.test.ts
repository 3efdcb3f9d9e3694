// Exporting the sales that wait on a tablet the till server refuses: every sale the PMS has not
// confirmed, with its steps and times, as one JSON file named by the time of the export; nothing in
// the outbox changes.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteDevicePaired, noteDeviceRefused } from '../../src/features/device/device.ts';
import { readUnsentSales, unsentFileName, unsentSalesFile } from '../../src/features/sync/unsent-sales.ts';
import { recordCashSale } from '../../src/outbox/journal.ts';
import { closeTillDb } from '../../src/storage/db.ts';
import { changeSale } from '../../src/storage/outbox-store.ts';

const BAR_TABLET = { id: 'dev-1', name: 'Bar tablet', outlet: 'bar' as const };

beforeAll(async () => {
  globalThis.indexedDB = new IDBFactory();
  noteDevicePaired(BAR_TABLET);
  noteDeviceRefused('device_revoked');
});

afterAll(async () => {
  await closeTillDb();
});

describe('exporting the sales waiting on the tablet', () => {
  it('names the file by the local time of the export', () => {
    expect(unsentFileName(new Date(2026, 10, 22, 21, 5))).toBe('hotel-till-unsent-2026-11-22-2105.json');
  });

  it('holds every sale not yet confirmed, with its steps and times, and none that is', async () => {
    const waiting = await recordCashSale({
      staff: 'Mia',
      till: 'Bar 1',
      lines: [{ productId: 7, name: 'Pils 0,3 l', quantity: 2, unitPriceCents: 420 }],
      payment: { templateId: 1, paymentMethodId: 2, sendInvoice: false },
    });
    const confirmed = await recordCashSale({
      staff: 'Mia',
      till: 'Bar 1',
      lines: [{ productId: 8, name: 'Espresso', quantity: 1, unitPriceCents: 280 }],
      payment: { templateId: 1, paymentMethodId: 2, sendInvoice: false },
    });
    await changeSale(confirmed.id, (entry) => ({
      sales: [{ ...entry!.sale, status: 'synced' }],
      intents: entry!.intents.map((intent) => ({ ...intent, state: 'done' as const })),
      value: undefined,
    }));

    const { fileName, text } = await unsentSalesFile(new Date(2026, 10, 22, 21, 5));

    expect(fileName).toBe('hotel-till-unsent-2026-11-22-2105.json');
    const file = JSON.parse(text);
    expect(file).toMatchObject({ format: 'hotel-till-unsent@1', count: 1, device: BAR_TABLET });
    expect(file.sales).toHaveLength(1);
    expect(file.sales[0]).toMatchObject({
      id: waiting.id,
      reference: waiting.reference,
      status: 'pending',
      totalCents: 840,
      createdAt: waiting.createdAt,
      recordedAt: new Date(waiting.createdAt).toISOString(),
      lines: [{ name: 'Pils 0,3 l', quantity: 2, unitPriceCents: 420 }],
    });
    expect(file.sales[0].intents.map((i: { name: string; state: string }) => [i.name, i.state])).toEqual([
      ['ledger.record@1', 'queued'],
      ['cash-invoice.create@1', 'queued'],
      ['cash-invoice.add-products@1', 'queued'],
      ['cash-invoice.close@1', 'queued'],
    ]);
    expect((await readUnsentSales()).map((entry) => entry.sale.id)).toEqual([waiting.id]); // still there
  });
});
