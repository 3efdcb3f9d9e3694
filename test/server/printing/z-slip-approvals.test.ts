// The Z slip lists what a manager approved (issue 30, item 4): each void, take-back, refund,
// discount and open price with its receipt, amount and approving manager (an open price below the
// outlet's limit with none), and VAT per rate with the rate (a line
// without a tax class says so instead of "VAT" alone).
import { describe, expect, it } from 'vitest';
import { ADMIN_WORDS } from '../../../src/server/admin/admin-words.ts';
import { zPage } from '../../../src/server/admin/closing-page.ts';
import { createHub } from '../../../src/server/hub/hub.ts';
import { reportCsv } from '../../../src/server/ledger/closing/closing-csv.ts';
import { renderDocument } from '../../../src/server/printing/documents.ts';
import { decode, slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { reportSlip } from '../../../src/server/printing/ledger-printing.ts';
import { fixtureDevice, line, recordFixture } from '../ledger/ledger-fixtures.ts';

describe('the Z slip', () => {
  it('lists voids, take-backs, refunds, discounts and open prices with their approvers, and VAT per rate', async () => {
    const hub = createHub({ dbFile: ':memory:', staffKeyRounds: 1 });
    const bar = fixtureDevice(hub, 'bar', 'Bar 1');
    const anna = (await hub.staff.add({ name: 'Anna', role: 'manager', pin: '9999' })).id;
    const approved = (
      action: 'void_sale' | 'take_back' | 'discount' | 'open_price',
      amountCents: number | null = null,
    ) => [{ action, manager: { id: anna, pin: '9999' }, amountCents }];
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
    // Open prices: one above the outlet's limit (Anna approved it), one below (nobody needed to).
    await recordFixture(hub, bar, {
      saleId: 'O1',
      reference: 'B-5',
      kind: 'sale',
      lines: [line('Charging station', 1, 15_000, 1900, 'Service', null)],
      payments: [{ method: 'cash', amountCents: 15_000 }],
      approvedBy: approved('open_price', 15_000),
    });
    await recordFixture(hub, bar, {
      saleId: 'O2',
      reference: 'B-6',
      kind: 'room-charge',
      lines: [line('Beer', 1, 420, 1900, 'Bar'), line('Charging station', 2, 250, 1900, 'Service', null)],
      payments: [{ method: 'room', amountCents: 920 }],
      room: { roomReservationId: 8, roomNumber: '102' },
    });
    const x = hub.closing.xReport();
    expect(x.hotel.openPrices?.map((r) => [r.reference, r.amountCents, r.approvedBy])).toEqual([
      ['B-5', 15_000, 'Anna'],
      ['B-6', 500, null],
    ]);
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
    expect(text).toMatch(/Offener Preis B-5 \(Anna\)\s+150,00 €/);
    expect(text).toMatch(/Offener Preis B-6 \(-\)\s+5,00 €/);
    // 19 %: 150.00 + 4.20 + 5.00 (the champagne sold and refunded): receipts' VAT 23.95 + 1.47.
    expect(text).toMatch(/MwSt\. 19 %\s+133,78 € \+ 25,42 €/);
    expect(text).toMatch(/MwSt\. 7 %\s+7,01 € \+ 0,49 €/);

    // The Z keeps them: its admin page and its CSV list the open prices with their approvers.
    const closer = { staffId: anna, staffName: 'Anna' };
    for (const drawer of x.drawers)
      hub.closing.countDrawer(
        { outlet: drawer.outlet, drawer: drawer.drawer, denominations: { '1': drawer.expectedCents } },
        closer,
        { managerId: anna, managerName: 'Anna', approvalId: null },
      );
    const { zId } = hub.closing.closeDay({ upToSeq: x.upToSeq }, closer);
    const closed = hub.closing.closed(zId)!;
    const page = String(zPage(ADMIN_WORDS.en, { lang: 'en', ...closed, outlets: hub.outlets.list() }));
    const openPrices = page.slice(
      page.indexOf('Open prices'),
      page.indexOf('</section>', page.indexOf('Open prices')),
    );
    expect(openPrices).toMatch(/data-sale="O1".*?B-5.*?€150\.00.*?Anna<\/td>/s);
    expect(openPrices).toMatch(/data-sale="O2".*?B-6.*?€5\.00/s);
    expect(reportCsv(closed.report, 'open-prices').split('\r\n')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^bar,sale,O1,B-5,.*,15000,,Anna$/)]),
    );
  });
});
