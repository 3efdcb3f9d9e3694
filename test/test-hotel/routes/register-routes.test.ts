// Cash-register invoices: opening one without a reservation, adding products (with name and price
// overrides) with every refusal (unknown or hidden product, open price without price, closed or room
// invoice) leaving the database as it was, and the list of templates and payment methods.
import * as v from 'valibot';
import { describe, expect } from 'vitest';
import { Responses } from '../../../src/pms/wire.ts';
import {
  addInvoiceLines,
  hotelTest as it,
  openCashInvoice,
  productOf,
  snapshot,
  stayOf,
  TODAY,
} from '../../support/hotel.ts';

describe('POST /api/set/create/servicecashregister/invoice', () => {
  it('opens a cash invoice carrying the till reference', async ({ hotel, api }) => {
    const id = await openCashInvoice(api, { reference: 'T1-0042', recipient_name: 'Tisch 7' });
    expect(hotel.db.prepare('SELECT * FROM invoices WHERE id = ?').get(id)).toMatchObject({
      kind: 'cashregister',
      status: 'open',
      reference: 'T1-0042',
      recipient_name: 'Tisch 7',
      room_reservation_id: null,
      created_at: '2026-11-22T10:00:00+01:00',
    });
  });

  it('accepts an empty body and makes the invoice out to the cash customer', async ({ hotel, api }) => {
    const { status, body } = await api.post('/api/set/create/servicecashregister/invoice', undefined);
    expect(status).toBe(200);
    const row = hotel.db
      .prepare('SELECT recipient_name FROM invoices WHERE id = ?')
      .get(body.data.invoice_id);
    expect(row).toEqual({ recipient_name: 'Barverkauf / Cash sale' });
  });
});

describe('POST /api/set/add/invoice/products', () => {
  it('adds one item per line, storing overrides next to the product’s own name and price', async ({
    hotel,
    api,
  }) => {
    const id = await openCashInvoice(api);
    const pils = productOf(hotel.db, 'B-100');
    const { status, body } = await addInvoiceLines(api, id, [
      { id: pils, quantity: 3 },
      { id: productOf(hotel.db, 'B-122'), quantity: 1, name: 'Gin Tonic (Happy Hour)', price: '7.50' },
    ]);
    expect(status).toBe(200);
    const parsed = v.parse(Responses.addInvoiceProducts, body);
    expect(parsed.data.invoice_items).toHaveLength(2);
    const rows = hotel.db.prepare('SELECT * FROM invoice_items WHERE invoice_id = ? ORDER BY id').all(id);
    expect(rows).toMatchObject([
      { product_id: pils, quantity: 3, name: 'Pils 0,3 l', original_name: 'Pils 0,3 l', price_cents: 420 },
      {
        quantity: 1,
        name: 'Gin Tonic (Happy Hour)',
        original_name: 'Gin Tonic',
        price_cents: 750,
        original_price_cents: 1050,
        bookkeeping_date: TODAY,
        guest_id: null,
      },
    ]);
  });

  it('requires a price for an open-price product, naming products.<i>.price, and adds no line at all', async ({
    hotel,
    api,
  }) => {
    const id = await openCashInvoice(api);
    const before = snapshot(hotel.db);
    const { status, body } = await addInvoiceLines(api, id, [
      { id: 1, quantity: 1 },
      { id: productOf(hotel.db, 'V-500'), quantity: 1 },
    ]);
    expect([status, body.field]).toEqual([422, 'products.1.price']);
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses unknown products and products not released for the interface with 422', async ({
    hotel,
    api,
  }) => {
    const id = await openCashInvoice(api);
    const before = snapshot(hotel.db);
    const unknown = await addInvoiceLines(api, id, [{ id: 9999, quantity: 1 }]);
    expect([unknown.status, unknown.body.field]).toEqual([422, 'products.0.id']);
    const hidden = await addInvoiceLines(api, id, [
      { id: 1, quantity: 1 },
      { id: productOf(hotel.db, 'K-390'), quantity: 1 },
    ]);
    expect([hidden.status, hidden.body.field]).toEqual([422, 'products.1.id']);
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses an unknown invoice with 422 naming invoice_id', async ({ api }) => {
    const answer = await addInvoiceLines(api, 424242, [{ id: 1, quantity: 1 }]);
    expect([answer.status, answer.body.field]).toEqual([422, 'invoice_id']);
  });

  it('refuses to add to a room reservation’s invoice with 409', async ({ hotel, api }) => {
    const roomInvoice = hotel.db
      .prepare("SELECT id FROM invoices WHERE room_reservation_id = ? AND status = 'open'")
      .pluck()
      .get(stayOf(hotel.db, 'Bauer')) as number;
    const before = snapshot(hotel.db);
    const answer = await addInvoiceLines(api, roomInvoice, [{ id: 1, quantity: 1 }]);
    expect(answer.status).toBe(409);
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses to add to a closed invoice with 409', async ({ hotel, api }) => {
    const id = await openCashInvoice(api);
    await addInvoiceLines(api, id, [{ id: 1, quantity: 1 }]);
    expect((await api.get(`/api/set/invoice/paid/${id}/3/1/no`)).status).toBe(200);
    const before = snapshot(hotel.db);
    const answer = await addInvoiceLines(api, id, [{ id: 1, quantity: 1 }]);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('closed');
    expect(snapshot(hotel.db)).toEqual(before);
  });
});

describe('GET /api/get/hotel/payment', () => {
  it('lists the invoice templates and payment methods', async ({ api }) => {
    const { body } = await api.get('/api/get/hotel/payment', { key: 'read' });
    const parsed = v.parse(Responses.payment, body);
    expect(parsed.data.invoice_templates).toHaveLength(3);
    expect(parsed.data.payment_methods.map((m) => m.name)).toEqual([
      'Bar / Cash',
      'EC-Karte / Girocard',
      'Kreditkarte / Credit card',
      'Überweisung aufs Zimmer / Room transfer',
    ]);
  });
});
