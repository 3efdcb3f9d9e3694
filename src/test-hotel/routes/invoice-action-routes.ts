// Invoice actions of the test hotel beyond the till's close-by-invoice: roomreservation/paid
// (amount = total, rule 10), paidpartial, splitinvoice (rules 4 and 5 in model/invoice-closing.ts)
// and invoice/invoicerecipient (open invoices only, rule 6). Refusals: unknown ids 404 in the path,
// 422 in a body; a wrong state or amount 409; all checked before one transaction writes.
import { Hono } from 'hono';
import { parseBody } from '../../node-http/body.ts';
import { ApiError, ok, param } from '../../node-http/errors.ts';
import { toDecimalString } from '../../pms/money.ts';
import { IdParam, YesNo } from '../../pms/wire.ts';
import {
  AmountParam,
  InvoiceRecipientRequest,
  PaidPartialRequest,
  SplitInvoiceRequest,
} from '../../pms/wire-invoices.ts';
import type { TestHotel } from '../hotel.ts';
import { atomic, statement } from '../infra/db.ts';
import { contactRow, resolveContact } from '../model/contacts.ts';
import {
  assertTemplateAndMethod,
  closeInvoice,
  documentUrl,
  moveToNewInvoice,
  planMove,
  unpaidInvoicesOfStay,
} from '../model/invoice-closing.ts';
import { findInvoice, itemsOfInvoice, totalCents } from '../model/invoices.ts';
import { contactName, findStay, touchStay } from '../model/stays.ts';

export function invoiceActionRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  routes.get(
    '/api/set/roomreservation/paid/:entity_id/:template_id/:payment_method_id/:send_invoice/:amount',
    (c) => {
      const stayId = param(c, 'entity_id', IdParam);
      const templateId = param(c, 'template_id', IdParam);
      const paymentMethodId = param(c, 'payment_method_id', IdParam);
      const sendInvoice = param(c, 'send_invoice', YesNo) === 'yes';
      const amount = param(c, 'amount', AmountParam);
      const closed = atomic(db, () => {
        const stay = findStay(db, stayId);
        if (!stay) throw new ApiError(404, `there is no room reservation ${stayId}`, 'entity_id');
        assertTemplateAndMethod(db, templateId, paymentMethodId, 'path');
        const invoices = unpaidInvoicesOfStay(db, stay.id).map((invoice) => ({
          id: invoice.id,
          cents: totalCents(itemsOfInvoice(db, invoice.id)),
        }));
        if (invoices.length === 0) {
          throw new ApiError(409, `room reservation ${stay.id} has no open invoice to pay`, 'entity_id');
        }
        const total = invoices.reduce((sum, invoice) => sum + invoice.cents, 0);
        if (amount !== total) {
          throw new ApiError(
            409,
            `amount: ${toDecimalString(amount)} does not equal the invoice total ${toDecimalString(total)}`,
            'amount',
          );
        }
        const now = hotel.timestamp();
        for (const invoice of invoices) {
          closeInvoice(db, invoice.id, { templateId, paymentMethodId, sendInvoice, closedAt: now });
        }
        touchStay(db, stay, now);
        return { invoices, total };
      });
      const [first] = closed.invoices;
      return ok(c, {
        invoice_id: first!.id,
        status: 'closed',
        total: toDecimalString(closed.total),
        document_url: documentUrl(first!.id),
        invoices: closed.invoices.map((invoice) => ({
          invoice_id: invoice.id,
          total: toDecimalString(invoice.cents),
          document_url: documentUrl(invoice.id),
        })),
      });
    },
  );

  routes.post('/api/set/roomreservation/paidpartial', async (c) => {
    const body = await parseBody(c, PaidPartialRequest);
    const moved = atomic(db, () => {
      const stay = findStay(db, body.entity_id);
      if (!stay)
        throw new ApiError(422, `entity_id: there is no room reservation ${body.entity_id}`, 'entity_id');
      assertTemplateAndMethod(db, body.template_id, body.payment_method_id, 'body');
      const { original, items } = planMove(db, stay, body.invoiceitem_ids);
      const now = hotel.timestamp();
      const id = moveToNewInvoice(db, original, items, now);
      closeInvoice(db, id, {
        templateId: body.template_id,
        paymentMethodId: body.payment_method_id,
        sendInvoice: body.send_invoice === 'yes',
        closedAt: now,
      });
      touchStay(db, stay, now);
      return { id, originalId: original.id, total: totalCents(items) };
    });
    return ok(c, {
      invoice_id: moved.id,
      original_invoice_id: moved.originalId,
      status: 'closed',
      total: toDecimalString(moved.total),
      document_url: documentUrl(moved.id),
    });
  });

  routes.post('/api/set/roomreservation/splitinvoice', async (c) => {
    const body = await parseBody(c, SplitInvoiceRequest);
    const moved = atomic(db, () => {
      const stay = findStay(db, body.entity_id);
      if (!stay)
        throw new ApiError(422, `entity_id: there is no room reservation ${body.entity_id}`, 'entity_id');
      const { original, items } = planMove(db, stay, body.invoiceitem_ids);
      const now = hotel.timestamp();
      const id = moveToNewInvoice(db, original, items, now);
      touchStay(db, stay, now);
      return { id, originalId: original.id, total: totalCents(items) };
    });
    return ok(c, {
      invoice_id: moved.id,
      original_invoice_id: moved.originalId,
      status: 'open',
      total: toDecimalString(moved.total),
      document_url: '',
    });
  });

  routes.post('/api/set/invoice/invoicerecipient', async (c) => {
    const body = await parseBody(c, InvoiceRecipientRequest);
    const name = atomic(db, () => {
      const invoice = findInvoice(db, body.invoice_id);
      if (!invoice)
        throw new ApiError(422, `invoice_id: there is no invoice ${body.invoice_id}`, 'invoice_id');
      if (invoice.status === 'closed') {
        throw new ApiError(
          409,
          `invoice_id: invoice ${invoice.id} is closed; the recipient of a closed invoice cannot be changed`,
          'invoice_id',
        );
      }
      const recipientId = resolveContact(db, body.recipient, 'recipient');
      const recipientName = contactName(contactRow(db, recipientId)!);
      statement(db, 'UPDATE invoices SET recipient_name = ?, recipient_contact_id = ? WHERE id = ?').run(
        recipientName,
        recipientId,
        invoice.id,
      );
      const stay =
        invoice.room_reservation_id === null ? undefined : findStay(db, invoice.room_reservation_id);
      if (stay) touchStay(db, stay, hotel.timestamp());
      return recipientName;
    });
    return ok(c, { invoice_id: body.invoice_id, recipient_name: name });
  });

  return routes;
}
