// The three intents of a cash sale: open a cash-register invoice, add the lines to it, close it with
// template and payment method; later steps take the invoice id from the create's result. Unknown
// outcomes: the create is sent again (an empty invoice may stay open), the add is looked for by marker,
// the close by the invoice's status (or sent again: "already closed" proves the first).
// Each case: docs/outbox.md, "Unknown outcomes, per intent".
import { isPmsError, type PmsRejectedError } from '../../pms/errors.ts';
import {
  hasMarker,
  type IntentContext,
  type IntentDefinition,
  linesToProducts,
  type OutboxPms,
  type PayloadLine,
  resultOf,
} from './definition.ts';
import { RECORD_IN_LEDGER, type RecordedInLedger } from './ledger-record.ts';

export const CREATE_CASH_INVOICE = 'cash-invoice.create@1';
export const ADD_CASH_INVOICE_PRODUCTS = 'cash-invoice.add-products@1';
export const CLOSE_CASH_INVOICE = 'cash-invoice.close@1';

export interface CreateCashInvoicePayload {
  recipientName: string;
  /** The sale reference, printed on the invoice. */
  reference: string;
}
export interface CreatedCashInvoice {
  invoiceId: number;
}

export interface AddCashInvoiceProductsPayload {
  lines: PayloadLine[];
}
export interface AddedInvoiceItems {
  invoiceItemIds: number[];
}

export interface CloseCashInvoicePayload {
  templateId: number;
  paymentMethodId: number;
  sendInvoice: boolean;
}
export interface ClosedCashInvoice {
  totalCents: number;
}

export const createCashInvoice: IntentDefinition<CreateCashInvoicePayload, CreatedCashInvoice> = {
  name: CREATE_CASH_INVOICE,
  operation: 'createCashInvoice',
  title: 'Open a cash invoice',
  async send(pms, payload, context) {
    const created = await pms.createCashInvoice({
      recipient_name: payload.recipientName,
      reference: referenceWithTse(payload.reference, context),
    });
    return { invoiceId: created.invoice_id };
  },
  async reconcile(_pms, payload) {
    return {
      outcome: 'not-applied',
      note:
        `Opening the invoice got no answer and cannot be checked; opened again. The PMS may hold an ` +
        `empty open invoice with reference ${payload.reference} (no items, no money).`,
    };
  },
};

/**
 * The invoice's reference: the sale reference, and the TSE transaction number where the till server
 * signed the sale before this step (docs/fiscal.md "Double signing with the PMS"), e.g. 'K7QM-1F TSE-TA 17'.
 */
export function referenceWithTse(
  reference: string,
  context: { results: IntentContext['results'] } & Pick<IntentContext, 'sale'>,
): string {
  const recorded = context.results
    .filter((r) => r.saleId === context.sale.id && r.name === RECORD_IN_LEDGER)
    .at(-1)?.result as RecordedInLedger | undefined;
  const txNumber = recorded?.fiscal?.status === 'signed' ? recorded.fiscal.tse?.txNumber : undefined;
  return txNumber === undefined ? reference : `${reference} TSE-TA ${txNumber}`;
}

export const addCashInvoiceProducts: IntentDefinition<AddCashInvoiceProductsPayload, AddedInvoiceItems> = {
  name: ADD_CASH_INVOICE_PRODUCTS,
  operation: 'addInvoiceProducts',
  title: 'Put the items on the invoice',
  async send(pms, payload, context) {
    const { invoiceId } = resultOf<CreatedCashInvoice>(context, CREATE_CASH_INVOICE);
    const added = await pms.addInvoiceProducts({
      invoice_id: invoiceId,
      products: linesToProducts(payload.lines, context.marker),
    });
    return { invoiceItemIds: added.invoice_items.map((item) => item.id) };
  },
  async reconcile(pms, payload, context) {
    const { invoiceId } = resultOf<CreatedCashInvoice>(context, CREATE_CASH_INVOICE);
    const invoice = await readInvoice(pms, invoiceId);
    if (!invoice) {
      return {
        outcome: 'cannot-verify',
        reason: `The PMS does not let the till read invoice ${invoiceId} back.`,
      };
    }
    const found = invoice.invoice_items.filter((item) => hasMarker(item.name, context.marker));
    if (found.length === 0)
      return { outcome: 'not-applied', note: `Items ${context.marker} not on invoice ${invoiceId}.` };
    if (found.length !== payload.lines.length) {
      return {
        outcome: 'cannot-verify',
        reason: `Invoice ${invoiceId} holds ${found.length} of the sale's ${payload.lines.length} lines.`,
      };
    }
    return {
      outcome: 'applied',
      result: { invoiceItemIds: found.map((item) => item.id) },
      note: `Items ${context.marker} found on invoice ${invoiceId}.`,
    };
  },
};

export const closeCashInvoice: IntentDefinition<CloseCashInvoicePayload, ClosedCashInvoice> = {
  name: CLOSE_CASH_INVOICE,
  operation: 'closeInvoice',
  title: 'Close the invoice with the payment',
  async send(pms, payload, context) {
    const { invoiceId } = resultOf<CreatedCashInvoice>(context, CREATE_CASH_INVOICE);
    const closed = await pms.closeInvoice({ invoiceId, ...payload });
    return { totalCents: closed.total };
  },
  async reconcile(pms, _payload, context) {
    const { invoiceId } = resultOf<CreatedCashInvoice>(context, CREATE_CASH_INVOICE);
    const invoice = await readInvoice(pms, invoiceId);
    if (!invoice) {
      return {
        outcome: 'not-applied',
        note: `Invoice ${invoiceId} cannot be read back; closing again (the PMS refuses to close it twice).`,
      };
    }
    if (invoice.status === 'closed') {
      return {
        outcome: 'applied',
        result: { totalCents: invoice.total },
        note: `Invoice ${invoiceId} is closed.`,
      };
    }
    return { outcome: 'not-applied', note: `Invoice ${invoiceId} is still open.` };
  },
  appliedDespite(error: PmsRejectedError, _payload, context) {
    // Only consulted for a re-send after an unknown outcome: "already closed" then means our first
    // close landed. Any other 409 (e.g. "an empty invoice cannot be closed") is a real refusal.
    if (error.status !== 409 || !/already closed/i.test(error.pmsMessage)) return undefined;
    return { totalCents: context.sale.totalCents };
  },
};

/** The invoice, or undefined when the PMS refuses to show it (e.g. no GET invoice endpoint: 404). */
async function readInvoice(pms: OutboxPms, invoiceId: number) {
  try {
    return await pms.getInvoice(invoiceId);
  } catch (error) {
    if (isPmsError(error) && error.kind === 'rejected' && error.status !== 429) return undefined;
    throw error;
  }
}
