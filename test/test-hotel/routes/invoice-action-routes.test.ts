// Closing by reservation (rule 10: amount equals the invoice total), partial payment and split
// (rule 4: at least one item stays on the original; rule 5: no items of a closed invoice; both
// spellings of the item-id list), the recipient of an open invoice only (rule 6), and the PDF a
// closed invoice produces, fetched through the interface.
import * as v from 'valibot';
import { describe, expect } from 'vitest';
import { InvoiceActionResponses } from '../../../src/pms/wire-invoices.ts';
import type { TestHotel } from '../../../src/test-hotel/hotel.ts';
import { hotelTest as it, snapshot, stayOf } from '../../support/hotel.ts';

const invoiceOf = (hotel: TestHotel, id: number) =>
  hotel.db.prepare('SELECT * FROM invoices WHERE id = ?').get(id) as Record<string, unknown>;
const itemsOn = (hotel: TestHotel, invoiceId: number) =>
  hotel.db
    .prepare('SELECT id FROM invoice_items WHERE invoice_id = ? ORDER BY id')
    .pluck()
    .all(invoiceId) as number[];
const openInvoices = (hotel: TestHotel, stayId: number) =>
  hotel.db
    .prepare("SELECT id FROM invoices WHERE room_reservation_id = ? AND status = 'open' ORDER BY id")
    .pluck()
    .all(stayId) as number[];

describe('GET /api/set/roomreservation/paid/{entity_id}/{template_id}/{payment_method_id}/{send_invoice}/{amount}', () => {
  it('closes every open invoice of the stay when amount equals their total', async ({ hotel, api }) => {
    const wagner = stayOf(hotel.db, 'Wagner'); // self_pay ADDITIONAL: room for the company, extras for him
    const invoices = openInvoices(hotel, wagner);
    expect(invoices).toHaveLength(2);
    const { status, body } = await api.get(`/api/set/roomreservation/paid/${wagner}/2/3/yes/101.90`);
    expect(status).toBe(200);
    const { data } = v.parse(InvoiceActionResponses.reservationPaid, body);
    expect(data).toMatchObject({
      status: 'closed',
      total: 10190,
      document_url: `/api/get/invoice/${invoices[0]}/document`,
    });
    expect(data.invoices.map((i) => [i.invoice_id, i.total])).toEqual([
      [invoices[0], 8900],
      [invoices[1], 1290],
    ]);
    expect(openInvoices(hotel, wagner)).toEqual([]);
    expect(invoiceOf(hotel, invoices[1]!)).toMatchObject({
      status: 'closed',
      template_id: 2,
      payment_method_id: 3,
      send_invoice: 1,
    });
  });

  it('refuses an amount unlike the invoice total with 409 naming amount, closing nothing (rule 10)', async ({
    hotel,
    api,
  }) => {
    const bauer = stayOf(hotel.db, 'Bauer');
    const before = snapshot(hotel.db);
    for (const amount of ['399.00', '399.41', '0']) {
      const { status, body } = await api.get(`/api/set/roomreservation/paid/${bauer}/1/1/no/${amount}`);
      expect([status, body.field], amount).toEqual([409, 'amount']);
      expect(body.message).toContain('does not equal the invoice total 399.40');
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses a stay with nothing open (409), unknown ids (404) and a bad amount (400)', async ({
    hotel,
    api,
  }) => {
    for (const [path, status, field] of [
      [`${stayOf(hotel.db, 'Fischer')}/1/1/no/0.00`, 409, 'entity_id'],
      ['9999/1/1/no/1.00', 404, 'entity_id'],
      [`${stayOf(hotel.db, 'Bauer')}/9/1/no/399.40`, 404, 'template_id'],
      [`${stayOf(hotel.db, 'Bauer')}/1/1/no/399,40`, 400, 'amount'],
    ] as const) {
      const answer = await api.get(`/api/set/roomreservation/paid/${path}`);
      expect([answer.status, answer.body.field], path).toEqual([status, field]);
    }
  });
});

