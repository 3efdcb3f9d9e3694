// Every recorded line carries the server's VAT rate and product group (issue 30, item 4;
// src/server/ledger/line-tax.ts): a minibar count sent without them (as the minibar view sends it)
// is booked at the catalogue's 19 % in the "Minibar" group, not under "no tax class"; a correction
// takes its sale's rate and group.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestHotel, type TestHotel } from '../../../src/test-hotel/hotel.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { ledgerLine, recordSale, saleBody } from './ledger-support.ts';

let hotel: TestHotel;
let app: TabletApp;
beforeEach(() => {
  hotel = createTestHotel({ dbFile: ':memory:', testMode: true, region: 'DE' });
  app = tabletApp({ hotel });
});
afterEach(() => hotel.close());

const linesOf = (saleId: string) =>
  app.hub.db
    .prepare(
      `SELECT l.vat_rate_bp AS rate, l.commodity_group_id AS groupId, l.commodity_group_name AS groupName,
              l.vat_cents AS vat
         FROM ledger_lines l JOIN ledger_sales s ON s.seq = l.sale_seq WHERE s.sale_id = ? ORDER BY l.line_no`,
    )
    .all(saleId);

describe('the server books every line at its own VAT rate and group', () => {
  it('a minibar count without rate or group: 19 % and "Minibar"; a beer without them too; the void takes the charge’s', async () => {
    // Product 26: "Minibar Bier 0,33 l", 4.50, tax class 1 (19 %), group 2 "Minibar" in the demo hotel.
    const count = saleBody(
      [
        ledgerLine(26, 2, 450, {
          vatRateBp: null,
          taxClassId: null,
          commodityGroupId: null,
          commodityGroupName: '',
        }),
        ledgerLine(1, 1, 420, { vatRateBp: null, commodityGroupId: null, commodityGroupName: '' }),
      ],
      {
        kind: 'room-charge',
        payments: [{ method: 'room', amountCents: 1320 }],
        room: { roomReservationId: 4711, roomNumber: '12' },
      },
    );
    await recordSale(app, count);
    expect(linesOf(count.saleId)).toEqual([
      { rate: 1900, groupId: 2, groupName: 'Minibar', vat: 144 },
      { rate: 1900, groupId: 1, groupName: 'Bar', vat: 67 },
    ]);
    const voided = saleBody(
      [ledgerLine(26, -2, 450, { vatRateBp: null, commodityGroupId: null, commodityGroupName: '' })],
      { kind: 'void', refersTo: count.saleId, payments: [{ method: 'room', amountCents: -900 }] },
    );
    await recordSale(app, voided);
    expect(linesOf(voided.saleId)).toEqual([{ rate: 1900, groupId: 2, groupName: 'Minibar', vat: -144 }]);
    const x = app.hub.closing.xReport();
    expect(x.hotel.byVat.map((vat) => vat.vatRateBp)).toEqual([1900]);
    expect(x.hotel.byGroup.find((group) => group.groupId === null)).toBeUndefined();
  });
});
