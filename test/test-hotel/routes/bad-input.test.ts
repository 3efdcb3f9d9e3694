// Bad input on every endpoint beyond the till's: each malformed path parameter or body is a 4xx
// that names the field, and nothing is written; and every new write endpoint refuses the read key.
import { describe, expect } from 'vitest';
import { call, hotelTest as it, snapshot } from '../../support/hotel.ts';

type Case = [method: 'GET' | 'POST', path: string, body: unknown, status: number, field: string];

const room = { category_id: 2, rate_id: 1, start_date: '2026-11-30', end_date: '2026-12-01' };

const CASES: Case[] = [
  ['GET', '/api/get/inventory_message/2026-13-01', undefined, 400, 'starts_at'],
  ['GET', '/api/get/inventory_message/2026-11-22/tomorrow', undefined, 400, 'ends_at'],
  ['GET', '/api/get/roomandcategory/floors', undefined, 400, 'group'],
  ['GET', '/api/get/allactiverates/prices/1/2026-11-22/2026-02-30/1/1', undefined, 400, 'end_date'],
  ['GET', '/api/get/allactiverates/prices/one/2026-11-22/2026-11-23/1/1', undefined, 400, 'rate_id'],
  ['GET', '/api/get/availabilities/2026-11-22/2026-11-23/x/1', undefined, 400, 'rate_id'],
  ['GET', '/api/get/availabilities/2026-11-22/2026-11-23/1/0', undefined, 400, 'person_count'],
  ['GET', '/api/check/priceforrate/not-a-token', undefined, 400, 'token'],
  ['GET', '/api/set/cancel/stays/1', undefined, 400, 'entity'],
  ['GET', '/api/set/cancel/roomreservations/-1', undefined, 400, 'id'],
  ['GET', '/api/set/roomreservation/checkin/13/sure', undefined, 400, 'do_register_guest'],
  ['GET', '/api/set/roomreservation/allocate/checkin/x/yes', undefined, 400, 'entity_id'],
  ['GET', '/api/set/allocate_room/0', undefined, 400, 'entity_id'],
  ['GET', '/api/set/roomreservation/checkout/1/early', undefined, 400, 'pre_checkout'],
  ['GET', '/api/set/roomreservation/paid/1/1/1/no/12.345', undefined, 400, 'amount'],
  ['GET', '/api/set/roomreservation/paid/1/1/cash/no/12.30', undefined, 400, 'payment_method_id'],
  ['GET', '/api/get/invoice/abc/document', undefined, 400, 'invoice_id'],
  ['POST', '/api/set/priceforrate', { servicerate: {} }, 400, 'rate_id'],
  ['POST', '/api/set/priceforrate', { rate_id: 2, servicerate: {} }, 400, 'servicerate'],
  [
    'POST',
    '/api/set/priceforrate',
    {
      rate_id: 2,
      servicerate: {
        EZ: [
          {
            Start: '2026-12-01',
            End: '2026-12-01',
            CurrencyCode: 'EUR',
            prices: [{ NumberOfGuests: 1, AmountAfterTax: '9.9' }],
          },
        ],
      },
    },
    400,
    'servicerate.EZ.0.prices.0.NumberOfGuests',
  ],
  ['POST', '/api/set/restrictions/rateperiod', { '2': [{ start: '2026-12-01' }] }, 400, '2.0.end'],
  ['POST', '/api/set/create/reservation', { rooms: [room] }, 400, 'guest'],
  ['POST', '/api/set/create/reservation', { guest: { id: 1 }, rooms: [] }, 400, 'rooms'],
  [
    'POST',
    '/api/set/create/reservation',
    { guest: { id: 1 }, rooms: [room], allow_overbooking: 'yes' },
    400,
    'allow_overbooking',
  ],
  [
    'POST',
    '/api/set/create/reservation',
    { guest: { id: 1 }, rooms: [{ ...room, person_count: 0 }] },
    400,
    'rooms.0.person_count',
  ],
  ['POST', '/api/set/create/reservation', { guest: { id: 999 }, rooms: [room] }, 422, 'guest.id'],
  ['POST', '/api/set/add/room_to_reservation', room, 400, 'main_reservation_id'],
  [
    'POST',
    '/api/set/add/room_to_reservation',
    { ...room, main_reservation_id: 1, start_date: '30.11.2026' },
    400,
    'start_date',
  ],
  ['POST', '/api/set/roomreservation/note', { room_reservation_id: 1 }, 400, 'note'],
  [
    'POST',
    '/api/set/roomreservation/note',
    { room_reservation_id: 1, note: 'x', breakfast_report: 1 },
    400,
    'breakfast_report',
  ],
  [
    'POST',
    '/api/set/mainreservation/note',
    { main_reservation_id: 'x', note: 'x' },
    400,
    'main_reservation_id',
  ],
  [
    'POST',
    '/api/set/cardid_to_roomreservation',
    { room_reservation_id: 1, card_id: 'two words' },
    400,
    'card_id',
  ],
  ['POST', '/api/set/roomreservation/invoicerecipient', { room_reservation_id: 1 }, 400, 'recipient'],
  [
    'POST',
    '/api/set/roomreservation/invoicerecipient',
    { room_reservation_id: 1, recipient: { firstname: 'A' } },
    400,
    'recipient.lastname',
  ],
  [
    'POST',
    '/api/set/roomreservation/handle_additional_guest',
    { room_reservation_id: 1, action: 'swap' },
    400,
    'action',
  ],
  [
    'POST',
    '/api/set/roomreservation/handle_additional_guest',
    { room_reservation_id: 1, action: 'add' },
    400,
    'guest',
  ],
  [
    'POST',
    '/api/set/roomreservation/paidpartial',
    { entity_id: 1, template_id: 1, payment_method_id: 1, send_invoice: 'maybe', invoiceitem_ids: [1] },
    400,
    'send_invoice',
  ],
  [
    'POST',
    '/api/set/roomreservation/paidpartial',
    { entity_id: 1, template_id: 1, payment_method_id: 1, send_invoice: 'no' },
    400,
    'invoiceitem_ids',
  ],
  [
    'POST',
    '/api/set/roomreservation/paidpartial',
    { entity_id: 1, template_id: 9, payment_method_id: 1, send_invoice: 'no', invoiceitem_ids: [1] },
    422,
    'template_id',
  ],
  [
    'POST',
    '/api/set/roomreservation/splitinvoice',
    { entity_id: 1, invoiceitem_ids: ['a'] },
    400,
    'invoiceitem_ids.0',
  ],
  [
    'POST',
    '/api/set/roomreservation/splitinvoice',
    { entity_id: 1, invoiceitem_ids: [1, 1] },
    400,
    'invoiceitem_ids',
  ],
  [
    'POST',
    '/api/set/roomreservation/splitinvoice',
    { entity_id: 999, invoiceitem_ids: [1] },
    422,
    'entity_id',
  ],
  ['POST', '/api/set/invoice/invoicerecipient', { recipient: { id: 1 } }, 400, 'invoice_id'],
  ['POST', '/api/set/invoice/invoicerecipient', { invoice_id: 999, recipient: { id: 1 } }, 422, 'invoice_id'],
  ['POST', '/api/set/create/contact', { lastname: 'X', email: 'x@' }, 400, 'email'],
  ['POST', '/api/set/create/contact', { lastname: 'X', country: 'Germany' }, 400, 'country'],
  ['POST', '/api/set/contactdata', { lastname: 'X' }, 400, 'id'],
  ['POST', '/api/get/contacts/searchpattern', {}, 400, 'lastname'],
];

describe('bad input on the endpoints beyond the till', () => {
  it.for(CASES)(
    '%s %s with %j answers %i naming %s, writing nothing',
    async ([method, path, body, status, field], { hotel, api }) => {
      const before = snapshot(hotel.db);
      const answer = await call(api.api, method, path, body === undefined ? {} : { body });
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ success: false, field });
      expect(answer.body.message).toContain(field.split('.')[0]);
      await hotel.settleImports();
      expect(snapshot(hotel.db)).toEqual(before);
    },
  );

  it('answers 400 to a body that is not JSON and 415 to one that is not declared JSON', async ({ api }) => {
    const notJson = await call(api.api, 'POST', '/api/set/create/reservation', { raw: '{"guest":' });
    expect(notJson.status).toBe(400);
    const text = await call(api.api, 'POST', '/api/set/create/contact', {
      raw: 'lastname=X',
      contentType: 'text/plain',
    });
    expect(text.status).toBe(415);
  });
});
