// What a shift's sales come to: totals by payment method (room charges as their own), by
// commodity group, room charges net of take-backs, confirmed versus pending, and which sales count
// (voided ones do not, except an applied room charge voided through a reversal, which cancels out).
import { describe, expect, it } from 'vitest';
import { equalShareSale } from '../../src/rules/equal-share.ts';
import { shiftTotals, unconfirmedSales } from '../../src/rules/shift-totals.ts';
import type { SaleRecord } from '../../src/storage/records.ts';

const PILS = { productId: 1, name: 'Pils', quantity: 2, unitPriceCents: 420 };
const COLA = { productId: 2, name: 'Minibar Cola', quantity: 1, unitPriceCents: 350 };
const GROUPS: Record<number, { id: number; name: string }> = {
  1: { id: 1, name: 'Bar' },
  2: { id: 2, name: 'Minibar' },
};
const groupOf = (id: number) => GROUPS[id];

let next = 0;
function sale(overrides: Partial<SaleRecord>): SaleRecord {
  next += 1;
  const lines = overrides.lines ?? [PILS];
  return {
    id: `s${next}`,
    reference: `TEST-${next}`,
    kind: 'cash-sale',
    status: 'synced',
    createdAt: next,
    updatedAt: next,
    staff: 'Mia',
    till: 'Bar 1',
    lines,
    totalCents: lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0),
    notes: [],
    ...overrides,
  };
}

