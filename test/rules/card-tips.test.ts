// Tips charged on cards in a shift's totals (issue 25): their own amount, not revenue, not in the
// sales total; a voided card sale's tip does not count.
import { expect, it } from 'vitest';
import { shiftTotals } from '../../src/rules/shift-totals.ts';
import type { CardPaymentRecord, SaleRecord } from '../../src/storage/records.ts';

const card = (tipCents: number): CardPaymentRecord => ({
  paymentNo: 1,
  brand: 'Debit Mastercard',
  maskedPan: '************4771',
  terminalId: '52500001',
  traceNumber: 101,
  receiptNumber: 2,
  amountCents: 840,
  tipCents,
  tipFrom: tipCents > 0 ? 'till' : null,
});

const sale = (id: string, extra: Partial<SaleRecord>): SaleRecord => ({
  id,
  reference: id,
  kind: 'cash-sale',
  status: 'synced',
  createdAt: 1,
  updatedAt: 1,
  staff: 'Mia',
  till: 'Bar 1',
  lines: [{ productId: 1, name: 'Pils', quantity: 2, unitPriceCents: 420 }],
  totalCents: 840,
  notes: [],
  payment: { templateId: 1, paymentMethodId: 2, sendInvoice: false },
  ...extra,
});

it('sums card tips apart from the sales total, leaving out voided sales', () => {
  const totals = shiftTotals(
    [
      sale('a', { card: card(160) }),
      sale('b', { card: card(0) }),
      sale('c', { card: card(200) }),
      sale('d', { card: card(500), status: 'voided' }),
    ],
    () => undefined,
  );
  expect(totals.cardTips).toEqual({ count: 2, cents: 360 });
  expect(totals.total).toEqual({ count: 3, cents: 2520 });
});
