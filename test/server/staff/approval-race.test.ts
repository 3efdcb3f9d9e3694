// Issue 19's hole, found by reading: the gateway spent an open-price approval only after the write
// was forwarded, so two writes sent together both passed one approval. Shown here first against
// the old check, then fixed: exactly one of them passes, the other is refused with approval_used.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_HEADER, SALE_HEADER } from '../../../src/pms/staff-calls.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { count, pinnedHotel, productOf, stayOf } from '../../support/hotel.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { addStaff, STAFF_KEY_ROUNDS, signedApproval } from './staff-support.ts';

let hotel: TestHotel;
let app: TabletApp;
beforeEach(() => {
  hotel = pinnedHotel();
  // The gateway's older approval checks stand only for writes of no recorded sale: the migration opt-out.
  app = tabletApp({ hotel, recordedSalesOnly: false }, { staffKeyRounds: STAFF_KEY_ROUNDS });
});
afterEach(() => hotel.close());

describe('two writes racing for one open-price approval', () => {
  it('let exactly one through; the PMS takes one charge', async () => {
    const card = await addStaff(app, [{ name: 'Anna', role: 'manager', pin: '9999' }]);
    const stay = stayOf(hotel.db, 'Bauer');
    const charging = productOf(hotel.db, 'V-500'); // an open price
    const token = await signedApproval(app, card('Anna'), '9999', {
      action: 'open_price',
      subject: 'sale-1',
      amountCents: 15_000,
    });
    const items = () => count(hotel.db, 'invoice_items', 'room_reservation_id = ?', stay);
    const before = items();
    const charge = () =>
      app.request('/api/set/add/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SALE_HEADER]: 'sale-1', [APPROVAL_HEADER]: token },
        body: JSON.stringify({
          room_reservation_id: stay,
          products: [{ id: charging, quantity: 1, price: '150.00' }],
        }),
      });
    const answers = await Promise.all([charge(), charge()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    expect(items()).toBe(before + 1);
    // The one write the PMS took is on record with the approval it used.
    expect(app.hub.audit.list({ kind: 'approval_used' })).toMatchObject([
      { approvedBy: 'Anna', subject: 'sale-1', note: 'open price approved by Anna' },
    ]);
    expect(app.hub.audit.list({ kind: 'pms_write' })).toHaveLength(1);
  });
});
