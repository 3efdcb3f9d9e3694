// PMS calls that post sales: cash-register invoices (open, add items, close, read back) and room
// charges (add, take back, read the reservation's open items). Every write here has no
// idempotency key in the PMS: after an unknown outcome (errors.ts) read back with `getInvoice` or
// `getReservationCost` before sending it again. Part of the PMS client (client.ts).
import * as v from 'valibot';
import { callPms, type Transport } from './http.ts';
import {
  type AddInvoiceProductsInput,
  type AddProductsInput,
  apiPath,
  checkRequest,
  productLinesToWire,
} from './requests.ts';
import {
  AddInvoiceProductsRequest,
  AddProductsRequest,
  CreateCashInvoiceRequest,
  Id,
  RemoveProductsRequest,
  Responses,
} from './wire.ts';

/** Arguments of `closeInvoice` (GET /api/set/invoice/paid/...). */
export interface CloseInvoiceArgs {
  invoiceId: number;
  templateId: number;
  paymentMethodId: number;
  /** Have the PMS e-mail the invoice document to the recipient (`send_invoice` 'yes'). */
  sendInvoice: boolean;
}

const CloseInvoiceParams = v.object({
  invoiceId: Id,
  templateId: Id,
  paymentMethodId: Id,
  sendInvoice: v.boolean('must be true or false'),
});

/**
 * The invoice and room-charge calls of the PMS client, bound to a transport.
 * @example const { addProducts, getReservationCost } = invoiceCalls(transport);
 */
export function invoiceCalls(transport: Transport) {
  return {
    /** Opens a cash-register invoice without a reservation. */
    createCashInvoice: async (body: CreateCashInvoiceRequest = {}) => {
      checkRequest('createCashInvoice', CreateCashInvoiceRequest, body);
      return callPms(transport, {
        operation: 'createCashInvoice',
        path: apiPath`/set/create/servicecashregister/invoice`,
        body,
        response: Responses.createCashInvoice,
      });
    },

    /** Adds product lines (price overrides in cents) to an open cash invoice; answers the new items. */
    addInvoiceProducts: async (input: AddInvoiceProductsInput) => {
      const body = { ...input, products: productLinesToWire('addInvoiceProducts', input.products) };
      checkRequest('addInvoiceProducts', AddInvoiceProductsRequest, body);
      return callPms(transport, {
        operation: 'addInvoiceProducts',
        path: apiPath`/set/add/invoice/products`,
        body,
        response: Responses.addInvoiceProducts,
      });
    },

    /** Closes an invoice with a template and payment method. A write, although sent as GET. */
    closeInvoice: async (args: CloseInvoiceArgs) => {
      checkRequest('closeInvoice', CloseInvoiceParams, args);
      const { invoiceId, templateId, paymentMethodId } = args;
      const send = args.sendInvoice ? 'yes' : 'no';
      return callPms(transport, {
        operation: 'closeInvoice',
        path: apiPath`/set/invoice/paid/${invoiceId}/${templateId}/${paymentMethodId}/${send}`,
        response: Responses.invoicePaid,
      });
    },

    /** One invoice with status and items (our assumed further endpoint, see docs/pms-api.md). */
    getInvoice: async (invoiceId: number) => {
      checkRequest('getInvoice', Id, invoiceId);
      return callPms(transport, {
        operation: 'getInvoice',
        path: apiPath`/get/invoice/${invoiceId}`,
        response: Responses.invoice,
      });
    },

    /** Charges products (price overrides in cents) to a room reservation; answers the new items. */
    addProducts: async (input: AddProductsInput) => {
      const body = { ...input, products: productLinesToWire('addProducts', input.products) };
      checkRequest('addProducts', AddProductsRequest, body);
      return callPms(transport, {
        operation: 'addProducts',
        path: apiPath`/set/add/products`,
        body,
        response: Responses.addProducts,
      });
    },

    /** Takes charged products back off a room reservation's open invoice. */
    removeProducts: async (body: RemoveProductsRequest) => {
      checkRequest('removeProducts', RemoveProductsRequest, body);
      return callPms(transport, {
        operation: 'removeProducts',
        path: apiPath`/set/remove/products`,
        body,
        response: Responses.removeProducts,
      });
    },

    /** Unpaid items and their total for a room reservation, with templates and payment methods. */
    getReservationCost: async (roomReservationId: number) => {
      checkRequest('getReservationCost', Id, roomReservationId);
      return callPms(transport, {
        operation: 'getReservationCost',
        path: apiPath`/get/roomreservation/cost/${roomReservationId}`,
        response: Responses.reservationCost,
      });
    },
  };
}
