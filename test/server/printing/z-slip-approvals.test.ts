// The Z slip lists what a manager approved (issue 30, item 4): each void, take-back, refund and
// discount with its receipt, amount and approving manager, and VAT per rate with the rate (a line
// without a tax class says so instead of "VAT" alone).
import { describe, expect, it } from 'vitest';
import { createHub } from '../../../src/server/hub/hub.ts';
import { renderDocument } from '../../../src/server/printing/documents.ts';
import { decode, slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { reportSlip } from '../../../src/server/printing/ledger-printing.ts';
import { fixtureDevice, line, recordFixture } from '../ledger/ledger-fixtures.ts';

describe('the Z slip', () => {
  it('lists voids, take-backs, refunds and discounts with their approvers, and VAT per rate', async () => {
    const hub = createHub({ dbFile: ':memory:', staffKeyRounds: 1 });
    const bar = fixtureDevice(hub, 'bar', 'Bar 1');
    const anna = (await hub.staff.add({ name: 'Anna', role: 'manager', pin: '9999' })).id;
    const approved = (action: 'void_sale' | 'take_back' | 'discount', amountCents: number | null = null) => [
      { action, manager: { id: anna, pin: '9999' }, amountCents },
    ];
    await recordFixture(hub, bar, {
      saleId: 'S1',
      reference: 'B-1',
      kind: 'sale',
      lines: [line('Champagne', 1, 6000, 1900, 'Bar', 8900)],
      payments: [{ method: 'cash', amountCents: 6000 }],
      approvedBy: approved('discount', 2900),
    });
    await recordFixture(hub, bar, {
      saleId: 'RC1',
      reference: 'B-2',
      kind: 'room-charge',
      lines: [line('Soup', 2, 750, 700, 'Kitchen')],
      payments: [{ method: 'room', amountCents: 1500 }],
      room: { roomReservationId: 7, roomNumber: '101' },
    });
    await recordFixture(hub, bar, {
      saleId: 'TB1',
      reference: 'B-3',
      kind: 'take-back',
      refersTo: 'RC1',
      takeBack: { line: 0, quantity: 1 },
      lines: [line('Soup', -1, 750, 700, 'Kitchen')],
      payments: [{ method: 'room', amountCents: -750 }],
      approvedBy: approved('take_back'),
    });
    await recordFixture(hub, bar, {
      saleId: 'R1',
      reference: 'B-4',
      kind: 'refund',
      refersTo: 'S1',
      lines: [line('Champagne', -1, 6000, 1900, 'Bar', 8900)],
      payments: [{ method: 'cash', amountCents: -6000 }],
      approvedBy: approved('void_sale'),
    });
    const x = hub.closing.xReport();
    const slip = { ...reportSlip(x, 'bar', 'Bar', 'Anna', 'de'), currency: 'EUR' };
    const text = slipText(
      decode(
        renderDocument({ kind: 'report', report: slip, language: 'de' }, { widthMm: 80, codepage: 'cp858' }),
      )[0]!,
    );
    expect(text).toContain('Genehmigt (Manager)');
    expect(text).toMatch(/Rabatt B-1 \(Anna\)\s+-29,00 €/);
    expect(text).toMatch(/Rücknahme B-3 \(Anna\)\s+-7,50 €/);
    expect(text).toMatch(/Erstattung B-4 \(Anna\)\s+-60,00 €/);
    // The refund gives the sale's discount back: listed with its sign, nobody approved that part.
    expect(text).toMatch(/Rabatt B-4 \(-\)\s+29,00 €/);
    expect(text).toMatch(/MwSt\. 19 %\s+0,00 € \+ 0,00 €/);
    expect(text).toMatch(/MwSt\. 7 %\s+7,01 € \+ 0,49 €/);
  });
});