describe('POST /api/set/roomreservation/paidpartial', () => {
  it('moves the listed items to a new invoice and closes it; the original stays open', async ({
    hotel,
    api,
  }) => {
    const bauer = stayOf(hotel.db, 'Bauer');
    const [original] = openInvoices(hotel, bauer);
    const [first, second, ...rest] = itemsOn(hotel, original!);
    const { status, body } = await api.post('/api/set/roomreservation/paidpartial', {
      entity_id: bauer,
      template_id: 1,
      payment_method_id: 1,
      send_invoice: 'no',
      invoiceitem_ids: [first, second],
    });
    expect(status).toBe(200);
    const { data } = v.parse(InvoiceActionResponses.paidPartial, body);
    expect(data).toMatchObject({
      original_invoice_id: original,
      status: 'closed',
      document_url: `/api/get/invoice/${data.invoice_id}/document`,
    });
    expect(itemsOn(hotel, data.invoice_id)).toEqual([first, second]);
    expect(itemsOn(hotel, original!)).toEqual(rest);
    expect(invoiceOf(hotel, data.invoice_id)).toMatchObject({
      status: 'closed',
      room_reservation_id: bauer,
      recipient_name: 'Antje Bauer',
    });
    expect(invoiceOf(hotel, original!).status).toBe('open');
  });

  it('accepts the samples spelling invoicitem_ids', async ({ hotel, api }) => {
    const bauer = stayOf(hotel.db, 'Bauer');
    const [item] = itemsOn(hotel, openInvoices(hotel, bauer)[0]!);
    const { status } = await api.post('/api/set/roomreservation/paidpartial', {
      entity_id: bauer,
      template_id: 1,
      payment_method_id: 1,
      send_invoice: 'yes',
      invoicitem_ids: [item],
    });
    expect(status).toBe(200);
  });

  it('refuses to move every item off the original invoice with 409 (rule 4)', async ({ hotel, api }) => {
    const bauer = stayOf(hotel.db, 'Bauer');
    const before = snapshot(hotel.db);
    const { status, body } = await api.post('/api/set/roomreservation/paidpartial', {
      entity_id: bauer,
      template_id: 1,
      payment_method_id: 1,
      send_invoice: 'no',
      invoiceitem_ids: itemsOn(hotel, openInvoices(hotel, bauer)[0]!),
    });
    expect([status, body.field]).toEqual([409, 'invoiceitem_ids']);
    expect(body.message).toContain('at least one item must remain');
    expect(snapshot(hotel.db)).toEqual(before);
  });
});

describe('POST /api/set/roomreservation/splitinvoice', () => {
  it('moves the listed items to a new open invoice of the stay', async ({ hotel, api }) => {
    const tanaka = stayOf(hotel.db, 'Tanaka');
    const [original] = openInvoices(hotel, tanaka);
    const items = itemsOn(hotel, original!);
    const { status, body } = await api.post('/api/set/roomreservation/splitinvoice', {
      entity_id: tanaka,
      invoicitem_ids: items.slice(-2),
    });
    expect(status).toBe(200);
    const { data } = v.parse(InvoiceActionResponses.splitInvoice, body);
    expect(data).toMatchObject({ original_invoice_id: original, status: 'open' });
    expect(openInvoices(hotel, tanaka)).toEqual([original, data.invoice_id]);
    expect(itemsOn(hotel, data.invoice_id)).toEqual(items.slice(-2));
  });

  it('refuses items of a closed invoice (rule 5) or all items of one (rule 4) with 409', async ({
    hotel,
    api,
  }) => {
    const schneider = stayOf(hotel.db, 'Schneider'); // departed: its invoice is closed
    const closedItem = hotel.db
      .prepare('SELECT id FROM invoice_items WHERE room_reservation_id = ?')
      .pluck()
      .get(schneider);
    const before = snapshot(hotel.db);
    const closed = await api.post('/api/set/roomreservation/splitinvoice', {
      entity_id: schneider,
      invoiceitem_ids: [closedItem],
    });
    expect([closed.status, closed.body.field]).toEqual([409, 'invoiceitem_ids.0']);
    expect(closed.body.message).toContain('closed');
    const tanaka = stayOf(hotel.db, 'Tanaka');
    const all = await api.post('/api/set/roomreservation/splitinvoice', {
      entity_id: tanaka,
      invoiceitem_ids: itemsOn(hotel, openInvoices(hotel, tanaka)[0]!),
    });
    expect([all.status, all.body.field]).toEqual([409, 'invoiceitem_ids']);
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses items of another stay (422), both spellings at once or none (400)', async ({ hotel, api }) => {
    const tanaka = stayOf(hotel.db, 'Tanaka');
    const bauerItem = itemsOn(hotel, openInvoices(hotel, stayOf(hotel.db, 'Bauer'))[0]!)[0];
    const foreign = await api.post('/api/set/roomreservation/splitinvoice', {
      entity_id: tanaka,
      invoiceitem_ids: [bauerItem],
    });
    expect([foreign.status, foreign.body.field]).toEqual([422, 'invoiceitem_ids.0']);
    const both = await api.post('/api/set/roomreservation/splitinvoice', {
      entity_id: tanaka,
      invoiceitem_ids: [1],
      invoicitem_ids: [1],
    });
    expect([both.status, both.body.field]).toEqual([400, 'invoiceitem_ids']);
    const none = await api.post('/api/set/roomreservation/splitinvoice', { entity_id: tanaka });
    expect([none.status, none.body.field]).toEqual([400, 'invoiceitem_ids']);
  });
});
