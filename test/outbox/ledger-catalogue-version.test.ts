// The tablet names the catalogue version it sold from on its ledger record (issue 30, item 1): the
// server judges the record's prices by that version (src/server/catalogue/). A sale of lines that
// name none (recorded by an older app) goes without it.
import { describe, expect, it } from 'vitest';
import { ledgerRecordOf } from '../../src/outbox/intents/ledger-body.ts';
import type { SaleRecord } from '../../src/storage/records.ts';

const sale = (catalogueVersion?: number): SaleRecord =>
  ({
    id: 'sale-1',
    reference: 'K7QM-1F',
    kind: 'cash-sale',
    status: 'pending',
    createdAt: Date.UTC(2026, 10, 22, 9),
    updatedAt: Date.UTC(2026, 10, 22, 9),
    staff: 'Mia',
    till: 'Bar',
    lines: [
      {
        productId: 1,
        name: 'Pils',
        quantity: 2,
        unitPriceCents: 420,
        ...(catalogueVersion === undefined ? {} : { catalogueVersion }),
      },
    ],
    totalCents: 840,
  }) as SaleRecord;

describe('the ledger record of a sale', () => {
  it('names the catalogue version its lines were sold from, and carries no version on the line itself', () => {
    const record = ledgerRecordOf(sale(7), 'sale');
    expect(record.catalogueVersion).toBe(7);
    expect(record.lines[0]).not.toHaveProperty('catalogueVersion');
  });

  it('names none for lines recorded before the server numbered catalogues', () => {
    expect(ledgerRecordOf(sale(), 'sale')).not.toHaveProperty('catalogueVersion');
  });
});
