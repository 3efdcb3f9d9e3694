// Cash-register endpoints of the test hotel: a cash invoice without a reservation, adding products,
// closing an invoice with template and payment method (answering its document_url), reading one
// invoice back (our assumed endpoint, for writes whose answer was lost), and the lists of templates
// and payment methods. Refusals (422 in a body, 404 in the path, 409 by state): docs/test-hotel.md.
import { Hono } from 'hono';
import { parseBody } from '../../node-http/body.ts';
import { ApiError, ok, param } from '../../node-http/errors.ts';
import { toDecimalString } from '../../pms/money.ts';
import { AddInvoiceProductsRequest, CreateCashInvoiceRequest, IdParam, YesNo } from '../../pms/wire.ts';
import type { TestHotel } from '../hotel.ts';
import { atomic, statement } from '../infra/db.ts';
import { documentUrl } from '../model/invoice-closing.ts';
import {
  findInvoice,
  insertInvoice,
  insertItems,
  invoiceToWire,
  itemsOfInvoice,
  itemToWire,
  paymentOptions,
  totalCents,
} from '../model/invoices.ts';
import { resolveLines } from '../model/products.ts';
import { findStay, touchStay } from '../model/stays.ts';

/** Who a cash invoice is made out to when the till names no one. */
export const CASH_CUSTOMER = 'Barverkauf / Cash sale';

export function registerRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  routes.get('/api/get/hotel/payment', (c) => ok(c, paymentOptions(db)));

  routes.post('/api/set/create/servicecashregister/invoice', async (c) => {
    const body = await parseBody(c, CreateCashInvoiceRequest, { emptyAs: {} });
    const invoiceId = insertInvoice(db, {
      kind: 'cashregister',
      roomReservationId: null,
      recipientName: body.recipient_name || CASH_CUSTOMER,
      reference: body.reference,
      createdAt: hotel.timestamp(),
    });
    return ok(c, { invoice_id: invoiceId, status: 'open' });
  });

  routes.post('/api/set/add/invoice/products', async (c) => {
    const body = await parseBody(c, AddInvoiceProductsRequest);
    const items = atomic(db, () => {
      const invoice = findInvoice(db, body.invoice_id);
      if (!invoice)
        throw new ApiError(422, `invoice_id: there is no invoice ${body.invoice_id}`, 'invoice_id');
      if (invoice.kind !== 'cashregister') {
        throw new ApiError(
          409,
          `invoice ${invoice.id} belongs to room reservation ${invoice.room_reservation_id}; ` +
            'charge the room with /api/set/add/products',
          'invoice_id',
        );
      }
      if (invoice.status === 'closed') {
        throw new ApiError(409, `invoice ${invoice.id} is closed; nothing can be added to it`, 'invoice_id');
      }
      const lines = resolveLines(db, body.products);
      return insertItems(db, lines, {
        invoiceId: invoice.id,
        roomReservationId: null,
        guestId: null,
        bookkeepingDate: hotel.today(),
        createdAt: hotel.timestamp(),
      });
    });
    return ok(c, { invoice_items: items.map(itemToWire) });
  });

  routes.get('/api/set/invoice/paid/:entity_id/:template_id/:payment_method_id/:send_invoice', (c) => {
    const invoiceId = param(c, 'entity_id', IdParam);
    const templateId = param(c, 'template_id', IdParam);
    const paymentMethodId = param(c, 'payment_method_id', IdParam);
    const sendInvoice = param(c, 'send_invoice', YesNo);
    const closed = atomic(db, () => {
      const invoice = findInvoice(db, invoiceId);
      if (!invoice) throw new ApiError(404, `there is no invoice ${invoiceId}`, 'entity_id');
      if (!statement(db, 'SELECT 1 FROM invoice_templates WHERE id = ?').get(templateId)) {
        throw new ApiError(404, `there is no invoice template ${templateId}`, 'template_id');
      }
      if (!statement(db, 'SELECT 1 FROM payment_methods WHERE id = ?').get(paymentMethodId)) {
        throw new ApiError(404, `there is no payment method ${paymentMethodId}`, 'payment_method_id');
      }
      if (invoice.status === 'closed')
        throw new ApiError(409, `invoice ${invoiceId} is already closed`, 'entity_id');
      const items = itemsOfInvoice(db, invoiceId);
      if (items.length === 0) {
        throw new ApiError(
          409,
          `invoice ${invoiceId} has no items; an empty invoice cannot be closed`,
          'entity_id',
        );
      }
      const now = hotel.timestamp();
      statement(
        db,
        `UPDATE invoices SET status = 'closed', template_id = ?, payment_method_id = ?, send_invoice = ?,
           closed_at = ? WHERE id = ?`,
      ).run(templateId, paymentMethodId, sendInvoice === 'yes' ? 1 : 0, now, invoiceId);
      const stay =
        invoice.room_reservation_id === null ? undefined : findStay(db, invoice.room_reservation_id);
      if (stay) touchStay(db, stay, now);
      return {
        invoice_id: invoiceId,
        status: 'closed',
        total: toDecimalString(totalCents(items)),
        document_url: documentUrl(invoiceId),
      };
    });
    return ok(c, closed);
  });

  routes.get('/api/get/invoice/:invoice_id', (c) => {
    const invoiceId = param(c, 'invoice_id', IdParam);
    const invoice = findInvoice(db, invoiceId);
    if (!invoice) throw new ApiError(404, `there is no invoice ${invoiceId}`, 'invoice_id');
    return ok(c, invoiceToWire(db, invoice));
  });

  return routes;
}
