// Keys on the endpoints beyond the till: every write needs the write key (403 with the read key,
// 401 without a key, nothing written), every read takes the read key.
import { describe, expect } from 'vitest';
import { call, hotelTest as it, snapshot } from '../../support/hotel.ts';

describe('keys on the endpoints beyond the till', () => {
  const WRITES: [method: 'GET' | 'POST', path: string][] = [
    ['POST', '/api/set/priceforrate'],
    ['POST', '/api/set/restrictions/rateperiod'],
    ['POST', '/api/set/create/reservation'],
    ['POST', '/api/set/add/room_to_reservation'],
    ['GET', '/api/set/cancel/roomreservations/14'],
    ['POST', '/api/set/roomreservation/note'],
    ['POST', '/api/set/mainreservation/note'],
    ['POST', '/api/set/cardid_to_roomreservation'],
    ['POST', '/api/set/roomreservation/invoicerecipient'],
    ['POST', '/api/set/roomreservation/handle_additional_guest'],
    ['GET', '/api/set/roomreservation/checkin/13/yes'],
    ['GET', '/api/set/roomreservation/allocate/checkin/14/yes'],
    ['GET', '/api/set/allocate_room/17'],
    ['GET', '/api/set/roomreservation/checkout/5/no'],
    ['GET', '/api/set/roomreservation/paid/1/1/1/no/399.40'],
    ['POST', '/api/set/roomreservation/paidpartial'],
    ['POST', '/api/set/roomreservation/splitinvoice'],
    ['POST', '/api/set/invoice/invoicerecipient'],
    ['POST', '/api/set/create/contact'],
    ['POST', '/api/set/contactdata'],
  ];

  it('refuses the read key on every write with 403, and no key at all with 401, writing nothing', async ({
    hotel,
    api,
  }) => {
    const before = snapshot(hotel.db);
    for (const [method, path] of WRITES) {
      const body = method === 'POST' ? { lastname: 'X' } : undefined;
      expect((await call(api.api, method, path, { key: 'read', body })).status, path).toBe(403);
      expect((await call(api.api, method, path, { key: null, body })).status, path).toBe(401);
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('lets the read key use every read', async ({ api }) => {
    for (const path of [
      '/api/get/inventory_message',
      '/api/get/roomandcategory/room',
      '/api/get/allactiverates',
      '/api/get/allactiverates/prices/1/2026-11-22/2026-11-23/1/1',
      '/api/get/availabilities/2026-11-22/2026-11-23/1/1',
    ]) {
      expect((await api.get(path, { key: 'read' })).status, path).toBe(200);
    }
    const document = await api.api.request('/api/get/invoice/5/document', {
      headers: { 'x-ibelsa-key': 'demo-read-key' },
    });
    expect(document.status).toBe(200);
    expect(
      (await api.post('/api/get/contacts/searchpattern', { lastname: 'B' }, { key: 'read' })).status,
    ).toBe(200);
  });
});
