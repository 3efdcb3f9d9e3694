// Closing an invoice with template and payment method (cash or room invoice), reading an invoice
// back after an unknown outcome, and the refusals (already closed, empty, unknown template or payment
// method, bad flag) that leave the database as it was.
import * as v from 'valibot';
import { describe, expect } from 'vitest';
import { Responses } from '../../../src/pms/wire.ts';
import {
  addInvoiceLines,
  count,
  hotelTest as it,
  openCashInvoice,
  productOf,
  snapshot,
  stayOf,
} from '../../support/hotel.ts';

describe('GET /api/set/invoice/paid/{invoice_id}/{template_id}/{payment_method_id}/{send_invoice}', () => {
  it('closes the invoice with template and payment method and answers its total', async ({ hotel, api }) => {
    const id = await openCashInvoice(api);
    await addInvoiceLines(api, id, [
      { id: productOf(hotel.db, 'B-131'), quantity: 2 },
      { id: productOf(hotel.db, 'K-306'), quantity: 1 },
    ]);
    const { status, body } = await api.get(`/api/set/invoice/paid/${id}/3/2/yes`);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      invoice_id: id,
      status: 'closed',
      total: '16.70',
      document_url: `/api/get/invoice/${id}/document`,
    });
    v.parse(Responses.invoicePaid, body);
    expect(hotel.db.prepare('SELECT * FROM invoices WHERE id = ?').get(id)).toMatchObject({
      status: 'closed',
      template_id: 3,
      payment_method_id: 2,
      send_invoice: 1,
      closed_at: '2026-11-22T10:00:00+01:00',
    });
  });

  it('refuses to close it a second time with 409', async ({ hotel, api }) => {
    const id = await openCashInvoice(api);
    await addInvoiceLines(api, id, [{ id: 1, quantity: 1 }]);
    await api.get(`/api/set/invoice/paid/${id}/3/1/no`);
    const before = snapshot(hotel.db);
    const again = await api.get(`/api/set/invoice/paid/${id}/1/2/yes`);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already closed');
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses to close an empty invoice with 409', async ({ hotel, api }) => {
    const id = await openCashInvoice(api);
    const answer = await api.get(`/api/set/invoice/paid/${id}/3/1/no`);
    expect(answer.status).toBe(409);
    expect(count(hotel.db, 'invoices', "id = ? AND status = 'open'", id)).toBe(1);
  });

  it('names an unknown invoice, template or payment method with 404, and a bad flag with 400', async ({
    hotel,
    api,
  }) => {
    const id = await openCashInvoice(api);
    await addInvoiceLines(api, id, [{ id: 1, quantity: 1 }]);
    const before = snapshot(hotel.db);
    for (const [path, status, field] of [
      ['/api/set/invoice/paid/999999/3/1/no', 404, 'entity_id'],
      [`/api/set/invoice/paid/${id}/9/1/no`, 404, 'template_id'],
      [`/api/set/invoice/paid/${id}/3/9/no`, 404, 'payment_method_id'],
      [`/api/set/invoice/paid/${id}/3/1/maybe`, 400, 'send_invoice'],
      [`/api/set/invoice/paid/${id}/x/1/no`, 400, 'template_id'],
    ] as const) {
      const answer = await api.get(path);
      expect([answer.status, answer.body.field], path).toEqual([status, field]);
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('also closes a room invoice, after which a new charge opens a fresh one', async ({ hotel, api }) => {
    const stay = stayOf(hotel.db, 'Bauer');
    const open = hotel.db
      .prepare("SELECT id FROM invoices WHERE room_reservation_id = ? AND status = 'open'")
      .pluck();
    const [roomInvoice] = open.all(stay) as number[];
    expect((await api.get(`/api/set/invoice/paid/${roomInvoice}/1/3/no`)).status).toBe(200);
    expect(open.all(stay)).toEqual([]);
    await api.post('/api/set/add/products', {
      room_reservation_id: stay,
      products: [{ id: 1, quantity: 1 }],
    });
    expect(open.all(stay)).toHaveLength(1);
  });
});

describe('GET /api/get/invoice/{invoice_id}', () => {
  it('reads back an invoice with its items and total as a decimal string', async ({ hotel, api }) => {
    const id = await openCashInvoice(api, { reference: 'T2-0007' });
    await addInvoiceLines(api, id, [
      { id: productOf(hotel.db, 'B-120'), quantity: 1, price: 6.25 },
      { id: 1, quantity: 1 },
    ]);
    const { status, body } = await api.get(`/api/get/invoice/${id}`, { key: 'read' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id,
      status: 'open',
      reference: 'T2-0007',
      total: '10.45',
      closed_at: '',
    });
    const parsed = v.parse(Responses.invoice, body);
    expect(parsed.data.total).toBe(1045);
    expect(parsed.data.invoice_items.map((item) => item.price)).toEqual([625, 420]);
  });

  it('answers 404 for an unknown invoice', async ({ api }) => {
    const { status, body } = await api.get('/api/get/invoice/777777');
    expect([status, body.field]).toEqual([404, 'invoice_id']);
  });
});
