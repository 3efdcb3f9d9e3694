// A table's bill as ticket lines (issue 31): each table line once under its own key with what is
// still owed, free modifiers in its name, and a priced modifier that names its PMS product as a line
// of its own right after it, as many as its line's items.
import { describe, expect, it } from 'vitest';
import { ticketLinesOf } from '../../src/features/tables/table-bill.ts';
import type { FloorLine } from '../../src/shared/table-fold.ts';

const line = (over: Partial<FloorLine>): FloorLine => ({
  lineId: 'l1',
  tableId: 't10',
  productId: '9001',
  name: 'Espresso',
  unitCents: 280,
  groupId: 1,
  course: 0,
  seat: 0,
  modifiers: [],
  note: '',
  quantity: 3,
  sent: 3,
  voided: 0,
  paid: 0,
  addedBy: 'Mia',
  addedAt: 0,
  voids: [],
  ...over,
});

describe('a table line on the bill', () => {
  it('bills what is still owed, free modifiers in the name and a priced one as its own line after it', () => {
    const lines = ticketLinesOf(
      line({
        voided: 1,
        paid: 1,
        modifiers: [
          { name: 'no sugar', priceCents: 0 },
          { name: 'extra shot', priceCents: 50, productId: '9002' },
          { name: 'oat milk', priceCents: 40 },
        ],
      }),
    );
    expect(
      lines.map(({ key, productId, name, quantity, unitPriceCents }) => ({
        key,
        productId,
        name,
        quantity,
        unitPriceCents,
      })),
    ).toEqual([
      { key: 'tl:l1', productId: 9001, name: 'Espresso, no sugar', quantity: 1, unitPriceCents: 280 },
      { key: 'tlm:l1:1', productId: 9002, name: 'extra shot', quantity: 1, unitPriceCents: 50 },
    ]);
  });
});
