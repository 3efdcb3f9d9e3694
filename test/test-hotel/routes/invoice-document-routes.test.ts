import { describe, expect } from 'vitest';
import type { TestHotel } from '../../../src/test-hotel/hotel.ts';
import { tabletApp } from '../../server/tablet-app.ts';
import { type HotelApi, hotelTest as it, snapshot, stayOf } from '../../support/hotel.ts';

const invoiceOf = (hotel: TestHotel, id: number) =>
  hotel.db.prepare('SELECT * FROM invoices WHERE id = ?').get(id) as Record<string, unknown>;
const openInvoices = (hotel: TestHotel, stayId: number) =>
  hotel.db
    .prepare("SELECT id FROM invoices WHERE room_reservation_id = ? AND status = 'open' ORDER BY id")
    .pluck()
    .all(stayId) as number[];

async function fetchDocument(api: HotelApi, url: string) {
  const response = await api.api.request(url, { headers: { 'x-ibelsa-key': 'demo-read-key' } });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('POST /api/set/invoice/invoicerecipient', () => {
  it('changes the recipient of an open invoice without changing the reservation', async ({ hotel, api }) => {
    const bauer = stayOf(hotel.db, 'Bauer');
    const [invoice] = openInvoices(hotel, bauer);
    const { status, body } = await api.post('/api/set/invoice/invoicerecipient', {
      invoice_id: invoice,
      recipient: { type: 'COMPANY', company_name: 'Bauer Consulting', email: 'office@bauer.example' },
    });
    expect([status, body.data]).toEqual([200, { invoice_id: invoice, recipient_name: 'Bauer Consulting' }]);
    expect(invoiceOf(hotel, invoice!).recipient_name).toBe('Bauer Consulting');
    const reservation = await api.get(`/api/get/single_id/roomreservations/${bauer}`);
    expect(reservation.body.data.main_reservation.invoice_recipient.name).toBe('Antje Bauer');
  });

  it('refuses a closed invoice with 409, writing nothing (rule 6)', async ({ hotel, api }) => {
    const closed = hotel.db.prepare("SELECT id FROM invoices WHERE status = 'closed' LIMIT 1").pluck().get();
    const before = snapshot(hotel.db);
    const { status, body } = await api.post('/api/set/invoice/invoicerecipient', {
      invoice_id: closed,
      recipient: { firstname: 'New', lastname: 'Recipient' },
    });
    expect([status, body.field]).toEqual([409, 'invoice_id']);
    expect(snapshot(hotel.db)).toEqual(before);
  });
});

describe('the document of a closed invoice', () => {
  it('is a PDF fetched through document_url, with the hotel, number, items, total and tax', async ({
    hotel,
    api,
  }) => {
    const whitfield = stayOf(hotel.db, 'Whitfield');
    const { body } = await api.get(`/api/set/roomreservation/paid/${whitfield}/1/3/no/572.00`);
    const document = await fetchDocument(api, body.data.document_url);
    expect(document.status).toBe(200);
    expect(document.type).toBe('application/pdf');
    const text = document.bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    for (const line of [
      'Hotel Alpenblick',
      `Nr. ${body.data.invoice_id}`,
      'Gin Tonic',
      '572,00',
      'USt 20 %',
      'USt 10 %',
    ]) {
      expect(text, line).toContain(line);
    }
    // every cross-reference offset points at its object
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    const offsets = text
      .slice(startxref)
      .match(/^\d{10} 00000 n/gm)!
      .map((entry) => Number(entry.slice(0, 10)));
    offsets.forEach((offset, i) => {
      expect(text.slice(offset, offset + 12)).toContain(`${i + 1} 0 obj`);
    });
  });

  it('is not forwarded to tablets: the till does not call it, so the gateway does not list it', async ({
    hotel,
    api,
  }) => {
    const closed = hotel.db
      .prepare("SELECT id FROM invoices WHERE status = 'closed' ORDER BY id")
      .pluck()
      .get();
    expect((await fetchDocument(api, `/api/get/invoice/${closed}/document`)).status).toBe(200);
    const gateway = await tabletApp({ hotel }).request(`/api/get/invoice/${closed}/document`);
    expect(gateway.status).toBe(404);
    expect(await gateway.json()).toMatchObject({ success: false, code: 'no_such_endpoint' });
  });

  it('exists only once the invoice is closed: 409 while open, 404 for an unknown invoice', async ({
    hotel,
    api,
  }) => {
    const [open] = openInvoices(hotel, stayOf(hotel.db, 'Bauer'));
    expect((await fetchDocument(api, `/api/get/invoice/${open}/document`)).status).toBe(409);
    expect((await fetchDocument(api, '/api/get/invoice/9999/document')).status).toBe(404);
  });
});