describe('shift totals', () => {
  it('sums by payment method, room charges as their own method, largest first', () => {
    const totals = shiftTotals(
      [
        sale({ payment: { templateId: 1, paymentMethodId: 3, sendInvoice: false } }),
        sale({ payment: { templateId: 1, paymentMethodId: 3, sendInvoice: false } }),
        sale({ payment: { templateId: 1, paymentMethodId: 5, sendInvoice: false }, lines: [COLA] }),
        sale({ kind: 'room-charge', room: { roomReservationId: 9 }, lines: [COLA] }),
      ],
      groupOf,
    );
    expect(totals.total).toEqual({ count: 4, cents: 840 + 840 + 350 + 350 });
    expect(totals.byPayment).toEqual([
      { paymentMethodId: 3, count: 2, cents: 1680 },
      { paymentMethodId: 5, count: 1, cents: 350 },
      { paymentMethodId: null, count: 1, cents: 350 },
    ]);
    expect(totals.byGroup).toEqual([
      { groupId: 1, name: 'Bar', quantity: 4, cents: 1680 },
      { groupId: 2, name: 'Minibar', quantity: 2, cents: 700 },
    ]);
  });

  it('counts the parts of a bill paid in equal parts as the bill’s items, once (two Pils and a Cola in three parts)', () => {
    const bill = [PILS, COLA];
    const parts = [1, 2, 3].map((part) => {
      const { lines, share } = equalShareSale(bill, { billId: 'b1', part, parts: 3 }, 'share');
      return sale({ lines, share, split: true });
    });
    const totals = shiftTotals(parts, groupOf);
    expect(totals.byGroup).toEqual([
      { groupId: 1, name: 'Bar', quantity: 2, cents: 840 },
      { groupId: 2, name: 'Minibar', quantity: 1, cents: 350 },
    ]);
    expect(shiftTotals(parts.slice(0, 1), groupOf).byGroup.map((g) => g.quantity)).toEqual([0.667, 0.334]); // 3.97 of 11.90: in proportion to its cents
  });

  it('separates confirmed from pending, with those needing attention among the pending', () => {
    const totals = shiftTotals(
      [sale({}), sale({ status: 'pending' }), sale({ status: 'needs-attention', lines: [COLA] })],
      groupOf,
    );
    expect(totals.confirmed).toEqual({ count: 1, cents: 840 });
    expect(totals.pending).toEqual({ count: 2, cents: 840 + 350 });
    expect(totals.needsAttention).toEqual({ count: 1, cents: 350 });
  });

  it('nets room charges against their take-backs, in money and in items per group', () => {
    const charge = sale({ kind: 'room-charge', room: { roomReservationId: 9 }, lines: [PILS, COLA] });
    const reversal = sale({
      kind: 'charge-reversal',
      reverses: charge.id,
      lines: charge.lines,
      totalCents: -charge.totalCents,
    });
    const totals = shiftTotals([{ ...charge, reversedBy: reversal.id }, reversal], groupOf);
    expect(totals.roomCharges).toEqual({ count: 1, cents: 0 });
    expect(totals.reversals).toEqual({ count: 1, cents: -1190 });
    expect(totals.total.cents).toBe(0);
    expect(totals.byGroup.map((g) => [g.name, g.quantity, g.cents])).toEqual([
      ['Bar', 0, 0],
      ['Minibar', 0, 0],
    ]);
  });

  it('leaves voided sales out, but counts an applied charge voided through its reversal together with it', () => {
    const applied = sale({ kind: 'room-charge', status: 'voided', room: { roomReservationId: 9 } });
    const reversal = sale({
      kind: 'charge-reversal',
      status: 'pending',
      reverses: applied.id,
      totalCents: -applied.totalCents,
    });
    const neverSent = sale({ kind: 'room-charge', status: 'voided', room: { roomReservationId: 9 } });
    const neverSentReversal = sale({
      kind: 'charge-reversal',
      status: 'voided',
      totalCents: -neverSent.totalCents,
    });
    const totals = shiftTotals(
      [
        { ...applied, reversedBy: reversal.id },
        reversal,
        { ...neverSent, reversedBy: neverSentReversal.id },
        neverSentReversal,
        sale({ status: 'voided' }),
        sale({ kind: 'product-creation', lines: [], totalCents: 0 }),
      ],
      groupOf,
    );
    expect(totals.total).toEqual({ count: 2, cents: 0 });
    // the voided charge and the voided cash sale, with what they came to (not the voided reversal)
    expect(totals.voided).toEqual({ count: 2, cents: 1680 });
    expect(totals.pending).toEqual({ count: 1, cents: -840 });
    expect(totals.confirmed).toEqual({ count: 1, cents: 840 });
  });

  it('counts a cancelled cash sale and its cancellation, which refunds with the same method, outside confirmed', () => {
    const card = { templateId: 1, paymentMethodId: 3, sendInvoice: false };
    const paid = sale({ payment: card, lines: [PILS, COLA] });
    const cancellation = sale({
      kind: 'cash-cancellation',
      payment: card,
      lines: [PILS, COLA].map((line) => ({ ...line, quantity: -line.quantity })),
      cancels: { saleId: paid.id, reference: paid.reference, invoiceId: 39 },
    });
    const kept = sale({ payment: card });
    const totals = shiftTotals([{ ...paid, cancelledBy: cancellation.id }, cancellation, kept], groupOf);
    expect(cancellation.totalCents).toBe(-1190);
    expect(totals.cancellations).toEqual({ count: 1, cents: -1190 });
    expect(totals.total).toEqual({ count: 3, cents: 840 });
    expect(totals.confirmed).toEqual({ count: 2, cents: 2030 });
    expect(totals.byPayment).toEqual([{ paymentMethodId: 3, count: 3, cents: 840 }]);
    expect(totals.byGroup).toEqual([
      { groupId: 1, name: 'Bar', quantity: 2, cents: 840 },
      { groupId: 2, name: 'Minibar', quantity: 0, cents: 0 },
    ]);
  });

  it('counts a late charge once, as an open invoice of its own, and the charge it moved neither as a room charge nor as voided (issue 22)', () => {
    const room = { roomReservationId: 7, guestName: 'Hofer' };
    const refused = sale({
      id: 'refused',
      kind: 'room-charge',
      status: 'voided',
      room,
      movedTo: 'late',
      voided: { reason: 'moved to a late charge', at: 5, staff: 'Mia' },
    });
    const late = sale({ id: 'late', kind: 'late-charge', status: 'pending', room, lateChargeOf: 'refused' });
    const totals = shiftTotals([refused, late], groupOf);
    expect(totals.byPayment).toEqual([{ paymentMethodId: 'late-charge', count: 1, cents: 840 }]);
    expect(totals.roomCharges).toEqual({ count: 0, cents: 0 });
    expect(totals.voided).toEqual({ count: 0, cents: 0 });
    expect(totals.total).toEqual({ count: 1, cents: 840 });
    expect(totals.pending).toEqual({ count: 1, cents: 840 });
  });

  it('puts products missing from the catalogue under an unnamed group', () => {
    const totals = shiftTotals([sale({ lines: [{ ...PILS, productId: 77 }] })], groupOf);
    expect(totals.byGroup).toEqual([{ groupId: null, name: '', quantity: 2, cents: 840 }]);
  });

  it('lists the sales the PMS has not confirmed yet', () => {
    const open = [sale({ status: 'pending' }), sale({ status: 'needs-attention' })];
    expect(unconfirmedSales([sale({}), ...open, sale({ status: 'voided' })])).toEqual(open);
  });
});
